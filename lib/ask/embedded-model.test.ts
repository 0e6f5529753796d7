import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtCorpus } from "@/lib/content/corpus";
import { searchSite } from "@/lib/search/search";
import type { Doc } from "@/lib/content/types";
import {
  FUSION,
  LABELS_FILE,
  MEMBER_SEED_STEP,
  MODEL_FILE,
  loadEmbeddedModel,
  memberFile,
  trainEmbeddedModel,
  type EmbeddedModel,
} from "./embedded-model";
import { SPELLING_FILE, type SpellingLexicon } from "./spelling";
import { contentWords, evaluate, pageText, readEvalSet, sharedContentWords, type EvalTable } from "./evaluate";
import { normalize, normalizeQuery, porterStem, trainingLines } from "./training-data";

/**
 * The embedded /ask model, trained on the built demo corpus (.site/corpus.json) into a
 * temp dir and scored on tests/fixtures/ask-eval.json against lexical search. The floors
 * sit well under the targets `npm run bench` reports (0.75 top-3 on the questions that
 * share no word with their page), so a retrain or a content edit does not flake them.
 */

const set = readEvalSet();
/** Training the whole corpus takes about 25 s on an idle 2-core machine; this holds with a CPU hog on each core. */
const TRAINING_BUDGET = 300_000;
let docs: Doc[];
let dir: string;
let model: EmbeddedModel;
let trained: { pages: number; ms: number; bytes: number };
let table: EvalTable;

beforeAll(async () => {
  // What the build trains on: the content and the standing pages.
  docs = [...builtCorpus().docs, ...builtCorpus().standing];
  dir = await mkdtemp(path.join(tmpdir(), "ask-model-"));
  trained = await trainEmbeddedModel(docs, dir);
  model = (await loadEmbeddedModel(dir))!;
  table = evaluate(
    {
      embedded: (q) => model.rank(q).map((r) => r.url),
      lexical: (q) => searchSite(q, 10).results.map((r) => r.url),
    },
    set,
  );
}, TRAINING_BUDGET);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("the evaluation set", () => {
  it("has at least 45 questions, a third of them sharing no content word with their page", () => {
    expect(set.length).toBeGreaterThanOrEqual(45);
    expect(set.filter((x) => x.noSharedWord).length).toBeGreaterThanOrEqual(Math.ceil(set.length / 3));
  });

  it("flags noSharedWord exactly when the question shares no content word (plurals included) with its page", () => {
    const byUrl = new Map(docs.map((d) => [d.url, d]));
    const wrong = set.flatMap((item) => {
      const doc = item.url ? byUrl.get(item.url) : undefined;
      if (!doc) return [`${item.url}: no such page`];
      const shared = sharedContentWords(item.q, doc, contentWords(pageText(doc)));
      return (shared.length === 0) === item.noSharedWord ? [] : [`"${item.q}" shares [${shared.join(", ")}]`];
    });
    expect(wrong).toEqual([]);
  });

  it("covers every kind of page", () => {
    const written = builtCorpus().docs;
    const kinds = new Set(set.map((x) => written.find((d) => d.url === x.url)?.kind));
    expect([...kinds].sort()).toEqual([...new Set(written.map((d) => d.kind))].sort());
  });

  it("is not training data: no question is a front-matter question or alias, or a training line", () => {
    const lines = new Set(trainingLines(docs).map((l) => l.slice(l.indexOf(" ") + 1)));
    const frontMatter = new Set(docs.flatMap((d) => [...d.questions, ...d.aliases]).map((q) => normalize(q)));
    expect(set.filter((x) => lines.has(normalize(x.q)) || frontMatter.has(normalize(x.q))).map((x) => x.q)).toEqual([]);
  });
});

