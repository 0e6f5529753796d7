import { z } from "zod";
import { named } from "@/lib/core/schemas";

/**
 * The public-safe photo metadata the API publishes (`PhotoMetadata`, `FilmRecipe` in /openapi.json).
 *
 * Every field is nullable AND optional, because the contract distinguishes the two:
 * null = the camera did not record it, absent = the extractor never read it (e.g. the
 * Fujifilm-only fields on a Canon frame). Nothing outside this object leaves the photo
 * reader: `readPhotoMetadata` parses its result through this schema, which strips any key
 * not listed here (an allowlist: no GPS, serials, names or software ever get through).
 */

/** Keys of the recipe card, in the order a card is read. */
export const RECIPE_KEYS = [
  "Film Simulation",
  "Dynamic Range",
  "Grain Effect",
  "Color Chrome Effect",
  "Color Chrome FX Blue",
  "White Balance",
  "Highlight",
  "Shadow",
  "Color",
  "Sharpness",
  "High ISO NR",
  "Clarity",
  "ISO",
  "Exposure Compensation",
] as const;

export type RecipeKey = (typeof RECIPE_KEYS)[number];

const recipeShape = Object.fromEntries(RECIPE_KEYS.map((key) => [key, z.string()])) as Record<RecipeKey, z.ZodString>;

export const FilmRecipeSchema = named(
  "FilmRecipe",
  z.object(recipeShape).catchall(z.union([z.string(), z.number(), z.boolean(), z.null()])),
  'The Fujifilm recipe card: the 14 named settings as display strings ("n/a" when the body did not record that setting). Additional keys may appear.',
);

const text = (description?: string) => {
  const field = z.string().nullable().optional();
  return description ? field.meta({ description }) : field;
};
const int = (description?: string) => {
  const field = z.int().nullable().optional();
  return description ? field.meta({ description }) : field;
};

export const PhotoMetadataSchema = named(
  "PhotoMetadata",
  z.object({
    camera: text("Make and model, e.g. FUJIFILM X100VI"),
    lens: text("Lens model as written by the camera; a fixed-lens label on fixed-lens bodies"),
    aperture: text("As written in the file, e.g. f/2 or f/5.6"),
    shutter: text("As written in the file: 1/250 for fractions of a second, 0.5 or 2 for longer exposures (seconds)"),
    focal: text("As written in the file (actual, not 35 mm equivalent), e.g. 23 mm or 34.3 mm"),
    iso: int(),
    ev: z
      .union([z.number(), z.string()])
      .nullable()
      .optional()
      .meta({ description: "Exposure compensation in EV; number or signed string" }),
    date: text("Capture time as YYYY:MM:DD HH:MM:SS, camera wall-clock time, no timezone"),
    width: int("Pixels, after EXIF orientation is applied"),
    height: int("Pixels, after EXIF orientation is applied"),
    color_space: text(),
    white_balance: text(),
    wb_shift: text("White balance fine-tune, e.g. R+4, B-2"),
    flash: text(),
    exposure_mode: text("Exposure program, e.g. Aperture-priority AE"),
    meter: text("Metering mode"),
    focus_mode: text(),
    drive: text(),
    sharpness: text(),
    noise_reduction: text(),
    color_temp: int("White balance colour temperature in kelvin, when set by hand"),
    clarity: int(),
    film: text("Film simulation"),
    dr: text("Dynamic range"),
    dr_value: int("Dynamic range in percent"),
    chrome: text("Color Chrome Effect"),
    chrome_blue: text("Color Chrome FX Blue"),
    grain: text("Grain effect roughness"),
    grain_size: text("Grain effect size"),
    highlight_tone: text(),
    shadow_tone: text(),
    saturation: text("Color (saturation) setting"),
    recipe: FilmRecipeSchema.nullable().optional().meta({ description: "Absent on frames without a recipe" }),
  }),
  "Public-safe EXIF allowlist: a field the camera did not record is null; a field the extractor never read is absent; nothing is guessed.",
);

export type FilmRecipe = z.infer<typeof FilmRecipeSchema>;
export type PhotoMetadata = z.infer<typeof PhotoMetadataSchema>;
