"use client";

import { Fragment, useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { smarten } from "@/lib/content/typography";
import {
  askHref,
  PAGE_LIMIT,
  pageQuery,
  resultCount,
  resultLabel,
  searchHref,
  shownAsk,
  type AskAnswerBody,
  type ShownAsk,
  type ShownResults,
} from "@/lib/search/present";
import { highlight, termsOf } from "@/lib/search/words";

/**
 * Each pause in typing asks /ask too, which spends one of the caller's 20 model rankings a
 * minute (past them /ask ranks by keywords): long enough a pause that half-typed words do not.
 */
const DEBOUNCE_MS = 300;

/**
 * The search page. The server renders it with its results, so it works without
 * JavaScript (the form submits to /search?q=). When JavaScript runs it searches as you
 * type through /search.json, the engine the server page uses, so both show the same
 * results; the query stays in the address bar, shareable, and each submitted query is a
 * step of the history (Back returns to the one before). Nothing is swapped in when it
 * hydrates: the markup is the same either way, so the layout does not move.
 *
 * Above the keyword results, the pages /ask finds most likely to answer the query as a
 * question (the server asks through the API's own path, the browser asks /ask itself):
 * past the caller's model budget /ask ranks by keywords, and the keyword results alone show.
 */
export function SiteSearch({
  landed = "",
  initial,
  initialAsk,
  placeholder,
  stopwords,
  browse,
}: {
  /**
   * The query the server answered for this page, results or not: landing on it asks nothing
   * again (a page the server answered 429 would otherwise ask, be refused, and reload itself).
   */
  landed?: string;
  initial?: ShownResults;
  initialAsk?: ShownAsk;
  placeholder: string;
  /** The engine's stopwords: what a query's words are searched for, so the results mark the words that matched. */
  stopwords: readonly string[];
  /** Where to go when nothing matches: the site's sections. */
  browse: readonly { href: string; label: string }[];
}) {
  const stop = useMemo(() => new Set(stopwords), [stopwords]);
  const [value, setValue] = useState(initial?.q ?? landed);
  const [shown, setShown] = useState<ShownResults | undefined>(initial);
  // What is on screen, also for a `run` from an earlier render (the Back/Forward listener's).
  const shownQuery = useRef(initial?.q);
  const show = (next: ShownResults | undefined) => {
    shownQuery.current = next?.q;
    setShown(next);
  };
  const [busy, setBusy] = useState(false);
  const pending = useRef<AbortController | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [asked, setAsked] = useState<ShownAsk | undefined>(initialAsk);
  /** The query of this history entry as landed on or submitted: what Back returns to. */
  const committed = useRef(initial?.q ?? landed);

  useEffect(() => () => clearTimeout(timer.current), []);

  // Back and Forward between submitted searches show that search again, box and results.
  // The address is read after the router has handled the step (it may also have rendered
  // this component again, from its cache of the page as first served), and on mount.
  const written = useRef(initial?.q ?? landed);
  useEffect(() => {
    const follow = () => {
      const q = pageQuery(new URLSearchParams(window.location.search).get("q"));
      if (q === written.current) return;
      clearTimeout(timer.current);
      written.current = q;
      committed.current = q;
      setValue(q);
      void run(q, "navigate", false);
    };
    follow();
    const onPop = () => void setTimeout(follow, 0);
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
    // Set up once: `follow` reads refs and the address, and `run` only what it is given.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function run(raw: string, onFailure: "navigate" | "ignore", writeAddress = true) {
    const q = pageQuery(raw);
    pending.current?.abort();
    // The address follows what is typed, also when it returns to the query on screen.
    if (writeAddress) {
      written.current = q;
      window.history.replaceState(window.history.state, "", searchHref(q));
    }
    if (shownQuery.current === q) {
      setBusy(false);
      return;
    }
    if (!q) {
      show(undefined);
      return;
    }
    const controller = new AbortController();
    pending.current = controller;
    setBusy(true);
    try {
      // Both at once, shown together: the answers arriving after the keyword results would push them down the page.
      const [res, answer] = await Promise.all([
        fetch(`/search.json?q=${encodeURIComponent(q)}&limit=${PAGE_LIMIT}`, {
          signal: controller.signal,
          headers: { accept: "application/json" },
        }),
        askFor(q, controller.signal),
      ]);
      if (!res.ok) throw new Error(`search answered ${res.status}`);
      const body = (await res.json()) as Omit<ShownResults, "q">;
      if (controller.signal.aborted) return;
      show({ q, total: body.total, results: body.results });
      setAsked(answer);
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
    // Typing rewrites this entry's address as it goes; a submitted query gets an entry of
    // its own, after the one it came from (put back as it was), so Back returns there.
    const q = pageQuery(value);
    if (q !== committed.current) {
      window.history.replaceState(window.history.state, "", searchHref(committed.current));
      written.current = q;
      window.history.pushState(window.history.state, "", searchHref(q));
      committed.current = q;
    }
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
          placeholder={placeholder}
        />
        <button type="submit">Search</button>
      </form>
      <section aria-live="polite" aria-busy={busy} className="search-region">
        {shown ? (
          <>
            <Answers asked={asked?.q === shown.q ? asked : undefined} />
            <Results shown={shown} terms={termsOf(shown.q, stop)} browse={browse} />
          </>
        ) : null}
      </section>
    </>
  );
}

/** /ask's best pages for the query; on any failure (offline, over the read budget) the keyword results stand alone. */
async function askFor(q: string, signal: AbortSignal): Promise<ShownAsk> {
  try {
    const res = await fetch(askHref(q), { signal, headers: { accept: "application/json" } });
    if (res.ok) return shownAsk(q, (await res.json()) as AskAnswerBody);
  } catch (err) {
    if (!signal.aborted) console.warn(err);
  }
  return { q, state: "keywords", answers: [] };
}

/**
 * The pages most likely to answer the query, each with its chance; "no page answers this
 * well" when none is likely. Nothing while the question is being asked or when /ask ranked
 * by keywords (the list below is then the whole answer).
 */
function Answers({ asked }: { asked: ShownAsk | undefined }) {
  if (!asked || asked.state === "keywords") return null;
  return (
    <section className="ask-answers" aria-label="Best answers">
      {asked.state === "none" ? (
        <p className="ask-none">
          No page answers this well
          {asked.closest ? (
            <>
              : the closest, <a href={asked.closest.url}>{asked.closest.title}</a>, is {asked.closest.score}% likely to.
            </>
          ) : (
            "."
          )}{" "}
          The pages with its words are below.
        </p>
      ) : (
        <>
          <h2 className="section-label">Most likely to answer</h2>
          <ol className="doc-list ask-results">
            {asked.answers.map((a) => (
              <li key={a.url}>
                <a href={a.url} className="doc-link">
                  {a.title}
                </a>{" "}
                <span className="meta-line">·&nbsp;{a.score}% likely to answer</span>
                {a.snippet ? <p>{smarten(a.snippet)}</p> : null}
              </li>
            ))}
          </ol>
          <h2 className="section-label">Pages with these words</h2>
        </>
      )}
    </section>
  );
}

/** The results of one query, the words it matched marked; for no result, where to look instead. */
function Results({ shown, terms, browse }: { shown: ShownResults; terms: string[]; browse: readonly { href: string; label: string }[] }) {
  return (
    <>
      <p className="meta-line">
        {resultCount(shown.total, shown.results.length)} for “{shown.q}”
      </p>
      {shown.total === 0 ? (
        <p className="search-none">
          Try fewer words, or other words for the same thing. Or browse{" "}
          {browse.map((b, i) => (
            <Fragment key={b.href}>
              {i ? (i === browse.length - 1 ? " or " : ", ") : ""}
              <a href={b.href}>{b.label.toLowerCase()}</a>
            </Fragment>
          ))}
          .
        </p>
      ) : (
        <ol className="doc-list search-results">
          {shown.results.map((r) => (
            <li key={r.url}>
              <a href={r.url} className="doc-link">
                <Marked text={r.title} terms={terms} />
              </a>{" "}
              <span className="meta-line">·&nbsp;{resultLabel(r.url, r.kind)}</span>
              {r.snippet ? (
                <p>
                  <Marked text={smarten(r.snippet)} terms={terms} />
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </>
  );
}

function Marked({ text, terms }: { text: string; terms: string[] }) {
  return (
    <>{highlight(text, terms).map((run, i) => (run.mark ? <mark key={i}>{run.text}</mark> : <Fragment key={i}>{run.text}</Fragment>))}</>
  );
}
