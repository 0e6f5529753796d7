"use client";

import { useEffect } from "react";

/**
 * The GET forms whose page shows what their query asked for (the photo filters, lens,
 * compare) show that query after Back too. The browser restores a page left for another
 * with its controls as they were when the visitor left: a camera picked but not yet applied,
 * a URL typed. The next "Filter" would then silently apply that. `autoComplete="off"` on the
 * form stops the restore of a reloaded page; this resets a form marked `data-shows-query`
 * when the page itself comes back from the back/forward cache.
 */
export function UrlForms() {
  useEffect(() => {
    const restored = (e: PageTransitionEvent) => {
      if (e.persisted) for (const form of document.querySelectorAll<HTMLFormElement>("form[data-shows-query]")) form.reset();
    };
    window.addEventListener("pageshow", restored);
    return () => window.removeEventListener("pageshow", restored);
  }, []);
  return null;
}
