import { ledgerView, money } from "./view";

/** The /ledger page as Markdown. */
export async function ledgerMarkdown(base: string): Promise<string> {
  const view = await ledgerView();
  const head = `# Crawler ledger\n\nPages of this site read by identified AI crawlers over the last 30 days, priced at one cent a page as commentary. JSON: ${base}/ledger.json.\n`;
  if (view.state === "off") return `${head}\nNothing has been counted yet.\n`;
  if (view.state === "unavailable") return `${head}\nThe counts could not be read right now; try again in a minute.\n`;
  const { ledger } = view;
  const lines = [head, `${ledger.from} to ${ledger.to}: ${ledger.pages} pages, ${money(ledger.usd)}.`, ""];
  if (ledger.crawlers.length) {
    lines.push("| Crawler | Operator | Role | Pages | Price |", "|---|---|---|---|---|");
    for (const c of ledger.crawlers) lines.push(`| ${c.token} | ${c.owner} | ${c.role} | ${c.pages} | ${money(c.usd)} |`);
    lines.push("", "## By day", "", "| Day | Pages | Price |", "|---|---|---|");
    for (const d of ledger.days.filter((d) => d.pages > 0)) lines.push(`| ${d.date} | ${d.pages} | ${money(d.usd)} |`);
  } else lines.push("No identified AI crawler has read a page in this period.");
  lines.push("", ledger.note, "");
  return lines.join("\n");
}
