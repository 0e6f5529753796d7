import { Document, Page, StyleSheet, Text, View, renderToBuffer } from "@react-pdf/renderer";
import { resumeContact, resumeDateRange, resumeSections, type Resume } from "@/lib/content/resume";

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
  strong: { fontFamily: "Helvetica-Bold" },
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
  const contact = resumeContact(r);
  return (
    <Document title={`${b.name ?? "Resume"} — resume`} author={b.name} subject="Resume">
      <Page size="LETTER" style={s.page}>
        <Text style={s.name}>{b.name}</Text>
        {b.label ? <Text style={s.label}>{b.label}</Text> : null}
        {contact.length ? <Text style={s.contact}>{contact.map((c) => c.value).join("  ·  ")}</Text> : null}
        {b.summary ? <Text>{b.summary}</Text> : null}
        {resumeSections(r).map((section) => (
          <View key={section.heading}>
            <Text style={s.h2}>{section.heading}</Text>
            {section.compact
              ? section.entries.map((e, i) => (
                  <Text key={i}>
                    <Text style={s.strong}>{e.title}</Text>
                    {e.text ? `: ${e.text}` : ""}
                    {e.dates ? ` (${resumeDateRange(e.dates)})` : ""}
                  </Text>
                ))
              : section.entries.map((e, i) => (
                  <View key={i} style={s.item} wrap={false}>
                    <Text style={s.h3}>{e.title}</Text>
                    {e.dates ? <Text style={s.dates}>{resumeDateRange(e.dates)}</Text> : null}
                    {e.text ? <Text>{e.text}</Text> : null}
                    <Bullets items={e.bullets} />
                  </View>
                ))}
          </View>
        ))}
      </Page>
    </Document>
  );
}

export async function renderResumePdf(resume: Resume): Promise<Buffer> {
  return renderToBuffer(<ResumeDocument r={resume} />);
}
