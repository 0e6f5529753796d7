import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import exifr from "exifr";
import { describe, expect, it } from "vitest";
import { decodeFujifilmMakerNote, isFujifilmMakerNote, type FujiValue } from "./fujifilm";
import * as fuji from "./fujifilm-labels";
import { readPhotoMetadata } from "./metadata";
import { PhotoMetadataSchema, RECIPE_KEYS, type PhotoMetadata } from "./schema";
import { needs, thirdParty } from "@/tests/helpers/third-party";

// ---------------------------------------------------------------------------------------
// Fixtures: 12 real camera JPEGs with exiftool ground truth (../shared/fixtures/photos, third
// party). Where they are not checked out their tests are skipped and the run's summary says so;
// the demo photos (made by scripts/demo-photos) are read below on every run.

const { dir: FIXTURES, present: HAVE_FIXTURES } = thirdParty("photos");

type Numeric = Record<string, string | number | undefined>;
interface Expected {
  _numeric: Numeric;
  _hasFujiRecipe: boolean;
  [printed: string]: unknown;
}
const EXPECTED = HAVE_FIXTURES
  ? (JSON.parse(readFileSync(path.join(FIXTURES, "expected-exiftool.json"), "utf8")) as Record<string, Expected>)
  : {};
const FILES = HAVE_FIXTURES
  ? readdirSync(FIXTURES)
      .filter((f) => f.endsWith(".jpg"))
      .sort()
  : [];
const bytesOf = (file: string) => readFileSync(path.resolve(FIXTURES, file));

const results = new Map<string, Awaited<ReturnType<typeof readPhotoMetadata>>>();
async function read(file: string) {
  if (!results.has(file)) results.set(file, await readPhotoMetadata(bytesOf(file)));
  return results.get(file)!;
}

const FUJI_ONLY = [
  "wb_shift",
  "focus_mode",
  "drive",
  "noise_reduction",
  "color_temp",
  "clarity",
  "film",
  "dr",
  "dr_value",
  "chrome",
  "chrome_blue",
  "grain",
  "grain_size",
  "highlight_tone",
  "shadow_tone",
  "saturation",
] as const;
const STANDARD = [
  "camera",
  "lens",
  "aperture",
  "shutter",
  "focal",
  "iso",
  "ev",
  "date",
  "width",
  "height",
  "color_space",
  "white_balance",
  "flash",
  "exposure_mode",
  "meter",
  "sharpness",
] as const;

it("finds all 12 fixtures, each with ground truth", needs("photos"), () => {
  expect(FILES).toHaveLength(12);
  for (const file of FILES) expect(EXPECTED[file], file).toBeDefined();
});

// ---------------------------------------------------------------------------------------
// Expected values, decoded here from exiftool's raw `-n` numbers with the notes' tag table
// (independently of the code under test: literal tables holding only the values the
// fixtures carry).

const signedText = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `${n}` : "0");
const num = (n: Numeric, tag: string) => n[tag] as number | undefined;
const orNull = <T>(v: T | undefined) => (v === undefined ? null : v);

const FILM_MODE: Record<number, string> = {
  0: "Provia/Standard",
  512: "Velvia/Vivid",
  1536: "Classic Chrome",
  1792: "Eterna",
  2048: "Classic Neg.",
  2816: "REALA ACE",
};
const BW_SATURATION: Record<number, string> = { 1281: "Acros+R" };
const COLOR: Record<number, string> = { 0: "0", 128: "+1", 192: "+3", 224: "+4" };
const STRENGTH: Record<number, string> = { 0: "Off", 32: "Weak", 64: "Strong" };
const GRAIN_SIZE: Record<number, string> = { 0: "Off", 16: "Small", 32: "Large" };
const WHITE_BALANCE: Record<number, string> = { 0: "Auto", 4080: "Kelvin" };
const SHARPNESS: Record<number, string> = { 2: "-2", 3: "0" };
const HIGH_ISO_NR: Record<number, string> = { 0: "0", 736: "-4" };
const DRP_STRENGTH: Record<number, string> = { 1: "Weak", 2: "Strong" };
const pick = (table: Record<number, string>, raw: number | undefined) => (raw === undefined ? null : table[raw]);

function expectedDr(n: Numeric): { dr: string | null; dr_value: number | null } {
  // exiftool's "DRangePriorityAuto" is tag 0x1444, which real files use for the fixed strength.
  if (num(n, "DRangePriority") === 1) return { dr: `D-Range Priority ${DRP_STRENGTH[num(n, "DRangePriorityAuto")!]}`, dr_value: null };
  if (num(n, "DynamicRangeSetting") === 1) return { dr: `DR${n.DevelopmentDynamicRange}`, dr_value: num(n, "DevelopmentDynamicRange")! };
  if (num(n, "DynamicRangeSetting") === 0) return { dr: `DR-Auto (DR${n.AutoDynamicRange})`, dr_value: num(n, "AutoDynamicRange")! };
  return { dr: null, dr_value: null };
}

function expectedWbShift(n: Numeric): string | null {
  if (typeof n.WhiteBalanceFineTune !== "string") return null;
  const [red, blue] = n.WhiteBalanceFineTune.split(" ").map((v) => Number(v) / 20);
  return `R${signedText(red)}, B${signedText(blue)}`;
}

