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
