import { isRealDate } from "@/lib/content/dates";
import { z } from "zod";

import { COLLECTIONS, type Collection } from "./collections";

// The kinds and collections are declared in collections.ts; this module is their files' front matter.
export { COLLECTIONS, COLLECTION_NAMES, KINDS, type Collection, type Kind } from "./collections";

const isoDate = z.preprocess(
  (v) => (v instanceof Date && !Number.isNaN(v.getTime()) ? v.toISOString().slice(0, 10) : v),
  z
    .string()
    // One mistake, one message: a date not written YYYY-MM-DD is not also called unreal.
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: "must be a date written YYYY-MM-DD", abort: true })
    .refine(isRealDate, "is not a real date"),
);
const shortList = (max: number, item: z.ZodString) => z.array(item).max(max, `at most ${max} entries`);

export const frontMatterSchema = z
  .object({
    title: z.string().trim().min(3, "must be at least 3 characters").max(120, "must be at most 120 characters"),
    description: z.string().trim().min(40, "must be at least 40 characters").max(300, "must be at most 300 characters"),
    date: isoDate.optional(),
    updated: isoDate.optional(),
    tags: shortList(8, z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "must be lowercase kebab-case")).default([]),
    questions: shortList(8, z.string().trim().min(8).max(200)).default([]),
    aliases: shortList(8, z.string().trim().min(2).max(80)).default([]),
    order: z.number().int().optional(),
    endpoint: z
      .string()
      .regex(/^\/[\w./-]*$/, "must be a site path")
      .optional(),
    draft: z.boolean().default(false),
    demo: z.boolean().default(false),
    // Where the owner's portrait shows on this page, when photos/ marks one (docs/owner-guide.md):
    // true, at the top of the body; or a section's anchor, under that heading.
    portrait: z
      .union([z.literal(true), z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "must be true or a section's anchor (headshots)")])
      .optional(),
  })
  .strict()
  .superRefine((fm, ctx) => {
    if (fm.date && fm.updated && fm.updated < fm.date) ctx.addIssue({ code: "custom", path: ["updated"], message: "is before date" });
  });

export type FrontMatter = z.output<typeof frontMatterSchema>;

/** Rules that depend on the folder a file is in: its collection's `dated` and `fields` (collections.ts). */
export function collectionIssues(collection: Collection, fm: FrontMatter): { field: string; message: string }[] {
  const issues: { field: string; message: string }[] = [];
  const { dated, fields } = COLLECTIONS[collection];
  if (dated && !fm.date) issues.push({ field: "date", message: `is required in ${collection}/` });
  for (const field of ["endpoint", "order"] as const) {
    const rule = (fields as { endpoint?: "required"; order?: "allowed" })[field];
    const where = Object.entries(COLLECTIONS)
      .filter(([, c]) => field in c.fields)
      .map(([name]) => `${name}/`)
      .join(", ");
    if (rule === "required" && fm[field] === undefined) issues.push({ field, message: `is required in ${collection}/` });
    if (!rule && fm[field] !== undefined) issues.push({ field, message: `is only allowed in ${where}` });
  }
  return issues;
}

export const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
