/**
 * `demo: true` in site.config.ts puts "Demo content: a fictional owner" under every page and
 * a demo notice on the home page. It is right for the shipped demo and wrong the moment the
 * site is someone's own, so the build and `npm run doctor` say so once the owner's name, the
 * content or the photos are no longer the demo's. The signal for the files is their SHA-256
 * against the demo's, recorded in `demo-fingerprint.json` (text with its line endings made
 * Unix's, so a Windows checkout of the demo is still the demo).
 *
 * After changing the demo itself (content/ or photos/ of this repository):
 * `npx tsx scripts/build/demo.ts --write` records it again (a test fails until then).
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { DEMO_NAME } from "@/lib/site/config-schema";
import { NOTE_FILE } from "@/lib/content/load";

const FINGERPRINT = path.join(import.meta.dirname, "demo-fingerprint.json");
const TEXT = /\.(md|json|txt|ya?ml|csv)$/i;

/** Each file of a folder (upper-case notes such as README.md and hidden files left out: the build reads neither), by path inside it. */
export function fileHashes(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (rel: string) => {
    let entries;
    try {
      entries = readdirSync(path.join(dir, rel), { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (e.name.startsWith(".") || NOTE_FILE.test(e.name)) continue;
      const p = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(p);
      else if (e.isFile()) {
        const bytes = readFileSync(path.join(dir, p));
        const data = TEXT.test(e.name) ? Buffer.from(bytes.toString("utf8").replace(/\r\n/g, "\n")) : bytes;
        out[p] = createHash("sha256").update(data).digest("hex");
      }
    }
  };
  walk("");
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : 1)));
}

export interface Fingerprint {
  content: Record<string, string>;
  photos: Record<string, string>;
}

export function demoFingerprint(): Fingerprint {
  return JSON.parse(readFileSync(FINGERPRINT, "utf8")) as Fingerprint;
}

/** How a folder differs from the demo's: `3 of 52 files changed, 1 added, 2 removed (content/about.md, …)`, or null when it is the demo's. */
function drift(folder: string, have: Record<string, string>, demo: Record<string, string>): string | null {
  const changed = Object.keys(have).filter((f) => f in demo && demo[f] !== have[f]);
  const added = Object.keys(have).filter((f) => !(f in demo));
  const removed = Object.keys(demo).filter((f) => !(f in have));
  if (!changed.length && !added.length && !removed.length) return null;
  const parts = [
    changed.length ? `${changed.length} changed` : "",
    added.length ? `${added.length} added` : "",
    removed.length ? `${removed.length} removed` : "",
  ].filter(Boolean);
  const named = [...changed, ...added, ...removed].slice(0, 3).map((f) => `${folder}/${f}`);
  const more = changed.length + added.length + removed.length > 3 ? ", …" : "";
  return `${folder}/ is not the demo's (${parts.join(", ")} of its ${Object.keys(demo).length} files: ${named.join(", ")}${more})`;
}

/**
 * One line for a `demo: true` that no longer fits, or none: the owner's name (`name` or
 * `author.name`) is not the demo owner's, or `contentDir` / `photosDir` differ from the demo's.
 * A folder left undefined is not looked at.
 */
export function demoFlagProblems(
  config: { demo: boolean; name: string; author: { name: string } },
  dirs: { contentDir?: string; photosDir?: string },
  demo: Fingerprint = demoFingerprint(),
): string[] {
  if (!config.demo) return [];
  const reasons: string[] = [];
  const names = [...new Set([config.name, config.author.name].filter((n) => n !== DEMO_NAME))];
  if (names.length) reasons.push(`the owner is ${names.map((n) => `"${n}"`).join(" and ")}, not the demo's ${DEMO_NAME}`);
  if (dirs.contentDir) reasons.push(drift("content", fileHashes(dirs.contentDir), demo.content) ?? "");
  if (dirs.photosDir) reasons.push(drift("photos", fileHashes(dirs.photosDir), demo.photos) ?? "");
  const said = reasons.filter(Boolean);
  if (!said.length) return [];
  return [
    `site.config.ts: demo: true, but ${said.join("; ")}: every page still says "Demo content: a fictional owner" and the home page shows the demo notice; set demo: false`,
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  if (process.argv[2] !== "--write") {
    console.error("Usage: npx tsx scripts/build/demo.ts --write   (records content/ and photos/ as the shipped demo)");
    process.exit(2);
  }
  const root = path.resolve(import.meta.dirname, "../..");
  const made: Fingerprint = { content: fileHashes(path.join(root, "content")), photos: fileHashes(path.join(root, "photos")) };
  writeFileSync(FINGERPRINT, JSON.stringify(made, null, 2) + "\n");
  console.log(
    `Recorded ${Object.keys(made.content).length} content files and ${Object.keys(made.photos).length} photo files as the demo's.`,
  );
}
