import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import * as cheerio from "cheerio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FEATURES, FEATURE_NAMES, type FeatureName, type FeatureSetting } from "@/lib/features";
import { allTools } from "@/lib/surface/endpoints";
import type { Corpus } from "@/lib/content/types";
import { buildWithFeatures, featurePages } from "./helpers/feature-build";
import { httpRequest } from "./helpers/http";
import { connectMcp } from "./helpers/mcp";
import { Contract, call } from "./helpers/openapi";
import { startServer, type RunningServer } from "./helpers/server";
import { SHARED_REDIS_URL } from "./helpers/redis";
import { startMusicUpstreams, type MusicUpstreams } from "./helpers/music-upstreams";
import { icsWithMeeting, startCalendarFeed, type CalendarFeed } from "./helpers/calendar-feed";

/**
 * Every description of the API the site publishes says what the running server does: the
 * official MCP client's tools/list, the well-known server card, the agent skill (and the
 * index's digest of it), the AI catalog, /openapi.json (`x-mcp-tool`, `x-feature`), the
 * developer guide (page and Markdown), the sitemap, llms.txt and the 404's suggestions all
 * read one decision (lib/surface/endpoints.ts `offered`, over lib/features). Each is read
 * back as "which tools, which features on", and the test fails when any two disagree, or
 * when they agree on something other than what the server was started with.
 *
 * Combinations: all off (a fresh clone, the keyless default), all on, each feature alone
 * off and each alone on: every feature is seen on and off beside every other one's both
 * states. "On" needs only what each feature's rule reads (a store, the music account, a
 * calendar feed); around and the census are `true` in site.config.ts with a shared store
 * (the owner runs their jobs by hand), so no scheduled crawl leaves the machine.
 */

const root = path.resolve(import.meta.dirname, "..");
const GATED = featurePages();
const corpus = JSON.parse(readFileSync(path.join(root, ".site", "corpus.json"), "utf8")) as Corpus;
const DOCS = new Set(corpus.docs.map((d) => d.url));
const TOOL_FEATURE = new Map(allTools().map((t) => [t.name, t.endpoint.feature?.name]));
const toolsOfFeature = (f: FeatureName) => allTools().flatMap((t) => (t.endpoint.feature?.name === f ? [t.name] : []));
const pagesOfFeature = (f: FeatureName) => Object.keys(GATED).filter((p) => GATED[p] === f);
const LABEL_FEATURE = new Map(FEATURE_NAMES.map((f) => [FEATURES[f].label as string, f]));

type Combination = { name: string; on: ReadonlySet<FeatureName> };
const ALL = new Set(FEATURE_NAMES);
const COMBINATIONS: Combination[] = [
  { name: "all off (a fresh clone)", on: new Set() },
  { name: "all on", on: ALL },
  ...FEATURE_NAMES.map((f) => ({ name: `all on but ${f}`, on: new Set(FEATURE_NAMES.filter((g) => g !== f)) })),
  ...FEATURE_NAMES.map((f) => ({ name: `${f} alone on`, on: new Set([f]) })),
];

/** What one surface says: the tools it names (undefined: it names none), the features it says are on. */
interface Said {
  tools?: string[];
  /** It can name only the tools of endpoints with an HTTP binding (an operation to name them on). */
  httpOnly?: boolean;
  on: FeatureName[];
}
/** The tools with an HTTP endpoint: the only ones /openapi.json and the guide can name (MCP-only tools have no operation). */
const HTTP_TOOLS = new Set(allTools().flatMap((t) => (t.endpoint.http ? [t.name] : [])));

const sorted = <T extends string>(xs: Iterable<T>) => [...new Set(xs)].sort();

/** The features on according to a set of tool names: a feature is on when its tools are there (all or none). */
function onByTools(tools: string[], where: string): FeatureName[] {
  const have = new Set(tools);
  return FEATURE_NAMES.filter((f) => {
    const mine = toolsOfFeature(f).filter((t) => have.has(t));
    expect([0, toolsOfFeature(f).length], `${where}: ${f}'s tools are all there or none (${mine.join(", ")})`).toContain(mine.length);
    return mine.length > 0;
  });
}

/** The features on according to a list of pages: a feature is on when its pages are there (all or none of those the list can hold). */
function onByPages(pages: Set<string>, where: string, holds: (p: string) => boolean = () => true): FeatureName[] {
  return FEATURE_NAMES.filter((f) => {
    const candidates = pagesOfFeature(f).filter(holds);
    const present = candidates.filter((p) => pages.has(p));
    expect([0, candidates.length], `${where}: ${f}'s pages are all there or none (${present.join(", ")})`).toContain(present.length);
    return present.length > 0;
  });
}

