import { afterEach, expect, it, vi } from "vitest";
import { siteConfig } from "@/site.config";

/**
 * The owner's words come from site.config.ts wherever the site says them: an owner who
 * replaced the config and content/ must not see the demo's motorcycles and crypto firms in
 * an index page, a search entry, /around or the API's examples. Each test loads fresh copies
 * of the modules under another owner's config.
 */
const owner = {
  ...siteConfig,
  intros: {
    ...siteConfig.intros,
    garage: "Bicycle wheels and dovetail joints, newest first.",
    documents: "House rules and the allotment lease.",
  },
  around: { watches: "a handful of public libraries", aliases: ["library websites"] },
  examples: { questions: ["how do I true a bicycle wheel?"], searches: ["dovetail joints", "spokes"], photoCaption: "old oak" },
};
const DEMO_SUBJECTS = /motorcycle|carburet|harbour|mossy stream|crypto|espresso|press kit/i;

async function underOwnerConfig() {
  vi.resetModules();
  vi.doMock("@/site.config", () => ({ siteConfig: owner }));
}
afterEach(() => {
  vi.doUnmock("@/site.config");
  vi.resetModules();
});

it("section intros reach the index twins and what search and /ask know of the index pages", async () => {
  await underOwnerConfig();
  const { generatedTwins } = await import("@/lib/content/twins");
  const { standingSources } = await import("@/scripts/build/standing");
  const twins = generatedTwins([]);
  expect(twins["/garage"]).toContain("> Bicycle wheels and dovetail joints, newest first.");
  expect(twins["/documents"]).toContain("> House rules and the allotment lease.");
  const sources = await standingSources({});
  expect(sources.find((s) => s.url === "/garage")?.description).toBe(owner.intros.garage);
  expect(sources.find((s) => s.url === "/documents")?.description).toBe(owner.intros.documents);
  expect(JSON.stringify([twins["/garage"], twins["/documents"], sources.filter((s) => s.url !== "/developers")])).not.toMatch(
    DEMO_SUBJECTS,
  );
});

it("what /around watches reaches its twin, its search entry and the API's description of it", async () => {
  await underOwnerConfig();
  const { aroundMarkdown } = await import("@/lib/around/markdown");
  const { PAGES } = await import("./pages");
  const { getNeighborhood } = await import("@/lib/around/endpoints");
  const twin = await aroundMarkdown("http://localhost:3000");
  expect(twin).toContain("The homepages of a handful of public libraries, crawled daily");
  expect(PAGES["/around"].description).toContain("the homepages of a handful of public libraries");
  expect(PAGES["/around"].aliases).toContain("library websites");
  expect(getNeighborhood.description).toContain("the homepages of a handful of public libraries");
  // The firms listed below the head are content/around.json's, not words of the site.
  const head = twin.split("\n\n").slice(0, 2).join("\n\n");
  expect(JSON.stringify([head, PAGES["/around"], getNeighborhood.description])).not.toMatch(DEMO_SUBJECTS);
});

it("the API's examples are the owner's: /openapi.json, the developer guide and the MCP tool schemas", async () => {
  await underOwnerConfig();
  const { buildOpenApi } = await import("@/lib/surface/openapi");
  const { buildGuide, endpoints, tools } = await import("@/lib/surface/endpoints");
  const { guideMarkdown } = await import("@/lib/surface/developer-guide");
  type Op = {
    parameters?: { name: string; schema?: { examples?: unknown[] } }[];
    requestBody?: { content: Record<string, { example: unknown }> };
  };
  const doc = buildOpenApi(endpoints(), "http://localhost:3000") as { paths: Record<string, Record<string, Op>> };
  const example = (path: string, name: string) => doc.paths[path].get.parameters?.find((p) => p.name === name)?.schema?.examples;
  expect(example("/search.json", "q")).toEqual(["dovetail joints"]);
  expect(example("/ask", "query")).toEqual(["how do I true a bicycle wheel?"]);
  expect(example("/photos/query.json", "q")).toEqual(["old oak"]);
  // One question: GET and POST both ask it.
  expect(doc.paths["/ask"].post.requestBody?.content["application/json"].example).toMatchObject({
    query: { text: "how do I true a bicycle wheel?" },
  });
  const searchTool = tools().find((t) => t.name === "searchSite")!;
  expect((searchTool.inputSchema.properties as Record<string, { examples?: unknown[] }>).q.examples).toEqual(["dovetail joints"]);
  const guide = guideMarkdown(buildGuide("http://localhost:3000"));
  expect(guide).toContain("q=dovetail");
  for (const text of [JSON.stringify(doc), guide, JSON.stringify(tools().map((t) => [t.description, t.inputSchema]))])
    expect(text).not.toMatch(DEMO_SUBJECTS);
});
