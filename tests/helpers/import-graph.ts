import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

/**
 * The project's own import graph as TypeScript's scanner reads it: static, type-only and
 * dynamic imports, `export … from`, `require`, in .ts, .tsx, .mts and .mjs files alike, with
 * `@/` and relative specifiers resolved to files. Packages are left out: they cannot close
 * a loop through our code.
 */
export const ROOT = path.resolve(import.meta.dirname, "..", "..");

const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;
const SKIPPED_DIRS = new Set(["node_modules", ".next", ".site", ".git", "coverage", "test-results", "playwright-report"]);
const RESOLVED_SUFFIXES = ["", ".ts", ".tsx", ".mts", ".mjs", ".js", "/index.ts", "/index.tsx", "/index.mjs"];

/** Every non-test source file under the given folders (relative to the root), as root-relative paths. */
export function sourceFiles(dirs: readonly string[]): string[] {
  const out: string[] = [];
  const walk = (abs: string) => {
    for (const e of readdirSync(abs, { withFileTypes: true })) {
      if (e.isDirectory()) {
        if (!SKIPPED_DIRS.has(e.name)) walk(path.join(abs, e.name));
      } else if (SOURCE.test(e.name) && !/\.test\.[cm]?[jt]sx?$/.test(e.name) && !e.name.endsWith(".d.ts")) {
        out.push(path.relative(ROOT, path.join(abs, e.name)));
      }
    }
  };
  for (const d of dirs) {
    const abs = path.join(ROOT, d);
    if (statSync(abs).isDirectory()) walk(abs);
    else out.push(d);
  }
  return out.sort();
}

/** The file a specifier names, root-relative, or undefined for a package. */
export function resolveSpecifier(from: string, specifier: string): string | undefined {
  let base: string;
  if (specifier.startsWith("@/")) base = path.join(ROOT, specifier.slice(2));
  else if (specifier.startsWith("./") || specifier.startsWith("../")) base = path.resolve(ROOT, path.dirname(from), specifier);
  else return undefined;
  for (const suffix of RESOLVED_SUFFIXES) {
    const candidate = base + suffix;
    if (existsSync(candidate) && statSync(candidate).isFile()) return path.relative(ROOT, candidate);
  }
  // `./x.js` written for a TypeScript file, as ESM tooling sometimes asks.
  if (/\.js$/.test(base) && existsSync(base.replace(/\.js$/, ".ts"))) return path.relative(ROOT, base.replace(/\.js$/, ".ts"));
  throw new Error(`${from}: cannot resolve ${specifier}`);
}

/** Every module a source text names, by any form of import. */
export function specifiersIn(text: string): string[] {
  return ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName);
}

/** The project files each file imports (root-relative), by any form of import. */
export function importsOf(file: string): string[] {
  const found = specifiersIn(readFileSync(path.join(ROOT, file), "utf8")).map((s) => resolveSpecifier(file, s));
  return [...new Set(found.filter((f): f is string => f !== undefined))];
}

export type Graph = Map<string, string[]>;

export function importGraph(files: readonly string[]): Graph {
  return new Map(files.map((f) => [f, importsOf(f)]));
}

/**
 * Every strongly connected group of more than one file (or a file importing itself), each
 * as one loop through it, so a failure names the files to untangle in import order.
 */
export function cycles(graph: Graph): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1 || (graph.get(v) ?? []).includes(v)) groups.push(group);
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return groups.map((g) => loopThrough(graph, new Set(g)));
}

/** One loop inside a strongly connected group: a shortest way from its first file back to it. */
function loopThrough(graph: Graph, group: Set<string>): string[] {
  const start = [...group].sort()[0];
  const from = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const v = queue.shift()!;
    for (const w of graph.get(v) ?? []) {
      if (!group.has(w)) continue;
      if (w === start) {
        const loop = [v];
        while (loop[0] !== start) loop.unshift(from.get(loop[0])!);
        return [...loop, start];
      }
      if (!from.has(w)) {
        from.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start, start];
}
