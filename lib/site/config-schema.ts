import { z } from "zod";
import { ownerFieldReason, ownerFileIssues } from "@/lib/core/validation";
import { FeatureSettingsSchema } from "@/lib/features/rule";
import { INDEXED_COLLECTIONS, type IndexedCollection } from "@/lib/content/collections";

/**
 * The shape of site.config.ts, checked by `npm run build` before it writes anything
 * (scripts/build.ts, scripts/build/site.ts): tsx runs the build without type checking, so a
 * mistake there (`href: 42`) would otherwise surface as a TypeError deep inside a stage,
 * after earlier stages had written their files. site.config.ts `satisfies` the type below,
 * so an editor flags the same mistakes as it is typed.
 *
 * Objects are strict: a misspelt key (`fotoer`) is an error rather than a setting the site
 * silently ignores, as in content front matter.
 */
const text = z.string().trim().min(1, "must not be empty");

const SITE_PATH_OR_URL = /^(\/|https?:\/\/)/;
const link = z.strictObject({
  label: text,
  href: z.string().regex(SITE_PATH_OR_URL, "must be a site path (/about) or an http(s) address"),
});

const validZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat("en", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};
const validLocale = (tag: string) => {
  try {
    return Intl.getCanonicalLocales(tag).length === 1;
  } catch {
    return false;
  }
};
// A time written otherwise stops there: "end: must be after hours.start" would follow it, untrue.
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: "must be a time written HH:MM (24-hour)", abort: true });
const yesNo = z.enum(["yes", "no"]);

/**
 * The longest example each API parameter takes (/search.json `q`, /ask `query`,
 * /photos/query.json `q`): an example the endpoint would refuse documents a 400.
 * lib/surface/examples.test.ts checks the examples against the endpoints' own schemas.
 */
export const EXAMPLE_MAX = { search: 160, question: 500, photoCaption: 120 } as const;
const example = (max: number) => text.max(max, `must be at most ${max} characters (the endpoint refuses longer)`);

export const SiteConfigSchema = z.strictObject({
  demo: z
    .boolean()
    .describe(
      'Whether the site is the shipped demo: true puts "Demo content: a fictional owner" under every page and a demo notice on the home page. Set false when the site is yours; the build and npm run doctor say so once the name, content/ or photos/ are no longer the demo\'s (scripts/build/demo.ts).',
    ),
  name: text,
  title: text,
  description: text,
  locale: z.string().refine(validLocale, "must be a language tag such as en-US"),
  author: z.strictObject({ name: text, email: z.email("must be an email address"), jobTitle: text, intro: text }),
  links: z.array(link),
  nav: z.array(link),
  footer: z.array(link),
  // The owner's own sentence for a collection's index, in place of the one its declaration
  // carries (lib/content/collections.ts): each optional, a name no collection has refused.
  intros: z
    .strictObject(
      Object.fromEntries(INDEXED_COLLECTIONS.map((c) => [c, text.optional()])) as Record<IndexedCollection, z.ZodOptional<typeof text>>,
    )
    .optional(),
  around: z.strictObject({ watches: text, aliases: z.array(text).max(8, "at most 8 entries") }),
  examples: z.strictObject({
    questions: z.array(example(EXAMPLE_MAX.question)).min(1, "needs at least one question").max(2, "at most 2 entries"),
    searches: z.array(example(EXAMPLE_MAX.search)).min(1, "needs at least one query"),
    photoCaption: example(EXAMPLE_MAX.photoCaption),
  }),
  contentSignal: z.strictObject({ search: yesNo, "ai-input": yesNo, "ai-train": yesNo }),
  agentReadinessNotApplicable: z.record(z.string(), text),
  features: FeatureSettingsSchema.optional(),
  timezone: z.string().refine(validZone, "must be an IANA time zone such as Europe/Paris"),
  coffee: z
    .strictObject({
      weekdays: z.array(z.int().min(1, "ISO weekdays run 1 (Monday) to 7").max(7, "ISO weekdays run 1 (Monday) to 7")),
      hours: z.strictObject({ start: clock, end: clock }),
      slotMinutes: z.int().positive(),
      horizonDays: z.int().positive(),
      minNoticeHours: z.number().min(0),
    })
    .refine((c) => c.hours.start < c.hours.end, { path: ["hours", "end"], message: "must be after hours.start" }),
});

type DeepReadonly<T> = T extends (infer U)[]
  ? readonly DeepReadonly<U>[]
  : T extends object
    ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
    : T;
/** What site.config.ts must satisfy (it is written `as const`, hence read-only). */
export type SiteConfigShape = DeepReadonly<z.input<typeof SiteConfigSchema>>;

/** `nav[5].href`: the path as the owner finds it in site.config.ts. */
function fieldPath(path: readonly PropertyKey[]): string {
  return path.map((p, i) => (typeof p === "number" ? `[${p}]` : `${i ? "." : ""}${String(p)}`)).join("");
}

/** `site.config.ts: field: reason` lines, as the build reports content files; empty when the config is valid. */
export function siteConfigProblems(config: unknown): string[] {
  const parsed = SiteConfigSchema.safeParse(config);
  if (parsed.success) return [];
  return ownerFileIssues(parsed.error.issues, fieldPath).flatMap(({ issue, field }) =>
    issue.code === "unrecognized_keys"
      ? issue.keys.map((k) => `site.config.ts: ${field ? `${field}.` : ""}${k}: unknown field (misspelt, or not a setting of this site)`)
      : [`site.config.ts: ${field || "siteConfig"}: ${ownerFieldReason(issue) ?? issue.message}`],
  );
}

/** The demo owner's name, as site.config.ts ships it. */
export const DEMO_NAME = "Avery Quill";

/**
 * `site.config.ts: field: …` for each value that still speaks of the demo owner once the
 * name is the owner's own: the title, description and intro repeat the name, so changing
 * `name` alone would leave the demo's in the home page's <title>, share cards and meta.
 */
export function demoLeftovers(config: { name: string; demo: boolean } & Record<string, unknown>): string[] {
  if (config.name === DEMO_NAME) return [];
  const out: string[] = [];
  const walk = (v: unknown, field: string) => {
    if (typeof v === "string") {
      if (v.includes(DEMO_NAME)) out.push(`site.config.ts: ${field}: still names ${DEMO_NAME}, the demo owner: write your own`);
      else if (/fictional demo owner/i.test(v) && !config.demo)
        out.push(`site.config.ts: ${field}: still calls the site a fictional demo: write your own`);
    } else if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${field}[${i}]`));
    else if (v && typeof v === "object") for (const [k, x] of Object.entries(v)) walk(x, field ? `${field}.${k}` : k);
  };
  walk(config, "");
  return out;
}
