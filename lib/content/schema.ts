import { isRealDate } from "@/lib/content/dates";
import { z } from "zod";

/** The four kinds the API reports (SPEC.md SearchResult.kind). */
export const KINDS = ["page", "writing", "document", "utility"] as const;
export type Kind = (typeof KINDS)[number];

/**
 * Content folders. Garage notes are dated, authored prose like writing, so they report
 * kind "writing" (the spec's kinds are fixed) while keeping their own URL space and index.
 */
export const COLLECTIONS = {
  pages: { kind: "page", base: "", dated: false, label: "Pages" },
  writing: { kind: "writing", base: "/writing", dated: true, label: "Writing" },
  garage: { kind: "writing", base: "/garage", dated: true, label: "Garage notes" },
  documents: { kind: "document", base: "/documents", dated: false, label: "Documents" },
  utilities: { kind: "utility", base: "/utilities", dated: false, label: "Utilities" },
} as const satisfies Record<string, { kind: Kind; base: string; dated: boolean; label: string }>;
export type Collection = keyof typeof COLLECTIONS;
export const COLLECTION_NAMES = Object.keys(COLLECTIONS) as Collection[];

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

/** Rules that depend on the folder a file is in. */
export function collectionIssues(collection: Collection, fm: FrontMatter): { field: string; message: string }[] {
  const issues: { field: string; message: string }[] = [];
  if (COLLECTIONS[collection].dated && !fm.date) issues.push({ field: "date", message: `is required in ${collection}/` });
  if (collection === "utilities" && !fm.endpoint) issues.push({ field: "endpoint", message: "is required in utilities/" });
  if (collection !== "utilities" && fm.endpoint) issues.push({ field: "endpoint", message: "is only allowed in utilities/" });
  if (collection !== "pages" && fm.order !== undefined) issues.push({ field: "order", message: "is only allowed in pages/" });
  return issues;
}

export const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
