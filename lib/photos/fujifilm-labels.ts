import type { FujiTags, FujiValue } from "./fujifilm";

/**
 * Raw Fujifilm MakerNote value → display label. The encodings are exiftool's FujiFilm tag
 * table (FujiFilm.pm, checked against `exiftool -n` on real files); the labels
 * are our own, close to the camera menus (Fuji writes "REALA ACE", not exiftool's
 * "F2/Fujichrome (Velvia)").
 *
 * Rules: a missing tag gives null ("the body has no such setting", never "Off"); a
 * value not in a table gives "Unknown (0x…)" rather than the nearest guess.
 */

export const FUJI_TAG = {
  sharpness: 0x1001,
  whiteBalance: 0x1002,
  saturation: 0x1003,
  colorTemperature: 0x1005,
  whiteBalanceFineTune: 0x100a,
  legacyNoiseReduction: 0x100b,
  highIsoNoiseReduction: 0x100e,
  clarity: 0x100f,
  focusMode: 0x1021,
  focusSettings: 0x102d,
  shadowTone: 0x1040,
  highlightTone: 0x1041,
  grainRoughness: 0x1047,
  colorChrome: 0x1048,
  monochromaticWarmCool: 0x1049,
  monochromaticMagentaGreen: 0x104b,
  grainSize: 0x104c,
  colorChromeBlue: 0x104e,
  driveSettings: 0x1103,
  dynamicRange: 0x1400,
  filmMode: 0x1401,
  dynamicRangeSetting: 0x1402,
  developmentDynamicRange: 0x1403,
  autoDynamicRange: 0x140b,
  dRangePriority: 0x1443,
  // exiftool calls 0x1444 "DRangePriorityAuto" and 0x1445 "DRangePriorityFixed"; real
  // files hold the fixed strength in 0x1444 and the auto result in 0x1445.
  dRangePriorityFixed: 0x1444,
  dRangePriorityAuto: 0x1445,
} as const;

/** The value of a single-valued tag; undefined when absent or (malformed) an array. */
export function scalar(tags: FujiTags, tag: number): number | undefined {
  const value = tags.get(tag);
  return typeof value === "number" ? value : undefined;
}

/** "Unknown (0xb00)" for unsigned codes, "Unknown (-5)" for negative raw values. */
export function unknownLabel(raw: number): string {
  return raw >= 0 && Number.isInteger(raw) ? `Unknown (0x${raw.toString(16)})` : `Unknown (${raw})`;
}

/** Menu-style signed number: "+2", "-0.5", "0" (ASCII minus, so filters can type it). */
export function signed(n: number): string {
  if (n === 0) return "0";
  return n > 0 ? `+${n}` : String(n);
}

type Table = Readonly<Record<number, string>>;

function lookup(table: Table, raw: number | undefined): string | null {
  if (raw === undefined) return null;
  return table[raw] ?? unknownLabel(raw);
}

/** 0x8000 in several settings: the value follows the film simulation. */
export const FILM_SIMULATION_DEFAULT = "Film Simulation";

// FilmMode 0x1401. Absent on B&W frames: those come from Saturation 0x1003.
export const FILM_MODES: Table = {
  0x000: "Provia/Standard",
  0x100: "Studio Portrait",
  0x110: "Studio Portrait Enhanced Saturation",
  0x120: "Astia/Soft",
  0x130: "Studio Portrait Increased Sharpness",
  0x200: "Velvia/Vivid",
  0x300: "Studio Portrait Ex",
  0x400: "Velvia", // "F4/Velvia" on old bodies
  0x500: "Pro Neg. Std",
  0x501: "Pro Neg. Hi",
  0x600: "Classic Chrome",
  0x700: "Eterna",
  0x800: "Classic Neg.",
  0x900: "Eterna Bleach Bypass",
  0xa00: "Nostalgic Neg.",
  0xb00: "REALA ACE",
};

// Saturation 0x1003 values that are a monochrome film simulation.
export const MONOCHROME_SIMULATIONS: Table = {
  0x300: "Monochrome",
  0x301: "Monochrome+R",
  0x302: "Monochrome+Ye",
  0x303: "Monochrome+G",
  0x310: "Sepia",
  0x500: "Acros",
  0x501: "Acros+R",
  0x502: "Acros+Ye",
  0x503: "Acros+G",
};

// Saturation 0x1003 on colour frames: the "Color" menu setting.
export const COLOR: Table = {
  0x000: "0",
  0x080: "+1",
  0x100: "+2",
  0x0c0: "+3",
  0x0e0: "+4",
  0x180: "-1",
  0x400: "-2",
  0x4c0: "-3",
  0x4e0: "-4",
  0x200: "Low", // old bodies
  0x8000: FILM_SIMULATION_DEFAULT,
};

