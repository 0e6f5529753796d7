import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, cycles, importGraph, resolveSpecifier, sourceFiles, specifiersIn } from "./helpers/import-graph";

/**
 * Layers point one way (lib/README.md): each lib/ folder (and each file at lib/'s top) sits
 * on a layer, and a file imports only its own layer or those below. A folder of one layer may
 * import a peer of the same layer (a capability another's); the cycle test below keeps peers
 * from leaning on each other both ways. A new lib/ folder is one line here, and fails the test
 * until it has one.
 */
const LAYERS: Readonly<Record<string, number>> = {
  "env.ts": 0,
  "process-singleton.ts": 0,
  "build-output.ts": 0,
  store: 0,
  ratelimit: 0,
  // Which live features are on: the rule and this process's decision (read by core, the capabilities and the jobs).
  features: 0,
  core: 1,
  // Which crawlers exist and how a User-Agent names one: read by the ledger, lens, robots.txt and the build.
  crawlers: 1,
  // The job contract (types, schedule, context, the runner) that capabilities declare jobs with…
  jobs: 1,
  around: 2,
  ask: 2,
  coffee: 2,
  content: 2,
  health: 2,
  ledger: 2,
  lens: 2,
  music: 2,
  photos: 2,
  resume: 2,
  search: 2,
  // …and the list of those jobs, with what runs it, above them.
  "jobs/list.ts": 3,
  "jobs/scheduler.ts": 3,
  "jobs/route.ts": 3,
  site: 3,
  surface: 4,
  // The node server's decisions (`npm start`): it calls the app's handlers through an interface
  // it declares (lib/edge/app-routes.ts), which lib/surface implements; it imports none of them.
  edge: 4,
};
const LAYER_NAMES = [
  "store, ratelimit, env, features",
  "core and the job contract",
  "capabilities",
  "site and the job list",
  "surface and the edge",
];

const LIB = path.join(ROOT, "lib");
/** A file's most specific entry of LAYERS: its own path under lib/, else its folder. */
function layerOf(file: string): number {
  const rel = path.relative(LIB, path.join(ROOT, file)).split(path.sep).join("/");
  return LAYERS[rel] ?? LAYERS[rel.split("/")[0]];
}

/** Everything the project's own code is made of: the graph a loop could run through. */
const PROJECT = [
  "lib",
  "app",
  "components",
  "scripts",
  "bin",
  "proxy.ts",
  "instrumentation.ts",
  "server.mjs",
  "site.config.ts",
  "next.config.ts",
];
const graph = importGraph(sourceFiles(PROJECT));

describe("layers", () => {
  it("every lib/ folder and top-level file has a layer", () => {
    const places = readdirSync(LIB, { withFileTypes: true })
      .filter((e) => e.isDirectory() || (/\.(ts|mjs)$/.test(e.name) && !/\.test\.ts$/.test(e.name)))
      .map((e) => e.name);
    expect(places.filter((p) => !(p in LAYERS))).toEqual([]);
  });

  const libFiles = [...graph.keys()].filter((f) => f.startsWith("lib/"));
  it.each(libFiles)("%s imports only its layer or below", (file) => {
    const own = layerOf(file);
    const upward = (graph.get(file) ?? [])
      .filter((target) => target.startsWith("lib/") && layerOf(target) > own)
      .map((target) => `${target} (${LAYER_NAMES[layerOf(target)]})`);
    expect(upward, `${file} (${LAYER_NAMES[own]}) imports from above`).toEqual([]);
  });

  it("the graph is read whole: static, type-only, re-exporting and dynamic imports, require, in any module file", () => {
    const text = [
      'import { a } from "./a";',
      'import type { B } from "@/lib/b";',
      'export { c } from "../c.mjs";',
      'export * from "./d";',
      'const e = await import("./e");',
      'const f = require("./f");',
      'import "./g";',
    ].join("\n");
    expect(specifiersIn(text)).toEqual(["./a", "@/lib/b", "../c.mjs", "./d", "./e", "./f", "./g"]);
    expect(resolveSpecifier("lib/ratelimit/limiter.ts", "./types")).toBe("lib/ratelimit/types.ts");
    expect(resolveSpecifier("app/page.tsx", "@/lib/env")).toBe("lib/env.ts");
    expect(resolveSpecifier("lib/x.ts", "zod")).toBeUndefined();
    expect(graph.get("lib/ratelimit/limiter.ts")).toContain("lib/ratelimit/sliding-window.ts");
    expect([...graph.keys()].some((f) => f.endsWith(".mjs"))).toBe(true);
  });
});

describe("arrows drawn folder by folder", () => {
  const folderOf = (f: string) => (f.startsWith("lib/") ? f.split("/").slice(0, 2).join("/") : f.split("/")[0]);
  const arrows = new Set<string>();
  for (const [file, targets] of graph)
    for (const t of targets) if (folderOf(file) !== folderOf(t)) arrows.add(`${folderOf(file)} → ${folderOf(t)}`);

  it("an arrow that runs both ways between two lib/ folders is explained in the README of each folder it leaves", () => {
    const unexplained: string[] = [];
    for (const arrow of arrows) {
      const [from, to] = arrow.split(" → ");
      if (!from.startsWith("lib/") || !to.startsWith("lib/") || !arrows.has(`${to} → ${from}`)) continue;
      const readme = readFileSync(path.join(ROOT, from, "README.md"), "utf8");
      // It names the other folder and says why the import runs back (the jobs contract, say).
      if (!readme.includes(`${to.slice(4)}/`)) unexplained.push(`${arrow}: ${from}/README.md does not name ${to.slice(4)}/`);
    }
    expect(unexplained).toEqual([]);
  });

  it("nothing in lib/ imports scripts/, which may import any layer (scripts/README.md)", () => {
    expect([...arrows].filter((a) => a.startsWith("lib/") && a.endsWith("→ scripts"))).toEqual([]);
  });

  it("site.config.ts imports only the type of its shape from lib/site, and nothing that shape imports reads site.config.ts", () => {
    expect(graph.get("site.config.ts")).toEqual(["lib/site/config-schema.ts"]);
    const seen = new Set<string>();
    const walk = (f: string) => {
      if (seen.has(f)) return;
      seen.add(f);
      for (const t of graph.get(f) ?? []) walk(t);
    };
    walk("lib/site/config-schema.ts");
    expect(seen.has("site.config.ts")).toBe(false);
  });
});

describe("no import loops", () => {
  it("no file reaches itself through its imports, type-only ones included", () => {
    expect(cycles(graph).map((loop) => loop.join(" → "))).toEqual([]);
  });
});

describe("nothing unchecked", () => {
  it("every JavaScript module in the repository asks tsc to check it (// @ts-check), so `npm run typecheck` covers it", () => {
    // Every folder of the project's own, not what is installed, built or served as a file.
    const skip = new Set(["node_modules", ".next", ".edge", ".site", ".git", "public", "test-results", "playwright-report"]);
    const js = readdirSync(ROOT, { recursive: true, encoding: "utf8" })
      .map((f) => f.split(path.sep).join("/"))
      .filter((f) => /\.(mjs|js|cjs)$/.test(f) && !skip.has(f.split("/")[0]) && !f.includes("/node_modules/"));
    expect(js.length).toBeGreaterThan(0);
    const unchecked = js.filter((f) => !/^(#!.*\n)?\/\/ @ts-check\n/.test(readFileSync(path.join(ROOT, f), "utf8")));
    expect(unchecked).toEqual([]);
  });
});
