import type { Metadata } from "next";

export const metadata: Metadata = { title: "Not found", robots: { index: false } };

// Rendered for unknown HTML requests (lib/site/not-found.ts serves this page's prerendered HTML).
export default function NotFound() {
  return (
    <>
      <h1>Not found</h1>
      <p className="lede">Nothing lives at this address. It may have moved, or never existed.</p>
      <p>
        Try the <a href="/">home page</a>, the <a href="/sitemap.xml">sitemap</a>, or, if you were looking for the API, the{" "}
        <a href="/developers">developer guide</a> and <a href="/openapi.json">OpenAPI description</a>.
      </p>
    </>
  );
}
