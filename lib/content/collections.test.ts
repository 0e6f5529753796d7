import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { COLLECTIONS, COLLECTION_NAMES, INDEXED_COLLECTIONS, KINDS, collectionsInWords, kindsInWords } from "./collections";

const ROOT = path.resolve(import.meta.dirname, "../..");
const SOURCE = /\.(ts|tsx|mjs|js)$/;
const SKIP = new Set(["node_modules", ".next", ".site", ".edge", ".git", "content", "public", "test-results", "playwright-report"]);

/**
 * Files that may name several collections at once, and why: the declaration itself, and the
 * owner's own intros (any of them may be given, each name checked against the declarations
 * by the config's schema, lib/site/config-schema.ts, so they cannot drift).
 */
const ALLOWED: Record<string, string> = {
  "lib/content/collections.ts": "the declaration",
  "site.config.ts": "intros: the owner's own sentence for a collection's index, names checked by the schema derived from the declarations",
  "lib/site/config-words.test.ts": "an owner's site.config.ts written out, intros included",
};

function sources(dir = ROOT): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(e.name) || e.name.startsWith(".")) continue;
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...sources(p));
    else if (SOURCE.test(e.name)) out.push(p);
  }
  return out;
}

/**
 * Lines where a list of collections is written out by hand, which misses the next collection
 * declared: three or more names quoted one after another (`["writing", "garage", "pages"]`,
 * on one line or several), or used as the keys of one object (`{ writing: …, garage: …,
 * pages: … }`). Code that needs every collection reads COLLECTION_NAMES or a declaration's field.
 */
export function handWrittenLists(text: string, names: readonly string[]): number[] {
  const name = `(?:${names.join("|")})`;
  const quoted = `["'\`]${name}["'\`]`;
  const hits: number[] = [];
  const lineOf = (i: number) => text.slice(0, i).split("\n").length;
  for (const m of text.matchAll(new RegExp(`${quoted}(?:\\s*,\\s*${quoted}){2,}`, "g"))) hits.push(lineOf(m.index));
  // Object keys: three or more within six lines, each at a line's start or after `{` or `,`.
  const key = new RegExp(`(?:^|[{,])\\s*(${name})\\s*:`, "g");
  const keyed = text.split("\n").map((line) => [...line.matchAll(key)].map((m) => m[1]));
  for (let i = 0; i < keyed.length; i++)
    if (keyed[i].length && new Set(keyed.slice(i, i + 6).flat()).size >= 3 && !hits.includes(i + 1)) hits.push(i + 1);
  return hits.sort((a, b) => a - b);
}

describe("collections declared once (lib/content/collections.ts)", () => {
  it("no file outside the declaration writes out a list of collections", () => {
    const offenders: string[] = [];
    for (const file of sources()) {
      const rel = path.relative(ROOT, file);
      if (rel in ALLOWED) continue;
      const hits = handWrittenLists(readFileSync(file, "utf8"), COLLECTION_NAMES);
      if (hits.length) offenders.push(`${rel}:${hits[0]}`);
    }
    expect(offenders, "a hand-written list of collections: read COLLECTION_NAMES or a declaration's field instead").toEqual([]);
  });

  it("the check catches a list, and leaves one name alone", () => {
    expect(handWrittenLists(`for (const c of ["writing", "garage", "documents", "utilities"]) go(c);`, COLLECTION_NAMES)).toEqual([1]);
    expect(handWrittenLists(`intros: z.strictObject({ writing: text, garage: text, documents: text }),`, COLLECTION_NAMES)).toEqual([1]);
    expect(handWrittenLists(`const W = {\n  writing: "essay",\n  garage: "note",\n  pages: "page",\n};`, COLLECTION_NAMES)).not.toEqual([]);
    expect(handWrittenLists(`const all = [\n  "pages",\n  "writing",\n  "utilities",\n];`, COLLECTION_NAMES)).toEqual([2]);
    expect(handWrittenLists(`docsIn("writing");\nif (kind === "writing") x();`, COLLECTION_NAMES)).toEqual([]);
    expect(handWrittenLists(`f([doc("pages", "a"), doc("writing", "b"), doc("documents", "c")]);`, COLLECTION_NAMES)).toEqual([]);
  });

  it("the kinds and the collections in words, as /openapi.json, /search and /tags say them", () => {
    // Garage notes report "writing": the kind's description says so, for clients who wonder where they went.
    expect(kindsInWords()).toBe("page, writing (garage notes included), document or utility");
    expect(collectionsInWords()).toBe("writing, garage notes, documents and utilities");
  });

  it("every collection reports one of the API's four kinds, and its base is free of the others'", () => {
    const bases = new Set<string>();
    for (const c of COLLECTION_NAMES) {
      expect(KINDS).toContain(COLLECTIONS[c].kind);
      expect(bases.has(COLLECTIONS[c].base), c).toBe(false);
      bases.add(COLLECTIONS[c].base);
    }
    for (const c of INDEXED_COLLECTIONS) expect(COLLECTIONS[c].base, c).toMatch(/^\/[a-z0-9-]+$/);
  });
});
