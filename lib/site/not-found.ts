import { readFile } from "node:fs/promises";
import path from "node:path";
import { ApiError } from "@/lib/core/errors";
import { documentErrorResponse, errorResponse } from "@/lib/core/response";
import { limitHeaders } from "@/lib/core/budget";
import { identifyCaller, MALFORMED_PATH_HEADER, stampedByServer } from "@/lib/core/caller";
import { rateLimited, spend } from "@/lib/core/invoke";
import { publicBase } from "@/lib/core/base-url";
import { errorFormat } from "./negotiate";
import { closestPaths } from "./suggest";

/**
 * The 404 of every path nothing else serves (app/[...rest]/route.ts), in the format asked
 * for: JSON (Accept or an API-looking path), Markdown, or the site's own not-found page.
 * `knownPaths` comes from the surface layer (the registry and the build's pages). It draws
 * on the caller's read budget like the API: a 404 is work (the suggestions), and a client
 * walking unknown paths must not cost other visitors their latency.
 */
export async function notFoundResponse(req: Request, knownPaths: () => string[]): Promise<Response> {
  const pathname = new URL(req.url).pathname;
  const base = publicBase(req);
  const head = req.method === "HEAD";
  const limit = await spend("read", identifyCaller(req.headers));
  if (!limit.allowed) return errorResponse(rateLimited(limit), { head, negotiated: true });
  const budget = limitHeaders(limit);
  const suggestions = closestPaths(pathname, knownPaths()).map((p) => `${base}${p}`);
  const format = errorFormat(req.headers.get("accept"), pathname);
  const error = new ApiError("not_found", `Nothing lives at ${pathname}.`, {
    hint: `See ${base}/sitemap.xml for pages and ${base}/openapi.json for the API.`,
    extras: { docs: `${base}/developers`, suggestions },
  });

  if (format === "json") return errorResponse(error, { head, negotiated: true, headers: budget });
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
    return documentErrorResponse(404, md, "text/markdown; charset=utf-8", { head, negotiated: true, headers: budget });
  }
  return documentErrorResponse(404, await notFoundHtml(), "text/html; charset=utf-8", { head, negotiated: true, headers: budget });
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

/** The 400 of a target that is no path: broken percent-encoding, or not starting with /. */
export function malformedPathResponse(head: boolean): Response {
  const err = new ApiError("bad_request", "The request target is not a valid path: broken percent-encoding, or not starting with /.", {
    hint: "Encode the path as UTF-8 percent-escapes.",
  });
  return errorResponse(err, { head });
}

/**
 * What answers a path nothing else serves, for every method (app/[...rest]/route.ts, and the
 * edge for an OPTIONS Next would answer with a bare 400): a 404 in the format the client
 * asked for. The edge hands it a path with broken percent-encoding too (Next would answer a
 * bare 500), marked with a header only it can set: that is the client's error, a 400.
 */
export function unservedPathHandler(knownPaths: () => string[]) {
  return async (req: Request): Promise<Response> => {
    if (req.headers.get(MALFORMED_PATH_HEADER) === "1" && stampedByServer(req.headers)) return malformedPathResponse(req.method === "HEAD");
    return notFoundResponse(req, knownPaths);
  };
}
