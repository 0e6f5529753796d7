import { describe, expect, it } from "vitest";
import type { PageIndex } from "@/lib/site/page-index";
import type { AppRoute, AppRoutes } from "./app-routes";
import { decide, type Decision } from "./routing";
import { readTarget } from "./target";

const index: PageIndex = {
  pages: new Set(["/", "/about", "/resume"]),
  twinTargets: new Map([
    ["/", "/twins/index"],
    ["/about", "/twins/about"],
    ["/resume", "/resume.md"],
  ]),
  hidden: new Set(["/rn"]),
  featured: new Set<string>(),
};

/** Routes that say which they are: decide() only chooses among them. */
const named = (name: string): AppRoute => ({ handlers: {}, ctx: name });
const endpoints = new Map([
  ["/health.json", named("health")],
  ["/resume.md", named("resume.md")],
  ["/mcp", named("mcp")],
]);
const routes: AppRoutes = {
  routeOf: (path) => endpoints.get(path) ?? (path.startsWith("/twins/") ? named(`twin ${path}`) : undefined),
  pageMethods: named("page methods"),
  unserved: named("unserved"),
  filePreflight: named("file preflight"),
  recordVisit: () => {},
};
const files = new Set(["/favicon.ico", "/robots.png", "/notes.md"]);
/** Next's own routes, beside the app's: /health.json's too (ENDPOINTS_VIA_NEXT), and the dynamic handlers. */
const nextRoutes = new Set(["/mcp", "/health.json", "/_not-found", "/resume.md"]);
const nextRoute = (p: string) => nextRoutes.has(p) || p === "/twins" || p.startsWith("/twins/") || /^\/api\/cron\/[^/]+$/.test(p);

function where(method: string, url: string, accept?: string, viaNext = false): string {
  const d: Decision = decide(
    { method, target: readTarget(url), accept },
    { index, routes, servesFile: (p) => files.has(p), nextRoute, viaNext },
  );
  if (d.to === "app") return `${d.route.ctx} ${d.url}`;
  return `next ${d.url}${d.page ? ` page ${d.page}` : ""}`;
}

describe("decide", () => {
  it.each(["GET /rn", "GET /rn.md", "POST /rn", "OPTIONS /rn"])("answers %s, a page of a feature that is off, with the 404", (line) => {
    const [method, url] = line.split(" ");
    expect(where(method, url)).toBe(`unserved ${url}`);
  });

  it.each([
    ["GET", "/health.json?x=1", undefined, "health /health.json?x=1"],
    ["PATCH", "/health.json", undefined, "health /health.json"],
    ["POST", "/mcp", undefined, "mcp /mcp"],
    ["GET", "/about", "text/html", "next /about page /about"],
    ["HEAD", "/", undefined, "next / page /"],
    ["GET", "/about/", undefined, "next /about/ page /about"],
    ["GET", "/about", "text/markdown", "twin /twins/about /twins/about"],
    ["GET", "/about.md?x=1", undefined, "twin /twins/about /twins/about?x=1"],
    ["GET", "/index.md", "text/html", "twin /twins/index /twins/index"],
    ["GET", "/resume", "text/markdown", "resume.md /resume.md"],
    ["GET", "/resume.md", undefined, "resume.md /resume.md"],
    ["POST", "/resume.md", undefined, "resume.md /resume.md"],
    ["POST", "/about", undefined, "page methods /about"],
    ["OPTIONS", "/about.md", undefined, "page methods /about.md"],
    ["PATCH", "/", undefined, "page methods /"],
    ["OPTIONS", "/favicon.ico", undefined, "file preflight /favicon.ico"],
    ["OPTIONS", "/foo.json", undefined, "unserved /foo.json"],
    ["GET", "/foo.json", undefined, "unserved /foo.json"],
    ["POST", "/nope/at/all", undefined, "unserved /nope/at/all"],
    ["GET", `/${"x/".repeat(500)}`, undefined, `unserved /${"x/".repeat(500)}`],
    ["GET", "/_not-found", undefined, "next /_not-found"],
    ["GET", "/health.json/", undefined, "next /health.json/"],
    ["GET", "/favicon.ico/", undefined, "next /favicon.ico/"],
    ["GET", "/twins/nope", undefined, "next /twins/nope"],
    ["GET", "/api/cron/around", undefined, "next /api/cron/around"],
    ["GET", "/api/cron", undefined, "unserved /api/cron"],
    ["GET", "/favicon.ico", undefined, "next /favicon.ico"],
    ["GET", "/%ff", undefined, "unserved /%ff"],
    ["OPTIONS", "*", undefined, "unserved *"],
    ["GET", "/_next/image?url=x", undefined, "unserved /_next/image?url=x"],
    ["GET", "/twins/about", undefined, "next /twins/about"],
    ["GET", "/tags/nope.md", undefined, "unserved /tags/nope.md"],
    ["HEAD", "/nope.md", undefined, "unserved /nope.md"],
    ["GET", "/notes.md", undefined, "next /notes.md"],
  ])("%s %s (Accept: %s) → %s", (method, url, accept, want) => {
    expect(where(method, url, accept)).toBe(want);
  });

  it("hands the app's routes to Next when they are answered through it (ENDPOINTS_VIA_NEXT), OPTIONS included", () => {
    expect(where("GET", "/about.md", undefined, true)).toBe("next /twins/about");
    expect(where("GET", "/health.json", undefined, true)).toBe("next /health.json");
    expect(where("OPTIONS", "/health.json", undefined, true)).toBe("next /health.json");
    expect(where("DELETE", "/about", undefined, true)).toBe("page methods /about");
    expect(where("OPTIONS", "/foo.json", undefined, true)).toBe("unserved /foo.json");
  });
});
