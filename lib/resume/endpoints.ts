import { z } from "zod";
import { ApiError } from "@/lib/core/errors";
import { defineEndpoint } from "@/lib/core/endpoint";
import { named } from "@/lib/core/schemas";
import { MARKDOWN, textBinding } from "@/lib/core/text";
import { getCorpus } from "@/lib/content/corpus";
import { readSiteFile, buildSingleton } from "@/lib/build-output";
import { withBase } from "@/lib/content/base-token";
import { deepFreeze, perBase } from "@/lib/content/per-base";
import type { Resume } from "@/lib/content/resume";

const ResumeSchema = named(
  "Resume",
  z
    .object({
      basics: z
        .object({
          name: z.string(),
          label: z.string().optional(),
          email: z.string().optional(),
          url: z.string().optional(),
          summary: z.string().optional(),
        })
        .loose(),
      work: z
        .array(
          z
            .object({ name: z.string(), position: z.string().optional(), startDate: z.string().optional(), endDate: z.string().optional() })
            .loose(),
        )
        .optional(),
      education: z.array(z.object({ institution: z.string() }).loose()).optional(),
      skills: z.array(z.object({ name: z.string() }).loose()).optional(),
    })
    .loose(),
  "The owner's resume in JSON Resume format (https://jsonresume.org/schema), validated at build time.",
);

/**
 * The resume is optional: without content/resume.json the build publishes none (and removes
 * an earlier one), and each rendition answers the documented 503 instead of a stale copy.
 */
function published(): void {
  if (getCorpus().twins["/resume"] === undefined)
    throw new ApiError("not_configured", "No resume is published on this site.", {
      hint: "The owner adds content/resume.json (JSON Resume) and builds again.",
    });
}
const resume = () => {
  published();
  return buildSingleton("resume", () => JSON.parse(readSiteFile("resume.json").toString("utf8")) as Resume);
};
const missing = { status: 503, code: "not_configured" as const, description: "No resume is published on this site" };

export const resumeJson = defineEndpoint({
  name: "getResume",
  summary: "The owner's resume (JSON Resume)",
  description: "The resume as JSON Resume. The same content is at /resume (HTML), /resume.md and /resume.pdf.",
  tag: "about",
  policy: "read",
  output: ResumeSchema,
  outputDescription: "The resume.",
  errors: [missing],
  // Frozen and one per base URL: serialized and hashed once, not on every request.
  run: (_input, { base }) =>
    perBase("resume-json", base, (b) => {
      const r = resume();
      return deepFreeze({
        ...structuredClone(r),
        basics: { ...structuredClone(r.basics), name: r.basics?.name ?? "", url: r.basics?.url ?? `${b}/resume` },
      });
    }),
  http: { path: "/resume.json", media: "application/json", cache: { maxAge: 3600, staleWhileRevalidate: 86400 } },
});

// The Markdown and PDF renditions are HTTP documents, not tools: an agent reads getResume.
export const resumeMd = defineEndpoint({
  name: "getResumeMarkdown",
  summary: "The owner's resume as Markdown",
  description: "The Markdown twin of /resume; /resume answers the same for `Accept: text/markdown`.",
  tag: "about",
  policy: "read",
  output: z.string(),
  outputDescription: "The resume in Markdown.",
  errors: [missing],
  run: (_input, { base }) => {
    published();
    return withBase(getCorpus().twins["/resume"]!, base);
  },
  http: textBinding("/resume.md", MARKDOWN, { maxAge: 3600 }, { negotiated: true }),
  mcp: false,
});

export const resumePdf = defineEndpoint({
  name: "getResumePdf",
  summary: "The owner's resume as PDF",
  description: "Rendered at build time from the same JSON Resume.",
  tag: "about",
  policy: "read",
  output: z.instanceof(Uint8Array).meta({ type: "string", format: "binary" }),
  outputDescription: "A PDF document.",
  errors: [missing],
  run: () => {
    published();
    return new Uint8Array(buildSingleton("resume-pdf", () => readSiteFile("resume.pdf")));
  },
  http: {
    path: "/resume.pdf",
    media: "application/pdf",
    cache: { maxAge: 3600 },
    encode: (pdf) => pdf,
    headers: (pdf) => ({ "content-disposition": 'inline; filename="resume.pdf"', "content-length": String(pdf.length) }),
  },
  mcp: false,
});
