import { mkdtemp, rm, utimes } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getCorpus } from "@/lib/content/corpus";
import { RETIRED_MODEL_GRACE_MS, loadEmbeddedModel, trainEmbeddedModel } from "./embedded-model";

/**
 * Under `npm run dev`, `npm run build:content` rewrites .site/ and the next /ask loads the
 * new model. The classifier lives in WebAssembly memory, which the garbage collector never
 * reclaims, so each copy it replaces must be freed, but not under a request still using it.
 * (Its own file: it switches the build generation that every buildSingleton shares.)
 */

let root: string;
let modelDir: string;
let dev: { NODE_ENV: "development"; SITE_DATA_DIR: string };

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "ask-reload-"));
  modelDir = path.join(root, "model");
  await trainEmbeddedModel(getCorpus().docs.slice(0, 4), modelDir);
  dev = { NODE_ENV: "development", SITE_DATA_DIR: root };
});

afterAll(async () => {
  vi.useRealTimers();
  if (root) await rm(root, { recursive: true, force: true });
});

/** What `npm run build:content` does to the build folder's mtime (it renames every artifact into it). */
async function rebuild(secondsLater: number) {
  const t = new Date(Date.now() + secondsLater * 1000);
  await utimes(root, t, t);
}

describe("the /ask model under npm run dev", () => {
  it("is loaded again after a rebuild, and the copy it replaced is freed once requests are done with it", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout"] });
    const first = (await loadEmbeddedModel(modelDir, dev))!;
    expect(await loadEmbeddedModel(modelDir, dev)).toBe(first);
    const question = getCorpus().docs[0].title;
    expect(first.rank(question)).toHaveLength(4);

    await rebuild(10);
    const second = (await loadEmbeddedModel(modelDir, dev))!;
    expect(second).not.toBe(first);
    // A request that picked up the old copy before the rebuild still finishes with it.
    vi.advanceTimersByTime(RETIRED_MODEL_GRACE_MS - 1);
    await Promise.resolve();
    expect(first.rank(question)).toEqual(second.rank(question));

    vi.advanceTimersByTime(1);
    await vi.waitFor(() => expect(() => first.rank(question)).toThrow(/disposed/));
    expect(second.rank(question)).toHaveLength(4);

    // Many rebuilds free every copy but the newest.
    const copies = [second];
    for (let i = 2; i < 12; i++) {
      await rebuild(10 * i);
      copies.push((await loadEmbeddedModel(modelDir, dev))!);
    }
    vi.advanceTimersByTime(RETIRED_MODEL_GRACE_MS);
    const newest = copies.pop()!;
    await vi.waitFor(() => {
      for (const old of copies) expect(() => old.rank(question)).toThrow(/disposed/);
    });
    expect(newest.rank(question)).toHaveLength(4);
  });
});
