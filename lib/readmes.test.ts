import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * A folder's README is where a newcomer learns what each file is for, so it must keep up
 * with the folder: every source file named (a subfolder's files by their path from the
 * README, unless the subfolder has a README of its own), and no file named that is gone.
 */

const root = path.resolve(import.meta.dirname, "..");

const isSource = (name: string) => /\.(ts|tsx|mjs)$/.test(name) && !/\.test\.tsx?$/.test(name);
const isScript = (name: string) => isSource(name) || name.endsWith(".sh");
const isTestOrHelper = (rel: string) => /^[^/]+\.test\.ts$/.test(rel) || (rel.startsWith("helpers/") && isSource(rel));

const hasReadme = (dir: string) => existsSync(path.join(root, dir, "README.md"));

/** Files under `dir` (paths relative to it) that its README answers for: a subfolder that is a folder of its own answers for its files. */
function filesOf(dir: string, keep: (rel: string) => boolean, ownFolder: (dir: string) => boolean = hasReadme, sub = ""): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(root, dir, sub), { withFileTypes: true })) {
    const rel = sub ? `${sub}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (!ownFolder(`${dir}/${rel}`)) out.push(...filesOf(dir, keep, ownFolder, rel));
    } else if (keep(rel)) out.push(rel);
  }
  return out.sort();
}

/** lib/ itself, each folder directly under it, and any deeper folder that has its own README. */
function libFolders(): string[] {
  const found = ["lib"];
  const walk = (rel: string, depth: number) => {
    for (const entry of readdirSync(path.join(root, rel), { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const child = `${rel}/${entry.name}`;
      if (depth === 0 || hasReadme(child)) found.push(child);
      walk(child, depth + 1);
    }
  };
  walk("lib", 0);
  return found.sort();
}

const backticked = (text: string) => [...text.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]);

/** A file a README names in backticks is found from the README's folder or a folder above it, or (a bare name) anywhere under the README's folder. */
function namedFileExists(readmeDir: string, name: string): boolean {
  for (let dir = readmeDir; dir !== "."; dir = path.dirname(dir)) if (existsSync(path.join(root, dir, name))) return true;
  if (existsSync(path.join(root, name))) return true;
  if (name.includes("/")) return false;
  return readdirSync(path.join(root, readmeDir), { recursive: true, encoding: "utf8" }).some((rel) => path.basename(rel) === name);
}

function checkReadme(dir: string, keep: (rel: string) => boolean, ownFolder: (dir: string) => boolean = hasReadme) {
  const readme = path.join(root, dir, "README.md");
  expect(existsSync(readme), `${dir}/README.md is missing`).toBe(true);
  const text = readFileSync(readme, "utf8");
  const named = new Set(backticked(text));
  const unnamed = filesOf(dir, keep, ownFolder).filter((rel) => !named.has(rel));
  expect(unnamed, `${dir}/README.md does not name these files (in backticks, by their path from the README)`).toEqual([]);
  const gone = [...named].filter((name) => /^[\w./-]+\.(ts|tsx|mjs|sh)$/.test(name) && !namedFileExists(dir, name));
  expect(gone, `${dir}/README.md names files that do not exist`).toEqual([]);
}

describe("READMEs name every file of their folder, and only files that exist", () => {
  const lib = libFolders();
  it.each(lib)("%s", (dir) => checkReadme(dir, isSource, (sub) => lib.includes(sub)));
  it("tests: every test file and helper", () => checkReadme("tests", isTestOrHelper));
  it("scripts: every script", () => checkReadme("scripts", isScript));
});

describe("the README check itself", () => {
  it("finds a file that sits in a subfolder without a README under its path from the README", () => {
    expect(filesOf("scripts", isScript)).toContain("build/site.ts");
    expect(filesOf("lib", isSource)).not.toContain("store/index.ts");
    expect(filesOf("lib", isSource, () => false)).toContain("store/index.ts");
  });
  it("tells a named file that exists from one that does not", () => {
    expect(namedFileExists("lib", "memory.ts")).toBe(true);
    expect(namedFileExists("lib", "store/index.ts")).toBe(true);
    expect(namedFileExists("lib/store", "lib/env.ts")).toBe(true);
    expect(namedFileExists("lib/store", "env.ts")).toBe(true);
    expect(namedFileExists("lib/around", "jobs/types.ts")).toBe(true);
    expect(namedFileExists("lib", "api/base-url.ts")).toBe(false);
    expect(namedFileExists("lib/store", "base-url.ts")).toBe(false);
  });
});