describe("training", () => {
  it("writes the model and label → URL map for every page", async () => {
    expect(trained.pages).toBe(docs.length);
    expect(model.pages).toBe(docs.length);
    const labels = JSON.parse(await readFile(path.join(dir, LABELS_FILE), "utf8")) as Record<string, string>;
    expect(Object.values(labels).sort()).toEqual(docs.map((d) => d.url).sort());
    expect((await readFile(path.join(dir, MODEL_FILE))).byteLength).toBe(trained.bytes);
    expect(trained.bytes).toBeLessThan(8_000_000);
  });

  it("writes the typed-word spelling lexicon: the site's words, the words a question drops, and the English words at risk", async () => {
    const lexicon = JSON.parse(await readFile(path.join(dir, SPELLING_FILE), "utf8")) as SpellingLexicon;
    expect(lexicon.version).toBe(2);
    expect(lexicon.words.carburetor).toBeGreaterThan(0);
    expect(lexicon.dropped).toContain("arent"); // known, so never "corrected" into a content word
    expect(lexicon.english).toContain("bread");
    expect(lexicon.english).not.toContain("carburetor");
    // What /ask reads: a slip past the stemmer reads as the question spelt right.
    const right = model.rankWithSignals("what has she been listening to lately");
    const slip = model.rankWithSignals("what has she been listenig to lately");
    expect(slip.signals).toEqual(right.signals);
    expect(slip.pages[0]).toEqual(right.pages[0]);
  });

  it("counts a word as the site's own (`own`) when the site uses it, a slip of it or a compound of its words, but not when only the bridge maps it", () => {
    // WordNet bridges "origami" to the site's "art"; the site never writes "origami".
    const bridged = model.rankWithSignals("origami");
    expect(bridged.signals.known).toBe(1);
    expect(model.ownShare("origami")).toBe(0);
    expect(model.ownShare("lasagna")).toBe(0);
    for (const q of ["espresso grinder", "espreso grinder", "homelab"]) expect(model.ownShare(q), q).toBe(1);
    expect(model.ownShare("origami carburetor")).toBe(0.5);
  });

  it("answers without the typed-word layer when its file is damaged, instead of failing every question", async () => {
    for (const body of ["{", '{"version":2}', '{"version":2,"words":{},"dropped":[],"english":5}']) {
      const damaged = await mkdtemp(path.join(tmpdir(), "ask-model-"));
      try {
        for (const f of [MODEL_FILE, LABELS_FILE]) await writeFile(path.join(damaged, f), await readFile(path.join(dir, f)));
        await writeFile(path.join(damaged, SPELLING_FILE), body);
        const m = await loadEmbeddedModel(damaged);
        expect(m, body).not.toBeNull();
        expect(m!.rank("espresso machine")[0].url, body).toBe(model.rank("espresso machine")[0].url);
        // Without the typed layer, the slip stays a word the site does not know.
        expect(m!.rankWithSignals("what has she been listenig to").signals.known, body).toBeLessThan(1);
      } finally {
        await rm(damaged, { recursive: true, force: true });
      }
    }
  });

  // Determinism does not need the whole corpus: a handful of pages trained twice proves it in a
  // fraction of the time (the whole corpus took 25 s alone and timed out under load).
  it("is deterministic: the same corpus trains the same model", { timeout: TRAINING_BUDGET }, async () => {
    const few = docs.slice(0, 6);
    const [a, b] = await Promise.all([mkdtemp(path.join(tmpdir(), "ask-model-")), mkdtemp(path.join(tmpdir(), "ask-model-"))]);
    try {
      await trainEmbeddedModel(few, a);
      await trainEmbeddedModel(few, b);
      for (const f of [MODEL_FILE, LABELS_FILE, SPELLING_FILE])
        expect(Buffer.compare(await readFile(path.join(a, f)), await readFile(path.join(b, f))), f).toBe(0);
    } finally {
      await rm(a, { recursive: true, force: true });
      await rm(b, { recursive: true, force: true });
    }
  });

  it("loads once per directory and answers null where nothing was trained", async () => {
    expect(await loadEmbeddedModel(dir)).toBe(model);
    expect(await loadEmbeddedModel(path.join(dir, "missing"))).toBeNull();
  });
});

describe("ranking", () => {
  it("gives every page a probability, highest first, summing to 1", () => {
    for (const q of [set[0].q, "how do I keep my motorbike from freezing", "", "the of and", "zzzz qqqq", "?!"]) {
      const ranked = model.rank(q);
      expect(ranked.map((r) => r.url).sort()).toEqual(docs.map((d) => d.url).sort());
      expect(ranked.reduce((s, r) => s + r.p, 0)).toBeCloseTo(1, 6);
      for (let i = 1; i < ranked.length; i++) expect(ranked[i - 1].p).toBeGreaterThanOrEqual(ranked[i].p);
      expect(ranked.every((r) => r.p >= 0 && r.p <= 1)).toBe(true);
    }
  });

  it("answers questions that share no word with their page far better than lexical search", () => {
    const [embedded, lexical] = table;
    expect(embedded.noSharedWord.top3).toBeGreaterThanOrEqual(0.5);
    expect(embedded.noSharedWord.top3).toBeGreaterThanOrEqual(lexical.noSharedWord.top3 + 0.2);
  });

  it("stays close to lexical search on the questions that do share words", () => {
    const [embedded, lexical] = table;
    expect(embedded.rest.top3).toBeGreaterThanOrEqual(lexical.rest.top3 - 0.1);
    expect(embedded.all.top3).toBeGreaterThan(lexical.all.top3);
  });

  // Latency is `npm run bench`'s to measure (bench/ask-model.ts, in-process predict times); a timed
  // test fails on a loaded machine. What a test can hold is that no question costs unbounded work:
  // a hostile one (thousands of words, one of them enormous) stays within a small multiple of an
  // ordinary one, compared in the same run, best of three so one preemption does not decide it.
  it("costs a hostile question no more than a bounded multiple of an ordinary one", () => {
    const best = (q: string) => {
      let min = Infinity;
      for (let r = 0; r < 3; r++) {
        const t = performance.now();
        model.rank(q);
        min = Math.min(min, performance.now() - t);
      }
      return min;
    };
    const ordinary = set.map(({ q }) => best(q)).sort((x, y) => x - y);
    const slowest = ordinary[ordinary.length - 1];
    expect(best(`${"x".repeat(20_000)} ${"motorbike ".repeat(5_000)}`)).toBeLessThan(Math.max(20 * slowest, 50));
  });
});

