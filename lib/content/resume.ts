import Ajv from "ajv";
import addFormats from "ajv-formats";
import resumeSchema from "@jsonresume/schema/schema.json";
import { isRealDate, readableMonth } from "@/lib/content/dates";

export type Resume = Record<string, unknown> & {
  basics?: {
    name?: string;
    label?: string;
    email?: string;
    url?: string;
    summary?: string;
    location?: Record<string, string>;
    profiles?: { network?: string; username?: string; url?: string }[];
  };
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

/**
 * JSON Resume validation with ajv, then what the schema lets through but every rendition
 * needs: a name (the page's heading), and dates that exist (its pattern takes month 13-19,
 * which the page would show as a later year). Problems read `file: field: reason`.
 */
export function resumeProblems(resume: unknown, file: string): string[] {
  if (!validate(resume))
    return (validate.errors ?? []).map((e) => `${file}: ${e.instancePath.slice(1).replace(/\//g, ".") || "resume"}: ${e.message}`);
  const r = resume as Resume;
  const problems: string[] = [];
  if (!r.basics?.name?.trim()) problems.push(`${file}: basics.name: is required`);
  for (const section of ["work", "volunteer", "education", "awards", "certificates", "publications", "projects"]) {
    const entries = r[section];
    if (!Array.isArray(entries)) continue;
    entries.forEach((entry: Record<string, unknown>, i) => {
      for (const key of ["startDate", "endDate", "date", "releaseDate"]) {
        const v = entry?.[key];
        if (typeof v === "string" && v !== "" && !isRealDate(v)) problems.push(`${file}: ${section}.${i}.${key}: is not a real date`);
      }
    });
  }
  return problems;
}

/** A resume entry's dates: `start` and `end` as JSON Resume gives them ("2021-03"); no end is "present". */
export interface ResumeDates {
  start?: string;
  end?: string;
}

/** One entry of a section: a job, a project, a degree, a skill, a language, an interest. */
export interface ResumeEntry {
  title: string;
  dates?: ResumeDates;
  /** A paragraph (a job's summary), or for a compact section the rest of its line (keywords, fluency). */
  text?: string;
  bullets?: string[];
}

export interface ResumeSection {
  heading: string;
  /** One line per entry (education, skills, languages, interests) rather than a block with a heading. */
  compact: boolean;
  entries: ResumeEntry[];
}

/**
 * The resume's sections in reading order, with what each entry shows. The one description of
 * the resume's content that /resume (HTML), /resume.md and /resume.pdf all render, so the three
 * cannot drift apart (they did: the page lacked languages, interests and project highlights).
 */
export function resumeSections(r: Resume): ResumeSection[] {
  const joined = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(", ");
  // An entry with no dates shows none (a range with no start and no end would read "present").
  const dated = (start?: string, end?: string): ResumeDates | undefined => (start || end ? { start, end } : undefined);
  const sections: ResumeSection[] = [
    {
      heading: "Experience",
      compact: false,
      entries: (r.work ?? []).map((w) => ({
        title: joined(w.position, w.name),
        dates: dated(w.startDate, w.endDate),
        text: w.summary,
        bullets: w.highlights,
      })),
    },
    {
      heading: "Projects",
      compact: false,
      entries: (r.projects ?? []).map((p) => ({
        title: p.name,
        dates: dated(p.startDate, p.endDate),
        text: p.description,
        bullets: p.highlights,
      })),
    },
    {
      heading: "Education",
      compact: true,
      entries: (r.education ?? []).map((e) => ({
        title: joined(e.studyType, e.area, e.institution),
        dates: dated(e.startDate, e.endDate),
      })),
    },
    {
      heading: "Skills",
      compact: true,
      entries: (r.skills ?? []).map((k) => ({ title: k.level ? `${k.name} (${k.level})` : k.name, text: k.keywords?.join(", ") })),
    },
    { heading: "Languages", compact: true, entries: (r.languages ?? []).map((l) => ({ title: l.language, text: l.fluency })) },
    { heading: "Interests", compact: true, entries: (r.interests ?? []).map((i) => ({ title: i.name, text: i.keywords?.join(", ") })) },
  ];
  return sections.filter((x) => x.entries.length > 0);
}

/** "March 2021 – present", the way every rendition of the resume writes a range. */
export function resumeDateRange(d: ResumeDates): string {
  const month = (iso: string) => readableMonth(iso) ?? iso;
  return [d.start ? month(d.start) : undefined, d.end ? month(d.end) : "present"].filter(Boolean).join(" – ");
}

/** The contact line: email, web address and location, as each rendition shows them. */
export function resumeContact(r: Resume): { label: string; value: string; href?: string }[] {
  const b = r.basics ?? {};
  const out: { label: string; value: string; href?: string }[] = [];
  if (b.email) out.push({ label: "Email", value: b.email, href: `mailto:${b.email}` });
  if (b.url) out.push({ label: "Web", value: b.url, href: b.url });
  const place = b.location ? [b.location.city, b.location.region, b.location.countryCode].filter(Boolean).join(", ") : "";
  if (place) out.push({ label: "Location", value: place });
  for (const p of b.profiles ?? []) if (p.url) out.push({ label: p.network || "Profile", value: p.url, href: p.url });
  return out;
}

/** The resume as Markdown: /resume.md, the twin of /resume. */
export function resumeMarkdown(r: Resume): string {
  const b = r.basics ?? {};
  const out: string[] = [`# ${b.name ?? "Resume"}`, ""];
  if (b.label) out.push(`> ${b.label}`, "");
  if (b.summary) out.push(b.summary, "");
  const contact = resumeContact(r);
  if (contact.length) out.push(...contact.map((c) => `- ${c.label}: ${c.value}`), "");
  for (const section of resumeSections(r)) {
    out.push(`## ${section.heading}`, "");
    if (section.compact) {
      for (const e of section.entries)
        out.push(`- **${e.title}**${e.text ? `: ${e.text}` : ""}${e.dates ? ` (${resumeDateRange(e.dates)})` : ""}`);
      out.push("");
      continue;
    }
    for (const e of section.entries) {
      out.push(`### ${e.title}`, "");
      if (e.dates) out.push(`*${resumeDateRange(e.dates)}*`, "");
      if (e.text) out.push(e.text, "");
      if (e.bullets?.length) out.push(...e.bullets.map((h) => `- ${h}`), "");
    }
  }
  return out.join("\n");
}
