import { aiCrawler } from "@/lib/crawlers";
import type { ReadinessInput } from "./readiness-checks";

/**
 * The field score: what crawlers actually got, beside what the site declares. Each component
 * is scored 0-100, or null when it could not be measured (then it is left out of the mean).
 */
const COMPONENTS = [
  {
    key: "identifiedFetch",
    label: "The site's identified crawler gets the page",
    measure: ({ page }: ReadinessInput) => ({ score: page.status >= 200 && page.status < 300 ? 100 : 0, detail: `status ${page.status}` }),
  },
  {
    key: "sampledBots",
    label: "AI crawlers sampled get the page",
    measure: ({ botViews }: ReadinessInput) => {
      const ai = botViews.filter((v) => v.role !== "control" && aiCrawler(v.label) !== undefined);
      const served = ai.filter((v) => !v.blocked && v.status !== null).length;
      return ai.length
        ? { score: Math.round((100 * served) / ai.length), detail: `${served} of ${ai.length}` }
        : { score: null, detail: "bot views did not run" };
    },
  },
  {
    key: "usableBody",
    label: "The body has text to read",
    measure: ({ page }: ReadinessInput) => ({
      score: page.binary ? 0 : page.wordCount >= 50 ? 100 : page.wordCount > 0 ? 50 : 0,
      detail: `${page.wordCount} words`,
    }),
  },
  {
    key: "agentDoor",
    label: "An agent has a door of its own",
    measure: ({ agent: { strategy } }: ReadinessInput) => ({
      score: strategy.verdict === "agent-native" ? 100 : strategy.verdict === "agent-readable" ? 50 : 0,
      detail: strategy.verdict,
    }),
  },
] as const;

export function fieldScore(i: ReadinessInput) {
  const components = COMPONENTS.map(({ key, label, measure }) => {
    const { score, detail } = measure(i);
    return { key, label, score: score as number | null, detail };
  });
  const scored = components.filter((c) => c.score !== null).map((c) => c.score as number);
  return {
    overall: scored.length ? Math.round(scored.reduce((a, b) => a + b, 0) / scored.length) : null,
    scoringNote: "What a crawler actually got: the mean of the components that could be measured.",
    components,
  };
}
