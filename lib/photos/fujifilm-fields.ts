import type { FujiTags } from "./fujifilm";
import * as fuji from "./fujifilm-labels";
import type { FilmRecipe, PhotoMetadata } from "./schema";

/**
 * The fields only a Fujifilm MakerNote records, and the recipe card built from them
 * (the MakerNote half of lib/photos/metadata.ts).
 */
type Fields = Partial<PhotoMetadata>;

const T = fuji.FUJI_TAG;

export function fujifilmFields(tags: FujiTags): Fields {
  const get = (tag: number) => fuji.scalar(tags, tag);
  const saturation = get(T.saturation);
  const whiteBalance = get(T.whiteBalance);
  const dr = fuji.dynamicRange(tags);
  return {
    white_balance: fuji.whiteBalanceLabel(whiteBalance),
    wb_shift: fuji.wbShiftLabel(tags.get(T.whiteBalanceFineTune)),
    focus_mode: fuji.focusModeLabel(get(T.focusSettings), get(T.focusMode)),
    drive: fuji.driveLabel(get(T.driveSettings)),
    sharpness: fuji.sharpnessLabel(get(T.sharpness)),
    noise_reduction: fuji.noiseReductionLabel(get(T.highIsoNoiseReduction), get(T.legacyNoiseReduction)),
    // 0x1005 is only meaningful when the white balance is set in kelvin.
    color_temp: whiteBalance === fuji.KELVIN ? (get(T.colorTemperature) ?? null) : null,
    clarity: fuji.clarityValue(get(T.clarity)),
    film: fuji.filmSimulationLabel(get(T.filmMode), saturation),
    dr: dr.label,
    dr_value: dr.percent,
    chrome: fuji.effectLabel(get(T.colorChrome)),
    chrome_blue: fuji.effectLabel(get(T.colorChromeBlue)),
    grain: fuji.effectLabel(get(T.grainRoughness)),
    grain_size: fuji.grainSizeLabel(get(T.grainSize)),
    highlight_tone: fuji.toneLabel(get(T.highlightTone)),
    shadow_tone: fuji.toneLabel(get(T.shadowTone)),
    saturation: fuji.colorLabel(saturation),
  };
}

const NOT_RECORDED = "n/a";

/**
 * The recipe card: every value from the MakerNote itself (never the EXIF fallback), "n/a"
 * where the body did not record the setting. Undefined without a film simulation.
 */
export function buildRecipe(tags: FujiTags, m: Fields): FilmRecipe | undefined {
  if (!m.film) return undefined;
  const get = (tag: number) => fuji.scalar(tags, tag);
  const card = (value: string | null | undefined) => value ?? NOT_RECORDED;
  return {
    "Film Simulation": m.film,
    "Dynamic Range": card(m.dr),
    "Grain Effect": card(fuji.grainEffectLabel(get(T.grainRoughness), get(T.grainSize))),
    "Color Chrome Effect": card(m.chrome),
    "Color Chrome FX Blue": card(m.chrome_blue),
    "White Balance": card(whiteBalanceCard(tags, m)),
    Highlight: card(m.highlight_tone),
    Shadow: card(m.shadow_tone),
    Color: card(m.saturation),
    Sharpness: card(fuji.sharpnessLabel(get(T.sharpness))),
    "High ISO NR": card(fuji.noiseReductionLabel(get(T.highIsoNoiseReduction), get(T.legacyNoiseReduction))),
    Clarity: card(fuji.clarityLabel(get(T.clarity))),
    ISO: m.iso == null ? NOT_RECORDED : String(m.iso),
    "Exposure Compensation": typeof m.ev === "number" ? fuji.signed(m.ev) : card(m.ev),
    ...monochromaticColor(tags),
  };
}

/** "4700K, R+4, B-2", "Auto, R0, B0", or just "Auto" when no fine-tune was written. */
function whiteBalanceCard(tags: FujiTags, m: Fields): string | null {
  const raw = fuji.scalar(tags, T.whiteBalance);
  const base = raw === fuji.KELVIN && m.color_temp ? `${m.color_temp}K` : fuji.whiteBalanceLabel(raw);
  if (!base || !m.wb_shift) return base;
  return `${base}, ${m.wb_shift}`;
}

/** B&W frames: Monochromatic Color warm/cool and magenta/green steps, when written. */
function monochromaticColor(tags: FujiTags): Record<string, string> {
  const extra: Record<string, string> = {};
  const wc = fuji.scalar(tags, T.monochromaticWarmCool);
  const mg = fuji.scalar(tags, T.monochromaticMagentaGreen);
  if (wc !== undefined) extra["Monochromatic Color WC"] = fuji.signed(wc);
  if (mg !== undefined) extra["Monochromatic Color MG"] = fuji.signed(mg);
  return extra;
}
