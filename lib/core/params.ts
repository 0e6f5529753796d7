import { z } from "zod";

/**
 * A numeric query parameter that never fails: out-of-range values are clamped and a
 * non-number falls back to the default (the spec's rule for every `limit`).
 */
export function clampedInt(o: {
  min: number;
  max: number;
  default: number;
  description: string;
  optional: true;
}): z.ZodType<number | undefined, unknown>;
export function clampedInt(o: {
  min: number;
  max: number;
  default: number;
  description: string;
  optional?: false;
}): z.ZodType<number, unknown>;
export function clampedInt(o: {
  min: number;
  max: number;
  default: number;
  description: string;
  optional?: boolean;
}): z.ZodType<number | undefined, unknown> {
  const clamp = z.preprocess((v) => {
    if (v === undefined || v === null || (typeof v === "string" && v.trim() === "")) return o.default;
    const n = Number(v);
    return Number.isFinite(n) ? Math.min(o.max, Math.max(o.min, Math.trunc(n))) : o.default;
  }, z.number().int().min(o.min).max(o.max));
  const meta = {
    description: `${o.description} ${o.min}-${o.max}, default ${o.default}; out-of-range values are clamped, a non-number falls back to ${o.default}.`,
    default: o.default,
  };
  // Absent takes the default without running the clamp (or stays absent when another
  // parameter stands in for it, as `limit` does for /ask's `top_k`); either way it is optional.
  return (o.optional ? clamp.optional() : clamp.default(o.default)).meta(meta);
}

/** A required text parameter: missing or blank is a 400 naming it; longer than `max` is a 400 too. */
export function requiredText(name: string, max: number, description: string, example: string) {
  return (
    z
      .string({ error: (issue) => (issue.input === undefined ? `${name} is required` : `${name} must be a string`) })
      .max(max, `${name} must be at most ${max} characters`)
      .refine((s) => s.trim().length > 0, `${name} must not be blank`)
      // Before the transform: OpenAPI documents the input side, which is where the metadata must sit.
      .meta({ description, examples: [example] })
      .transform((s) => s.trim())
  );
}
