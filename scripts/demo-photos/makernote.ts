// Fujifilm MakerNote writer for the demo photos, in the layout lib/photos/fujifilm.ts reads (exiftool MakerNotes.pm):
//
//   bytes 0–7   "FUJIFILM"
//   bytes 8–11  uint32 LE offset to the IFD (always 12)
//   byte 12…    little-endian IFD: uint16 count, count × 12-byte entries
//               (tag u16, type u16, count u32, value-or-offset u32), uint32 next-IFD = 0
//   after that  values longer than 4 bytes, each at an even offset; the offsets stored in
//               the entries are relative to the MakerNote start (byte 0 above).
//
// The IFD is little-endian even though piexifjs writes the surrounding EXIF big-endian, which
// is what real Fujifilm MakerNotes do and what the notes tell the decoder to expect.

import { BW_SATURATION, COLOR, FILM_MODE, GRAIN_SIZE, HIGH_ISO_NR, type Recipe, SHARPNESS, STRENGTH, WHITE_BALANCE } from "./recipes";

/** TIFF field types used here: 1 BYTE, 2 ASCII, 3 SHORT, 4 LONG, 7 UNDEFINED, 8 SSHORT, 9 SLONG. */
export type FieldType = 1 | 2 | 3 | 4 | 7 | 8 | 9;

const TYPE_SIZE: Record<FieldType, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 7: 1, 8: 2, 9: 4 };

export interface MakerNoteEntry {
  tag: number;
  type: FieldType;
  /** Numbers for 1/3/4/8/9, or the raw bytes for 2/7 (ASCII must include its NUL). */
  value: readonly number[] | Uint8Array;
}

export const FUJI_TAG = {
  Version: 0x0000,
  Quality: 0x1000,
  Sharpness: 0x1001,
  WhiteBalance: 0x1002,
  Saturation: 0x1003,
  ColorTemperature: 0x1005,
  WhiteBalanceFineTune: 0x100a,
  NoiseReduction: 0x100e,
  Clarity: 0x100f,
  ShadowTone: 0x1040,
  HighlightTone: 0x1041,
  GrainEffectRoughness: 0x1047,
  ColorChromeEffect: 0x1048,
  BWAdjustment: 0x1049,
  BWMagentaGreen: 0x104b,
  GrainEffectSize: 0x104c,
  ColorChromeFXBlue: 0x104e,
  DynamicRange: 0x1400,
  FilmMode: 0x1401,
  DynamicRangeSetting: 0x1402,
  DevelopmentDynamicRange: 0x1403,
  AutoDynamicRange: 0x140b,
  DRangePriority: 0x1443,
  DRangePriorityAuto: 0x1444,
} as const;

const HEADER = "FUJIFILM";
const IFD_OFFSET = 12;

function valueBytes(entry: MakerNoteEntry): Buffer {
  if (entry.value instanceof Uint8Array) return Buffer.from(entry.value);
  const size = TYPE_SIZE[entry.type];
  const buf = Buffer.alloc(entry.value.length * size);
  entry.value.forEach((v, i) => {
    const at = i * size;
    switch (entry.type) {
      case 1:
      case 7:
        buf.writeUInt8(v & 0xff, at); // int8 values are stored as their two's-complement byte
        break;
      case 3:
        buf.writeUInt16LE(v, at);
        break;
      case 8:
        buf.writeInt16LE(v, at);
        break;
      case 4:
        buf.writeUInt32LE(v, at);
        break;
      case 9:
        buf.writeInt32LE(v, at);
        break;
      default:
        throw new Error(`type ${entry.type} needs raw bytes`);
    }
  });
  return buf;
}

/** Serialise entries into a complete Fujifilm MakerNote (header + LE IFD + out-of-line data). */
export function encodeMakerNote(entries: readonly MakerNoteEntry[]): Buffer {
  const sorted = [...entries].sort((a, b) => a.tag - b.tag);
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i].tag === sorted[i - 1].tag) throw new Error(`duplicate MakerNote tag 0x${sorted[i].tag.toString(16)}`);
  }
  const ifdSize = 2 + sorted.length * 12 + 4;
  let dataOffset = IFD_OFFSET + ifdSize; // 12 + 2 + 12n + 4: always even
  const ifd = Buffer.alloc(ifdSize);
  const data: Buffer[] = [];
  ifd.writeUInt16LE(sorted.length, 0);
  sorted.forEach((entry, i) => {
    const bytes = valueBytes(entry);
    const count = bytes.length / TYPE_SIZE[entry.type];
    const at = 2 + i * 12;
    ifd.writeUInt16LE(entry.tag, at);
    ifd.writeUInt16LE(entry.type, at + 2);
    ifd.writeUInt32LE(count, at + 4);
    if (bytes.length <= 4) {
      bytes.copy(ifd, at + 8); // left-justified in the 4-byte field, rest stays 0
    } else {
      ifd.writeUInt32LE(dataOffset, at + 8); // relative to the MakerNote start
      const padded = bytes.length % 2 === 0 ? bytes : Buffer.concat([bytes, Buffer.alloc(1)]);
      data.push(padded);
      dataOffset += padded.length;
    }
  });
  ifd.writeUInt32LE(0, ifdSize - 4); // no next IFD
  const header = Buffer.alloc(IFD_OFFSET);
  header.write(HEADER, 0, "latin1");
  header.writeUInt32LE(IFD_OFFSET, 8);
  return Buffer.concat([header, ifd, ...data]);
}

