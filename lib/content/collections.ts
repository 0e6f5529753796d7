/**
 * The kinds of page content/ holds, each declared once. A collection is a folder of
 * Markdown files (`content/<name>/`); everything else about it is derived from its entry
 * here: the front-matter rules of its files (schema.ts), its index page and the declared
 * pages (lib/site/pages.ts), its Markdown twins (twins.ts), its search kind and the label the
 * site's own pages give it, the sitemap and the page index (from the declared pages and the
 * corpus), the feeds (dated collections), the tag pages' words (tags.ts), llms.txt and the
 * families lib/site/pages.test.ts walks app/ with. docs/adding-a-page-kind.md walks through
 * adding one; collections.test.ts fails when a list of collections is written anywhere else.
 *
 * Pure (no imports): the search page's browser code reads the labels.
 */

/**
 * The four kinds a search result reports (`SearchResult.kind` in /openapi.json). API clients
 * only ever see these four: a collection picks the one it reports (`kind`), and the site's
 * own pages still call its entries by their own name (`searchLabel`).
 */
export const KINDS = ["page", "writing", "document", "utility"] as const;
export type Kind = (typeof KINDS)[number];

export interface CollectionDeclaration {
  /** Where its pages live: the index at `base`, each file at `<base>/<slug>`; "" puts files at the top level with no index. */
  base: string;
  /** What its index is called (heading, twin, llms.txt section, share card, "More …" pager). */
  label: string;
  /** One of its entries, as a sentence counts them ("2 essays and 1 garage note" on a tag page). */
  noun: string;
  /** What the search page and an entry's share card call one of its entries. */
  searchLabel: string;
  /** The search kind API clients see for its entries (KINDS). */
  kind: Kind;
  /** Every file must carry a `date:`; listed newest first, with previous/next, and in the feeds. */
  dated: boolean;
  /** Front-matter fields only this collection may carry (`allowed`) or must carry (`required`). */
  fields: { endpoint?: "required"; order?: "allowed" };
  /**
   * Its index page (none when `base` is ""): `intro`, the sentence under its heading (also its
   * meta description, its twin's summary and what search and /ask know of the index; an owner
   * may put their own in site.config.ts `intros.<name>`); the words a visitor might ask for it
   * with (search, /ask); optionally the registered endpoint that answers the same question in
   * JSON, named in the page's head; and where the site's chrome links it (`link`): in the
   * menu (`nav`), placed after the other collections the menu links, or at the end of the
   * footer, labelled `label` or the collection's. A link to it in site.config.ts `nav` or
   * `footer` places it there instead (lib/surface/chrome-links.ts).
   */
  index?: {
    intro: string;
    aliases: readonly string[];
    json?: string;
    link?: { in: "nav" | "footer"; label?: string };
  };
  /**
   * Its pages have route files of their own, `app/<name>/page.tsx` and `app/<name>/[slug]/page.tsx`,
   * instead of the shared `app/[page]` and `app/[page]/[slug]` (components/collection-pages.tsx):
   * only for a page that must differ from the others', such as an index decided when the server starts.
   */
  ownRoutes?: true;
  /** A section of the home page's Markdown twin listing its entries (the first `limit`, newest first when dated). */
  home?: { heading: string; limit?: number };
}

