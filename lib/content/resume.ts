import Ajv from "ajv";
import addFormats from "ajv-formats";
import resumeSchema from "@jsonresume/schema/schema.json";

export type Resume = Record<string, unknown> & {
  basics?: { name?: string; label?: string; email?: string; url?: string; summary?: string; location?: Record<string, string> };
  work?: { name: string; position?: string; startDate?: string; endDate?: string; summary?: string; highlights?: string[]; url?: string }[];
  education?: { institution: string; area?: string; studyType?: string; startDate?: string; endDate?: string }[];
  skills?: { name: string; level?: string; keywords?: string[] }[];
  languages?: { language: string; fluency?: string }[];
  interests?: { name: string; keywords?: string[] }[];
  projects?: { name: string; description?: string; highlights?: string[]; startDate?: string; endDate?: string }[];
};

const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const validate = ajv.compile(resumeSchema);

/** JSON Resume validation with ajv; problems read `file: field: reason`. */
export function resumeProblems(resume: unknown, file: string): string[] {
  if (validate(resume)) return [];
  return (validate.errors ?? []).map((e) => `${file}: ${e.instancePath.slice(1).replace(/\//g, ".") || "resume"}: ${e.message}`);
}

/** The resume as Markdown: /resume.md, the twin of /resume. */
export function resumeMarkdown(r: Resume): string {
  const b = r.basics ?? {};
  const range = (s?: string, e?: string) => [s, e ?? "present"].filter(Boolean).join(" – ");
  const out: string[] = [`# ${b.name ?? "Resume"}`, ""];
  if (b.label) out.push(`> ${b.label}`, "");
  if (b.summary) out.push(b.summary, "");
  const contact = [b.email ? `Email: ${b.email}` : "", b.location ? `Location: ${[b.location.city, b.location.region, b.location.countryCode].filter(Boolean).join(", ")}` : ""].filter(Boolean);
  if (contact.length) out.push(...contact.map((c) => `- ${c}`), "");
  if (r.work?.length) {
    out.push("## Experience", "");
    for (const w of r.work) {
      out.push(`### ${w.position ? `${w.position}, ` : ""}${w.name}`, "", `*${range(w.startDate, w.endDate)}*`, "");
      if (w.summary) out.push(w.summary, "");
      if (w.highlights?.length) out.push(...w.highlights.map((h) => `- ${h}`), "");
    }
  }
  if (r.projects?.length) {
    out.push("## Projects", "");
    for (const p of r.projects) {
      out.push(`### ${p.name}`, "");
      if (p.description) out.push(p.description, "");
      if (p.highlights?.length) out.push(...p.highlights.map((h) => `- ${h}`), "");
    }
  }
  if (r.education?.length) {
    out.push("## Education", "");
    for (const e of r.education) out.push(`- ${[e.studyType, e.area].filter(Boolean).join(", ")}, ${e.institution} (${range(e.startDate, e.endDate)})`);
    out.push("");
  }
  if (r.skills?.length) {
    out.push("## Skills", "");
    for (const s of r.skills) out.push(`- **${s.name}**${s.level ? ` (${s.level})` : ""}${s.keywords?.length ? `: ${s.keywords.join(", ")}` : ""}`);
    out.push("");
  }
  if (r.languages?.length) out.push("## Languages", "", ...r.languages.map((l) => `- ${l.language}${l.fluency ? ` (${l.fluency})` : ""}`), "");
  if (r.interests?.length) out.push("## Interests", "", ...r.interests.map((i) => `- ${i.name}${i.keywords?.length ? `: ${i.keywords.join(", ")}` : ""}`), "");
  return out.join("\n");
}
