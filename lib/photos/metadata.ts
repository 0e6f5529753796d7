import exifr from "exifr";
import sharp from "sharp";
import { decodeFujifilmMakerNote, isFujifilmMakerNote } from "./fujifilm";
import { buildRecipe, fujifilmFields } from "./fujifilm-fields";
import { unknownLabel } from "./fujifilm-labels";
import { PhotoMetadataSchema, type PhotoMetadata } from "./schema";

/**
 * Build-time reader of a photo's public-safe metadata (the API's `PhotoMetadata`, schema.ts).
 *
 * - Allowlist twice over: exifr is asked only for the tags below (`pick`; GPS, IFD1,
 *   XMP, IPTC, ICC are never even parsed), and the result goes through
 *   PhotoMetadataSchema, which drops any key it does not list.
 * - "Not recorded" is null, "never read" is absent, nothing is guessed:
 *   - standard EXIF fields (camera … sharpness below) are always present, null when the
 *     file lacks the tag; when the EXIF block is damaged, the ones not read are absent;
 *   - fields that only the Fujifilm MakerNote records (film, dr, dr_value, chrome,
 *     chrome_blue, grain, grain_size, highlight_tone, shadow_tone, saturation, clarity,
 *     wb_shift, color_temp, focus_mode, drive, noise_reduction) are present only when the
 *     file carries a Fujifilm MakerNote, and null there when the body lacks the tag.
 *     Standard EXIF has no tag for these, so on other makes they are never read;
 *   - `recipe` only on Fujifilm frames with a film simulation.
 * - Formats: aperture "f/2", "f/5.6"; shutter "1/250" below 0.25 s, else seconds with at
 *   most one decimal ("0.5", "2", "30"), as exiftool prints ExposureTime; focal "23 mm",
 *   "34.3 mm" (actual focal length, one decimal at most); ev a number rounded to 0.01;
 *   iso an integer; date the raw "YYYY:MM:DD HH:MM:SS" (no timezone). Standard EXIF
 *   enumerations use exiftool's labels ("Aperture-priority AE", "Multi-segment").
 */

/** The only EXIF tags read. Orientation comes from sharp, which also rotates the renditions. */
const EXIF_TAGS = [
  "Make",
  "Model",
  "LensModel",
  "FNumber",
  "ExposureTime",
  "FocalLength",
  "ISO",
  "ExposureCompensation",
  "DateTimeOriginal",
  "ColorSpace",
  "WhiteBalance",
  "Flash",
  "ExposureProgram",
  "ExposureMode",
  "MeteringMode",
  "Sharpness",
];

const EXIFR_OPTIONS = {
  pick: EXIF_TAGS,
  makerNote: true, // raw bytes; decoded by ./fujifilm only for Fujifilm files
  ifd1: false,
  gps: false,
  interop: false,
  xmp: false,
  icc: false,
  iptc: false,
  jfif: false,
  // Raw values: numbers for enumerations (our own labels), DateTimeOriginal as the
  // string the camera wrote (revived it would become a Date in the build machine's TZ).
  translateKeys: true,
  translateValues: false,
  reviveValues: false,
  sanitize: true,
  mergeOutput: true,
};

type Exif = Record<string, unknown>;
type Fields = Partial<PhotoMetadata>;

/**
 * Metadata and EXIF orientation (1–8, null when absent) of one image.
 * Rejects only when sharp cannot read the image header (not an image, or a JPEG cut
 * before its frame header); a broken EXIF block or MakerNote never rejects: what could
 * not be read is left out.
 */
export async function readPhotoMetadata(bytes: Buffer): Promise<{ metadata: PhotoMetadata; orientation: number | null }> {
  const image = await sharp(bytes)
    .metadata()
    .catch((err: Error) => {
      throw new Error(`cannot read the image header: ${err.message.split("\n")[0]}`, { cause: err });
    });
  const orientation = validOrientation(image.orientation);
  const exif = await readExif(bytes);
  const tags = exif && isFujifilm(exif) ? decodeFujifilmMakerNote(exif.makerNote as Uint8Array) : null;
  const standard = exif === undefined ? {} : withoutUnread(standardFields(exif ?? {}), exif);
  const maker = tags ? fujifilmFields(tags) : {};
  const candidate: Fields = { ...standard, ...orientedSize(image.width, image.height, orientation), ...maker };
  if (tags) {
    // MakerNote values win for the names EXIF also uses (EXIF says "Manual" for a Kelvin
    // white balance, "Normal" for sharpness +0), but an absent MakerNote tag keeps EXIF's.
    candidate.white_balance = maker.white_balance ?? standard.white_balance ?? null;
    candidate.sharpness = maker.sharpness ?? standard.sharpness ?? null;
  }
  const recipe = tags ? buildRecipe(tags, candidate) : undefined;
  const metadata = PhotoMetadataSchema.parse(recipe ? { ...candidate, recipe } : candidate);
  return { metadata, orientation };
}

