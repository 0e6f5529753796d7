/**
 * Every page a visitor can reach (not API paths: those are in lib/api/registry.ts).
 * Pages register here as they are added; proxy.ts uses it for 405s on pages and the
 * 404 suggestions use it. Kept free of heavy imports because the proxy loads it.
 */
export const sitePages: readonly { path: string; title: string }[] = [
  { path: "/", title: "Home" },
  { path: "/developers", title: "Developer guide" },
];

const pageSet = new Set(sitePages.map((p) => p.path));

export function isSitePage(pathname: string): boolean {
  return pageSet.has(pathname.replace(/\/+$/, "") || "/");
}
