// Demo photo generator.
//
//   scripts/demo-photos/fetch-sources.sh            # once: download + unpack the source photos
//   npx tsx scripts/demo-photos/generate.ts [--out <dir>]
//
// Writes 12 demo JPEGs plus a sidecar (<stem>.txt: title, blank line, caption) for each into
// photos/ (or --out). Each picture is a real photograph from a Debian wallpaper package (CC0,
// CC BY or CC BY-SA; source, author and licence per shot in shots.ts, table in photos/README.md),
// cropped to 3:2 or 2:3 and resized to 1600 px on the long edge (the site's footer says the content is a demo).
// Every file carries synthetic Fujifilm-style EXIF and a Fujifilm MakerNote recipe (see
// recipes.ts and makernote.ts), so the build's EXIF allowlist, recipe decoder, orientation
// handling and GPS stripping all have something realistic to chew on.
//
// The source photographs are read from DEMO_PHOTO_SOURCES (default /tmp/demo-photo-sources),
// the folder fetch-sources.sh fills; shot paths are relative to it.
//
// Deterministic for a given sharp/libvips: no clocks, no randomness, fixed encoder settings.
// Re-running overwrites the demo-NN-* files and removes stale demo-NN-* files; other files in
// the folder (an owner's own photos, photos/README.md) are never touched.

import { access, mkdir, readdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

import { type ExifFields, withExif } from "./exif";
import { encodeMakerNote, recipeEntries } from "./makernote";
import { RECIPES } from "./recipes";
import { CAMERAS, CROP_FACTOR, LENSES, SHOTS, sidecarText, type Shot } from "./shots";

// -- Rendering --------------------------------------------------------------------------------

const LONG = 1600;
const SHORT = 1067;
const QUALITY = 82; // stepped down (to at most MIN_QUALITY) for a detailed picture over MAX_BYTES
const MIN_QUALITY = 70;
const MAX_BYTES = 400 * 1024;
const EXIF_ALLOWANCE = 4 * 1024; // the EXIF block added afterwards is about 1 KB

const DEFAULT_SOURCE_DIR = "/tmp/demo-photo-sources";
const sourceDir = path.resolve(process.env.DEMO_PHOTO_SOURCES || DEFAULT_SOURCE_DIR);

/** Crop and resize the source photograph upright, then store it the way the layout says. */
async function renderJpeg(shot: Shot): Promise<{ jpeg: Buffer; width: number; height: number; orientation: 1 | 6 }> {
  const upright = shot.layout === "landscape" ? { w: LONG, h: SHORT } : { w: SHORT, h: LONG };
  const file = path.join(sourceDir, shot.source.path);
  await access(file).catch(() => {
    throw new Error(`${shot.stem}: source photo ${file} is missing; run scripts/demo-photos/fetch-sources.sh (or set DEMO_PHOTO_SOURCES)`);
  });
  let image = sharp(file).rotate(); // apply the source's own EXIF orientation, if any
  if (shot.crop) image = image.extract(shot.crop);
  image = image.resize(upright.w, upright.h, { fit: "cover", position: "centre" });
  // A monochrome film simulation gets a monochrome picture (kept as three sRGB channels).
  if (RECIPES[shot.recipe].filmSimulation.startsWith("Acros")) image = image.grayscale().toColourspace("srgb");
  if (shot.layout === "rotated-portrait") {
    // Orientation 6 means "rotate 90° clockwise to display", so the stored pixels are the
    // upright picture turned 90° counter-clockwise (a camera held with its grip up).
    image = sharp(await image.png().toBuffer()).rotate(270);
  }
  const pixels = await image.png().toBuffer();
  let quality = QUALITY;
  let jpeg = await sharp(pixels).jpeg({ quality, mozjpeg: true }).toBuffer();
  while (jpeg.length > MAX_BYTES - EXIF_ALLOWANCE && quality > MIN_QUALITY) {
    quality -= 4;
    jpeg = await sharp(pixels).jpeg({ quality, mozjpeg: true }).toBuffer();
  }
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
    if (shot.caption.length > 240 || /[\r\n]/.test(shot.caption))
      throw new Error(`${shot.stem}: caption must be one line of at most 240 characters`);
    if (!shot.title || shot.title.length > 80 || /[\r\n]/.test(shot.title))
      throw new Error(`${shot.stem}: title must be one line of at most 80 characters`);
    if (!shot.caption.includes(`Photo: ${shot.source.author}, `))
      throw new Error(`${shot.stem}: caption must credit "Photo: ${shot.source.author}, <licence>"`);
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
    await writeFile(path.join(outDir, `${shot.stem}.txt`), sidecarText(shot));
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