/** Parsed EXIF; null when the file has none; undefined when its EXIF could not be parsed. */
async function readExif(bytes: Buffer): Promise<Exif | null | undefined> {
  try {
    return ((await exifr.parse(bytes, EXIFR_OPTIONS)) as Exif | undefined) ?? null;
  } catch {
    return undefined;
  }
}

/**
 * exifr reports a damaged EXIF block in `errors` instead of throwing. A tag missing from
 * such a parse proves nothing, so its field is left out (never read) rather than null.
 */
function withoutUnread(fields: Fields, exif: Exif | null): Fields {
  const damaged = Array.isArray(exif?.errors) && exif.errors.length > 0;
  return damaged ? Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== null)) : fields;
}

/** Make and header both: some Leica, Minolta and Sharp bodies reuse the FUJIFILM header. */
function isFujifilm(exif: Exif): boolean {
  const make = text(exif.Make);
  const note = exif.makerNote;
  return make !== null && /^fujifilm\b/i.test(make) && note instanceof Uint8Array && isFujifilmMakerNote(note);
}

function validOrientation(value: number | undefined): number | null {
  return value !== undefined && Number.isInteger(value) && value >= 1 && value <= 8 ? value : null;
}

/** The decoded frame size (never ExifImageWidth), swapped for the 90° orientations 5–8. */
function orientedSize(width: number, height: number, orientation: number | null) {
  return orientation !== null && orientation >= 5 ? { width: height, height: width } : { width, height };
}

// ---------------------------------------------------------------------------------------
// Standard EXIF

function standardFields(exif: Exif): Fields {
  return {
    camera: cameraName(text(exif.Make), text(exif.Model)),
    lens: lensName(exif),
    aperture: aperture(number(exif.FNumber)),
    shutter: shutter(number(exif.ExposureTime)),
    focal: focal(number(exif.FocalLength)),
    iso: iso(exif.ISO),
    ev: ev(number(exif.ExposureCompensation)),
    date: date(text(exif.DateTimeOriginal)),
    color_space: label(COLOR_SPACE, exif.ColorSpace),
    white_balance: label(WHITE_BALANCE, exif.WhiteBalance),
    flash: label(FLASH, exif.Flash),
    exposure_mode: exposureMode(exif),
    meter: label(METERING_MODE, exif.MeteringMode),
    sharpness: label(SHARPNESS, exif.Sharpness),
  };
}

/** Trimmed string without NUL padding; null when empty. */
function text(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const clean = value.replace(/\0/g, "").replace(/\s+/g, " ").trim();
  return clean === "" ? null : clean;
}

