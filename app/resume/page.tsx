import { readableMonth } from "@/lib/core/dates";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { readSiteFile } from "@/lib/content/corpus";
import type { Resume } from "@/lib/content/resume";
import { pageMetadata } from "@/lib/site/metadata";
import { standingMeta } from "@/lib/site/standing-pages";
import { siteUrl } from "@/lib/env";
import { JsonLd } from "@/components/json-ld";

function loadResume(): Resume | undefined {
  try {
    return JSON.parse(readSiteFile("resume.json").toString("utf8")) as Resume;
  } catch {
    return undefined;
  }
}

export function generateMetadata(): Metadata {
  const r = loadResume();
  return pageMetadata({ ...standingMeta("/resume"), description: r?.basics?.label ?? standingMeta("/resume").description });
}

export default function ResumePage() {
  const r = loadResume();
  if (!r) notFound();
  const b = r.basics ?? {};
  const when = (d: string) => <time dateTime={d}>{readableMonth(d) ?? d}</time>;
  const range = (s?: string, e?: string) => (
    <>
      {s ? <>{when(s)} – </> : null}
      {e ? when(e) : "present"}
    </>
  );
  return (
    <article className="resume">
      <JsonLd
        data={{
          "@context": "https://schema.org",
          "@type": "ProfilePage",
          "@id": `${siteUrl()}/resume`,
          url: `${siteUrl()}/resume`,
          mainEntity: { "@type": "Person", name: b.name, jobTitle: b.label, description: b.summary },
        }}
      />
      <h1>{b.name}</h1>
      {b.label ? <p className="lede">{b.label}</p> : null}
      <p className="meta-line">
        Also as <a href="/resume.pdf">PDF</a>, <a href="/resume.json">JSON Resume</a> and <a href="/resume.md">Markdown</a>.
      </p>
      {b.summary ? <p>{b.summary}</p> : null}
      {r.work?.length ? <h2>Experience</h2> : null}
      {r.work?.map((w) => (
        <section key={`${w.name}-${w.startDate}`}>
          <h3>
            {w.position ? `${w.position}, ` : ""}
            {w.name}
          </h3>
          <p className="meta-line">{range(w.startDate, w.endDate)}</p>
          {w.summary ? <p>{w.summary}</p> : null}
          {w.highlights?.length ? (
            <ul>
              {w.highlights.map((h) => (
                <li key={h}>{h}</li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
      {r.projects?.length ? <h2>Projects</h2> : null}
      {r.projects?.map((p) => (
        <section key={p.name}>
          <h3>{p.name}</h3>
          {p.description ? <p>{p.description}</p> : null}
        </section>
      ))}
      {r.education?.length ? <h2>Education</h2> : null}
      <ul>
        {r.education?.map((e) => (
          <li key={e.institution}>
            {[e.studyType, e.area].filter(Boolean).join(", ")}, {e.institution} ({range(e.startDate, e.endDate)})
          </li>
        ))}
      </ul>
      {r.skills?.length ? <h2>Skills</h2> : null}
      <ul>
        {r.skills?.map((s) => (
          <li key={s.name}>
            <strong>{s.name}</strong>
            {s.keywords?.length ? `: ${s.keywords.join(", ")}` : ""}
          </li>
        ))}
      </ul>
    </article>
  );
}
