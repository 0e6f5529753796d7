import { readableMonth } from "@/lib/content/dates";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { readSiteFile } from "@/lib/build-output";
import { resumeContact, resumeSections, type Resume, type ResumeDates } from "@/lib/content/resume";
import { pageMetadata } from "@/lib/site/metadata";
import { pageMeta } from "@/lib/site/pages";
import { siteUrl } from "@/lib/env";
import { JsonLd } from "@/components/json-ld";
import { TextWithDates } from "@/components/text-with-dates";

function loadResume(): Resume | undefined {
  try {
    return JSON.parse(readSiteFile("resume.json").toString("utf8")) as Resume;
  } catch {
    return undefined;
  }
}

export function generateMetadata(): Metadata {
  const r = loadResume();
  return pageMetadata({ ...pageMeta("/resume"), description: r?.basics?.label ?? pageMeta("/resume").description });
}

export default function ResumePage() {
  const r = loadResume();
  if (!r) notFound();
  const b = r.basics ?? {};
  const contact = resumeContact(r);
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
      {contact.length ? (
        <p className="meta-line">
          {contact.map((c, i) => (
            <span key={c.label}>
              {i ? " ·\u00a0" : null}
              {c.href ? <a href={c.href}>{c.value}</a> : c.value}
            </span>
          ))}
        </p>
      ) : null}
      <p className="meta-line">
        Also as <a href="/resume.pdf">PDF</a>, <a href="/resume.json">JSON Resume</a> and <a href="/resume.md">Markdown</a>.
      </p>
      {b.summary ? (
        <p>
          <TextWithDates text={b.summary} />
        </p>
      ) : null}
      {resumeSections(r).map((section) => (
        <section key={section.heading} aria-labelledby={`resume-${section.heading.toLowerCase()}`}>
          <h2 id={`resume-${section.heading.toLowerCase()}`}>{section.heading}</h2>
          {section.compact ? (
            <ul>
              {section.entries.map((e, i) => (
                <li key={`${i}-${e.title}`}>
                  <strong>{e.title}</strong>
                  {e.text ? (
                    <>
                      : <TextWithDates text={e.text} />
                    </>
                  ) : null}
                  {e.dates ? (
                    <>
                      {" "}
                      (<DateRange dates={e.dates} />)
                    </>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : (
            section.entries.map((e, i) => (
              <section key={`${i}-${e.title}`}>
                <h3>{e.title}</h3>
                {e.dates ? (
                  <p className="meta-line">
                    <DateRange dates={e.dates} />
                  </p>
                ) : null}
                {e.text ? (
                  <p>
                    <TextWithDates text={e.text} />
                  </p>
                ) : null}
                {e.bullets?.length ? (
                  <ul>
                    {e.bullets.map((h) => (
                      <li key={h}>
                        <TextWithDates text={h} />
                      </li>
                    ))}
                  </ul>
                ) : null}
              </section>
            ))
          )}
        </section>
      ))}
    </article>
  );
}

/** resumeDateRange's words, with each date machine-readable. */
function DateRange({ dates }: { dates: ResumeDates }) {
  const when = (d: string) => <time dateTime={d}>{readableMonth(d) ?? d}</time>;
  return (
    <>
      {dates.start ? <>{when(dates.start)} – </> : null}
      {dates.end ? when(dates.end) : "present"}
    </>
  );
}