export const COLLECTIONS = {
  pages: {
    base: "",
    label: "Pages",
    noun: "page",
    searchLabel: "Page",
    kind: "page",
    dated: false,
    fields: { order: "allowed" },
    home: { heading: "Pages" },
  },
  writing: {
    base: "/writing",
    label: "Writing",
    noun: "essay",
    searchLabel: "Writing",
    kind: "writing",
    dated: true,
    fields: {},
    index: {
      intro: "Essays and posts, newest first.",
      aliases: ["blog", "articles", "all posts", "essays", "archive of posts", "what has she written"],
      link: { in: "nav" },
    },
    home: { heading: "Latest writing", limit: 5 },
  },
  // Dated, authored prose like writing, so it reports kind "writing" (API clients see four
  // kinds) while keeping its own URL space, index and name on the site.
  garage: {
    base: "/garage",
    label: "Garage notes",
    noun: "garage note",
    searchLabel: "Garage note",
    kind: "writing",
    dated: true,
    fields: {},
    index: {
      intro: "Workshop notes: repairs, restorations and projects. Newest first.",
      aliases: ["workshop log", "repair notes", "maintenance notes", "fixing things", "projects list", "tinkering"],
      link: { in: "nav", label: "Garage" },
    },
    home: { heading: "Latest garage notes", limit: 5 },
  },
  documents: {
    base: "/documents",
    label: "Documents",
    noun: "document",
    searchLabel: "Document",
    kind: "document",
    dated: false,
    fields: {},
    index: {
      intro: "Standing reference documents: policies and checklists.",
      aliases: ["policies", "reference documents", "legal pages", "paperwork"],
      link: { in: "footer" },
    },
  },
  utilities: {
    base: "/utilities",
    label: "Utilities",
    noun: "utility",
    searchLabel: "Utility",
    kind: "utility",
    dated: false,
    fields: { endpoint: "required" },
    index: {
      intro: "What the site's public API can do, described for people. Every utility is a keyless JSON endpoint.",
      aliases: ["tools", "api tools", "list of tools", "what can the api do"],
      link: { in: "footer" },
    },
    // Its index lists the utilities of the live features that are on, which the server decides
    // when it starts (lib/features), so it is not prerendered like the others'.
    ownRoutes: true,
    home: { heading: "Utilities" },
  },
} as const satisfies Record<string, CollectionDeclaration>;

export type Collection = keyof typeof COLLECTIONS;
/** In declaration order: the order of llms.txt's sections and of the corpus. */
export const COLLECTION_NAMES = Object.keys(COLLECTIONS) as Collection[];

/** The collections with an index page of their own (a `base`). */
export type IndexedCollection = { [C in Collection]: (typeof COLLECTIONS)[C] extends { index: object } ? C : never }[Collection];
export const INDEXED_COLLECTIONS = COLLECTION_NAMES.filter((c): c is IndexedCollection => "index" in COLLECTIONS[c]);

/** A collection's declaration, read as the interface (its optional fields readable on any). */
export const declarationOf = (name: Collection): CollectionDeclaration => COLLECTIONS[name];

/**
 * The indexed collections app/[page] and app/[page]/[slug] serve: all but those with route
 * files of their own (`ownRoutes`).
 */
export const ROUTED_COLLECTIONS = INDEXED_COLLECTIONS.filter((c) => !declarationOf(c).ownRoutes);

/** The collection app/[page] serves at `/<segment>`, if any. */
export const routedCollectionAt = (segment: string): IndexedCollection | undefined =>
  ROUTED_COLLECTIONS.find((c) => COLLECTIONS[c].base === `/${segment}`);

/** The collection whose URL space holds a page, if any (`/garage/x` → garage). */
export function collectionOfUrl(url: string): Collection | undefined {
  return INDEXED_COLLECTIONS.find((c) => url.startsWith(`${COLLECTIONS[c].base}/`));
}

/**
 * The four kinds as API clients read them, each with the collections that report it besides
 * its own: "page, writing (garage notes included), document or utility".
 */
export function kindsInWords(): string {
  const words = KINDS.map((kind) => {
    const reporting = COLLECTION_NAMES.filter((c) => COLLECTIONS[c].kind === kind);
    const others = reporting.slice(1).map((c) => COLLECTIONS[c].label.toLowerCase());
    return others.length ? `${kind} (${others.join(", ")} included)` : kind;
  });
  return `${words.slice(0, -1).join(", ")} or ${words.at(-1)}`;
}

/** "writing, garage notes, documents and utilities": the indexed collections, as a sentence names them. */
export function collectionsInWords(): string {
  const words = INDEXED_COLLECTIONS.map((c) => COLLECTIONS[c].label.toLowerCase());
  return words.length > 1 ? `${words.slice(0, -1).join(", ")} and ${words.at(-1)}` : (words[0] ?? "");
}