function lookup(table: Record<number, number>, step: number, what: string): number {
  const raw = table[step];
  if (raw === undefined) throw new Error(`no raw value for ${what} ${step}`);
  return raw;
}

/** Tone menu value → raw: raw = −16 × steps (so +1 → −16, −0.5 → 8). */
export function toneRaw(steps: number): number {
  const raw = -16 * steps;
  if (!Number.isInteger(raw) || steps < -2 || steps > 4) throw new Error(`bad tone ${steps}`);
  return raw === 0 ? 0 : raw;
}

const u16 = (tag: number, v: number): MakerNoteEntry => ({ tag, type: 3, value: [v] });
const i32 = (tag: number, ...v: number[]): MakerNoteEntry => ({ tag, type: 9, value: v });

/**
 * The MakerNote entries a Fujifilm X100VI / X-T50 would write for this recipe (the recipe-relevant
 * subset, plus Version and Quality like real files). Raw values as lib/photos/fujifilm-labels.ts decodes them.
 */
export function recipeEntries(recipe: Recipe): MakerNoteEntry[] {
  const T = FUJI_TAG;
  const entries: MakerNoteEntry[] = [
    { tag: T.Version, type: 7, value: Buffer.from("0130", "latin1") },
    { tag: T.Quality, type: 2, value: Buffer.from("FINE   \0", "latin1") }, // 8 bytes: stored after the IFD
    u16(T.Sharpness, lookup(SHARPNESS, recipe.sharpness, "sharpness")),
    u16(T.WhiteBalance, WHITE_BALANCE[recipe.whiteBalance.mode]),
    i32(T.WhiteBalanceFineTune, recipe.wbShift.red * 20, recipe.wbShift.blue * 20), // 8 bytes: out of line
    u16(T.NoiseReduction, lookup(HIGH_ISO_NR, recipe.highIsoNr, "high ISO NR")),
    i32(T.Clarity, recipe.clarity * 1000),
    i32(T.ShadowTone, toneRaw(recipe.shadow)),
    i32(T.HighlightTone, toneRaw(recipe.highlight)),
    i32(T.GrainEffectRoughness, STRENGTH[recipe.grain.roughness]),
    i32(T.ColorChromeEffect, STRENGTH[recipe.colorChrome]),
    u16(T.GrainEffectSize, GRAIN_SIZE[recipe.grain.size]),
    i32(T.ColorChromeFXBlue, STRENGTH[recipe.colorChromeFxBlue]),
  ];

  // Film simulation: colour sims have FilmMode + a colour value in Saturation; B&W sims have
  // NO FilmMode and put the simulation itself into Saturation (like real cameras).
  const bw = BW_SATURATION[recipe.filmSimulation];
  if (bw !== undefined) {
    entries.push(u16(T.Saturation, bw));
    const mono = recipe.monochromaticColor ?? { warmCool: 0, magentaGreen: 0 };
    entries.push({ tag: T.BWAdjustment, type: 1, value: [mono.warmCool] }); // int8 stored as a byte
    entries.push({ tag: T.BWMagentaGreen, type: 1, value: [mono.magentaGreen] });
  } else {
    const filmMode = FILM_MODE[recipe.filmSimulation];
    if (filmMode === undefined) throw new Error(`no FilmMode for ${recipe.filmSimulation}`);
    entries.push(u16(T.FilmMode, filmMode));
    entries.push(u16(T.Saturation, lookup(COLOR, recipe.color, "color")));
  }

  if (recipe.whiteBalance.mode === "Kelvin") entries.push(u16(T.ColorTemperature, recipe.whiteBalance.kelvin));

  const dr = recipe.dynamicRange;
  entries.push(u16(T.DynamicRange, 1)); // 1 = Standard; what current bodies write in every mode
  if (dr.mode === "manual") {
    entries.push(u16(T.DynamicRangeSetting, 0x001), u16(T.DevelopmentDynamicRange, dr.percent));
  } else if (dr.mode === "auto") {
    entries.push(u16(T.DynamicRangeSetting, 0x000), u16(T.AutoDynamicRange, dr.chosen));
  } else {
    // D-Range Priority Fixed: 0x1443 = 1 and the strength in 0x1444; no 0x1402/0x1403.
    entries.push(u16(T.DRangePriority, 1), u16(T.DRangePriorityAuto, dr.strength === "Strong" ? 2 : 1));
  }
  return entries;
}
