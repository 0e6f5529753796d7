import { Document, Page, StyleSheet, Text, View, renderToBuffer } from "@react-pdf/renderer";
import type { Resume } from "@/lib/content/resume";

/**
 * /resume.pdf, rendered at build time without a browser. Built-in Helvetica: no font files to ship.
 * react-pdf resolves the page's unitless lineHeight against the page's 10 pt and inherits
 * the result (14 pt), so text larger than the body needs its own lineHeight: without it the
 * 22 pt name got a 14 pt line, was drawn over the headline, and PDF readers (pdftotext)
 * interleaved the two lines.
 */
const s = StyleSheet.create({
  page: { padding: 48, fontFamily: "Helvetica", fontSize: 10, lineHeight: 1.4, color: "#1d1c1a" },
  name: { fontSize: 22, lineHeight: 1.2, fontFamily: "Helvetica-Bold", marginBottom: 2 },
  label: { fontSize: 12, lineHeight: 1.3, color: "#5d5a53", marginBottom: 6 },
  contact: { fontSize: 9, lineHeight: 1.3, color: "#5d5a53", marginBottom: 12 },
  h2: { fontSize: 12, lineHeight: 1.3, fontFamily: "Helvetica-Bold", marginTop: 14, marginBottom: 4, color: "#9a3412" },
  h3: { fontSize: 10.5, lineHeight: 1.3, fontFamily: "Helvetica-Bold" },
  dates: { fontSize: 9, color: "#5d5a53", marginBottom: 2 },
  item: { marginBottom: 8 },
  bullet: { flexDirection: "row", marginLeft: 8 },
  dot: { width: 10 },
  text: { flex: 1 },
});

const Bullets = ({ items }: { items?: string[] }) => (
  <>
    {(items ?? []).map((h, i) => (
      <View key={i} style={s.bullet}>
        <Text style={s.dot}>•</Text>
        <Text style={s.text}>{h}</Text>
      </View>
    ))}
  </>
);

function ResumeDocument({ r }: { r: Resume }) {
  const b = r.basics ?? {};
  const range = (a?: string, z?: string) => [a, z ?? "present"].filter(Boolean).join(" – ");
  return (
    <Document title={`${b.name ?? "Resume"} — resume`} author={b.name} subject="Resume">
      <Page size="LETTER" style={s.page}>
        <Text style={s.name}>{b.name}</Text>
        {b.label ? <Text style={s.label}>{b.label}</Text> : null}
        <Text style={s.contact}>
          {[b.email, b.url, b.location ? [b.location.city, b.location.region].filter(Boolean).join(", ") : ""]
            .filter(Boolean)
            .join("  ·  ")}
        </Text>
        {b.summary ? <Text>{b.summary}</Text> : null}
        {r.work?.length ? <Text style={s.h2}>Experience</Text> : null}
        {r.work?.map((w, i) => (
          <View key={i} style={s.item} wrap={false}>
            <Text style={s.h3}>
              {w.position ? `${w.position}, ` : ""}
              {w.name}
            </Text>
            <Text style={s.dates}>{range(w.startDate, w.endDate)}</Text>
            {w.summary ? <Text>{w.summary}</Text> : null}
            <Bullets items={w.highlights} />
          </View>
        ))}
        {r.projects?.length ? <Text style={s.h2}>Projects</Text> : null}
        {r.projects?.map((p, i) => (
          <View key={i} style={s.item} wrap={false}>
            <Text style={s.h3}>{p.name}</Text>
            {p.description ? <Text>{p.description}</Text> : null}
            <Bullets items={p.highlights} />
          </View>
        ))}
        {r.education?.length ? <Text style={s.h2}>Education</Text> : null}
        {r.education?.map((e, i) => (
          <Text key={i}>
            {[e.studyType, e.area].filter(Boolean).join(", ")}, {e.institution} ({range(e.startDate, e.endDate)})
          </Text>
        ))}
        {r.skills?.length ? <Text style={s.h2}>Skills</Text> : null}
        {r.skills?.map((sk, i) => (
          <Text key={i}>
            {sk.name}
            {sk.keywords?.length ? `: ${sk.keywords.join(", ")}` : ""}
          </Text>
        ))}
      </Page>
    </Document>
  );
}

export async function renderResumePdf(resume: Resume): Promise<Buffer> {
  return renderToBuffer(<ResumeDocument r={resume} />);
}
