"use client";

import { useEffect, useRef } from "react";

type PagefindUIInstance = { triggerSearch: (q: string) => void };
declare global {
  interface Window {
    PagefindUI?: new (options: Record<string, unknown>) => PagefindUIInstance;
  }
}

const BUNDLE = "/generated/pagefind/";

/**
 * Progressive enhancement of the search page: loads the Pagefind UI (built from the same
 * corpus at build time) and, once it is running, hides the server-rendered form.
 */
export function PagefindSearch({ initialQuery }: { initialQuery: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let cancelled = false;
    const css = document.createElement("link");
    css.rel = "stylesheet";
    css.href = `${BUNDLE}pagefind-ui.css`;
    document.head.appendChild(css);
    const script = document.createElement("script");
    script.src = `${BUNDLE}pagefind-ui.js`;
    script.async = true;
    script.onload = () => {
      if (cancelled || !ref.current || !window.PagefindUI) return;
      const ui = new window.PagefindUI({
        element: ref.current,
        bundlePath: BUNDLE,
        showImages: false,
        showSubResults: false,
        resetStyles: false,
      });
      if (initialQuery) ui.triggerSearch(initialQuery);
      document.documentElement.dataset.searchEnhanced = "true";
    };
    document.body.appendChild(script);
    return () => {
      cancelled = true;
      script.remove();
      css.remove();
    };
  }, [initialQuery]);
  return <div ref={ref} className="pagefind-search" />;
}