describe("the classifier's temperature and ensemble", () => {
  /** The model's files without the lexicon, in a fresh directory: fastText's probabilities, BM25 left out. */
  async function withoutLexicon(from: string, files: string[]): Promise<string> {
    const to = await mkdtemp(path.join(tmpdir(), "ask-model-"));
    for (const f of files) await writeFile(path.join(to, f), await readFile(path.join(from, f)));
    return to;
  }
  const odds = (ranked: { url: string; p: number }[], a: string, b: string) =>
    Math.log(ranked.find((r) => r.url === a)!.p / ranked.find((r) => r.url === b)!.p);

  it("serves fastText's probabilities flattened to the shipped temperature before the encoder weighs in", async () => {
    const bare = await withoutLexicon(dir, [MODEL_FILE, LABELS_FILE, SPELLING_FILE]);
    try {
      const m = (await loadEmbeddedModel(bare))!;
      expect(FUSION.temperature).toBeLessThan(1);
      for (const q of ["how do I keep my motorbike from freezing", "what espresso grinder does she use"]) {
        const raw = m.rankMembers(q, 1, "mean", 1);
        const served = m.rank(q);
        const [a, b, c] = raw.slice(0, 3).map((r) => r.url);
        // The same order, with every log-odds scaled by the temperature.
        expect(
          served.slice(0, 3).map((r) => r.url),
          q,
        ).toEqual([a, b, c]);
        expect(odds(served, a, c), q).toBeCloseTo(FUSION.temperature * odds(raw, a, c), 6);
        expect(odds(served, b, c), q).toBeCloseTo(FUSION.temperature * odds(raw, b, c), 6);
      }
    } finally {
      await rm(bare, { recursive: true, force: true });
    }
  });

  it("trains an ensemble's members at derived seeds and averages their probabilities", { timeout: TRAINING_BUDGET }, async () => {
    const few = docs.slice(0, 6);
    const [ens, one, two] = await Promise.all([0, 1, 2].map(() => mkdtemp(path.join(tmpdir(), "ask-model-"))));
    const bare: string[] = [];
    try {
      await trainEmbeddedModel(few, ens, {}, { members: 2 });
      await trainEmbeddedModel(few, one, {});
      await trainEmbeddedModel(few, two, { seed: 1 + MEMBER_SEED_STEP });
      expect(Buffer.compare(await readFile(path.join(ens, memberFile(0))), await readFile(path.join(one, MODEL_FILE)))).toBe(0);
      expect(Buffer.compare(await readFile(path.join(ens, memberFile(1))), await readFile(path.join(two, MODEL_FILE)))).toBe(0);
      for (const d of [ens, one, two])
        bare.push(await withoutLexicon(d, [MODEL_FILE, LABELS_FILE, SPELLING_FILE, ...(d === ens ? [memberFile(1)] : [])]));
      const [e, a, b] = await Promise.all(bare.map(async (d) => (await loadEmbeddedModel(d))!));
      expect([e.members, a.members, b.members]).toEqual([2, 1, 1]);
      const q = "what does she ride in winter";
      const mean = e.rankMembers(q, 2, "mean", 1);
      const [pa, pb] = [a, b].map((m) => new Map(m.rankMembers(q, 1, "mean", 1).map((r) => [r.url, r.p])));
      for (const { url, p } of mean) expect(p, url).toBeCloseTo((pa.get(url)! + pb.get(url)!) / 2, 6);
      // Fewer members retrained into the same directory leave no stale member behind.
      await trainEmbeddedModel(few, ens, {}, { members: 1 });
      await expect(readFile(path.join(ens, memberFile(1)))).rejects.toThrow();
    } finally {
      for (const d of [ens, one, two, ...bare]) await rm(d, { recursive: true, force: true });
    }
  });
});

describe("normalize", () => {
  it("lowercases, drops punctuation and stopwords, folds British spellings and stems", () => {
    expect(normalize("What's the Colour of the harbour's TYRES?")).toBe("color harbor tire");
    expect(normalize("Synchronising carburettors; synchronizing them")).toBe("synchron carburettor synchron");
    expect(normalizeQuery("screenreaders for my homelab", new Set(["screen", "reader", "home", "lab"]))).toBe("screen reader home lab");
    expect(porterStem("generalizations")).toBe("gener");
    expect(porterStem("hopping")).toBe("hop");
  });
});
