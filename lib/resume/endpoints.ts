import { z } from "zod";
import { defineEndpoint } from "@/lib/api/endpoint";
import { named } from "@/lib/api/schemas";
import { getCorpus, readSiteFile } from "@/lib/content/corpus";
import { withBase } from "@/lib/content/base-token";
import { processSingleton } from "@/lib/process-singleton";
import type { Resume } from "@/lib/content/resume";

const ResumeSchema = named(
  "Resume",
  z
    .object({
      basics: z.object({ name: z.string(), label: z.string().optional(), email: z.string().optional(), url: z.string().optional(), summary: z.string().optional() }).loose(),
      work: z.array(z.object({ name: z.string(), position: z.string().optional(), startDate: z.string().optional(), endDate: z.string().optional() }).loose()).optional(),
      education: z.array(z.object({ institution: z.string() }).loose()).optional(),
      skills: z.array(z.object({ name: z.string() }).loose()).optional(),
    })
    .loose(),
  "The owner's resume in JSON Resume format (https://jsonresume.org/schema), validated at build time.",
);

const resume = () => processSingleton("resume", () => JSON.parse(readSiteFile("resume.json").toString("utf8")) as Resume);
const missing = { status: 503, code: "not_configured" as const, description: "No resume is published on this deployment" };

export const resumeJson = defineEndpoint({
  path: "/resume.json",
  operationId: "getResume",
  summary: "The owner's resume (JSON Resume)",
  description: "The resume as JSON Resume. The same content is at /resume (HTML), /resume.md and /resume.pdf.",
  tag: "about",
  methods: ["GET"],
  policy: "read",
  response: { schema: ResumeSchema, description: "The resume.", contentType: "application/json" },
  responses: [missing],
  cache: { maxAge: 3600, staleWhileRevalidate: 86400 },
  handler: ({ base }) => {
    const r = resume();
    return { ...r, basics: { ...r.basics, name: r.basics?.name ?? "", url: r.basics?.url ?? `${base}/resume` } };
  },
});

export const resumeMd = defineEndpoint({
  path: "/resume.md",
  operationId: "getResumeMarkdown",
  summary: "The owner's resume as Markdown",
  description: "The Markdown twin of /resume; /resume answers the same for `Accept: text/markdown`.",
  tag: "about",
  methods: ["GET"],
  policy: "read",
  negotiated: true,
  response: { schema: z.string(), description: "The resume in Markdown.", contentType: "text/markdown; charset=utf-8" },
  responses: [missing],
  cache: { maxAge: 3600 },
  handler: ({ base }) => {
    const md = getCorpus().twins["/resume"];
    if (md === undefined) throw new Error("resume twin missing from the corpus");
    const text = withBase(md, base);
    return new Response(text, { headers: { "content-type": "text/markdown; charset=utf-8", "x-markdown-tokens": String(Math.ceil(text.length / 4)) } });
  },
});

export const resumePdf = defineEndpoint({
  path: "/resume.pdf",
  operationId: "getResumePdf",
  summary: "The owner's resume as PDF",
  description: "Rendered at build time from the same JSON Resume.",
  tag: "about",
  methods: ["GET"],
  policy: "read",
  response: { schema: z.string().meta({ format: "binary" }), description: "A PDF document.", contentType: "application/pdf" },
  responses: [missing],
  cache: { maxAge: 3600 },
  handler: () => {
    const pdf = processSingleton("resume-pdf", () => readSiteFile("resume.pdf"));
    return new Response(new Uint8Array(pdf), {
      headers: { "content-type": "application/pdf", "content-disposition": 'inline; filename="resume.pdf"', "content-length": String(pdf.length) },
    });
  },
});
