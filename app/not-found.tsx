import type { Metadata } from "next";
import { navLinks } from "@/lib/surface/chrome-links";

export const metadata: Metadata = { title: "Not found", robots: { index: false } };

// Rendered for unknown HTML requests (lib/site/not-found.ts serves this page's prerendered HTML).
export default function NotFound() {
  return (
    <>
      <h1>Not found</h1>
      <p className="lede">Nothing lives at this address. It may have moved, or never existed.</p>
      <form action="/search" method="get" className="search-form" role="search" aria-label="Search the site">
        <label htmlFor="q" className="visually-hidden">
          Search the site
        </label>
        <input id="q" name="q" type="search" placeholder="Search the site" maxLength={160} />
        <button type="submit">Search</button>
      </form>
      <p>Or start from one of the sections:</p>
      <ul className="section-list">
        <li>
          <a href="/">Home</a>
        </li>
        {navLinks().map((l) => (
          <li key={l.href}>
            <a href={l.href}>{l.label}</a>
          </li>
        ))}
      </ul>
    </>
  );
}
