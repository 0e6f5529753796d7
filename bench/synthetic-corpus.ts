import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { COLLECTIONS, COLLECTION_NAMES, declarationOf } from "../lib/content/collections";

/**
 * A synthetic content/ folder of `n` documents (~300 words each, Zipf-like vocabulary)
 * spread over the collections, for build and search benchmarks. Deterministic.
 */
const SYLLABLES = ["ka", "lo", "mi", "ra", "te", "su", "no", "vi", "pe", "do", "ga", "ri", "zu", "he", "ba", "to"];
const VOCAB = Array.from({ length: 6000 }, (_, i) => {
  let w = "";
  for (let k = 0, x = i + 7; k < 2 + (i % 3); k++, x = Math.floor(x / 16) + k * 5) w += SYLLABLES[x % 16];
  return w;
});

/** A word of the synthetic vocabulary, for benchmark queries. */
export function syntheticWord(i: number): string {
  return VOCAB[i % VOCAB.length];
}

export async function writeSyntheticCorpus(dir: string, n: number): Promise<void> {
  let seed = 42;
  const rand = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const vocab = VOCAB;
  const word = () => vocab[Math.floor(vocab.length * Math.pow(rand(), 2.5))];
  const sentence = (len: number) => Array.from({ length: len }, word).join(" ");
  const collections = COLLECTION_NAMES;
  for (const c of collections) await mkdir(path.join(dir, c), { recursive: true });
  for (let i = 0; i < n; i++) {
    const c = collections[i % collections.length];
    const date = `20${20 + (i % 6)}-${String(1 + (i % 12)).padStart(2, "0")}-${String(1 + (i % 28)).padStart(2, "0")}`;
    const fm = [
      "---",
      `title: "Doc ${i} ${sentence(4)}"`,
      `description: "${sentence(12)} about the synthetic topic ${i}."`,
      COLLECTIONS[c].dated ? `date: ${date}` : "",
      declarationOf(c).fields.endpoint === "required" ? "endpoint: /search.json" : "",
      "demo: true",
      "---",
    ].filter(Boolean);
    const body = [`## ${sentence(3)}`, sentence(100), `## ${sentence(3)}`, sentence(100), "### Notes", sentence(90)].join("\n\n");
    await writeFile(path.join(dir, c, `doc-${i}.md`), `${fm.join("\n")}\n${body}\n`);
  }
}
