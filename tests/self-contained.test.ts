import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * A clone of this repository is all a reader has: comments and docs cite what it holds (its
 * OpenAPI, docs/, the code), never a file beside it. The only paths outside it are the
 * third-party test inputs in `../shared/fixtures` and `../shared/data` (docs/testing.md),
 * which tests skip without.
 */
const root = path.resolve(import.meta.dirname, "..");

const RULES: { name: string; pattern: RegExp }[] = [
  // "This" and "that" below are split so this file does not name them itself.
  {
    name: "a contract or design file the repository does not hold",
    pattern: new RegExp(`\\b(?:${"SP" + "EC"}|${"ARCHI" + "TECTURE"})\\.md\\b`),
  },
  { name: "an absolute path of the machine it was written on", pattern: new RegExp(`(?:^|[\\s("'\`])/${"wo" + "rk"}/`) },
  { name: "notes kept beside the repository", pattern: new RegExp(`${"sha" + "red"}/notes|\\(notes/[\\w-]+\\.md|notes/[\\w-]+\\.md §`) },
  { name: "a path in ../shared other than the test inputs", pattern: new RegExp(`\\.\\./${"sha" + "red"}/(?!fixtures\\b|data\\b)`) },
];

/** The repository's files as git sees them (tracked, and new ones not ignored). */
function repoFiles(): string[] {
  const r = spawnSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z"], { cwd: root, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`git ls-files: ${r.stderr}`);
  return r.stdout
    .split("\0")
    .filter((f) => f && /\.(ts|tsx|mjs|js|md|json|yaml|yml|css|sh|txt)$/.test(f) && !f.endsWith("package-lock.json"));
}

/** Each line of `text` a rule refuses, as `file:line: what`. */
export function outsideReferences(file: string, text: string): string[] {
  return text.split("\n").flatMap((line, i) => RULES.filter((r) => r.pattern.test(line)).map((r) => `${file}:${i + 1}: ${r.name}`));
}

describe("the repository names only what it holds", () => {
  it("no file cites a file outside it, but the ../shared test inputs", () => {
    const found = repoFiles().flatMap((f) => {
      let text: string;
      try {
        text = readFileSync(path.join(root, f), "utf8");
      } catch {
        return []; // listed but deleted in the work tree
      }
      return outsideReferences(f, text);
    });
    expect(found).toEqual([]);
  });

  it("the rules catch each kind of citation, and leave the test inputs alone", () => {
    const spec = `${"SP" + "EC"}.md`;
    const shared = "sha" + "red";
    expect(outsideReferences("x", `// the error shape (${spec})`)).toHaveLength(1);
    expect(outsideReferences("x", ` * layout (${"ARCHI" + "TECTURE"}.md)`)).toHaveLength(1);
    expect(outsideReferences("x", `see /${"wo" + "rk"}/${shared}/x`)).toHaveLength(1);
    expect(outsideReferences("x", `(${"no" + "tes"}/infra.md §4a)`)).toHaveLength(1);
    expect(outsideReferences("x", `the table of ../../${shared}/notes/photos.md`)).not.toEqual([]);
    expect(outsideReferences("x", `const FIX = "../${shared}/fixtures/photos";`)).toEqual([]);
    expect(outsideReferences("x", `read ../${shared}/data/README.md`)).toEqual([]);
    expect(outsideReferences("x", `const files = ["notes/x.md"];`)).toEqual([]);
  });
});
