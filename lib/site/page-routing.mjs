// Which paths are pages, where each page's Markdown twin is served, and whether a request
// asks for Markdown. Plain JavaScript, so server.mjs (which answers twins before Next, with
// no proxy pass and no loopback rewrite) and proxy.ts (on Vercel and under `next start`)
// decide the same way from the same code.
import { readFileSync } from "node:fs";
import path from "node:path";

/** Where machines find the API description and the MCP server, from the home page (its `Link` header). */
export const HOME_LINK = [
  '</.well-known/api-catalog>; rel="api-catalog"; type="application/linkset+json"',
  '</openapi.json>; rel="service-desc"; type="application/openapi+json"',
  '</mcp/server-card>; rel="describedby"; type="application/mcp-server-card+json"',
  '</llms.txt>; rel="alternate"; type="text/markdown"; title="llms.txt"',
].join(", ");

/**
 * Set by server.mjs on a page GET/HEAD it has already routed (twin decided, Vary and Link
 * settled) for a reader who is not an AI crawler: proxy.ts's matcher skips such requests.
 * server.mjs deletes any client-sent copy. Without server.mjs in front (Vercel, `next
 * start`) a client could send it to skip the proxy for its own request: it would then get
 * the HTML for a Markdown Accept, go uncounted in the ledger, or get Next's own answer to a
 * page POST (the page, not a 405) — nobody else's answer changes.
 */
export const ROUTED_HEADER = "x-site-routed";

/** @param {string} pathname */
export function normalizePath(pathname) {
  return pathname.replace(/\/+$/, "") || "/";
}

/**
 * `/writing/x.md` → `/writing/x`; `/index.md` → `/`. Undefined for anything else.
 * @param {string} pathname
 */
export function pageOfMdPath(pathname) {
  if (!pathname.endsWith(".md")) return undefined;
  const page = pathname.slice(0, -3);
  return page === "/index" ? "/" : page;
}

/**
 * The pages of this build and their twins: `paths.json` (every page the build published, the
 * app's declared pages among them, and the twins served by an endpoint of their own) plus one
 * page per photo in `photos.json`. Without a build no path is a page. The pages of features
 * that are off (`off`, decided at start: lib/features) are no pages: they are `hidden`, which
 * the server and proxy.ts answer with the site's 404 before Next could serve a prerendered copy.
 * @param {string} dataDir the build's server artifacts (SITE_DATA_DIR)
 * @param {ReadonlySet<string>} [off] the names of the features that are off
 */
export function loadPageIndex(dataDir, off = new Set()) {
  /** @type {string[]} */
  let built = [];
  /** @type {Record<string, string>} */
  let ownTwins = {};
  /** @type {Set<string>} */
  const hidden = new Set();
  try {
    const paths = JSON.parse(readFileSync(path.join(dataDir, "paths.json"), "utf8"));
    /** @type {Record<string, string>} */
    const features = paths.features ?? {};
    for (const [page, feature] of Object.entries(features)) if (off.has(feature)) hidden.add(page);
    built = paths.pages.filter((/** @type {string} */ p) => !hidden.has(p));
    ownTwins = paths.twins ?? {};
  } catch {
    // No content build: nothing to route.
  }
  try {
    const photos = JSON.parse(readFileSync(path.join(dataDir, "photos.json"), "utf8")).photos;
    built = built.concat(photos.map((/** @type {{ stem: string }} */ p) => `/photos/${p.stem}`));
  } catch {
    // No photo build: no photo pages.
  }
  const pages = new Set(built);
  /** @type {Map<string, string>} */
  const twinTargets = new Map();
  for (const p of pages) twinTargets.set(p, ownTwins[p] ?? `/twins${p === "/" ? "/index" : p}`);
  return { pages, twinTargets, hidden };
}

/**
 * Whether a request for `pathname` (a page or its `.md` twin) is for a page of a feature
 * that is off.
 * @param {{ hidden: Set<string> }} index
 * @param {string} pathname
 */
export function isHiddenPage(index, pathname) {
  return index.hidden.size > 0 && index.hidden.has(normalizePath(pageOfMdPath(pathname) ?? pathname));
}

/**
 * Where a GET of `pathname` should be served from when it is a page's Markdown twin (a
 * `.md` path, or Accept ranking Markdown at or above HTML); undefined when it is not.
 * @param {{ pages: Set<string>; twinTargets: Map<string, string> }} index
 * @param {string} pathname
 * @param {string | null | undefined} accept
 */
export function twinRewrite(index, pathname, accept) {
  const mdPage = pageOfMdPath(pathname);
  const page = normalizePath(mdPage ?? pathname);
  if (!index.pages.has(page)) return undefined;
  const target = index.twinTargets.get(page);
  // A twin with its own registered endpoint (/developers.md, /resume.md) answers for itself.
  if (!target || target === pathname) return undefined;
  return mdPage !== undefined || wantsMarkdown(accept ?? null) ? target : undefined;
}

/**
 * Accepted media types with their q values (wildcards are kept as they are).
 * @param {string | null} accept
 * @returns {Map<string, number>}
 */
export function parseAccept(accept) {
  const out = new Map();
  for (const part of (accept ?? "").split(",")) {
    const [type, ...params] = part.trim().toLowerCase().split(";");
    if (!type) continue;
    let q = 1;
    for (const p of params) {
      const [k, v] = p.trim().split("=");
      if (k === "q") q = Number.isFinite(Number(v)) ? Math.min(1, Math.max(0, Number(v))) : 1;
    }
    out.set(type.trim(), Math.max(q, out.get(type.trim()) ?? 0));
  }
  return out;
}

/**
 * How much the client asked for each format by name (wildcards express no preference).
 * @param {string | null} accept
 */
export function explicitPreference(accept) {
  const a = parseAccept(accept);
  return {
    html: Math.max(a.get("text/html") ?? 0, a.get("application/xhtml+xml") ?? 0),
    json: Math.max(a.get("application/json") ?? 0, a.get("application/problem+json") ?? 0),
    markdown: Math.max(a.get("text/markdown") ?? 0, a.get("text/x-markdown") ?? 0),
  };
}

/**
 * True when Markdown is named and ranked at or above HTML (the twins rule).
 * @param {string | null} accept
 */
export function wantsMarkdown(accept) {
  const p = explicitPreference(accept);
  return p.markdown > 0 && p.markdown >= p.html;
}
