import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * lib/lens/index.ts is the only door into lens for production code: app/, components/,
 * scripts/, bin/, the root files and the rest of lib/ import `@/lib/lens` and nothing under it.
 * Unit tests may reach inside to test internals; lens's own files never import the face
 * (that would be a loop through it).
 */
const ROOT = path.resolve(import.meta.dirname, "..", "..");
const LENS = path.join(ROOT, "lib", "lens");
const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;
const TEST = /\.test\.(ts|tsx)$/;

const walk = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(path.join(dir, e.name)) : SOURCE.test(e.name) && !TEST.test(e.name) ? [path.join(dir, e.name)] : [],
  );

const rootFiles = readdirSync(ROOT, { withFileTypes: true })
  .filter((e) => e.isFile() && SOURCE.test(e.name) && !/\.config\./.test(e.name))
  .map((e) => path.join(ROOT, e.name));
const FILES = [...["lib", "app", "scripts", "components", "bin"].flatMap((d) => walk(path.join(ROOT, d))), ...rootFiles];

/** Every module specifier a file names: static imports and re-exports, side-effect imports, import() and require(). */
function specifiers(source: string): string[] {
  const found = [
    ...source.matchAll(/\b(?:from|import)\s*["']([^"']+)["']/g),
    ...source.matchAll(/\b(?:import|require)\s*\(\s*["']([^"']+)["']\s*\)/g),
  ];
  return found.map((m) => m[1]);
}

/** The file or folder a specifier lands on inside the repository, or null for a package. */
function target(file: string, spec: string): string | null {
  if (spec.startsWith("@/")) return path.join(ROOT, spec.slice(2));
  if (spec.startsWith(".")) return path.resolve(path.dirname(file), spec);
  return null;
}

const inLens = (p: string) => p === LENS || p.startsWith(LENS + path.sep);
const isFace = (p: string) => p === LENS || p.replace(/\.(ts|js)$/, "") === path.join(LENS, "index");

describe("lens's public face", () => {
  it("walks the whole tree", () => {
    expect(FILES.some((f) => f.endsWith(path.join("lib", "surface", "registry.ts")))).toBe(true);
    expect(FILES.some((f) => f.endsWith(path.join("app", "lens", "page.tsx")))).toBe(true);
    expect(FILES.filter((f) => !inLens(f)).some((f) => specifiers(readFileSync(f, "utf8")).includes("@/lib/lens"))).toBe(true);
  });

  it("is the only way into lens from outside it", () => {
    const strays = FILES.filter((f) => !inLens(f)).flatMap((file) =>
      specifiers(readFileSync(file, "utf8"))
        .filter((spec) => {
          const t = target(file, spec);
          return t !== null && inLens(t) && !isFace(t);
        })
        .map((spec) => `${path.relative(ROOT, file)} imports ${spec}`),
    );
    expect(strays).toEqual([]);
  });

  it("is never imported by lens itself", () => {
    const loops = FILES.filter((f) => inLens(f) && !isFace(f)).flatMap((file) =>
      specifiers(readFileSync(file, "utf8"))
        .filter((spec) => {
          const t = target(file, spec);
          return t !== null && isFace(t);
        })
        .map((spec) => `${path.relative(ROOT, file)} imports ${spec}`),
    );
    expect(loops).toEqual([]);
  });
});
