// The demo recipe book: seven JPEG film-simulation recipes written the way they appear in the
// camera menu. makernote.ts turns them into the raw Fujifilm MakerNote values of exiftool's
// FujiFilm tag table, the encodings lib/photos/fujifilm-labels.ts reads back. The recipes are synthetic: they are
// plausible settings for an X100VI / X-T50, not copied from anyone's published recipe.

export type FilmSimulation =
  | "Provia"
  | "Velvia"
  | "Astia"
  | "Classic Chrome"
  | "Reala Ace"
  | "Pro Neg. Hi"
  | "Pro Neg. Std"
  | "Classic Negative"
  | "Nostalgic Neg."
  | "Eterna"
  | "Eterna Bleach Bypass"
  | "Acros"
  | "Acros+R"
  | "Acros+Ye"
  | "Acros+G"
  | "Monochrome"
  | "Sepia";

export type Strength = "Off" | "Weak" | "Strong";

export type DynamicRange =
  | { mode: "manual"; percent: 100 | 200 | 400 }
  | { mode: "auto"; chosen: 100 | 200 | 400 }
  /** D-Range Priority (Fixed): replaces DR and tone settings on the camera. */
  | { mode: "d-range-priority"; strength: "Weak" | "Strong" };

export type WhiteBalance =
  | { mode: "Auto" | "Auto White Priority" | "Auto Ambience Priority" | "Daylight" | "Shade" | "Fluorescent 1" | "Incandescent" }
  | { mode: "Kelvin"; kelvin: number };

export interface Recipe {
  /** Our nickname for the recipe. */
  name: string;
  filmSimulation: FilmSimulation;
  dynamicRange: DynamicRange;
  /** Highlight / shadow tone in menu steps, −2 … +4, half steps allowed. */
  highlight: number;
  shadow: number;
  /** Colour (saturation) in menu steps, −4 … +4. Ignored for B&W simulations. */
  color: number;
  sharpness: number;
  highIsoNr: number;
  clarity: number;
  grain: { roughness: Strength; size: "Off" | "Small" | "Large" };
  colorChrome: Strength;
  colorChromeFxBlue: Strength;
  whiteBalance: WhiteBalance;
  /** White-balance shift in menu steps (each step is 20 raw units). */
  wbShift: { red: number; blue: number };
  /** Monochromatic colour for B&W simulations: warm(+)/cool(−), green(+)/magenta(−). */
  monochromaticColor?: { warmCool: number; magentaGreen: number };
  notes: string;
}

// -- The book -------------------------------------------------------------------------------

export const RECIPES = {
  redHookChrome: {
    name: "Red Hook Chrome",
    filmSimulation: "Classic Chrome",
    dynamicRange: { mode: "manual", percent: 400 },
    highlight: -1,
    shadow: +1,
    color: +2,
    sharpness: -1,
    highIsoNr: -4,
    clarity: +2,
    grain: { roughness: "Weak", size: "Small" },
    colorChrome: "Strong",
    colorChromeFxBlue: "Weak",
    whiteBalance: { mode: "Auto" },
    wbShift: { red: +2, blue: -5 },
    notes: "Muted blues, warm brick, hard shadows. The everyday waterfront recipe.",
  },
  realaEveryday: {
    name: "Reala Everyday",
    filmSimulation: "Reala Ace",
    dynamicRange: { mode: "auto", chosen: 200 },
    highlight: +0.5,
    shadow: 0,
    color: 0,
    sharpness: 0,
    highIsoNr: -2,
    clarity: 0,
    grain: { roughness: "Off", size: "Off" },
    colorChrome: "Weak",
    colorChromeFxBlue: "Off",
    whiteBalance: { mode: "Daylight" },
    wbShift: { red: +1, blue: -1 },
    notes: "Close to straight out of camera; a half step of extra highlight contrast.",
  },
  dockNegative: {
    name: "Dock Negative",
    filmSimulation: "Classic Negative",
    dynamicRange: { mode: "manual", percent: 400 },
    highlight: -1,
    shadow: +2,
    color: +3,
    sharpness: -2,
    highIsoNr: -4,
    clarity: -2,
    grain: { roughness: "Strong", size: "Small" },
    colorChrome: "Strong",
    colorChromeFxBlue: "Weak",
    whiteBalance: { mode: "Kelvin", kelvin: 4800 },
    wbShift: { red: +3, blue: -4 },
    notes: "Cyan shadows and warm skin; made for dusk and neon.",
  },
  acrosRed: {
    name: "Acros Red Filter",
    filmSimulation: "Acros+R",
    dynamicRange: { mode: "manual", percent: 200 },
    highlight: +1,
    shadow: +2,
    color: 0,
    sharpness: +1,
    highIsoNr: -4,
    clarity: +3,
    grain: { roughness: "Strong", size: "Large" },
    colorChrome: "Off",
    colorChromeFxBlue: "Off",
    whiteBalance: { mode: "Auto" },
    wbShift: { red: 0, blue: 0 },
    monochromaticColor: { warmCool: +2, magentaGreen: -1 },
    notes: "Dark skies, bright brick, heavy grain. B&W, so the camera writes no FilmMode tag.",
  },
  garageEterna: {
    name: "Garage Eterna",
    filmSimulation: "Eterna",
    dynamicRange: { mode: "d-range-priority", strength: "Strong" },
    highlight: 0,
    shadow: 0,
    color: -2,
    sharpness: -2,
    highIsoNr: -2,
    clarity: -1,
    grain: { roughness: "Weak", size: "Large" },
    colorChrome: "Off",
    colorChromeFxBlue: "Weak",
    whiteBalance: { mode: "Fluorescent 1" },
    wbShift: { red: -1, blue: +3 },
    notes: "Flat and teal under the shop lights; D-Range Priority keeps the lamp from clipping.",
  },
  harbourVelvia: {
    name: "Harbour Velvia",
    filmSimulation: "Velvia",
    dynamicRange: { mode: "manual", percent: 100 },
    highlight: 0,
    shadow: +1,
    color: -1,
    sharpness: +2,
    highIsoNr: -3,
    clarity: +1,
    grain: { roughness: "Off", size: "Off" },
    colorChrome: "Weak",
    colorChromeFxBlue: "Strong",
    whiteBalance: { mode: "Daylight" },
    wbShift: { red: +1, blue: -2 },
    notes: "Bright-day slide look, colour pulled back a step so the orange ferry does not bleed.",
  },
  amberNostalgic: {
    name: "Amber Nostalgic",
    filmSimulation: "Nostalgic Neg.",
    dynamicRange: { mode: "manual", percent: 200 },
    highlight: -0.5,
    shadow: -1.5,
    color: +1,
    sharpness: -3,
    highIsoNr: -4,
    clarity: -3,
    grain: { roughness: "Weak", size: "Large" },
    colorChrome: "Strong",
    colorChromeFxBlue: "Off",
    whiteBalance: { mode: "Kelvin", kelvin: 6300 },
    wbShift: { red: +4, blue: -6 },
    notes: "Amber highlights and soft shadows (half steps on both tones) for kitchens and evenings.",
  },
} as const satisfies Record<string, Recipe>;

