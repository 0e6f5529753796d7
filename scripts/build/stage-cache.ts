import { createHash } from "node:crypto";
import { existsSync, readFileSync, statSync } from "node:fs";
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from "node:fs/promises";
import { builtinModules } from "node:module";
import path from "node:path";

/**
 * A content-addressed cache for a build stage's output files, kept outside the build's output
 * (`node_modules/.cache/site-build/<stage>/<key>/`), so a clean build (`.site/` deleted), a switch
 * back to an earlier content or a copy of the project that links node_modules reuses what an
 * earlier build made from the same inputs and the same code.
 *
 * The key is a hash of what the caller says the output depends on (`inputs`: the content, the
 * settings) and of the code that makes it: the `code` entry files and every project file they
 * import, followed through relative and `@/` imports, plus the version of each package they
 * import. Editing any of those files makes a new key; nothing needs bumping by hand.
 *
 * `BUILD_CACHE_DIR` moves it; `BUILD_CACHE_DIR=off` turns it off. Each stage keeps its newest
 * KEEP entries. Any stage can use it: `await stageCache({ stage, inputs, code, outputs }, work)`.
 */
const ROOT = path.resolve(import.meta.dirname, "..", "..");
const KEEP = 3;
const DETAIL = "detail.txt";

export function buildCacheDir(): string | undefined {
  const dir = process.env.BUILD_CACHE_DIR;
  if (dir === "off") return undefined;
  return dir ? path.resolve(dir) : path.join(ROOT, "node_modules", ".cache", "site-build");
}

export interface StageCacheOptions {
  /** The stage's name: one folder per stage. */
  stage: string;
  /** What the output is made from, as text (a hash of the content, the settings). */
  inputs: string;
  /** The files whose code makes the output (project-relative); what they import is followed. */
  code: string[];
  /** The files the stage writes; restored by name on a hit. */
  outputs: string[];
}

/**
 * Restores the outputs from the cache when an earlier run made them from the same inputs and
 * code; otherwise runs `work` (which writes them) and stores them. Returns the detail line the
 * work returned (kept with the entry), and whether it came from the cache.
 */
export async function stageCache(
  opts: StageCacheOptions,
  work: () => Promise<string | void>,
): Promise<{ hit: boolean; detail?: string; key: string }> {
  const key = stageKey(opts);
  const root = buildCacheDir();
  if (!root) return { hit: false, detail: (await work()) ?? undefined, key };
  const entry = path.join(root, opts.stage, key);
  const names = opts.outputs.map((f) => path.basename(f));
  if (new Set(names).size !== names.length) throw new Error(`stage cache ${opts.stage}: two outputs share a file name`);
  if (names.every((n) => existsSync(path.join(entry, n))) && existsSync(path.join(entry, DETAIL))) {
    for (const f of opts.outputs) {
      await mkdir(path.dirname(f), { recursive: true });
      // Copied to a temporary name and renamed, so a reader never sees half a file.
      await copyFile(path.join(entry, path.basename(f)), `${f}.cache-tmp`);
      await rename(`${f}.cache-tmp`, f);
    }
    const detail = await readFile(path.join(entry, DETAIL), "utf8");
    // Used now: the pruning keeps the entries used last.
    await utimes(entry, new Date(), new Date()).catch(() => {});
    return { hit: true, detail: detail || undefined, key };
  }
  const detail = (await work()) ?? undefined;
  try {
    const tmp = `${entry}.tmp-${process.pid}`;
    await rm(tmp, { recursive: true, force: true });
    await mkdir(tmp, { recursive: true });
    for (const f of opts.outputs) await copyFile(f, path.join(tmp, path.basename(f)));
    await writeFile(path.join(tmp, DETAIL), detail ?? "");
    await rm(entry, { recursive: true, force: true });
    await rename(tmp, entry);
    await prune(path.join(root, opts.stage));
  } catch {
    // A cache that cannot be written (read-only node_modules, a full disk) costs the next build time, not this one.
  }
  return { hit: false, detail, key };
}

/** The cache key: the inputs, and the code of the entry files and all they import. */
export function stageKey(opts: Pick<StageCacheOptions, "stage" | "inputs" | "code">): string {
  const h = createHash("sha256").update(`${opts.stage}\n${opts.inputs}\n`);
  for (const [name, digest] of codeFingerprint(opts.code)) h.update(`${name} ${digest}\n`);
  return h.digest("hex").slice(0, 32);
}

/** Every project file reachable from `entries` by import, and every package imported, each with a digest or version. */
export function codeFingerprint(entries: string[]): [string, string][] {
  const seen = new Map<string, string>();
  const packages = new Map<string, string>();
  const queue = entries.map((e) => path.resolve(ROOT, e));
  while (queue.length) {
    const file = queue.pop()!;
    const rel = path.relative(ROOT, file);
    if (seen.has(rel)) continue;
    const text = readFileSync(file, "utf8");
    seen.set(rel, createHash("sha256").update(text).digest("hex"));
    for (const spec of importsOf(text)) {
      if (spec.startsWith("node:") || builtinModules.includes(spec)) continue;
      if (spec.startsWith(".") || spec.startsWith("@/")) {
        const target = resolveFile(spec.startsWith("@/") ? path.join(ROOT, spec.slice(2)) : path.resolve(path.dirname(file), spec));
        if (target) queue.push(target);
      } else {
        const name = spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : spec.split("/")[0];
        if (!packages.has(name)) packages.set(name, packageVersion(name));
      }
    }
  }
  return [...[...seen].sort(), ...[...packages].sort().map(([n, v]): [string, string] => [`package ${n}`, v])];
}

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["']([^"']+)["']/g;
function importsOf(text: string): string[] {
  return [...text.matchAll(IMPORT)].map((m) => m[1]);
}

function resolveFile(base: string): string | undefined {
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}.mjs`, `${base}.js`, path.join(base, "index.ts")]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this one
    }
  }
  return undefined;
}

function packageVersion(name: string): string {
  try {
    return (JSON.parse(readFileSync(path.join(ROOT, "node_modules", name, "package.json"), "utf8")) as { version: string }).version;
  } catch {
    return "absent";
  }
}

/** Keeps a stage's newest KEEP entries. */
async function prune(stageDir: string): Promise<void> {
  const entries = await Promise.all(
    (await readdir(stageDir))
      .filter((n) => !n.includes(".tmp-"))
      .map(async (n) => ({ n, t: (await stat(path.join(stageDir, n))).mtimeMs })),
  );
  entries.sort((a, b) => b.t - a.t);
  for (const { n } of entries.slice(KEEP)) await rm(path.join(stageDir, n), { recursive: true, force: true });
}
