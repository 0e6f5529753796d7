import type { Store } from "@/lib/store";

/**
 * The census history: one row per ISO week (a re-run in the same week replaces it), the
 * newest 104 kept (two years), in one store value written whole by the job, which holds
 * the job lease while it does.
 */
export const CENSUS_KEY = "lens:census";
export const KEPT_WEEKS = 104;

export interface CensusResult {
  key: string;
  status: number | null;
  score: number | null;
  fieldScore: number | null;
  level: number | null;
  tier: string | null;
  error?: string;
}
export interface CensusWeek {
  week: string;
  ranAt: string;
  results: CensusResult[];
}

/** `2026-W48`: the ISO 8601 week of a moment, in UTC. */
export function isoWeek(d: Date): string {
  const day = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  const weekday = day.getUTCDay() || 7;
  day.setUTCDate(day.getUTCDate() + 4 - weekday); // the Thursday of this week decides its year
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((day.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${day.getUTCFullYear()}-W${String(week).padStart(2, "0")}`;
}

export async function readWeeks(store: Store): Promise<CensusWeek[]> {
  return (await store.getJson<CensusWeek[]>(CENSUS_KEY)) ?? [];
}

/** Adds or replaces `row`'s week, keeping weeks in order and only the newest KEPT_WEEKS. */
export function withWeek(weeks: CensusWeek[], row: CensusWeek): CensusWeek[] {
  const rest = weeks.filter((w) => w.week !== row.week);
  return [...rest, row].sort((a, b) => a.week.localeCompare(b.week)).slice(-KEPT_WEEKS);
}

export async function saveWeek(store: Store, row: CensusWeek): Promise<number> {
  const weeks = withWeek(await readWeeks(store), row);
  await store.setJson(CENSUS_KEY, weeks);
  return weeks.length;
}
