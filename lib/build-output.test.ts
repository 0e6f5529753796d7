import { mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { buildSingleton } from "./build-output";

const dir = mkdtempSync(path.join(tmpdir(), "build-output-"));
afterAll(() => {
  vi.unstubAllEnvs();
  rmSync(dir, { recursive: true, force: true });
});

/** What scripts/build/write.ts's writeAtomic does to the folder: a file renamed into it. */
async function rebuild() {
  await new Promise((r) => setTimeout(r, 20));
  writeFileSync(path.join(dir, "corpus.json.tmp"), "{}");
  renameSync(path.join(dir, "corpus.json.tmp"), path.join(dir, "corpus.json"));
}

describe("buildSingleton", () => {
  it("under npm run dev, makes its value again after build:content rewrites the build's output, and only then", async () => {
    vi.stubEnv("NODE_ENV", "development");
    vi.stubEnv("SITE_DATA_DIR", dir);
    let made = 0;
    const get = () => buildSingleton(`test-dev-${dir}`, () => ++made);
    expect(get()).toBe(1);
    expect(get()).toBe(1);
    await rebuild();
    expect(get()).toBe(2);
    expect(get()).toBe(2);
  });

  it("in production, makes it once per process whatever happens to the files", async () => {
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("SITE_DATA_DIR", dir);
    let made = 0;
    const get = () => buildSingleton(`test-prod-${dir}`, () => ++made);
    expect(get()).toBe(1);
    await rebuild();
    expect(get()).toBe(1);
  });
});