export type RecipeKey = keyof typeof RECIPES;

// -- Menu value → raw MakerNote value (exiftool FujiFilm.pm; lib/photos/fujifilm-labels.ts) ----------

/** 0x1401 FilmMode for colour simulations; B&W ones have no FilmMode and use 0x1003 instead. */
export const FILM_MODE: Partial<Record<FilmSimulation, number>> = {
  Provia: 0x000,
  Velvia: 0x200,
  Astia: 0x120,
  "Pro Neg. Std": 0x500,
  "Pro Neg. Hi": 0x501,
  "Classic Chrome": 0x600,
  Eterna: 0x700,
  "Classic Negative": 0x800,
  "Eterna Bleach Bypass": 0x900,
  "Nostalgic Neg.": 0xa00,
  "Reala Ace": 0xb00,
};

/** 0x1003 Saturation value that encodes a B&W simulation. */
export const BW_SATURATION: Partial<Record<FilmSimulation, number>> = {
  Monochrome: 0x300,
  Sepia: 0x310,
  Acros: 0x500,
  "Acros+R": 0x501,
  "Acros+Ye": 0x502,
  "Acros+G": 0x503,
};

/** 0x1003 Saturation for colour simulations, by menu step. */
export const COLOR: Record<number, number> = {
  [-4]: 0x4e0,
  [-3]: 0x4c0,
  [-2]: 0x400,
  [-1]: 0x180,
  0: 0x000,
  1: 0x080,
  2: 0x100,
  3: 0x0c0,
  4: 0x0e0,
};

/** 0x1001 Sharpness by menu step. */
export const SHARPNESS: Record<number, number> = {
  [-4]: 0x00,
  [-3]: 0x01,
  [-2]: 0x02,
  [-1]: 0x82,
  0: 0x03,
  1: 0x84,
  2: 0x04,
  3: 0x05,
  4: 0x06,
};

/** 0x100E High ISO NR by menu step. */
export const HIGH_ISO_NR: Record<number, number> = {
  [-4]: 0x2e0,
  [-3]: 0x2c0,
  [-2]: 0x200,
  [-1]: 0x280,
  0: 0x000,
  1: 0x180,
  2: 0x100,
  3: 0x1c0,
  4: 0x1e0,
};

/** 0x1002 WhiteBalance. */
export const WHITE_BALANCE: Record<WhiteBalance["mode"], number> = {
  Auto: 0x000,
  "Auto White Priority": 0x001,
  "Auto Ambience Priority": 0x002,
  Daylight: 0x100,
  Shade: 0x200,
  "Fluorescent 1": 0x300,
  Incandescent: 0x400,
  Kelvin: 0xff0,
};

/** 0x1047 grain roughness, 0x1048 Color Chrome, 0x104E FX Blue. */
export const STRENGTH: Record<Strength, number> = { Off: 0, Weak: 32, Strong: 64 };
/** 0x104C grain size. */
export const GRAIN_SIZE: Record<Recipe["grain"]["size"], number> = { Off: 0, Small: 16, Large: 32 };
