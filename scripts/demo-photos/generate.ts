// Demo photo generator.
//
//   npx tsx scripts/demo-photos/generate.ts [--out <dir>]
//
// Writes 12 generated, clearly marked demo JPEGs (abstract SVG scenes rendered with sharp) plus
// a one-line caption sidecar (<stem>.txt) for each into photos/ (or --out). Every file carries
// synthetic Fujifilm-style EXIF and a Fujifilm MakerNote recipe (see recipes.ts and
// makernote.ts), so the build's EXIF allowlist, recipe decoder, orientation handling and GPS
// stripping all have something realistic to chew on. No third-party image data is involved.
//
// Deterministic: no clocks, no Math.random (a seeded PRNG per photo), fixed encoder settings.
// Re-running overwrites the demo-NN-* files and removes stale demo-NN-* files; other files in
// the folder (an owner's own photos, photos/README.md) are never touched.

import { mkdir, readdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

import { type ExifFields, withExif } from "./exif";
import { encodeMakerNote, recipeEntries } from "./makernote";
import { RECIPES } from "./recipes";
import { CAMERAS, CROP_FACTOR, LENSES, SHOTS, type Shot } from "./shots";
import { makeRand, seedFrom } from "./svg";

// -- Rendering --------------------------------------------------------------------------------

const LONG = 1600;
const SHORT = 1067;
const JPEG_OPTIONS = { quality: 82, mozjpeg: true } as const;
const MAX_BYTES = 250 * 1024;

/** Render the scene upright, then store it the way the layout says. */
async function renderJpeg(shot: Shot): Promise<{ jpeg: Buffer; width: number; height: number; orientation: 1 | 6 }> {
  const upright = shot.layout === "landscape" ? { w: LONG, h: SHORT } : { w: SHORT, h: LONG };
  const svg = shot.scene(upright.w, upright.h, makeRand(seedFrom(shot.stem)));
  let image = sharp(Buffer.from(svg));
  if (shot.layout === "rotated-portrait") {
    // Orientation 6 means "rotate 90° clockwise to display", so the stored pixels are the
    // upright picture turned 90° counter-clockwise (a camera held with its grip up).
    image = sharp(await image.png().toBuffer()).rotate(270);
  }
  const jpeg = await image.jpeg(JPEG_OPTIONS).toBuffer();
  const meta = await sharp(jpeg).metadata();
  const orientation = shot.layout === "rotated-portrait" ? 6 : 1;
  return { jpeg, width: meta.width ?? 0, height: meta.height ?? 0, orientation };
}

function exifFor(shot: Shot, width: number, height: number, orientation: 1 | 6): ExifFields {
  const recipe = RECIPES[shot.recipe];
  const focalLength = shot.lens ? LENSES[shot.lens].focalLength : 23;
  if (shot.camera === "X100VI" && shot.lens) throw new Error(`${shot.stem}: the X100VI has a fixed lens`);
  if (shot.camera === "X-T50" && !shot.lens) throw new Error(`${shot.stem}: X-T50 shots need a lens`);
  return {
    make: "FUJIFILM",
    model: shot.camera,
    orientation,
    software: "demo-photos generator",
    artist: "Avery Quill (demo)",
    copyright: "Demo image",
    dateTimeOriginal: shot.taken,
    offsetTimeOriginal: shot.offset,
    fNumber: shot.fNumber,
    exposureTime: shot.exposureTime,
    iso: shot.iso,
    exposureBias: shot.evThirds % 3 === 0 ? [shot.evThirds / 3, 1] : [shot.evThirds, 3],
    focalLength,
    focalLengthIn35mm: Math.round(focalLength * CROP_FACTOR),
    lensMake: shot.lens ? "FUJIFILM" : undefined,
    lensModel: shot.lens,
    exposureProgram: shot.exposureProgram ?? 3,
    meteringMode: 5, // multi-segment
    flash: shot.flash ?? 16,
    exposureMode: shot.exposureProgram === 1 ? 1 : 0,
    whiteBalance: recipe.whiteBalance.mode === "Auto" ? 0 : 1,
    bodySerialNumber: CAMERAS[shot.camera].bodySerialNumber,
    width,
    height,
    makerNote: encodeMakerNote(recipeEntries(recipe)),
    gps: shot.gps,
  };
}

function checkShotList(): void {
  const stems = new Set<string>();
  const dates = new Set<string>();
  for (const shot of SHOTS) {
    if (!/^demo-\d{2}-[a-z0-9]+(?:-[a-z0-9]+)*$/.test(shot.stem)) throw new Error(`bad stem ${shot.stem}`);
    if (stems.has(shot.stem)) throw new Error(`duplicate stem ${shot.stem}`);
    stems.add(shot.stem);
    if (dates.has(shot.taken)) throw new Error(`duplicate date ${shot.taken}`);
    dates.add(shot.taken);
    if (!/^\d{4}:\d{2}:\d{2} \d{2}:\d{2}:\d{2}$/.test(shot.taken)) throw new Error(`bad date ${shot.taken}`);
    if (!shot.caption.startsWith("Demo image:") || shot.caption.length > 240 || /[\r\n]/.test(shot.caption)) {
      throw new Error(`${shot.stem}: caption must be one line, start with "Demo image:" and be ≤ 240 characters`);
    }
  }
  if (SHOTS.filter((s) => s.gps).length !== 1) throw new Error("exactly one demo photo should carry GPS");
}

async function main(): Promise<void> {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const outFlag = process.argv.indexOf("--out");
  const outDir = outFlag > -1 && process.argv[outFlag + 1] ? path.resolve(process.argv[outFlag + 1]) : path.resolve(here, "../../photos");
  checkShotList();
  await mkdir(outDir, { recursive: true });

  // Remove demo files from earlier runs that are no longer in the list (never anything else).
  const keep = new Set(SHOTS.flatMap((s) => [`${s.stem}.jpg`, `${s.stem}.txt`]));
  for (const name of await readdir(outDir)) {
    if (/^demo-\d{2}-[a-z0-9-]+\.(?:jpg|txt)$/.test(name) && !keep.has(name)) await rm(path.join(outDir, name));
  }

  for (const shot of SHOTS) {
    const { jpeg, width, height, orientation } = await renderJpeg(shot);
    const file = withExif(jpeg, exifFor(shot, width, height, orientation));
    if (file.length > MAX_BYTES) throw new Error(`${shot.stem}.jpg is ${file.length} bytes (limit ${MAX_BYTES})`);
    await writeFile(path.join(outDir, `${shot.stem}.jpg`), file);
    await writeFile(path.join(outDir, `${shot.stem}.txt`), `${shot.caption}\n`);
    const recipe = RECIPES[shot.recipe];
    console.log(
      `${shot.stem}.jpg  ${width}×${height} o${orientation}  ${(file.length / 1024).toFixed(0)} KB  ${shot.camera}  ${recipe.filmSimulation}${shot.gps ? "  GPS" : ""}`,
    );
  }
  console.log(`Wrote ${SHOTS.length} demo photos to ${path.relative(process.cwd(), outDir) || "."}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