export function isMonochrome(saturation: number | undefined): boolean {
  return saturation !== undefined && saturation in MONOCHROME_SIMULATIONS;
}

/** Film simulation: a B&W value in Saturation wins over FilmMode (absent on B&W anyway). */
export function filmSimulationLabel(filmMode: number | undefined, saturation: number | undefined): string | null {
  if (isMonochrome(saturation)) return MONOCHROME_SIMULATIONS[saturation!];
  return lookup(FILM_MODES, filmMode);
}

/** The Color setting; null on B&W frames, where it does not apply. */
export function colorLabel(saturation: number | undefined): string | null {
  return isMonochrome(saturation) ? null : lookup(COLOR, saturation);
}

// DynamicRange 0x1400 (the coarse tag; used only when nothing finer was recorded).
const DYNAMIC_RANGE: Table = { 1: "Standard", 3: "Wide" };
// D-Range Priority strength, in 0x1444 (fixed) or 0x1445 (auto result).
const DRANGE_PRIORITY_STRENGTH: Table = { 1: "Weak", 2: "Strong" };

export interface DynamicRange {
  label: string | null;
  /** Percent (100/200/400…), only when the file states it. */
  percent: number | null;
}

/**
 * Dynamic range from, in order: D-Range Priority (0x1443; with it on, 0x1402/0x1403 are
 * absent), the DR setting 0x1402 with its percent (0x1403 manual, 0x140B auto), then the
 * coarse 0x1400.
 */
export function dynamicRange(tags: FujiTags): DynamicRange {
  const priority = scalar(tags, FUJI_TAG.dRangePriority);
  if (priority !== undefined) return dRangePriority(tags, priority);
  const setting = scalar(tags, FUJI_TAG.dynamicRangeSetting);
  if (setting !== undefined) return dynamicRangeSetting(tags, setting);
  return { label: lookup(DYNAMIC_RANGE, scalar(tags, FUJI_TAG.dynamicRange)), percent: null };
}

function dRangePriority(tags: FujiTags, mode: number): DynamicRange {
  const strength = (tag: number) => lookup(DRANGE_PRIORITY_STRENGTH, scalar(tags, tag));
  if (mode === 1) {
    const fixed = strength(FUJI_TAG.dRangePriorityFixed);
    return { label: fixed ? `D-Range Priority ${fixed}` : "D-Range Priority", percent: null };
  }
  if (mode === 0) {
    const auto = strength(FUJI_TAG.dRangePriorityAuto);
    return { label: auto ? `D-Range Priority Auto (${auto})` : "D-Range Priority Auto", percent: null };
  }
  return { label: `D-Range Priority ${unknownLabel(mode)}`, percent: null };
}

function dynamicRangeSetting(tags: FujiTags, setting: number): DynamicRange {
  const development = scalar(tags, FUJI_TAG.developmentDynamicRange) ?? null;
  switch (setting) {
    case 0: {
      const auto = scalar(tags, FUJI_TAG.autoDynamicRange) ?? null;
      return { label: auto === null ? "DR-Auto" : `DR-Auto (DR${auto})`, percent: auto };
    }
    case 1:
      return { label: development === null ? "Manual" : `DR${development}`, percent: development };
    case 0x100:
      return { label: "DR100", percent: 100 };
    case 0x200:
      return { label: "Wide1 (230%)", percent: 230 };
    case 0x201:
      return { label: "Wide2 (400%)", percent: 400 };
    case 0x8000:
      return { label: FILM_SIMULATION_DEFAULT, percent: development };
    default:
      return { label: unknownLabel(setting), percent: development };
  }
}

// Grain roughness 0x1047, Color Chrome Effect 0x1048, Color Chrome FX Blue 0x104E.
const STRENGTH: Table = { 0: "Off", 32: "Weak", 64: "Strong" };
// Grain size 0x104C.
const GRAIN_SIZE: Table = { 0: "Off", 16: "Small", 32: "Large" };

export const effectLabel = (raw: number | undefined) => lookup(STRENGTH, raw);
export const grainSizeLabel = (raw: number | undefined) => lookup(GRAIN_SIZE, raw);

/** Recipe-card grain: "Strong, Large", "Weak" (body without a size setting) or "Off". */
export function grainEffectLabel(roughness: number | undefined, size: number | undefined): string | null {
  const strength = effectLabel(roughness);
  if (strength === null || roughness === 0) return strength;
  const grain = grainSizeLabel(size);
  return grain === null || size === 0 ? strength : `${strength}, ${grain}`;
}