/** Our Fujifilm fields ← exiftool FujiFilm tags (`_numeric`). */
const FUJI_FIELDS: Record<(typeof FUJI_ONLY)[number], { tag: string; expected: (n: Numeric) => unknown }> = {
  film: {
    tag: "FilmMode / Saturation (B&W wins)",
    expected: (n) => pick(BW_SATURATION, num(n, "Saturation")) ?? pick(FILM_MODE, num(n, "FilmMode")),
  },
  saturation: { tag: "Saturation", expected: (n) => (num(n, "Saturation")! in BW_SATURATION ? null : pick(COLOR, num(n, "Saturation"))) },
  dr: { tag: "DRangePriority / DynamicRangeSetting + Development/AutoDynamicRange", expected: (n) => expectedDr(n).dr },
  dr_value: { tag: "DevelopmentDynamicRange / AutoDynamicRange", expected: (n) => expectedDr(n).dr_value },
  grain: { tag: "GrainEffectRoughness", expected: (n) => pick(STRENGTH, num(n, "GrainEffectRoughness")) },
  grain_size: { tag: "GrainEffectSize", expected: (n) => pick(GRAIN_SIZE, num(n, "GrainEffectSize")) },
  chrome: { tag: "ColorChromeEffect", expected: (n) => pick(STRENGTH, num(n, "ColorChromeEffect")) },
  chrome_blue: { tag: "ColorChromeFXBlue", expected: (n) => pick(STRENGTH, num(n, "ColorChromeFXBlue")) },
  wb_shift: { tag: "WhiteBalanceFineTune ÷ 20", expected: expectedWbShift },
  color_temp: { tag: "ColorTemperature (Kelvin WB only)", expected: (n) => orNull(num(n, "ColorTemperature")) },
  highlight_tone: { tag: "HighlightTone = −raw/16", expected: (n) => signedText(-num(n, "HighlightTone")! / 16 || 0) },
  shadow_tone: { tag: "ShadowTone = −raw/16", expected: (n) => signedText(-num(n, "ShadowTone")! / 16 || 0) },
  clarity: { tag: "Clarity ÷ 1000", expected: (n) => (n.Clarity === undefined ? null : num(n, "Clarity")! / 1000 || 0) },
  noise_reduction: { tag: "NoiseReduction (0x100E)", expected: (n) => pick(HIGH_ISO_NR, num(n, "NoiseReduction")) },
  // Not in expected-exiftool.json: see EXTRA below.
  focus_mode: { tag: "FocusMode2 / FocusMode", expected: () => undefined },
  drive: { tag: "DriveMode", expected: () => undefined },
};

const FIXED_LENS: Record<string, string> = { X100VI: "Fujinon 23mm f/2" };

/** Our standard fields ← exiftool EXIF tags (`_numeric`); undefined = checked in EXTRA. */
const STANDARD_FIELDS: Partial<Record<(typeof STANDARD)[number], { tag: string; expected: (n: Numeric) => unknown }>> = {
  camera: {
    tag: "Make + Model",
    expected: (n) => {
      if (n.Make === undefined) return null;
      const [make, model] = [String(n.Make), String(n.Model)];
      return model.startsWith(make) ? model : `${make} ${model}`;
    },
  },
  lens: { tag: "LensModel (fixed-lens label on the X100VI)", expected: (n) => n.LensModel ?? FIXED_LENS[String(n.Model)] ?? null },
  aperture: { tag: "FNumber", expected: (n) => (n.FNumber === undefined ? null : `f/${n.FNumber}`) },
  shutter: { tag: "ExposureTime", expected: (n) => (n.ExposureTime === undefined ? null : `1/${Math.round(1 / num(n, "ExposureTime")!)}`) },
  focal: { tag: "FocalLength", expected: (n) => (n.FocalLength === undefined ? null : `${Number(num(n, "FocalLength")!.toFixed(1))} mm`) },
  iso: { tag: "ISO", expected: (n) => orNull(num(n, "ISO")) },
  ev: { tag: "ExposureCompensation", expected: (n) => orNull(num(n, "ExposureCompensation")) },
  date: { tag: "DateTimeOriginal", expected: (n) => orNull(n.DateTimeOriginal) },
  width: {
    tag: "ImageWidth (File), swapped for Orientation 5–8",
    expected: (n) => (num(n, "Orientation")! >= 5 ? n.ImageHeight : n.ImageWidth),
  },
  height: {
    tag: "ImageHeight (File), swapped for Orientation 5–8",
    expected: (n) => (num(n, "Orientation")! >= 5 ? n.ImageWidth : n.ImageHeight),
  },
};

/**
 * Tags expected-exiftool.json does not carry, read with `exiftool -j -n -ExifIFD:ColorSpace
 * -ExifIFD:Flash -ExifIFD:ExposureProgram -ExifIFD:ExposureMode -ExifIFD:MeteringMode
 * -ExifIFD:WhiteBalance -ExifIFD:Sharpness -FujiFilm:FocusMode -FujiFilm:FocusMode2
 * -FujiFilm:DriveMode -FujiFilm:DriveSpeed` (exiftool 12.57) on the same files, and the
 * labels we expect for them. white_balance/sharpness of Fujifilm files come from the
 * MakerNote (FUJI_FIELDS), so EXIF's value is listed only for the other makes.
 */