async function read(server: RunningServer, contract: Contract, from: string): Promise<Record<string, Said>> {
  const base = server.base;
  const get = (p: string, headers: Record<string, string> = {}) => httpRequest(`${base}${p}`, { headers, localAddress: from });
  const json = async (p: string) => {
    const r = await call(contract, base, p, { localAddress: from });
    expect(r.status, p).toBe(200);
    return r.body as Record<string, unknown>;
  };
  const out: Record<string, Said> = {};

  const client = await connectMcp(base, "auto", from);
  try {
    const listed = (await client.listTools()).tools.map((t) => t.name);
    out["tools/list"] = { tools: sorted(listed), on: onByTools(listed, "tools/list") };
  } finally {
    await client.close();
  }

  const card = await json("/.well-known/mcp/server-card.json");
  const cardTools = (card.tools as { name: string }[]).map((t) => t.name);
  out["server card"] = { tools: sorted(cardTools), on: onByTools(cardTools, "server card") };

  const index = await json("/.well-known/agent-skills/index.json");
  const skillEntry = (index.skills as { url: string; digest: string }[])[0];
  const skill = (await get(new URL(skillEntry.url).pathname)).text;
  expect(skillEntry.digest, "the agent-skills index's digest is of the SKILL.md served").toBe(
    `sha256:${createHash("sha256").update(skill).digest("hex")}`,
  );
  const skillTools = [...skill.split("## Tools")[1].matchAll(/^- `([^`]+)`/gm)].map((m) => m[1]);
  out["agent skill"] = { tools: sorted(skillTools), on: onByTools(skillTools, "agent skill") };

  // The AI catalog points agents at the card, which must be this server's (the same name as the well-known one's).
  const catalog = await json("/.well-known/ai-catalog.json");
  const entry = (catalog.entries as { url: string; description?: string }[])[0];
  const current = await json(new URL(entry.url).pathname);
  expect(current.name, "the AI catalog's card names the server the well-known card names").toBe((card.serverInfo as { name: string }).name);
  expect(entry.description).toBe(card.description);

  const doc = contract.doc as { paths: Record<string, Record<string, Record<string, unknown>>> };
  const ops = Object.values(doc.paths).flatMap((item) => Object.values(item));
  const opTools = ops.flatMap((op) => (op["x-mcp-tool"] ? [String(op["x-mcp-tool"])] : []));
  const opOn = ops.flatMap((op) => {
    const f = op["x-feature"] as { name: FeatureName; on: boolean } | undefined;
    return f?.on ? [f.name] : [];
  });
  expect(sorted(ops.flatMap((op) => ((op["x-feature"] as { name?: string })?.name ?? []) as string[]))).toEqual(sorted(FEATURE_NAMES));
  out["/openapi.json"] = { tools: sorted(opTools), httpOnly: true, on: sorted(opOn) };

  const md = (await get("/developers.md")).text;
  const mdTools = [...md.matchAll(/^MCP tool: `([^`]+)`\.$/gm)].map((m) => m[1]);
  const mdOff = [...md.matchAll(/^Off on this server: (.+?) is not on here/gm)].map((m) => LABEL_FEATURE.get(m[1])!);
  out["/developers.md"] = { tools: sorted(mdTools), httpOnly: true, on: FEATURE_NAMES.filter((f) => !mdOff.includes(f)) };

  const $ = cheerio.load((await get("/developers", { accept: "text/html" })).text);
  const htmlTools = $("[data-mcp-tool]")
    .map((_, e) => $(e).attr("data-mcp-tool"))
    .get();
  const htmlOff = $("[data-feature-off]")
    .map((_, e) => $(e).attr("data-feature-off"))
    .get() as FeatureName[];
  out["/developers"] = { tools: sorted(htmlTools), httpOnly: true, on: FEATURE_NAMES.filter((f) => !htmlOff.includes(f)) };

  const sitemap = new Set([...(await get("/sitemap.xml")).text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname));
  out["sitemap.xml"] = { on: onByPages(sitemap, "sitemap.xml") };

  // llms.txt lists the content pages (their twins): a feature speaks there through those it has.
  const llms = new Set([...(await get("/llms.txt")).text.matchAll(/\]\(([^)]+)\.md\)/g)].map((m) => new URL(m[1], base).pathname));
  out["llms.txt"] = { on: onByPages(llms, "llms.txt", (p) => DOCS.has(p)) };

  // The 404 of a near miss (the path less its last character) suggests the path when it is on.
  const near = async (p: string) => {
    const r = await call(contract, base, p.slice(0, -1), { headers: { accept: "application/json" }, localAddress: from });
    expect(r.status, p.slice(0, -1)).toBe(404);
    return ((r.body as { suggestions: string[] }).suggestions ?? []).map((s) => new URL(s).pathname).includes(p);
  };
  const suggested: FeatureName[] = [];
  for (const f of FEATURE_NAMES) {
    const apiPaths = Object.keys(doc.paths).filter((p) =>
      Object.values(doc.paths[p]).some((op) => (op["x-feature"] as { name?: string })?.name === f && op.operationId),
    );
    const hits = [];
    for (const p of [...apiPaths.filter((p) => "get" in doc.paths[p]), ...pagesOfFeature(f).slice(0, 2)]) hits.push(await near(p));
    if (hits.some(Boolean)) suggested.push(f);
    // Off, none is suggested.
    if (hits.some(Boolean) && !out["tools/list"].on.includes(f)) expect.fail(`the 404 suggests a path of ${f}, which is off`);
  }
  out["404 suggestions"] = { on: suggested };
  return out;
}

