// Writes the synthetic camera EXIF of a demo photo with piexifjs (build the exif dict, dump it,
// insert it into the JPEG). piexifjs ships no types, so it is loaded through createRequire and
// described by the small interface below instead of a global module declaration.

import { createRequire } from "node:module";

type Rational = [number, number];
type IfdValue = string | number | number[] | Rational | Rational[];
type Ifd = Record<number, IfdValue>;

interface ExifDict {
  "0th": Ifd;
  Exif: Ifd;
  GPS: Ifd;
  Interop: Ifd;
  "1st": Ifd;
  thumbnail: null;
}

interface Piexif {
  dump(dict: ExifDict): string;
  insert(exif: string, jpeg: string): string;
  load(jpeg: string): ExifDict;
  TAGS: Record<string, Record<number, { name: string; type: string }>>;
}

const loadCjs = createRequire(import.meta.url);
const piexif = loadCjs("piexifjs") as Piexif;

// piexifjs 1.0.6 predates the EXIF 2.31 time-offset tags; teach it those three (ASCII, "±HH:MM").
for (const [tag, name] of [
  [0x9010, "OffsetTime"],
  [0x9011, "OffsetTimeOriginal"],
  [0x9012, "OffsetTimeDigitized"],
] as const) {
  piexif.TAGS.Exif[tag] ??= { name, type: "Ascii" };
}

export interface ExifFields {
  make: string;
  model: string;
  orientation: 1 | 3 | 6 | 8;
  software: string;
  artist: string;
  copyright: string;
  /** "YYYY:MM:DD HH:MM:SS", local wall-clock time. */
  dateTimeOriginal: string;
  offsetTimeOriginal: string;
  fNumber: number;
  /** Seconds as a fraction, e.g. [1, 250]. */
  exposureTime: Rational;
  iso: number;
  /** Exposure compensation as a signed fraction, e.g. [-2, 3]. */
  exposureBias: Rational;
  focalLength: number;
  focalLengthIn35mm: number;
  lensMake?: string;
  lensModel?: string;
  exposureProgram: number;
  meteringMode: number;
  flash: number;
  exposureMode: number;
  /** Standard EXIF WhiteBalance: 0 auto, 1 manual. */
  whiteBalance: 0 | 1;
  bodySerialNumber: string;
  /** Stored (not displayed) pixel size. */
  width: number;
  height: number;
  makerNote: Buffer;
  gps?: { latitude: number; longitude: number; altitude: number };
}

/** Decimal degrees → [deg, min, sec×100/100] rationals as EXIF wants them. */
function dms(decimal: number): Rational[] {
  const abs = Math.abs(decimal);
  const deg = Math.floor(abs);
  const minFloat = (abs - deg) * 60;
  const min = Math.floor(minFloat);
  const sec = Math.round((minFloat - min) * 60 * 100);
  return [
    [deg, 1],
    [min, 1],
    [sec, 100],
  ];
}

/**
 * piexifjs appends one NUL to ASCII values; add a second one where needed so every value has
 * an even length and therefore every offset stays word-aligned (readers strip trailing NULs).
 */
function ascii(text: string): string {
  return (text.length + 1) % 2 === 0 ? text : `${text}\0`;
}

function rational(value: number, denominator: number): Rational {
  return [Math.round(value * denominator), denominator];
}

export function buildExifDict(f: ExifFields): ExifDict {
  const zeroth: Ifd = {
    271: ascii(f.make), // Make
    272: ascii(f.model), // Model
    274: f.orientation, // Orientation
    282: [72, 1], // XResolution
    283: [72, 1], // YResolution
    296: 2, // ResolutionUnit: inches
    305: ascii(f.software), // Software
    306: ascii(f.dateTimeOriginal), // DateTime
    315: ascii(f.artist), // Artist
    531: 2, // YCbCrPositioning: co-sited
    33432: ascii(f.copyright), // Copyright
  };
  const exif: Ifd = {
    33434: f.exposureTime, // ExposureTime
    33437: rational(f.fNumber, 10), // FNumber
    34850: f.exposureProgram, // ExposureProgram
    34855: f.iso, // ISOSpeedRatings
    36864: "0232", // ExifVersion
    36867: ascii(f.dateTimeOriginal), // DateTimeOriginal
    36868: ascii(f.dateTimeOriginal), // DateTimeDigitized
    0x9011: ascii(f.offsetTimeOriginal), // OffsetTimeOriginal
    37121: "\x01\x02\x03\x00", // ComponentsConfiguration: Y Cb Cr
    37380: f.exposureBias, // ExposureBiasValue (SRATIONAL)
    37383: f.meteringMode, // MeteringMode
    37385: f.flash, // Flash
    37386: rational(f.focalLength, 10), // FocalLength
    37500: f.makerNote.toString("latin1"), // MakerNote (UNDEFINED)
    40960: "0100", // FlashpixVersion
    40961: 1, // ColorSpace: sRGB
    40962: f.width, // PixelXDimension
    40963: f.height, // PixelYDimension
    41986: f.exposureMode, // ExposureMode
    41987: f.whiteBalance, // WhiteBalance
    41989: f.focalLengthIn35mm, // FocalLengthIn35mmFilm
    42033: ascii(f.bodySerialNumber), // BodySerialNumber
  };
  if (f.lensMake) exif[42035] = ascii(f.lensMake); // LensMake
  if (f.lensModel) exif[42036] = ascii(f.lensModel); // LensModel
  const gps: Ifd = {};
  if (f.gps) {
    gps[0] = [2, 3, 0, 0]; // GPSVersionID
    gps[1] = f.gps.latitude >= 0 ? "N" : "S"; // 2 bytes with the NUL: stored inline
    gps[2] = dms(f.gps.latitude);
    gps[3] = f.gps.longitude >= 0 ? "E" : "W";
    gps[4] = dms(f.gps.longitude);
    gps[5] = 0; // GPSAltitudeRef: above sea level
    gps[6] = rational(f.gps.altitude, 10);
  }
  return { "0th": zeroth, Exif: exif, GPS: gps, Interop: {}, "1st": {}, thumbnail: null };
}

