/**
 * What the search page shows for a query and a hit, shared by the server-rendered page
 * and its in-browser enhancement so both print the same thing for the same answer. Pure
 * (no Node imports): it ships to the browser.
 */

import { COLLECTIONS, collectionOfUrl } from "@/lib/content/collections";

/** The search page's query as the server reads it: trimmed, at most 160 characters (the API's limit). */
export function pageQuery(raw: string | string[] | undefined | null): string {
  return (Array.isArray(raw) ? (raw[0] ?? "") : (raw ?? "")).trim().slice(0, 160);
}

/** The most results any search answers: /search.json's largest `limit`. */
export const MAX_RESULTS = 50;

/**
 * Results the search page shows, with or without JavaScript, and its Markdown twin: all a
 * search answers, so a page never says "31 results" over a list of 20 with no way to the rest.
 */
export const PAGE_LIMIT = MAX_RESULTS;

/** What the page says above its list: how many matched, and, past MAX_RESULTS, how many are shown. */
export function resultCount(total: number, shown: number): string {
  const count = `${total} result${total === 1 ? "" : "s"}`;
  return shown < total ? `${count}, the best ${shown} shown: add a word to narrow them` : count;
}

/**
 * The label a visitor reads. API clients see one of four kinds (garage notes report
 * "writing"), so the label follows the collection the page is in (its `searchLabel`,
 * lib/content/collections.ts) instead.
 */
export function resultLabel(url: string, kind: string): string {
  const c = collectionOfUrl(url);
  if (c) return COLLECTIONS[c].searchLabel;
  return kind === "page" ? "Page" : kind.charAt(0).toUpperCase() + kind.slice(1);
}

/** The shareable address of a query's results. */
export function searchHref(q: string): string {
  return q ? `/search?q=${encodeURIComponent(q)}` : "/search";
}

export interface ShownResult {
  url: string;
  title: string;
  kind: string;
  snippet?: string;
}

export interface ShownResults {
  q: string;
  total: number;
  results: ShownResult[];
}

/** The pages /ask offers above the keyword results: a few, best first. */
export const ASK_TOP_K = 3;

/**
 * Below this chance (in %) that its best page answers, a question gets "no page answers
 * this well" rather than a list: /ask's own abstention threshold is fitted low to keep
 * visitors' slang, which suits an API client that weighs the score itself, not a reader.
 */
export const ASK_LOW = 30;

export interface ShownAnswer {
  /** The page's path on this site (the API answers absolute URLs on its public base). */
  url: string;
  title: string;
  /** The chance in % that the page answers the question, as /ask scores it. */
  score: number;
  snippet?: string;
}

/**
 * What the search page says for a question: the pages likely to answer it ("answers");
 * "none" when /ask abstains or its best page is unlikely; "keywords" when /ask ranked by
 * keywords (the caller is past its model budget, or no model is built): the keyword
 * results below then say all there is.
 */
export interface ShownAsk {
  q: string;
  state: "answers" | "none" | "keywords";
  answers: ShownAnswer[];
  /** For "none": the closest page and its chance, so the page can say how far off it is. */
  closest?: ShownAnswer;
}

/** The fields of an /ask JSON answer (AskResponse) the page reads. */
export interface AskAnswerBody {
  results: { url: string; name: string; score: number; description?: string }[];
  _meta?: { ranking: string; abstained?: { reason: string } };
}

/** /ask's answer as the search page shows it; the same function for the server render and the browser. */
export function shownAsk(q: string, body: AskAnswerBody): ShownAsk {
  if (body._meta?.ranking.startsWith("lexical")) return { q, state: "keywords", answers: [] };
  const rows = body.results.map((r) => ({ url: sitePath(r.url), title: r.name, score: r.score, snippet: r.description }));
  const best = rows[0];
  if (body._meta?.abstained || !best || best.score < ASK_LOW) return { q, state: "none", answers: [], closest: best };
  // The others only while they are a real alternative, not the model's long tail.
  return { q, state: "answers", answers: rows.slice(0, ASK_TOP_K).filter((r) => r.score >= ASK_LOW / 3) };
}

/** A result's address as a path, so a link works whatever host name the page was reached by. */
function sitePath(url: string): string {
  try {
    const u = new URL(url);
    return `${u.pathname}${u.search}${u.hash}`;
  } catch {
    return url;
  }
}

/** /ask's JSON answer for the search page: the GET dialect, one body, a few pages. */
export function askHref(q: string): string {
  return `/ask?query=${encodeURIComponent(q)}&streaming=0&top_k=${ASK_TOP_K}`;
}