const EXTRA: Record<string, Partial<PhotoMetadata>> = {
  // ColorSpace 1, Flash 16, ExposureProgram 1, MeteringMode 5, WhiteBalance 0, no Sharpness
  "canon-eos-1300d.jpg": {
    color_space: "sRGB",
    flash: "Off, Did not fire",
    exposure_mode: "Manual",
    meter: "Multi-segment",
    white_balance: "Auto",
    sharpness: null,
  },
  // no ExposureProgram: ExposureMode 1 stands in
  "canon-powershot-sx60-rotated.jpg": {
    color_space: "sRGB",
    flash: "Off, Did not fire",
    exposure_mode: "Manual",
    meter: "Multi-segment",
    white_balance: "Auto",
    sharpness: null,
  },
  // no ColorSpace; FocusMode 1; no DriveSettings
  "fuji-x-e2s-velvia.jpg": {
    color_space: null,
    flash: "Off, Did not fire",
    exposure_mode: "Manual",
    meter: "Multi-segment",
    focus_mode: "Manual",
    drive: null,
  },
  "fuji-x-s10-drange-priority-strong.jpg": {
    color_space: null,
    flash: "No Flash",
    exposure_mode: "Program AE",
    meter: "Multi-segment",
    focus_mode: "AF-C",
    drive: "Single",
  },
  "fuji-x-s10-eterna-grain-strong-large-1x1.jpg": {
    color_space: "sRGB",
    flash: "Fired",
    exposure_mode: "Manual",
    meter: "Multi-segment",
    focus_mode: "AF-S",
    drive: "Single",
  },
  "fuji-x-t50-acros-red.jpg": {
    color_space: null,
    flash: "No Flash",
    exposure_mode: "Aperture-priority AE",
    meter: "Multi-segment",
    focus_mode: "AF-C",
    drive: "Single",
  },
  "fuji-x-t50-clarity-minus5.jpg": {
    color_space: null,
    flash: "No Flash",
    exposure_mode: "Aperture-priority AE",
    meter: "Multi-segment",
    focus_mode: "AF-C",
    drive: "Single",
  },
  "fuji-x-t50-reala-ace.jpg": {
    color_space: null,
    flash: "No Flash",
    exposure_mode: "Aperture-priority AE",
    meter: "Multi-segment",
    focus_mode: "AF-C",
    drive: "Single",
  },
  "fuji-x100vi-classic-chrome.jpg": {
    color_space: "sRGB",
    flash: "No Flash",
    exposure_mode: "Aperture-priority AE",
    meter: "Multi-segment",
    focus_mode: "AF-C",
    drive: "Single",
  },
  "fuji-x100vi-classic-negative.jpg": {
    color_space: "sRGB",
    flash: "No Flash",
    exposure_mode: "Aperture-priority AE",
    meter: "Multi-segment",
    focus_mode: "AF-C",
    drive: "Single",
  },
  // ExposureProgram 2, Sharpness 0
  "nikon-coolpix-p6000-gps.jpg": {
    color_space: "sRGB",
    flash: "Off, Did not fire",
    exposure_mode: "Program AE",
    meter: "Multi-segment",
    white_balance: "Auto",
    sharpness: "Normal",
  },
  "no-exif.jpg": { color_space: null, flash: null, exposure_mode: null, meter: null, white_balance: null, sharpness: null },
};

function expectedRecipe(n: Numeric, film: string): Record<string, string> {
  const fields = Object.fromEntries(Object.entries(FUJI_FIELDS).map(([k, f]) => [k, f.expected(n)])) as Record<string, unknown>;
  const card = (v: unknown) => (v === null || v === undefined ? "n/a" : String(v));
  const roughness = num(n, "GrainEffectRoughness");
  const grain = roughness === undefined ? "n/a" : roughness === 0 ? "Off" : `${fields.grain}, ${fields.grain_size}`;
  const wbBase = num(n, "WhiteBalance") === 4080 ? `${n.ColorTemperature}K` : WHITE_BALANCE[num(n, "WhiteBalance")!];
  const recipe: Record<string, string> = {
    "Film Simulation": film,
    "Dynamic Range": card(fields.dr),
    "Grain Effect": grain,
    "Color Chrome Effect": card(fields.chrome),
    "Color Chrome FX Blue": card(fields.chrome_blue),
    "White Balance": `${wbBase}, ${fields.wb_shift}`,
    Highlight: card(fields.highlight_tone),
    Shadow: card(fields.shadow_tone),
    Color: card(fields.saturation),
    Sharpness: card(pick(SHARPNESS, num(n, "Sharpness"))),
    "High ISO NR": card(fields.noise_reduction),
    Clarity: fields.clarity === null ? "n/a" : signedText(fields.clarity as number),
    ISO: String(n.ISO),
    "Exposure Compensation": signedText(num(n, "ExposureCompensation")!),
  };
  if (n.BWAdjustment !== undefined) recipe["Monochromatic Color WC"] = signedText(num(n, "BWAdjustment")!);
  if (n.BWMagentaGreen !== undefined) recipe["Monochromatic Color MG"] = signedText(num(n, "BWMagentaGreen")!);
  return recipe;
}

