import { NOTE_FILE } from "@/lib/content/load";
import { createHash } from "node:crypto";
import { access, mkdir, readFile, readdir, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import matter from "gray-matter";
import sharp from "sharp";
import { readPhotoMetadata } from "@/lib/photos/metadata";
import { FULL_MAX_EDGE, RENDITIONS, type PhotoEntry, type PhotoManifestFile, type RenditionName } from "@/lib/photos/types";
import { QUERY_FORMS } from "@/lib/edge/query-pages";
import { writeAtomic } from "./write";
import { ProgressLine } from "./progress";

export interface PhotoBuildOptions {
  photosDir: string;
  outDir: string;
  /** Where renditions are written; served at `urlBase`. */
  publicDir: string;
  urlBase: string;
  concurrency?: number;
  log?: (line: string) => void;
  /** Progress on a TTY (a redrawn line) or nothing. */
  progress?: boolean;
}

export interface PhotoBuildReport {
  photos: number;
  encoded: number;
  cached: number;
  skipped: { file: string; reason: string }[];
  ms: number;
}

/** The first line of the error buildPhotos throws for the owner's mistakes (scripts/build.ts prints it and stops). */
export const PHOTO_PROBLEMS = "photos have problems (nothing was written; fix them and build again):";

type Cache = Record<string, { hash: string; mtime: string; entry: PhotoEntry }>;
const MAX_CAPTION = 240;
const MAX_TITLE = 80;
const exists = (f: string) =>
  access(f).then(
    () => true,
    () => false,
  );

/**
 * photos/ → renditions (AVIF + JPEG, metadata stripped, rotated upright) and
 * `.site/photos.json`. Cached by content hash: a rebuild encodes only new or changed
 * files. A file that cannot be read is reported by name and skipped; it never fails the
 * build or loses the others. A title over 80 or a caption over 240 characters does fail it (`file: field: reason`).
 */
export async function buildPhotos(opts: PhotoBuildOptions): Promise<PhotoBuildReport> {
  const started = performance.now();
  const log = opts.log ?? (() => {});
  const files = await readdir(opts.photosDir).catch(() => [] as string[]);
  // Hidden files (macOS leaves "._DSCF1234.JPG" beside each photo on exFAT and in archives) are not photos.
  const names = files.filter((n) => !n.startsWith(".") && /\.jpe?g$/i.test(n)).sort();
  // A caption whose photo was renamed or removed would be lost without a word.
  const stems = new Set(names.map((n) => n.replace(/\.jpe?g$/i, "")));
  for (const orphan of files.filter((n) => !n.startsWith(".") && n.endsWith(".txt") && !stems.has(n.slice(0, -4))).sort())
    log(`  photos/${orphan}: caption: no photo named ${orphan.slice(0, -4)}.jpg goes with it; not used`);
  // A photo named like a page of /photos' own (the filters' page) would be shadowed by it: never shown, without a word.
  const taken = QUERY_FORMS.flatMap((f) => (f.to.startsWith("/photos/") ? [f.to.slice("/photos/".length)] : []));
  const shadowed = names.filter((n) => taken.includes(n.replace(/\.jpe?g$/i, "")));
  if (shadowed.length)
    throw new Error(
      `${PHOTO_PROBLEMS}\n  ${shadowed.map((n) => `photos/${n}: name: /photos/${n.replace(/\.jpe?g$/i, "")} is a page of the site's own; rename the file`).join("\n  ")}`,
    );
  // A PNG or HEIC dropped in here would otherwise never appear, without a word.
  for (const other of files.filter((n) => !n.startsWith(".") && !/\.(jpe?g|txt)$/i.test(n) && !NOTE_FILE.test(n)).sort()) {
    const folder = await stat(path.join(opts.photosDir, other)).then(
      (st) => st.isDirectory(),
      () => false,
    );
    log(
      `  photos/${other}${folder ? "/" : ""}: left out: ${folder ? "folders inside photos/ are not read; move its photos into photos/" : "only .jpg and .jpeg files are published (save it as a JPEG)"}`,
    );
  }
  const cacheFile = path.join(opts.outDir, "cache", "photos.json");
  const cache = JSON.parse(await readFile(cacheFile, "utf8").catch(() => "{}")) as Cache;
  const next: Cache = {};
  const skipped: PhotoBuildReport["skipped"] = [];
  const captions = await readCaptions(opts.photosDir, names);
  await mkdir(opts.publicDir, { recursive: true });

  let encoded = 0;
  let done = 0;
  const progress = new ProgressLine("photos", names.length, opts.progress ?? false);
  const entries: (PhotoEntry | undefined)[] = new Array(names.length);
  await pool(names, opts.concurrency ?? Math.max(1, os.cpus().length), async (name, i) => {
    const file = path.join(opts.photosDir, name);
    const stem = name.replace(/\.jpe?g$/i, "");
    let bytes: Buffer | undefined;
    try {
      bytes = await readFile(file);
      const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 12);
      const mtime = (await stat(file)).mtime.toISOString();
      const hit = cache[stem];
      const { title, alt, portrait } = captions.get(stem) ?? { title: null, alt: null };
      // An entry from before a rendition was added lacks it, so it is encoded again.
      const complete = hit && RENDITIONS.every(([n]) => n in hit.entry.thumb);
      if (hit && complete && hit.hash === hash && (await outputsExist(hit.entry, opts.publicDir))) {
        const { portrait: _was, ...cached } = hit.entry;
        entries[i] = { ...cached, title, alt, uploaded: hit.mtime, ...(portrait ? { portrait } : {}) };
        next[stem] = { ...hit, entry: entries[i]! };
      } else {
        const entry = await processPhoto(bytes, {
          stem,
          hash,
          title,
          alt,
          uploaded: mtime,
          publicDir: opts.publicDir,
          urlBase: opts.urlBase,
        });
        entries[i] = portrait ? { ...entry, portrait } : entry;
        next[stem] = { hash, mtime, entry: entries[i]! };
        encoded++;
      }
    } catch (err) {
      const reason = unreadablePhoto(err as Error, bytes);
      skipped.push({ file: `photos/${name}`, reason });
      log(`  photos/${name}: skipped: ${reason}`);
    }
    progress.tick(++done);
  });
  progress.end();

  const photos = entries
    .filter((e): e is PhotoEntry => Boolean(e))
    .sort((a, b) => (b.metadata.date ?? "").localeCompare(a.metadata.date ?? "") || a.stem.localeCompare(b.stem));
  await removeStale(opts.publicDir, new Set(photos.map((p) => p.hash)));
  const manifest: PhotoManifestFile = { builtAt: new Date().toISOString(), photos };
  await writeAtomic(path.join(opts.outDir, "photos.json"), JSON.stringify(manifest));
  await writeAtomic(cacheFile, JSON.stringify(next));
  const ms = Math.round(performance.now() - started);
  log(
    `  photos ${photos.length} published, ${encoded} encoded, ${photos.length - encoded} from cache, ${skipped.length} skipped, in ${(ms / 1000).toFixed(1)} s`,
  );
  return { photos: photos.length, encoded, cached: photos.length - encoded, skipped, ms };
}