// -- piexifjs layout fix -----------------------------------------------------------------------
// piexifjs writes the Exif, GPS and Interop IFDs without the 4-byte "next IFD" offset that
// TIFF requires after the entries, so the first out-of-line value sits where that offset should
// be (exiftool: "Value for ExifIFD tag 0x829a ExposureTime overlaps IFD"). Tolerant readers do
// not care, but we want clean files: insert 4 zero bytes after each such IFD and shift every
// offset that pointed past the insertion point. piexifjs always writes big-endian ("MM").

const TIFF_TYPE_SIZE: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8 };
const SUB_IFD_POINTERS = new Set([0x8769, 0x8825, 0xa005]); // ExifIFD, GPS, Interop

interface IfdInfo {
  start: number;
  end: number; // first byte after the entries
  /** Byte positions (in the TIFF block) of 4-byte fields holding offsets. */
  offsetFields: number[];
  subIfds: number[];
}

function readIfd(tiff: Buffer, start: number): IfdInfo {
  const count = tiff.readUInt16BE(start);
  const info: IfdInfo = { start, end: start + 2 + count * 12, offsetFields: [], subIfds: [] };
  for (let i = 0; i < count; i++) {
    const at = start + 2 + i * 12;
    const tag = tiff.readUInt16BE(at);
    const size = (TIFF_TYPE_SIZE[tiff.readUInt16BE(at + 2)] ?? 1) * tiff.readUInt32BE(at + 4);
    if (SUB_IFD_POINTERS.has(tag)) {
      info.offsetFields.push(at + 8);
      info.subIfds.push(tiff.readUInt32BE(at + 8));
    } else if (size > 4) {
      info.offsetFields.push(at + 8);
    }
  }
  return info;
}

function walkIfds(tiff: Buffer): { ifd0: IfdInfo; subs: IfdInfo[] } {
  const ifd0 = readIfd(tiff, tiff.readUInt32BE(4));
  const subs: IfdInfo[] = [];
  const queue = [...ifd0.subIfds];
  while (queue.length > 0) {
    const info = readIfd(tiff, queue.shift() as number);
    subs.push(info);
    queue.push(...info.subIfds);
  }
  return { ifd0, subs };
}

function addNextIfdOffsets(exifSegment: string): string {
  const HEADER = 6; // "Exif\0\0"
  let tiff = Buffer.from(exifSegment.slice(HEADER), "latin1");
  if (tiff.toString("latin1", 0, 2) !== "MM") throw new Error("expected big-endian TIFF from piexifjs");
  for (;;) {
    const { ifd0, subs } = walkIfds(tiff);
    const all = [ifd0, ...subs];
    const starts = new Set<number>();
    for (const info of all) {
      starts.add(info.start);
      for (const field of info.offsetFields) starts.add(tiff.readUInt32BE(field));
    }
    // An IFD lacks its next-IFD offset if something else begins right after its entries.
    const broken = subs.find((info) => info.end >= tiff.length || starts.has(info.end));
    if (!broken) break;
    const at = broken.end;
    const fields = [4, ...all.flatMap((info) => info.offsetFields)];
    if (ifd0.end + 4 <= tiff.length) fields.push(ifd0.end); // IFD0 next pointer (IFD1), if any
    for (const field of fields) {
      const value = tiff.readUInt32BE(field);
      if (value >= at && !(field === ifd0.end && value === 0)) tiff.writeUInt32BE(value + 4, field);
    }
    tiff = Buffer.concat([tiff.subarray(0, at), Buffer.alloc(4), tiff.subarray(at)]);
  }
  return exifSegment.slice(0, HEADER) + tiff.toString("latin1");
}

/** Drop a JFIF APP0 segment right after SOI (camera JPEGs start with APP1 Exif instead). */
function stripJfif(jpeg: Buffer): Buffer {
  if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8) throw new Error("not a JPEG");
  if (jpeg[2] === 0xff && jpeg[3] === 0xe0 && jpeg.subarray(6, 11).toString("latin1") === "JFIF\0") {
    const length = jpeg.readUInt16BE(4);
    return Buffer.concat([jpeg.subarray(0, 2), jpeg.subarray(4 + length)]);
  }
  return jpeg;
}

/** Return a copy of `jpeg` carrying the EXIF described by `fields`. */
export function withExif(jpeg: Buffer, fields: ExifFields): Buffer {
  const exifBytes = addNextIfdOffsets(piexif.dump(buildExifDict(fields)));
  const out = piexif.insert(exifBytes, stripJfif(jpeg).toString("latin1"));
  return Buffer.from(out, "latin1");
}
