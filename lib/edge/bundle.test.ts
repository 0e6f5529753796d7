import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildEdge } from "@/scripts/build-edge";

/**
 * What goes into `.edge/index.mjs`: lib/edge and the few plain modules it reads, never the
 * app's state (the store, the budgets, the registry: those come from Next's compilation,
 * through the app's routes), and never Next's internals. lib/core/memo.ts is there for the one
 * ETag and If-None-Match the app's answers use too (its cache of tags holds only strings).
 */
const ALLOWED = [
  /^lib\/edge\/[\w-]+\.ts$/,
  /^lib\/core\/(wire|memo)\.ts$/,
  /^lib\/site\/(page-index|negotiate|baked-url)\.ts$/,
  /^lib\/env\.ts$/,
];

describe("the edge bundle", () => {
  it("holds lib/edge and the plain modules it needs, and imports only Node, zod and next", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "edge-bundle-"));
    try {
      const result = await buildEdge(process.cwd(), path.join(dir, "index.mjs"));
      const inputs = Object.keys(result.metafile!.inputs);
      expect(inputs.filter((f) => !ALLOWED.some((a) => a.test(f)))).toEqual([]);
      expect(inputs).toContain("lib/edge/server.ts");
      const imports = [...readFileSync(path.join(dir, "index.mjs"), "utf8").matchAll(/^import .* from "([^"]+)";$/gm)].map((m) => m[1]);
      expect(imports.filter((i) => !i.startsWith("node:") && i !== "zod")).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
