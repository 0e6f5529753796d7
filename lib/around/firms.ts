import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { env } from "@/lib/env";
import { siteFile } from "@/lib/build-output";

/**
 * The firms "around" crawls: `content/around.json` (name and homepage of each), validated
 * by the build and copied to `.site/around-firms.json`. `AROUND_FIRMS_FILE` points the
 * crawl at another list of the same shape (the tests use loopback sites).
 */
export const MAX_FIRMS = 30;

export const FirmSchema = z.object({
  name: z.string().trim().min(1).max(80),
  homepage: z.url({ protocol: /^https?$/ }).refine((u) => !new URL(u).username && !new URL(u).password, "must not carry credentials"),
});
export type Firm = z.infer<typeof FirmSchema>;

export const FirmListSchema = z
  .object({ firms: z.array(FirmSchema).min(1).max(MAX_FIRMS) })
  .refine((l) => new Set(l.firms.map((f) => f.name.toLowerCase())).size === l.firms.length, "firm names must be unique")
  .refine((l) => new Set(l.firms.map((f) => new URL(f.homepage).href)).size === l.firms.length, "homepages must be unique");

/** `file: field: reason` lines for the build, empty when the list is valid. */
export function firmListProblems(data: unknown, file: string): string[] {
  const parsed = FirmListSchema.safeParse(data);
  if (parsed.success) return [];
  return parsed.error.issues.map((i) => `${file}: ${i.path.join(".") || "firms"}: ${i.message}`);
}

export class FirmListMissing extends Error {
  constructor(file: string, why: string) {
    super(`The firm list ${file} cannot be used: ${why}`);
    this.name = "FirmListMissing";
  }
}

export function loadFirms(): Firm[] {
  const file = env().AROUND_FIRMS_FILE ? path.resolve(env().AROUND_FIRMS_FILE!) : siteFile("around-firms.json");
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, "utf8"));
  } catch (e) {
    throw new FirmListMissing(
      file,
      (e as NodeJS.ErrnoException).code === "ENOENT" ? "it does not exist (run `npm run build`)" : (e as Error).message,
    );
  }
  const parsed = FirmListSchema.safeParse(raw);
  if (!parsed.success) throw new FirmListMissing(file, parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "));
  return parsed.data.firms;
}