/** A photo's file name without its extension becomes its URL (/photos/<stem>): letters, digits, `-` and `_`. */
const STEM = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

/**
 * The owner's mistakes in photos/ that would publish a broken page, found before anything is
 * written: a file name that is no URL ("my holiday (1).jpg"), two files that would be one
 * page (DSCF1234.JPG and DSCF1234.jpeg), a title over 80 or a caption over 240 characters.
 */
async function readCaptions(dir: string, names: string[]): Promise<Map<string, Sidecar>> {
  const captions = new Map<string, Sidecar>();
  const problems: string[] = [];
  let portraitOf: string | undefined;
  const byStem = new Map<string, string>();
  for (const name of names) {
    const stem = name.replace(/\.jpe?g$/i, "");
    if (!STEM.test(stem))
      problems.push(`photos/${name}: file name: use letters, digits, '-' and '_' only (it becomes the page /photos/${stem})`);
    const other = byStem.get(stem);
    if (other) problems.push(`photos/${name}: file name: ${stem} is already taken by photos/${other} (one page per name)`);
    else byStem.set(stem, name);
  }
  for (const name of names) {
    const stem = name.replace(/\.jpe?g$/i, "");
    const text = await readFile(path.join(dir, `${stem}.txt`), "utf8").catch(() => undefined);
    if (text === undefined) continue;
    const { fields, problem } = sidecarFields(text);
    if (problem) {
      problems.push(`photos/${stem}.txt: ${problem}`);
      continue;
    }
    if (fields.portrait) {
      if (portraitOf) problems.push(`photos/${stem}.txt: portrait: photos/${portraitOf}.txt already marks the portrait (one photo is)`);
      else portraitOf = stem;
    }
    const { title, caption } = parseSidecar(text);
    if (title && title.length > MAX_TITLE)
      problems.push(`photos/${stem}.txt: title: must be at most ${MAX_TITLE} characters (it has ${title.length})`);
    if (caption.length > MAX_CAPTION)
      problems.push(`photos/${stem}.txt: caption: must be at most ${MAX_CAPTION} characters (it has ${caption.length})`);
    if (title || caption || fields.portrait)
      captions.set(stem, { title: title || null, alt: caption || null, ...(fields.portrait ? { portrait: true as const } : {}) });
  }
  if (problems.length) throw new Error(`${PHOTO_PROBLEMS}\n  ${problems.join("\n  ")}`);
  return captions;
}

