import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildSite } from "../scripts/build/site";
import { searchSite } from "../lib/search/search";
import { queryTerms } from "../lib/search/engine";
import { startBenchServer } from "./server";
import { compare, percentile, printComparison } from "./load";
import { syntheticWord, writeSyntheticCorpus } from "./synthetic-corpus";

const DOCS = Number(process.env.BENCH_DOCS ?? 2000);

/**
 * The content stage on a synthetic corpus (cold build, warm rebuild with nothing changed),
 * then /search.json over that corpus: in-process query time p50/p99 and, over HTTP,
 * req/s against the bare baseline handler in the same server (target ≥ 0.8).
 */
export async function benchContent() {
  const work = await mkdtemp(path.join(tmpdir(), "bench-content-"));
  try {
    const contentDir = path.join(work, "content");
    const outDir = path.join(work, ".site");
    await writeSyntheticCorpus(contentDir, DOCS);
    const opts = { contentDir, outDir, publicDir: path.join(work, "public"), pdf: false };
    let t = performance.now();
    const cold = await buildSite(opts);
    const coldMs = performance.now() - t;
    t = performance.now();
    await buildSite(opts);
    const warmMs = performance.now() - t;
    console.log(`\ncontent build, ${DOCS} synthetic documents`);
    console.log(`  cold  ${coldMs.toFixed(0).padStart(6)} ms  (${cold.stages.map((s) => `${s.name} ${s.ms}`).join(", ")})`);
    console.log(
      `  warm  ${warmMs.toFixed(0).padStart(6)} ms  nothing changed: ${((warmMs / coldMs) * 100).toFixed(1)}% of cold (target < 10%)`,
    );

    process.env.SITE_DATA_DIR = outDir;
    // Every query new (no cache help): two words drawn across the whole vocabulary.
    const fresh = (i: number) => `${syntheticWord(i * 7919 + 3)} ${syntheticWord(i * 104729 + 11)}`;
    const times: number[] = [];
    for (let i = 0; i < 600; i++) {
      const s = performance.now();
      searchSite(fresh(i), 20);
      if (i >= 100) times.push(performance.now() - s);
    }
    console.log(`\nsearch in process, ${DOCS} docs, every query new (index scoring + snippets)`);
    console.log(
      `  p50 ${percentile(times, 50).toFixed(2)} ms   p99 ${percentile(times, 99).toFixed(2)} ms   (${queryTerms(fresh(1)).length} terms per query)`,
    );

    const server = await startBenchServer({ BENCH_BASELINE: "1", TRUST_PROXY_HEADER: "x-bench-client", SITE_DATA_DIR: outDir });
    try {
      // Repeated queries: 200 distinct two-word queries, the realistic mix (answers come from the query cache).
      const popular = Array.from({ length: 200 }, (_, i) => `q=${syntheticWord(i * 7)}+${syntheticWord(i * 13 + 1)}&limit=20`);
      let i = 0;
      // Every query new: a unique pair each time (repeats are rare), so requests score the index.
      let u = 0;
      const r = await compare({
        baseline: `${server.base}/bench/baseline`,
        search: { url: `${server.base}/search.json`, pathFor: () => `/search.json?${popular[i++ % popular.length]}` },
        uncached: { url: `${server.base}/search.json`, pathFor: () => `/search.json?q=${encodeURIComponent(fresh(1000 + u++))}` },
      });
      printComparison(
        `/search.json over HTTP, ${DOCS} docs ("search": 200 recurring queries; "uncached": every query new)`,
        r,
        "search",
        "baseline",
        "target ≥ 0.80",
      );
      console.log(`  uncached ratio   ${(r.uncached.rps / r.baseline.rps).toFixed(3)}`);
    } finally {
      await server.stop();
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
