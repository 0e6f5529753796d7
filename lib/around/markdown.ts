import { siteConfig } from "@/site.config";
import { aroundView, describeChange } from "./view";

const cell = (s: string | number | null) => (s === null ? "—" : String(s).replace(/\|/g, "\\|").replace(/\s+/g, " "));

/** The /around page as Markdown. */
export async function aroundMarkdown(base: string): Promise<string> {
  const view = await aroundView();
  const head = `# Around\n\nThe homepages of ${siteConfig.around.watches}, crawled daily by this site's crawler, and what changed between crawls. JSON: ${base}/around/json and ${base}/around/changes.json.\n`;
  if (view.state === "unavailable") return `${head}\nThe crawl record could not be read right now; try again in a minute.\n`;
  const failed = view.lastFailure ? `The crawl of ${view.lastFailure.at} failed: ${view.lastFailure.reason}.` : "";
  if (view.state === "pending")
    return `${head}\nNo crawl has finished yet${view.nextCrawlAt ? `; the next one is scheduled for ${view.nextCrawlAt}` : ""}.${failed ? ` ${failed}` : ""}\n\nFirms on the list:\n\n${view.firms.map((f) => `- ${f.name}: ${f.homepage}`).join("\n")}\n`;
  const { report, changes } = view;
  const rows = report.firms.map(
    (f) =>
      `| [${cell(f.name)}](${f.homepage}) | ${cell(f.status)} | ${cell(f.robots.verdict)} | ${cell(f.title)} | ${cell(f.description)} |`,
  );
  const changeLines = changes.map((c) => `- ${c.detectedAt.slice(0, 10)} — ${c.firm}: ${describeChange(c)}`);
  return [
    head,
    `Latest crawl: ${report.crawledAt} (${report.counts.reached} of ${report.counts.firms} reached, ${report.counts.disallowed} closed by robots.txt, ${report.counts.failed} failed).${failed ? ` ${failed} This is the last good crawl, unchanged.` : ""}`,
    "",
    "| Firm | Status | robots.txt | Title | Description |",
    "|---|---|---|---|---|",
    ...rows,
    "",
    "## Recent changes",
    "",
    changeLines.length ? changeLines.join("\n") : "No changes recorded yet.",
    "",
  ].join("\n");
}