function number(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

/** Up to `digits` decimals, trailing zeros dropped: 5.6 → "5.6", 23.0 → "23". */
function short(value: number, digits: number): string {
  return String(Number(value.toFixed(digits)));
}

// "NIKON CORPORATION" → "NIKON", "RICOH IMAGING COMPANY, LTD." → "RICOH". Only trailing
// corporate words go: the maker's own spelling and case stay as written.
const CORPORATE_SUFFIX = /[\s,]+(corporation|corp\.?|company|co\.?|ltd\.?|inc\.?|imaging|optical)$/i;

function cameraName(make: string | null, model: string | null): string | null {
  let maker = make;
  while (maker && CORPORATE_SUFFIX.test(maker)) maker = maker.replace(CORPORATE_SUFFIX, "");
  if (!maker || !model) return model ?? maker;
  // Canon writes Model "Canon EOS 1300D": do not say Canon twice.
  return model.toLowerCase().startsWith(maker.toLowerCase()) ? model : `${maker} ${model}`;
}

/**
 * Fixed-lens Fujifilm bodies write no LensModel. The lens cannot change, so naming it is
 * a fact of the model, not a guess. X100 series: 23 mm f/2 on every generation (the
 * original X100's Model is "FinePix X100"); X70 and XF10: 18.5 mm f/2.8.
 */
export const FIXED_LENSES: Readonly<Record<string, string>> = {
  "FinePix X100": "Fujinon 23mm f/2",
  X100: "Fujinon 23mm f/2",
  X100S: "Fujinon 23mm f/2",
  X100T: "Fujinon 23mm f/2",
  X100F: "Fujinon 23mm f/2",
  X100V: "Fujinon 23mm f/2",
  X100VI: "Fujinon 23mm f/2",
  X70: "Fujinon 18.5mm f/2.8",
  XF10: "Fujinon 18.5mm f/2.8",
};

function lensName(exif: Exif): string | null {
  const lens = text(exif.LensModel);
  // Placeholders like "----" are no lens name.
  if (lens && /[a-z0-9]/i.test(lens)) return lens;
  const make = text(exif.Make);
  const model = text(exif.Model);
  return make && /^fujifilm\b/i.test(make) && model ? (FIXED_LENSES[model] ?? null) : null;
}

// Zero is what lenses without electronic contacts write for "unknown".
const aperture = (f: number | null) => (f !== null && f > 0 ? `f/${short(f, 2)}` : null);
const focal = (mm: number | null) => (mm !== null && mm > 0 ? `${short(mm, 1)} mm` : null);

function shutter(seconds: number | null): string | null {
  if (seconds === null || seconds <= 0) return null;
  // Below 1/4 s cameras store 1/n; longer exposures read better as seconds.
  return seconds < 0.25001 ? `1/${Math.round(1 / seconds)}` : short(seconds, 1);
}

function iso(value: unknown): number | null {
  // ISOSpeedRatings may hold two values; the first is the sensitivity.
  const first = number(Array.isArray(value) ? value[0] : value);
  return first !== null && first > 0 ? Math.round(first) : null;
}

function ev(value: number | null): number | null {
  return value === null ? null : Number(value.toFixed(2)) || 0;
}

/** The camera's wall-clock capture time; an all-zero placeholder is "not recorded". */
function date(value: string | null): string | null {
  const match = value?.match(/^(\d{4})[:-](\d{2})[:-](\d{2})[ T](\d{2}):(\d{2}):(\d{2})/);
  if (!match || /^0+$/.test(match.slice(1, 4).join(""))) return null;
  const [, y, mo, d, h, mi, s] = match;
  return `${y}:${mo}:${d} ${h}:${mi}:${s}`;
}

type Table = Readonly<Record<number, string>>;

function label(table: Table, raw: unknown): string | null {
  const value = number(raw);
  if (value === null) return null;
  return table[value] ?? unknownLabel(value);
}

/**
 * ExposureProgram says how exposure was chosen ("Aperture-priority AE"); the coarser
 * ExposureMode (Auto/Manual/Auto bracket) only stands in when the program is missing or
 * "Not Defined" (0).
 */
function exposureMode(exif: Exif): string | null {
  const program = number(exif.ExposureProgram);
  if (program !== null && program !== 0) return label(EXPOSURE_PROGRAM, program);
  return label(EXPOSURE_MODE, exif.ExposureMode);
}

const COLOR_SPACE: Table = { 1: "sRGB", 2: "Adobe RGB", 0xffff: "Uncalibrated" };
const WHITE_BALANCE: Table = { 0: "Auto", 1: "Manual" };
const SHARPNESS: Table = { 0: "Normal", 1: "Soft", 2: "Hard" };
const EXPOSURE_MODE: Table = { 0: "Auto", 1: "Manual", 2: "Auto bracket" };
const EXPOSURE_PROGRAM: Table = {
  1: "Manual",
  2: "Program AE",
  3: "Aperture-priority AE",
  4: "Shutter speed priority AE",
  5: "Creative (Slow speed)",
  6: "Action (High speed)",
  7: "Portrait",
  8: "Landscape",
  9: "Bulb",
};
const METERING_MODE: Table = {
  0: "Unknown",
  1: "Average",
  2: "Center-weighted average",
  3: "Spot",
  4: "Multi-spot",
  5: "Multi-segment",
  6: "Partial",
  255: "Other",
};
// EXIF Flash is a bit field; these are its defined combinations (exiftool's wording).
const FLASH: Table = {
  0x00: "No Flash",
  0x01: "Fired",
  0x05: "Fired, Return not detected",
  0x07: "Fired, Return detected",
  0x08: "On, Did not fire",
  0x09: "On, Fired",
  0x0d: "On, Return not detected",
  0x0f: "On, Return detected",
  0x10: "Off, Did not fire",
  0x14: "Off, Did not fire, Return not detected",
  0x18: "Auto, Did not fire",
  0x19: "Auto, Fired",
  0x1d: "Auto, Fired, Return not detected",
  0x1f: "Auto, Fired, Return detected",
  0x20: "No flash function",
  0x30: "Off, No flash function",
  0x41: "Fired, Red-eye reduction",
  0x45: "Fired, Red-eye reduction, Return not detected",
  0x47: "Fired, Red-eye reduction, Return detected",
  0x49: "On, Red-eye reduction",
  0x4d: "On, Red-eye reduction, Return not detected",
  0x4f: "On, Red-eye reduction, Return detected",
  0x50: "Off, Red-eye reduction",
  0x58: "Auto, Did not fire, Red-eye reduction",
  0x59: "Auto, Fired, Red-eye reduction",
  0x5d: "Auto, Fired, Red-eye reduction, Return not detected",
  0x5f: "Auto, Fired, Red-eye reduction, Return detected",
};
