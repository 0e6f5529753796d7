import { readFile } from "node:fs/promises";
import path from "node:path";
import type { NextRequest } from "next/server";
import { ApiError } from "./errors";
import { CORS_HEADERS, jsonResponse } from "./headers";
import { errorFormat } from "./negotiate";
import { closestPaths } from "./suggest";
import { publicBase } from "./base-url";
import { knownPaths } from "./known-paths";

/**
 * The 404 of every path nothing else serves (app/[...rest]/route.ts), in the format asked
 * for: JSON (Accept or an API-looking path), Markdown, or the site's own not-found page.
 */
export async function notFoundResponse(req: NextRequest): Promise<Response> {
  const pathname = req.nextUrl.pathname;
  const base = publicBase(req);
  const suggestions = closestPaths(pathname, knownPaths()).map((p) => `${base}${p}`);
  const headers = { ...CORS_HEADERS, vary: "Accept", "cache-control": "no-store", "x-content-type-options": "nosniff" };
  const format = errorFormat(req.headers.get("accept"), pathname);
  const error = new ApiError("not_found", `Nothing lives at ${pathname}.`, {
    hint: `See ${base}/sitemap.xml for pages and ${base}/openapi.json for the API.`,
    extras: { docs: `${base}/developers`, suggestions },
  });
  const head = req.method === "HEAD";

  if (format === "json") {
    const res = jsonResponse(error.body(), 404, headers);
    return head ? new Response(null, { status: 404, headers: res.headers }) : res;
  }
  if (format === "markdown") {
    const md = [
      "# Not found",
      "",
      `Nothing lives at \`${pathname}\`.`,
      "",
      ...(suggestions.length ? ["Closest pages:", "", ...suggestions.map((s) => `- <${s}>`), ""] : []),
      `See <${base}/sitemap.xml> for pages, <${base}/openapi.json> for the API and <${base}/developers> for the guide.`,
      "",
    ].join("\n");
    return new Response(head ? null : md, { status: 404, headers: { ...headers, "content-type": "text/markdown; charset=utf-8" } });
  }
  return new Response(head ? null : await notFoundHtml(), { status: 404, headers: { ...headers, "content-type": "text/html; charset=utf-8" } });
}

let html: string | undefined;

/**
 * The site's not-found page as `next build` prerendered it (app/not-found.tsx), so an
 * unknown URL looks like the rest of the site. Read once; a minimal page stands in if
 * the build output is missing (e.g. under `next dev`).
 */
async function notFoundHtml(): Promise<string> {
  if (html !== undefined) return html;
  try {
    html = await readFile(path.join(process.cwd(), ".next", "server", "app", "_not-found.html"), "utf8");
  } catch {
    html =
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Not found</title></head>' +
      '<body><h1>Not found</h1><p>Nothing lives here. Try the <a href="/">home page</a>.</p></body></html>';
  }
  return html;
}
