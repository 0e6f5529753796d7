import { markdownLiteral } from "@/lib/core/text";
import { PAGE_LIMIT, pageQuery, resultCount } from "./present";
import { searchSite } from "./search";

/** The search page as Markdown: the twin of /search?q=… */
export function searchMarkdown(rawQuery: string, base: string): string {
  const q = pageQuery(rawQuery);
  if (!q) return `# Search\n\nAdd \`?q=your+words\` to search the site, or use the JSON API at ${base}/search.json?q=…\n`;
  const { total, results } = searchSite(q, PAGE_LIMIT);
  const lines = [`# Search: ${markdownLiteral(q)}`, "", `${resultCount(total, results.length)}.`, ""];
  for (const r of results) lines.push(`- [${r.title}](${base}${r.url}.md) (${r.kind}): ${r.snippet}`);
  return `${lines.join("\n")}\n`;
}
