import { mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildSingleton } from "./build-output";

const dir = mkdtempSync(path.join(tmpdir(), "build-output-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What scripts/build/write.ts's writeAtomic does to the folder: a file renamed into it. */
async function rebuild() {
  await new Promise((r) => setTimeout(r, 20));
  writeFileSync(path.join(dir, "corpus.json.tmp"), "{}");
  renameSync(path.join(dir, "corpus.json.tmp"), path.join(dir, "corpus.json"));
}

/** How many times the value was made: read twice, then after a rebuild twice more. */
async function madeAcrossRebuild(NODE_ENV: string): Promise<number[]> {
  let made = 0;
  const get = () => buildSingleton(`test-${NODE_ENV}-${dir}`, () => ++made, { NODE_ENV, SITE_DATA_DIR: dir });
  const before = [get(), get()];
  await rebuild();
  return [...before, get(), get()];
}

describe("buildSingleton", () => {
  it("under npm run dev, makes its value again after build:content rewrites the build's output, and only then", async () => {
    expect(await madeAcrossRebuild("development")).toEqual([1, 1, 2, 2]);
  });

  it("in production, makes it once per process whatever happens to the files", async () => {
    expect(await madeAcrossRebuild("production")).toEqual([1, 1, 1, 1]);
  });
});
