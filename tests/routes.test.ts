import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { TAGS } from "@/lib/core/endpoint";
import { endpoints, UNLISTED_ROUTES } from "@/lib/surface/registry";
import { buildGuide } from "@/lib/surface/developer-guide";

/**
 * One list of served paths: every route file under app/ is a registered endpoint or a
 * listed unregistered route, and every entry has its route file. A route added without
 * registering it (or registered without a route) fails here, not in production.
 */
const APP = path.resolve(import.meta.dirname, "..", "app");

function routeFiles(dir: string, prefix = ""): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) out.push(...routeFiles(path.join(dir, entry.name), `${prefix}/${entry.name}`));
    else if (entry.name === "route.ts") out.push(prefix || "/");
  }
  return out;
}

describe("served paths", () => {
  const files = routeFiles(APP).sort();
  const registered = endpoints().flatMap((e) => (e.http ? [e.http.path] : []));
  const listed = [...registered, ...UNLISTED_ROUTES.map((r) => r.route)].sort();

  it("every route file is registered or listed, and every registered path has a route file", () => {
    expect(files).toEqual(listed);
  });

  it("no path is registered twice", () => {
    expect(new Set(listed).size).toBe(listed.length);
  });

  it("operation names and tool names are unique", () => {
    const names = endpoints().map((e) => e.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it("every endpoint's tag is one the guide groups by, so none vanishes from /developers", () => {
    const guide = buildGuide("http://127.0.0.1");
    const inGuide = guide.groups.flatMap((g) => g.endpoints.map((e) => e.path));
    for (const e of endpoints()) {
      expect(Object.keys(TAGS)).toContain(e.tag);
      if (e.http) expect(inGuide, e.name).toContain(e.http.path);
    }
  });
});