// ---------------------------------------------------------------------------------------

describe.each(FILES)("%s", (file) => {
  const truth = EXPECTED[file];
  const n = truth._numeric;

  it("passes the PhotoMetadata schema unchanged (only allowlisted keys)", async () => {
    const { metadata } = await read(file);
    expect(PhotoMetadataSchema.strict().parse(metadata)).toEqual(metadata);
  });

  it("matches exiftool on every standard EXIF field", async () => {
    const { metadata, orientation } = await read(file);
    for (const key of STANDARD) expect(metadata, `${file}: ${key} is always present`).toHaveProperty(key);
    for (const [key, { tag, expected }] of Object.entries(STANDARD_FIELDS)) {
      expect(metadata[key as keyof PhotoMetadata], `${file}: ${key} ← ${tag}`).toEqual(expected(n));
    }
    for (const [key, value] of Object.entries(EXTRA[file])) {
      expect(metadata[key as keyof PhotoMetadata], `${file}: ${key} (exiftool 12.57 raw)`).toEqual(value);
    }
    expect(orientation, `${file}: orientation ← Orientation`).toBe(orNull(num(n, "Orientation")));
  });

  it("agrees with exiftool's printed ExposureTime and FocalLength", async () => {
    const { metadata } = await read(file);
    if (truth.ExposureTime === undefined) return expect(metadata.shutter).toBeNull();
    expect(metadata.shutter).toBe(String(truth.ExposureTime));
    expect(metadata.focal).toBe(`${Number.parseFloat(String(truth.FocalLength))} mm`);
  });

  if (truth._hasFujiRecipe) {
    it("matches exiftool on every Fujifilm field (absent tag → null, never Off)", async () => {
      const { metadata } = await read(file);
      for (const [key, { tag, expected }] of Object.entries(FUJI_FIELDS)) {
        expect(metadata, `${file}: ${key} is present`).toHaveProperty(key);
        const want = expected(n);
        if (want !== undefined) expect(metadata[key as keyof PhotoMetadata], `${file}: ${key} ← ${tag}`).toEqual(want);
      }
      expect(metadata.white_balance, `${file}: white_balance ← FujiFilm:WhiteBalance`).toBe(WHITE_BALANCE[num(n, "WhiteBalance")!]);
      expect(metadata.sharpness, `${file}: sharpness ← FujiFilm:Sharpness`).toBe(SHARPNESS[num(n, "Sharpness")!]);
    });

    it("carries the full recipe card", async () => {
      const { metadata } = await read(file);
      const film = FUJI_FIELDS.film.expected(n) as string;
      expect(metadata.recipe).toEqual(expectedRecipe(n, film));
      for (const key of RECIPE_KEYS) expect(typeof metadata.recipe?.[key], `${file}: recipe ${key}`).toBe("string");
    });
  } else {
    it("has no recipe and no Fujifilm-only key", async () => {
      const { metadata } = await read(file);
      expect(metadata).not.toHaveProperty("recipe");
      for (const key of FUJI_ONLY) expect(metadata, `${file}: ${key}`).not.toHaveProperty(key);
    });
  }

  it("leaks no GPS, serial number, name, copyright or software string", async () => {
    const { metadata } = await read(file);
    const json = JSON.stringify(metadata);
    const forbidden = [...forbiddenFromExpected(truth), ...(await privateStringsInFile(file))];
    // The lists are really filled: GPS from the ground truth, the body serial from the MakerNote.
    if (typeof n.GPSLatitude === "number") expect(forbidden).toContain(Math.abs(n.GPSLatitude).toFixed(4));
    if (truth._hasFujiRecipe) expect(forbidden.some((s) => /^FF[0-9A-Z]{6,}/.test(s))).toBe(true);
    for (const secret of forbidden) expect(json, `${file} leaks ${secret}`).not.toContain(secret);
    expect(json).not.toMatch(/gps|latitude|longitude|serial|artist|copyright|owner|software/i);
  });
});

/** GPS coordinates (several roundings) and software strings from the ground truth. */
function forbiddenFromExpected(truth: Expected): string[] {
  const out: string[] = [];
  for (const tag of ["GPSLatitude", "GPSLongitude"]) {
    const value = truth._numeric[tag];
    if (typeof value !== "number") continue;
    for (const digits of [2, 3, 4, 5]) out.push(Math.abs(value).toFixed(digits));
    out.push(String(truth[tag]));
  }
  for (const tag of ["Software", "OffsetTimeOriginal"]) if (typeof truth._numeric[tag] === "string") out.push(String(truth._numeric[tag]));
  return out;
}

/** What the file itself holds that must stay private: read with everything switched on. */
async function privateStringsInFile(file: string): Promise<string[]> {
  const all = ((await exifr.parse(bytesOf(file), { tiff: true, ifd1: true, xmp: true, iptc: true, makerNote: true, gps: true })) ??
    {}) as Record<string, unknown>;
  const tags = [
    "Artist",
    "Copyright",
    "SerialNumber",
    "LensSerialNumber",
    "BodySerialNumber",
    "OwnerName",
    "CameraOwnerName",
    "ImageDescription",
    "DocumentName",
    "ProcessingSoftware",
    "Software",
  ];
  const values = tags
    .map((t) => all[t])
    .filter((v) => v !== undefined)
    .map((v) => String(v).replace(/\0/g, "").trim());
  const note = all.makerNote;
  if (note instanceof Uint8Array && isFujifilmMakerNote(note)) values.push(fujiInternalSerial(note));
  return values.filter((v) => v.length >= 4);
}

