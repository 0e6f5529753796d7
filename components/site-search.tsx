"use client";

import { useEffect, useRef, useState, type FormEvent } from "react";
import { PAGE_LIMIT, pageQuery, resultCount, resultLabel, searchHref, type ShownResults } from "@/lib/search/present";

const DEBOUNCE_MS = 180;

/**
 * The search page. The server renders it with its results, so it works without
 * JavaScript (the form submits to /search?q=). When JavaScript runs it searches as you
 * type through /search.json, the engine the server page uses, so both show the same
 * results; the query stays in the address bar, shareable. Nothing is swapped in when it
 * hydrates: the markup is the same either way, so the layout does not move.
 */
export function SiteSearch({ initial }: { initial?: ShownResults }) {
  const [value, setValue] = useState(initial?.q ?? "");
  const [shown, setShown] = useState<ShownResults | undefined>(initial);
  const [busy, setBusy] = useState(false);
  const pending = useRef<AbortController | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  async function run(raw: string, onFailure: "navigate" | "ignore") {
    const q = pageQuery(raw);
    pending.current?.abort();
    // The address follows what is typed, also when it returns to the query on screen.
    window.history.replaceState(window.history.state, "", searchHref(q));
    if (shown?.q === q) {
      setBusy(false);
      return;
    }
    if (!q) {
      setShown(undefined);
      return;
    }
    const controller = new AbortController();
    pending.current = controller;
    setBusy(true);
    try {
      const res = await fetch(`/search.json?q=${encodeURIComponent(q)}&limit=${PAGE_LIMIT}`, {
        signal: controller.signal,
        headers: { accept: "application/json" },
      });
      if (!res.ok) throw new Error(`search answered ${res.status}`);
      const body = (await res.json()) as Omit<ShownResults, "q">;
      if (controller.signal.aborted) return;
      setShown({ q, total: body.total, results: body.results });
    } catch (err) {
      if (controller.signal.aborted) return;
      // Rate-limited or offline: the server-rendered page answers the same question.
      if (onFailure === "navigate") window.location.assign(searchHref(q));
      else console.warn(err);
    } finally {
      if (pending.current === controller) setBusy(false);
    }
  }

  function onChange(next: string) {
    setValue(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void run(next, "ignore"), DEBOUNCE_MS);
  }

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    clearTimeout(timer.current);
    void run(value, "navigate");
  }

  return (
    <>
      <form action="/search" method="get" role="search" className="search-form" onSubmit={onSubmit}>
        <label htmlFor="q" className="visually-hidden">
          Search the site
        </label>
        <input
          id="q"
          name="q"
          type="search"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          maxLength={160}
          autoComplete="off"
          placeholder="rate limits, carburettors, Classic Chrome…"
        />
        <button type="submit">Search</button>
      </form>
      <section aria-live="polite" aria-busy={busy} className="search-region">
        {shown ? (
          <>
            <p className="meta-line">
              {resultCount(shown.total, shown.results.length)} for “{shown.q}”
            </p>
            <ol className="doc-list search-results">
              {shown.results.map((r) => (
                <li key={r.url}>
                  <a href={r.url} className="doc-link">
                    {r.title}
                  </a>{" "}
                  <span className="meta-line">· {resultLabel(r.url, r.kind)}</span>
                  <p>{r.snippet}</p>
                </li>
              ))}
            </ol>
          </>
        ) : null}
      </section>
    </>
  );
}