type Sidecar = { title: string | null; alt: string | null; portrait?: true };

/** What a sidecar's front matter may say: `portrait: true` marks the owner's portrait (docs/owner-guide.md). */
const SIDECAR_FIELDS = ["portrait"];
const FRONT_MATTER = /^\uFEFF?---[ \t]*\r?\n/;

/**
 * A sidecar may open with front matter (`---` lines, YAML) before its title and caption;
 * `portrait: true` marks the photo About and the press kit show. Anything else is named.
 */
export function sidecarFields(text: string): { fields: { portrait?: boolean }; problem?: string } {
  if (!FRONT_MATTER.test(text)) return { fields: {} };
  let data: Record<string, unknown>;
  try {
    data = matter(text.replace(/^\uFEFF/, "")).data;
  } catch (err) {
    return { fields: {}, problem: `front matter: not YAML (${(err as Error).message.split("\n")[0]})` };
  }
  const unknown = Object.keys(data).filter((k) => !SIDECAR_FIELDS.includes(k));
  if (unknown.length) return { fields: {}, problem: `front matter: ${unknown.join(", ")}: unknown field (a sidecar knows portrait)` };
  if (data.portrait !== undefined && typeof data.portrait !== "boolean") return { fields: {}, problem: "portrait: must be true or false" };
  return { fields: data.portrait ? { portrait: true } : {} };
}

/**
 * A sidecar as photos/README.md describes it: a title on the first line with a blank line
 * after it, then the caption; or the caption alone (one paragraph, the way it was before
 * titles), whose first clause then titles the photo (lib/photos/display.ts).
 */
export function parseSidecar(text: string): { title: string; caption: string } {
  const squash = (t: string) => t.replace(/\s+/g, " ").trim();
  const clean = withoutFrontMatter(text)
    .replace(/^\uFEFF/, "")
    .replace(/\r\n?/g, "\n")
    .trim();
  const [first, ...rest] = clean.split(/\n[ \t]*\n/);
  // A first paragraph of several lines is a caption wrapped by its editor, not a title.
  if (rest.length && !first.includes("\n")) return { title: squash(first), caption: squash(rest.join(" ")) };
  return { title: "", caption: squash(clean) };
}

function withoutFrontMatter(text: string): string {
  if (!FRONT_MATTER.test(text)) return text;
  try {
    return matter(text.replace(/^\uFEFF/, ""), {}).content;
  } catch {
    return text;
  }
}

const isJpegStart = (b: Buffer) => b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;