/** FujiFilm 0x0010 InternalSerialNumber (ASCII, which the decoder deliberately skips). */
function fujiInternalSerial(note: Uint8Array): string {
  const view = new DataView(note.buffer, note.byteOffset, note.byteLength);
  const ifd = view.getUint32(8, true);
  for (let i = 0; i < view.getUint16(ifd, true); i++) {
    const entry = ifd + 2 + i * 12;
    if (view.getUint16(entry, true) !== 0x0010) continue;
    const at = view.getUint32(entry + 8, true);
    return Buffer.from(note.subarray(at, at + view.getUint32(entry + 4, true)))
      .toString("latin1")
      .replace(/\0/g, "")
      .trim();
  }
  return "";
}

// ---------------------------------------------------------------------------------------

describe("special cases", needs("photos"), () => {
  it("no-exif.jpg: nulls, the decoded size, no guesses, no recipe", async () => {
    const { metadata, orientation } = await read("no-exif.jpg");
    expect(orientation).toBeNull();
    expect(metadata.width).toBe(480);
    expect(metadata.height).toBe(360);
    for (const key of STANDARD) if (key !== "width" && key !== "height") expect(metadata[key], key).toBeNull();
    expect(Object.keys(metadata).sort()).toEqual([...STANDARD].sort());
  });

  it("Canon SX60 with Orientation 6 comes out portrait", async () => {
    const { metadata, orientation } = await read("canon-powershot-sx60-rotated.jpg");
    expect(orientation).toBe(6);
    expect(metadata.width).toBe(1536);
    expect(metadata.height).toBe(2048);
    expect(metadata.width!).toBeLessThan(metadata.height!);
  });

  it("uses the decoded frame, not ExifImageWidth", async () => {
    expect((await read("fuji-x100vi-classic-negative.jpg")).metadata).toMatchObject({ width: 1159, height: 773 });
    expect((await read("fuji-x-s10-eterna-grain-strong-large-1x1.jpg")).metadata).toMatchObject({ width: 1, height: 1 });
  });

  it("X-E2S: no clarity, grain or Color Chrome tags → null, and n/a on the card", async () => {
    const { metadata } = await read("fuji-x-e2s-velvia.jpg");
    expect(metadata).toMatchObject({ clarity: null, grain: null, grain_size: null, chrome: null, chrome_blue: null });
    expect(metadata.recipe).toMatchObject({
      Clarity: "n/a",
      "Grain Effect": "n/a",
      "Color Chrome Effect": "n/a",
      "Color Chrome FX Blue": "n/a",
    });
  });

  it("spot checks: camera names, fixed lens, Acros without Color", async () => {
    expect((await read("fuji-x100vi-classic-chrome.jpg")).metadata).toMatchObject({
      camera: "FUJIFILM X100VI",
      lens: "Fujinon 23mm f/2",
      ev: 0.67,
    });
    expect((await read("canon-eos-1300d.jpg")).metadata).toMatchObject({ camera: "Canon EOS 1300D", lens: "EF-S18-55mm f/3.5-5.6 III" });
    expect((await read("nikon-coolpix-p6000-gps.jpg")).metadata).toMatchObject({ camera: "NIKON COOLPIX P6000", lens: null });
    const acros = (await read("fuji-x-t50-acros-red.jpg")).metadata;
    expect(acros).toMatchObject({ film: "Acros+R", saturation: null });
    expect(acros.recipe?.Color).toBe("n/a");
  });

  it("a damaged EXIF block: the fields it could not read are absent, not null", async () => {
    const jpeg = bytesOf("no-exif.jpg");
    // APP1 "Exif" whose TIFF header points IFD0 far outside the file.
    const payload = Buffer.concat([Buffer.from("Exif\0\0II*\0", "latin1"), Buffer.from([0xff, 0xff, 0xff, 0x7f]), Buffer.alloc(16)]);
    const marker = Buffer.from([0xff, 0xe1, (payload.length + 2) >> 8, (payload.length + 2) & 0xff]);
    const damaged = Buffer.concat([jpeg.subarray(0, 2), marker, payload, jpeg.subarray(2)]);
    const { metadata, orientation } = await readPhotoMetadata(damaged);
    expect(metadata).toEqual({ width: 480, height: 360 });
    expect(orientation).toBeNull();
  });

  it("rejects input sharp cannot read (documented): random bytes and a JPEG cut before its frame header", async () => {
    await expect(readPhotoMetadata(pseudoRandomBytes(4096, 7))).rejects.toThrow(/cannot read the image header/);
    const cut = bytesOf("fuji-x100vi-classic-negative.jpg").subarray(0, 3000);
    await expect(readPhotoMetadata(Buffer.from(cut))).rejects.toThrow(/cannot read the image header/);
  });
});

// ---------------------------------------------------------------------------------------
// The MakerNote decoder on its own

