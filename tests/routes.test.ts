import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { TAGS } from "@/lib/core/endpoint";
import { UNLISTED_ROUTES } from "@/lib/surface/registry";
import { buildGuide, endpoints } from "@/lib/surface/endpoints";
import { guideMarkdown } from "@/lib/surface/developer-guide";
import { standalone } from "@/lib/surface/json-schema";
import { unified } from "unified";
import remarkParse from "remark-parse";
import remarkGfm from "remark-gfm";

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

describe("POST bindings", () => {
  it("map only input fields, from paths their body schema has", () => {
    for (const e of endpoints()) {
      const post = e.http?.post;
      if (!post) continue;
      const body = standalone(post.body, "input");
      const inputs = Object.keys((e.input as unknown as { shape: object } | undefined)?.shape ?? {});
      for (const [name, dotted] of Object.entries(post.fields)) {
        expect(inputs, `${e.name}: ${name}`).toContain(name);
        let node: Record<string, unknown> | undefined = body;
        for (const key of dotted.split(".")) node = (node?.properties as Record<string, Record<string, unknown>> | undefined)?.[key];
        expect(node, `${e.name}: ${dotted}`).toBeDefined();
      }
    }
  });
});

describe("the developer guide's Markdown twin", () => {
  it("parses, as a GFM reader does, into one list item per parameter: its name, its type intact, its description", () => {
    type Node = { type: string; value?: string; children?: Node[] };
    const text = (n: Node): string => n.value ?? (n.children ?? []).map(text).join("");
    const walk = (n: Node): Node[] => [n, ...(n.children ?? []).flatMap(walk)];
    const tree = unified()
      .use(remarkParse)
      .use(remarkGfm)
      .parse(guideMarkdown(buildGuide("http://127.0.0.1"))) as Node;
    // A parameter is a list item that opens with its name in code, then its type in brackets.
    const params = walk(tree)
      .filter((n) => n.type === "listItem" && n.children?.[0]?.children?.[0]?.type === "inlineCode")
      .map((n) => /^(\S+) \((.+?)\): ([\s\S]+)$/.exec(text(n.children![0])))
      .filter((m): m is RegExpExecArray => m !== null)
      .map(([, name, type, description]) => ({ name, type, description }));
    expect(params.length).toBeGreaterThan(20);
    for (const p of params) expect(p.description.trim().length, p.name).toBeGreaterThan(0);
    expect(params.find((p) => p.name === "prev")!.type).toMatch(/^string.* or array/);
    expect(params.find((p) => p.name === "streaming")!.type).toBe("boolean or string");
    expect(params.find((p) => p.name === "query")!.type).toMatch(/required/);
  });
});