/** Why a photo could not be read, in the owner's words rather than the image library's. */
export function unreadablePhoto(err: Error, bytes?: Buffer): string {
  const first = err.message.split("\n")[0];
  if (/buffer is empty/i.test(first) || bytes?.length === 0) return "the file is empty (copy it again from the camera or card)";
  // libvips keeps one error buffer for its worker threads: with several photos decoding at
  // once, a truncated file's "premature end" is sometimes read as "Unknown error". A JPEG
  // that starts like one but lacks its end-of-image marker is cut short, whatever was said.
  // A system error (a full disk, a folder it may not write) is not the photo's fault.
  const systemError = typeof (err as NodeJS.ErrnoException).code === "string";
  const cutShort = !systemError && bytes !== undefined && isJpegStart(bytes) && !(bytes.at(-2) === 0xff && bytes.at(-1) === 0xd9);
  if (/premature end|truncated|corrupt/i.test(first) || cutShort)
    return `the file is cut short or damaged (copy it again from the camera or card; the decoder said: ${first})`;
  if (/unsupported image format/i.test(first)) return "the file is not a JPEG image, whatever its name says";
  return first;
}

async function processPhoto(
  bytes: Buffer,
  o: { stem: string; hash: string; title: string | null; alt: string | null; uploaded: string; publicDir: string; urlBase: string },
): Promise<PhotoEntry> {
  // Decoding first: a corrupt or truncated file fails here, before anything is written.
  const { metadata } = await readPhotoMetadata(bytes);
  const base = `${o.stem}-${o.hash}`;
  const source = sharp(bytes, { failOn: "truncated" }).rotate();
  const sizes = {} as PhotoEntry["sizes"];
  const thumb = {} as PhotoEntry["thumb"];

  const fullKey = `${base}-full.jpg`;
  // sharp writes no metadata unless asked (never call withMetadata): GPS, serials and names stay behind.
  const full = await source
    .clone()
    .resize({ width: FULL_MAX_EDGE, height: FULL_MAX_EDGE, fit: "inside", withoutEnlargement: true })
    .jpeg({ quality: 88, mozjpeg: true })
    .toBuffer({ resolveWithObject: true });
  await writeAtomic(path.join(o.publicDir, fullKey), full.data);
  sizes.full = { width: full.info.width, height: full.info.height, bytes: full.info.size };

  for (const [name, edge, format] of RENDITIONS) {
    const file = `${base}-${name}.${format === "avif" ? "avif" : "jpg"}`;
    const pipeline = source.clone().resize({ width: edge, height: edge, fit: "inside", withoutEnlargement: true });
    const out = await (
      format === "avif" ? pipeline.avif({ quality: 55, effort: 2 }) : pipeline.jpeg({ quality: 80, mozjpeg: true, progressive: true })
    ).toBuffer({ resolveWithObject: true });
    await writeAtomic(path.join(o.publicDir, file), out.data);
    thumb[name as RenditionName] = `${o.urlBase}/${file}`;
    sizes[name as RenditionName] = { width: out.info.width, height: out.info.height, bytes: out.info.size };
  }
  return {
    stem: o.stem,
    title: o.title,
    alt: o.alt,
    hash: o.hash,
    full: `${o.urlBase}/${fullKey}`,
    fullKey,
    thumb,
    sizes,
    bytes: bytes.length,
    uploaded: o.uploaded,
    metadata,
  };
}

async function outputsExist(entry: PhotoEntry, publicDir: string): Promise<boolean> {
  const files = [
    entry.fullKey,
    ...Object.values(entry.thumb)
      .filter((t): t is string => Boolean(t))
      .map((t) => path.basename(t)),
  ];
  return (await Promise.all(files.map((f) => exists(path.join(publicDir, f))))).every(Boolean);
}

/** Renditions of photos that were removed or changed would otherwise pile up. */
async function removeStale(publicDir: string, keep: Set<string>): Promise<void> {
  for (const name of await readdir(publicDir).catch(() => [] as string[])) {
    const m = /-([0-9a-f]{12})-[A-Za-z]+\.(jpg|avif)$/.exec(name);
    if (m && !keep.has(m[1])) await rm(path.join(publicDir, name), { force: true });
  }
}

async function pool<T>(items: T[], concurrency: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(concurrency, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      await work(items[i], i);
    }
  });
  await Promise.all(workers);
}