function pseudoRandomBytes(length: number, seed: number): Buffer {
  const out = Buffer.alloc(length);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

async function makerNoteOf(file: string): Promise<Uint8Array> {
  const out = await exifr.parse(bytesOf(file), { makerNote: true, pick: ["Make"], gps: false, ifd1: false, xmp: false });
  return out.makerNote as Uint8Array;
}

/** A MakerNote built by hand: header, IFD offset 12, entries, then out-of-line data. */
function buildMakerNote(entries: { tag: number; type: number; count: number; data: number[] }[]): Uint8Array {
  const ifdSize = 2 + entries.length * 12 + 4;
  let dataAt = 12 + ifdSize;
  const extra: number[] = [];
  const head = [...Buffer.from("FUJIFILM"), 12, 0, 0, 0, entries.length & 0xff, entries.length >> 8];
  const body: number[] = [];
  for (const e of entries) {
    const le = (v: number, n: number) => Array.from({ length: n }, (_, i) => (v >>> (8 * i)) & 0xff);
    body.push(...le(e.tag, 2), ...le(e.type, 2), ...le(e.count, 4));
    if (e.data.length <= 4) body.push(...e.data, ...new Array(4 - e.data.length).fill(0));
    else {
      body.push(...le(dataAt, 4));
      extra.push(...e.data);
      dataAt += e.data.length;
    }
  }
  return Uint8Array.from([...head, ...body, 0, 0, 0, 0, ...extra]);
}

describe("decodeFujifilmMakerNote", () => {
  it("reads every numeric type, out-of-line arrays and the signed-byte tags", () => {
    const note = buildMakerNote([
      { tag: 0x1001, type: 3, count: 1, data: [0x84, 0x00] },
      { tag: 0x1005, type: 4, count: 1, data: [0x5c, 0x12, 0, 0] },
      { tag: 0x1040, type: 9, count: 1, data: [0xf0, 0xff, 0xff, 0xff] },
      { tag: 0x2000, type: 8, count: 1, data: [0xfe, 0xff] },
      { tag: 0x100a, type: 9, count: 2, data: [0x50, 0, 0, 0, 0xd8, 0xff, 0xff, 0xff] },
      { tag: 0x1049, type: 1, count: 1, data: [0xfd] },
      { tag: 0x104b, type: 1, count: 1, data: [0x02] },
      { tag: 0x1031, type: 7, count: 1, data: [0xfd] },
      { tag: 0x0010, type: 2, count: 4, data: [0x41, 0x42, 0x43, 0] }, // ASCII: skipped
      { tag: 0x1404, type: 5, count: 1, data: [1, 0, 0, 0, 2, 0, 0, 0] }, // rational: skipped
      { tag: 0x1500, type: 4, count: 0xffff, data: [0xff, 0xff, 0, 0] }, // points outside: skipped
    ]);
    const tags = decodeFujifilmMakerNote(note);
    expect(Object.fromEntries(tags)).toEqual({
      [0x1001]: 0x84,
      [0x1005]: 4700,
      [0x1040]: -16,
      [0x2000]: -2,
      [0x100a]: [80, -40],
      [0x1049]: -3,
      [0x104b]: 2,
      [0x1031]: 0xfd,
    });
  });

  it("honours a Uint8Array that is a view into a larger buffer", needs("photos"), async () => {
    const note = await makerNoteOf("fuji-x100vi-classic-negative.jpg");
    expect(note.byteOffset).toBeGreaterThan(0);
    const tags = decodeFujifilmMakerNote(note);
    expect(tags.get(0x1401)).toBe(0x800);
    expect(tags.get(0x100a)).toEqual([80, -40]);
    expect(tags.has(0x0010)).toBe(false); // InternalSerialNumber is ASCII: never decoded
  });

  it("rejects other MakerNotes (Canon, Nikon) by header", needs("photos"), async () => {
    for (const file of ["canon-eos-1300d.jpg", "nikon-coolpix-p6000-gps.jpg"]) {
      const note = await makerNoteOf(file);
      expect(isFujifilmMakerNote(note)).toBe(false);
      expect(decodeFujifilmMakerNote(note).size).toBe(0);
    }
  });

  // A real X-T50 file where the fixtures are checked out; a synthesized demo file always.
  const truncatable = [
    ...(HAVE_FIXTURES ? [path.join(FIXTURES, "fuji-x-t50-acros-red.jpg")] : []),
    path.resolve(import.meta.dirname, "../../photos/demo-01-hilltop-sunset.jpg"),
  ];
  it.each(truncatable)("never throws on truncated MakerNotes and keeps what it could read: %s", async (file) => {
    const note = await makerNoteOf(file);
    expect(note.length).toBeGreaterThan(12);
    const full = decodeFujifilmMakerNote(note);
    for (let length = 0; length <= note.length; length++) {
      const part = decodeFujifilmMakerNote(note.subarray(0, length));
      for (const [tag, value] of part) expect(full.get(tag)).toEqual(value);
    }
  });

  it("never throws on random bytes, with or without the header", () => {
    for (let seed = 1; seed <= 300; seed++) {
      const noise = pseudoRandomBytes(16 + (seed % 200), seed);
      expect(() => decodeFujifilmMakerNote(noise)).not.toThrow();
      const headed = Buffer.concat([Buffer.from("FUJIFILM"), Buffer.from([12, 0, 0, 0]), noise]);
      expect(() => decodeFujifilmMakerNote(headed)).not.toThrow();
      const wild = Buffer.from(headed);
      wild.writeUInt32LE(seed * 7919, 8); // IFD offset anywhere
      expect(() => decodeFujifilmMakerNote(wild)).not.toThrow();
    }
    expect(decodeFujifilmMakerNote(new Uint8Array(0)).size).toBe(0);
  });

  it("never throws on the truncated head of a real file (first 3000 bytes)", needs("photos"), async () => {
    const file = "fuji-x100vi-classic-chrome.jpg";
    const cut = bytesOf(file).subarray(0, 3000);
    // The MakerNote header, not the Make string that also reads "FUJIFILM".
    const start = cut.indexOf(Buffer.from("FUJIFILM\x0c\x00\x00\x00", "latin1"));
    expect(start).toBeGreaterThan(0);
    // The cut falls inside the IFD: the entries before it are read, the rest are not.
    const part = decodeFujifilmMakerNote(cut.subarray(start));
    const full = decodeFujifilmMakerNote(await makerNoteOf(file));
    expect(part.size).toBeGreaterThan(0);
    expect(part.size).toBeLessThan(full.size);
    for (const [tag, value] of part) expect(full.get(tag)).toEqual(value);
  });
});

// ---------------------------------------------------------------------------------------
// Label tables: values no fixture carries

describe("Fujifilm labels", () => {
  const tags = (entries: Record<number, FujiValue>) => new Map(Object.entries(entries).map(([k, v]) => [Number(k), v]));

  it("film simulations, B&W from Saturation winning over FilmMode", () => {
    expect(fuji.filmSimulationLabel(undefined, 0x310)).toBe("Sepia");
    expect(fuji.filmSimulationLabel(0x000, 0x310)).toBe("Sepia");
    expect(fuji.colorLabel(0x310)).toBeNull();
    expect(fuji.filmSimulationLabel(undefined, 0x300)).toBe("Monochrome");
    expect(fuji.filmSimulationLabel(undefined, 0x502)).toBe("Acros+Ye");
    expect(fuji.filmSimulationLabel(0xa00, 0)).toBe("Nostalgic Neg.");
    expect(fuji.filmSimulationLabel(0x900, 0)).toBe("Eterna Bleach Bypass");
    expect(fuji.filmSimulationLabel(0x501, 0)).toBe("Pro Neg. Hi");
    expect(fuji.filmSimulationLabel(0xc00, 0)).toBe("Unknown (0xc00)");
    expect(fuji.filmSimulationLabel(undefined, 0)).toBeNull();
    expect(fuji.filmSimulationLabel(undefined, undefined)).toBeNull();
  });

  it("0x8000 means the setting follows the film simulation", () => {
    expect(fuji.colorLabel(0x8000)).toBe("Film Simulation");
    expect(fuji.filmSimulationLabel(0x700, 0x8000)).toBe("Eterna");
    expect(fuji.sharpnessLabel(0x8000)).toBe("Film Simulation");
    expect(fuji.dynamicRange(tags({ 0x1400: 1, 0x1402: 0x8000 })).label).toBe("Film Simulation");
  });

  it("colour steps", () => {
    expect([0x4e0, 0x4c0, 0x400, 0x180, 0, 0x80, 0x100, 0xc0, 0xe0].map(fuji.colorLabel)).toEqual([
      "-4",
      "-3",
      "-2",
      "-1",
      "0",
      "+1",
      "+2",
      "+3",
      "+4",
    ]);
    expect(fuji.colorLabel(0x200)).toBe("Low");
    expect(fuji.colorLabel(0x123)).toBe("Unknown (0x123)");
  });

  it("tones in half steps: menu = −raw/16", () => {
    expect(fuji.toneLabel(8)).toBe("-0.5");
    expect(fuji.toneLabel(24)).toBe("-1.5");
    expect(fuji.toneLabel(-8)).toBe("+0.5");
    expect(fuji.toneLabel(-64)).toBe("+4");
    expect(fuji.toneLabel(32)).toBe("-2");
    expect(fuji.toneLabel(0)).toBe("0");
    expect(fuji.toneLabel(5)).toBe("Unknown (0x5)");
    expect(fuji.toneLabel(undefined)).toBeNull();
  });

  it("white balance, Kelvin and negative fine-tune shifts", () => {
    expect(fuji.wbShiftLabel([-40, 80])).toBe("R-2, B+4");
    expect(fuji.wbShiftLabel([-180, -20])).toBe("R-9, B-1");
    expect(fuji.wbShiftLabel([0, 0])).toBe("R0, B0");
    expect(fuji.wbShiftLabel(undefined)).toBeNull();
    expect(fuji.wbShiftLabel(80)).toBe("Unknown (0x50)");
    expect(fuji.whiteBalanceLabel(0xff0)).toBe("Kelvin");
    expect(fuji.whiteBalanceLabel(0x200)).toBe("Shade");
    expect(fuji.whiteBalanceLabel(0xf02)).toBe("Custom 3");
    expect(fuji.whiteBalanceLabel(0x001)).toBe("Auto (White Priority)");
    expect(fuji.whiteBalanceLabel(0x777)).toBe("Unknown (0x777)");
  });

  it("dynamic range: D-Range Priority (swapped tag names), auto, manual, old settings", () => {
    expect(fuji.dynamicRange(tags({ 0x1443: 1, 0x1444: 1 }))).toEqual({ label: "D-Range Priority Weak", percent: null });
    expect(fuji.dynamicRange(tags({ 0x1443: 0, 0x1445: 2, 0x1444: 1 }))).toEqual({
      label: "D-Range Priority Auto (Strong)",
      percent: null,
    });
    expect(fuji.dynamicRange(tags({ 0x1402: 0, 0x140b: 200 }))).toEqual({ label: "DR-Auto (DR200)", percent: 200 });
    expect(fuji.dynamicRange(tags({ 0x1402: 1, 0x1403: 400 }))).toEqual({ label: "DR400", percent: 400 });
    expect(fuji.dynamicRange(tags({ 0x1402: 0x200 }))).toEqual({ label: "Wide1 (230%)", percent: 230 });
    expect(fuji.dynamicRange(tags({ 0x1402: 0x201 }))).toEqual({ label: "Wide2 (400%)", percent: 400 });
    expect(fuji.dynamicRange(tags({ 0x1400: 3 }))).toEqual({ label: "Wide", percent: null });
    expect(fuji.dynamicRange(tags({}))).toEqual({ label: null, percent: null });
  });

  it("grain, Color Chrome, sharpness, noise reduction, clarity", () => {
    expect(fuji.grainEffectLabel(32, undefined)).toBe("Weak");
    expect(fuji.grainEffectLabel(64, 16)).toBe("Strong, Small");
    expect(fuji.grainEffectLabel(0, 0)).toBe("Off");
    expect(fuji.grainEffectLabel(undefined, undefined)).toBeNull();
    expect(fuji.effectLabel(48)).toBe("Unknown (0x30)");
    expect([0, 1, 2, 0x82, 3, 0x84, 4, 5, 6].map(fuji.sharpnessLabel)).toEqual(["-4", "-3", "-2", "-1", "0", "+1", "+2", "+3", "+4"]);
    expect(fuji.sharpnessLabel(0xffff)).toBe("n/a");
    expect(fuji.noiseReductionLabel(0x180, 0x100)).toBe("+1");
    expect(fuji.noiseReductionLabel(0x2c0, undefined)).toBe("-3");
    expect(fuji.noiseReductionLabel(undefined, 0x40)).toBe("Low");
    expect(fuji.noiseReductionLabel(undefined, 0x80)).toBe("Normal");
    expect(fuji.noiseReductionLabel(undefined, 0x100)).toBeNull();
    expect(fuji.clarityValue(-5000)).toBe(-5);
    expect(fuji.clarityValue(0)).toBe(0);
    expect(fuji.clarityValue(2500)).toBeNull();
    expect(fuji.clarityLabel(3000)).toBe("+3");
    expect(fuji.clarityLabel(-2500)).toBe("Unknown (-2500)");
  });

  it("focus and drive", () => {
    expect(fuji.focusModeLabel(0x0201, 0)).toBe("AF-S");
    expect(fuji.focusModeLabel(undefined, 1)).toBe("Manual");
    expect(fuji.driveLabel(0x08000002)).toBe("Continuous High (8 fps)");
    expect(fuji.driveLabel(0)).toBe("Single");
  });
});

// ---------------------------------------------------------------------------------------
// The demo photos: Fujifilm files the project synthesizes (scripts/demo-photos), read on every
// run, with or without the third-party fixtures.

const DEMO_DIR = path.resolve(import.meta.dirname, "../../photos");
const DEMO_FILES = readdirSync(DEMO_DIR)
  .filter((f) => /^demo-.*\.jpg$/.test(f))
  .sort();

describe("demo photos (synthesized Fujifilm files)", () => {
  it("are there to read", () => {
    expect(DEMO_FILES.length).toBeGreaterThanOrEqual(12);
  });

  it.each(DEMO_FILES)("%s: a Fujifilm frame with its recipe, schema-clean, no GPS", async (file) => {
    const bytes = readFileSync(path.join(DEMO_DIR, file));
    const { metadata } = await readPhotoMetadata(bytes);
    expect(PhotoMetadataSchema.strict().parse(metadata)).toEqual(metadata);
    expect(metadata.camera).toMatch(/^FUJIFILM /);
    expect(metadata.film).toMatch(/\S/);
    expect(Object.keys(metadata.recipe ?? {})).toEqual(expect.arrayContaining([...RECIPE_KEYS]));
    expect(JSON.stringify(metadata)).not.toMatch(/gps|latitude|longitude/i);
    // The decoder reads the MakerNote from a view into the whole file, as it is handed one in the build.
    const note = (await exifr.parse(bytes, { makerNote: true, pick: ["Make"], gps: false, ifd1: false, xmp: false }))
      .makerNote as Uint8Array;
    expect(isFujifilmMakerNote(note)).toBe(true);
    expect(decodeFujifilmMakerNote(note).size).toBeGreaterThan(5);
  });
});