// WhiteBalance 0x1002.
export const KELVIN = 0xff0;
const WHITE_BALANCE: Table = {
  0x000: "Auto",
  0x001: "Auto (White Priority)",
  0x002: "Auto (Ambience Priority)",
  0x100: "Daylight",
  0x200: "Shade",
  0x300: "Fluorescent 1",
  0x301: "Fluorescent 2",
  0x302: "Fluorescent 3",
  0x303: "Fluorescent (Warm White)",
  0x304: "Fluorescent (Living Room)",
  0x400: "Incandescent",
  0x500: "Flash",
  0x600: "Underwater",
  0xf00: "Custom 1",
  0xf01: "Custom 2",
  0xf02: "Custom 3",
  0xf03: "Custom 4",
  0xf04: "Custom 5",
  [KELVIN]: "Kelvin",
};

export const whiteBalanceLabel = (raw: number | undefined) => lookup(WHITE_BALANCE, raw);

/** Fine-tune 0x100A: [red, blue] in 1/20 steps (80 → R+4; −40 → B-2). */
export function wbShiftLabel(value: FujiValue | undefined): string | null {
  if (value === undefined) return null;
  if (typeof value === "number") return unknownLabel(value);
  if (value.length !== 2) return `Unknown (${value.join(" ")})`;
  const [red, blue] = value.map((raw) => raw / 20);
  return `R${signed(red)}, B${signed(blue)}`;
}

/** Highlight 0x1041 / Shadow 0x1040: menu = −raw/16, in half steps (8 → −0.5). */
export function toneLabel(raw: number | undefined): string | null {
  if (raw === undefined) return null;
  return raw % 8 === 0 ? signed(-raw / 16) : unknownLabel(raw);
}

// Sharpness 0x1001.
const SHARPNESS: Table = {
  0: "-4",
  1: "-3",
  2: "-2",
  0x82: "-1",
  3: "0",
  0x84: "+1",
  4: "+2",
  5: "+3",
  6: "+4",
  0x8000: FILM_SIMULATION_DEFAULT,
  0xffff: "n/a",
};

export const sharpnessLabel = (raw: number | undefined) => lookup(SHARPNESS, raw);

// High ISO NR 0x100E, and the legacy 0x100B that auto/SR+ mode and old bodies write.
const HIGH_ISO_NR: Table = {
  0x000: "0",
  0x180: "+1",
  0x100: "+2",
  0x1c0: "+3",
  0x1e0: "+4",
  0x280: "-1",
  0x200: "-2",
  0x2c0: "-3",
  0x2e0: "-4",
};
const LEGACY_NR: Table = { 0x40: "Low", 0x80: "Normal" };
const LEGACY_NR_NOT_APPLICABLE = 0x100; // written by X100-era bodies; exiftool drops it too

export function noiseReductionLabel(highIso: number | undefined, legacy: number | undefined): string | null {
  if (highIso !== undefined) return lookup(HIGH_ISO_NR, highIso);
  return legacy === LEGACY_NR_NOT_APPLICABLE ? null : lookup(LEGACY_NR, legacy);
}

/** Clarity 0x100F: raw ÷ 1000 (−5000…5000); null unless a whole step. */
export function clarityValue(raw: number | undefined): number | null {
  return raw !== undefined && raw % 1000 === 0 ? raw / 1000 || 0 : null;
}

export function clarityLabel(raw: number | undefined): string | null {
  if (raw === undefined) return null;
  const value = clarityValue(raw);
  return value === null ? unknownLabel(raw) : signed(value);
}

// Focus: 0x102D FocusSettings (low nibble, X-T3 and later), else 0x1021 FocusMode.
const FOCUS_MODE_2: Table = { 0: "AF-M", 1: "AF-S", 2: "AF-C" };
const FOCUS_MODE: Table = { 0: "Auto", 1: "Manual", 0xffff: "Movie" };

export function focusModeLabel(focusSettings: number | undefined, focusMode: number | undefined): string | null {
  if (focusSettings !== undefined) return lookup(FOCUS_MODE_2, focusSettings & 0xf);
  return lookup(FOCUS_MODE, focusMode);
}

// Drive: 0x1103 DriveSettings, mode in the low byte, frames per second in the high byte.
const DRIVE_MODE: Table = { 0: "Single", 1: "Continuous Low", 2: "Continuous High" };

export function driveLabel(driveSettings: number | undefined): string | null {
  if (driveSettings === undefined) return null;
  const mode = lookup(DRIVE_MODE, driveSettings & 0xff);
  const fps = driveSettings >>> 24;
  return fps > 0 ? `${mode} (${fps} fps)` : mode;
}