/** Every pair of surfaces that disagree, as `a ≠ b: …` lines (none when they all agree with `expected`). */
function disagreements(said: Record<string, Said>, expected: Combination): string[] {
  const lines: string[] = [];
  const want = sorted(expected.on);
  const wantTools = sorted(
    allTools().flatMap((t) => (!TOOL_FEATURE.get(t.name) || expected.on.has(TOOL_FEATURE.get(t.name)!) ? [t.name] : [])),
  );
  const names = Object.keys(said);
  const scoped = (tools: string[], httpOnly: boolean) => JSON.stringify(httpOnly ? tools.filter((t) => HTTP_TOOLS.has(t)) : tools);
  for (const [i, a] of names.entries()) {
    const A = said[a];
    if (JSON.stringify(sorted(A.on)) !== JSON.stringify(want))
      lines.push(`${a} says on: [${sorted(A.on).join(", ")}], the server was started with [${want.join(", ")}]`);
    if (A.tools && scoped(A.tools, false) !== scoped(wantTools, Boolean(A.httpOnly)))
      lines.push(
        `${a} lists tools [${A.tools.join(", ")}], the server offers [${wantTools.join(", ")}]${A.httpOnly ? " (those with an HTTP endpoint)" : ""}`,
      );
    for (const b of names.slice(i + 1)) {
      const B = said[b];
      if (JSON.stringify(sorted(A.on)) !== JSON.stringify(sorted(B.on))) lines.push(`${a} ≠ ${b} on which features are on`);
      const http = Boolean(A.httpOnly || B.httpOnly);
      if (A.tools && B.tools && scoped(A.tools, http) !== scoped(B.tools, http)) lines.push(`${a} ≠ ${b} on which tools there are`);
    }
  }
  return lines;
}

let music: MusicUpstreams;
let calendar: CalendarFeed;
beforeAll(async () => {
  music = await startMusicUpstreams();
  calendar = await startCalendarFeed(() => icsWithMeeting(new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10)));
});
afterAll(async () => {
  await Promise.all([music?.close(), calendar?.close()]);
});

/**
 * The server for a combination: nothing at all for all off (the keyless default, the
 * build's own settings); else every feature's needs met and the ones to be off turned off
 * in site.config.ts (`false`), around and the census turned on by hand (`true`).
 */
async function startFor(c: Combination): Promise<{ server: RunningServer; remove: () => void }> {
  if (c.on.size === 0) return { server: await startServer({}), remove: () => {} };
  const settings = Object.fromEntries(
    FEATURE_NAMES.map((f) => [f, c.on.has(f) ? (f === "around" || f === "census" ? true : "auto") : false]),
  ) as Record<FeatureName, FeatureSetting>;
  const build = buildWithFeatures(settings);
  try {
    const server = await startServer({
      SITE_DATA_DIR: build.dir,
      REDIS_URL: SHARED_REDIS_URL,
      ...music.env,
      COFFEE_ICS_URL: calendar.url,
    });
    return { server, remove: build.remove };
  } catch (err) {
    build.remove();
    throw err;
  }
}

describe("every published description of the API agrees with the running server", () => {
  it.each(COMBINATIONS.map((c, i) => [c.name, c, i] as const))(
    "%s",
    async (_name, combination, i) => {
      const { server, remove } = await startFor(combination);
      try {
        const contract = await Contract.load(server.base);
        const said = await read(server, contract, `127.0.0.${60 + i}`);
        expect(disagreements(said, combination)).toEqual([]);
      } finally {
        await server.stop();
        remove();
      }
    },
    120_000,
  );
});
