import type { z } from "zod";
import { ApiError } from "@/lib/core/errors";
import { readCensus, type CensusSchema } from "./endpoint";

export type Census = z.infer<typeof CensusSchema>;

/** The census for the page and its twin: the endpoint's own answer, or why there is none. */
export async function censusView(): Promise<{ state: "ok"; census: Census } | { state: "unavailable" }> {
  try {
    return { state: "ok", census: await readCensus() };
  } catch (e) {
    if (e instanceof ApiError && e.code === "storage_unavailable") return { state: "unavailable" };
    throw e;
  }
}

/** The newest point of a site's series, and the change since the one before it. */
export function latest(series: Census["sites"][number]["series"]) {
  const last = series.at(-1) ?? null;
  const before = series.at(-2) ?? null;
  const delta =
    last?.score !== null && last?.score !== undefined && before?.score !== null && before?.score !== undefined
      ? last.score - before.score
      : null;
  return { last, delta };
}

/** The census as Markdown (the /lens/census twin). */
export async function censusMarkdown(base: string): Promise<string> {
  const view = await censusView();
  const head = `# Lens census\n\nA weekly record of 16 representative sites' agent readiness, as this site's lens scores it. JSON: ${base}/lens/census.json.\n`;
  if (view.state === "unavailable") return `${head}\nThe census could not be read right now; try again in a minute.\n`;
  const { census } = view;
  const failed = census.lastFailure ? `The census of ${census.lastFailure.at} failed: ${census.lastFailure.reason}. ` : "";
  if (census.weeks.length === 0)
    return `${head}\n${failed}No census has ${failed ? "been recorded" : "run"} yet${census.nextRunAt ? `; the next is scheduled for ${census.nextRunAt}` : ""}.\n\n${census.sites.map((s) => `- ${s.name} (${s.category}): ${s.url}`).join("\n")}\n`;
  const rows = census.sites.map((s) => {
    const { last, delta } = latest(s.series);
    return `| [${s.name}](${s.url}) | ${s.category} | ${last?.score ?? "—"} | ${delta === null ? "—" : delta > 0 ? `+${delta}` : delta} | ${last?.level ?? "—"} | ${last?.tier ?? "—"} |`;
  });
  return [
    head,
    `${failed}Week ${census.weeks.at(-1)} (${census.weeks.length} week${census.weeks.length === 1 ? "" : "s"} recorded)${failed ? ", the last good one, unchanged" : ""}.`,
    "",
    "| Site | Category | Score | Change | Level | Tier |",
    "|---|---|---|---|---|---|",
    ...rows,
    "",
  ].join("\n");
}
