/**
 * One spelling variant per site. The owner's locale (site.config.ts `locale`) decides which:
 * `en-GB` (and the other Commonwealth Englishes) write colour, harbour, tyre; `en-US` writes
 * color, harbor, tire. The content build names each word written in the other variant, so a
 * site does not say carburetor in one paragraph and carburettor in the next; search folds both
 * to one form, so a visitor finds a page by either spelling.
 *
 * A short list, not a dictionary: the words this kind of site uses, each with its inflections
 * written out (a rule such as -our → -or would also turn "four" and "hour" into nonsense).
 * Pure and small: the search page's highlighting ships it to the browser.
 */

/** British spelling → American, lower case, whole words. */
export const BRITISH_TO_AMERICAN: Readonly<Record<string, string>> = Object.fromEntries(
  (
    [
      // -our → -or
      ["colour", "color"],
      ["colours", "colors"],
      ["coloured", "colored"],
      ["colourful", "colorful"],
      ["colouring", "coloring"],
      ["harbour", "harbor"],
      ["harbours", "harbors"],
      ["behaviour", "behavior"],
      ["behaviours", "behaviors"],
      ["favourite", "favorite"],
      ["favourites", "favorites"],
      ["flavour", "flavor"],
      ["flavours", "flavors"],
      ["neighbour", "neighbor"],
      ["neighbours", "neighbors"],
      ["neighbourhood", "neighborhood"],
      ["labour", "labor"],
      ["honour", "honor"],
      ["rumour", "rumor"],
      ["humour", "humor"],
      ["vapour", "vapor"],
      ["odour", "odor"],
      // -tre → -ter
      ["centre", "center"],
      ["centres", "centers"],
      ["centred", "centered"],
      ["metre", "meter"],
      ["metres", "meters"],
      ["litre", "liter"],
      ["litres", "liters"],
      ["millimetre", "millimeter"],
      ["millimetres", "millimeters"],
      ["centimetre", "centimeter"],
      ["centimetres", "centimeters"],
      ["kilometre", "kilometer"],
      ["kilometres", "kilometers"],
      ["fibre", "fiber"],
      ["theatre", "theater"],
      // -ise → -ize
      ["organise", "organize"],
      ["organised", "organized"],
      ["organiser", "organizer"],
      ["organisers", "organizers"],
      ["organising", "organizing"],
      ["organisation", "organization"],
      ["organisations", "organizations"],
      ["realise", "realize"],
      ["realised", "realized"],
      ["recognise", "recognize"],
      ["recognised", "recognized"],
      ["optimise", "optimize"],
      ["optimised", "optimized"],
      ["optimisation", "optimization"],
      ["normalise", "normalize"],
      ["normalised", "normalized"],
      ["serialise", "serialize"],
      ["serialised", "serialized"],
      ["summarise", "summarize"],
      ["apologise", "apologize"],
      ["customise", "customize"],
      ["standardise", "standardize"],
      ["analyse", "analyze"],
      ["analysed", "analyzed"],
      ["analysing", "analyzing"],
      // Words of their own
      ["carburettor", "carburetor"],
      ["carburettors", "carburetors"],
      ["tyre", "tire"],
      ["tyres", "tires"],
      ["grey", "gray"],
      ["greys", "grays"],
      ["greyish", "grayish"],
      ["aluminium", "aluminum"],
      ["catalogue", "catalog"],
      ["catalogues", "catalogs"],
      ["licence", "license"],
      ["licences", "licenses"],
      ["programme", "program"],
      ["programmes", "programs"],
      ["defence", "defense"],
      ["offence", "offense"],
      ["practise", "practice"],
      ["practised", "practiced"],
      ["practising", "practicing"],
      ["travelled", "traveled"],
      ["travelling", "traveling"],
      ["traveller", "traveler"],
      ["cancelled", "canceled"],
      ["modelled", "modeled"],
      ["modelling", "modeling"],
      ["labelled", "labeled"],
      ["labelling", "labeling"],
      ["synchroniser", "synchronizer"],
      ["synchronise", "synchronize"],
      ["synchronised", "synchronized"],
      ["jewellery", "jewelry"],
      ["pyjamas", "pajamas"],
      ["manoeuvre", "maneuver"],
      ["cheque", "check"],
      ["kerb", "curb"],
      ["storey", "story"],
      ["mould", "mold"],
      ["plough", "plow"],
      ["sceptical", "skeptical"],
      ["aeroplane", "airplane"],
      ["artefact", "artifact"],
      ["artefacts", "artifacts"],
      ["judgement", "judgment"],
    ] as const
  ).map(([gb, us]) => [gb, us]),
);

/**
 * American → British, only where the American word is not also a British one: "meter" (a
 * gauge), "license" (the verb), "practice" (the noun), "tire" (to weary), "check", "story",
 * "program" (software), "curb" (to restrain), "mold" and "judgment" are good British too.
 */
const SHARED = new Set([
  "meter",
  "meters",
  "license",
  "practice",
  "tire",
  "check",
  "story",
  "program",
  "programs",
  "curb",
  "judgment",
  "mold",
]);
export const AMERICAN_TO_BRITISH: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(BRITISH_TO_AMERICAN)
    .filter(([, us]) => !SHARED.has(us))
    .map(([gb, us]) => [us, gb]),
);

/** A word (lower case, any variant) in the one form search indexes and queries with. */
export function foldSpelling(word: string): string {
  return BRITISH_TO_AMERICAN[word] ?? word;
}

export type Variant = "american" | "british";

/** Which variant a BCP 47 locale writes: American for en-US (and en-PH, where US spelling is the norm), British for the other Englishes. */
export function variantOf(locale: string): Variant | null {
  const [lang, region] = locale.split("-");
  if (lang.toLowerCase() !== "en") return null;
  return !region || ["US", "PH", "UM", "VI", "PR", "AS", "GU", "MP"].includes(region.toUpperCase()) ? "american" : "british";
}

/**
 * Each word of `text` spelt in the variant the locale does not use, once, with the spelling it
 * wants: [["harbour", "harbor"], …]. Nothing for a language other than English.
 */
export function otherVariantWords(text: string, locale: string): [string, string][] {
  const variant = variantOf(locale);
  if (!variant) return [];
  const wrong = variant === "american" ? BRITISH_TO_AMERICAN : AMERICAN_TO_BRITISH;
  const found = new Map<string, [string, string]>();
  for (const m of text.matchAll(/\p{L}+/gu)) {
    const w = m[0];
    const want = wrong[w.toLowerCase()];
    if (!want || found.has(w.toLowerCase())) continue;
    // Keep the word's capital: "Harbour" → "Harbor".
    found.set(w.toLowerCase(), [w, w[0] === w[0].toUpperCase() ? want[0].toUpperCase() + want.slice(1) : want]);
  }
  return [...found.values()];
}
