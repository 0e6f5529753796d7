import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { Ajv2020 } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { AI_CRAWLERS } from "@/lib/crawlers";
import { parseRobots, robotsVerdict } from "@/lib/lens/discovery/robots";
import { appUnderTest } from "./helpers/app";
import { call } from "./helpers/openapi";

/**
 * The conventions that tools nobody here wrote check the built site against: Lighthouse's ARD
 * schema for the AI catalog, a link checker following llms.txt, and robots.txt as read by
 * first-match parsers (Python's urllib.robotparser) and longest-match ones (RFC 9309).
 */

const app = appUnderTest();
const get = (p: string) => call(app.contract, app.server.base, p);

describe("/.well-known/ai-catalog.json", () => {
  // The media types ARD's conformance tool knows; any other is a warning that costs the Lighthouse audit.
  const ARD_MEDIA_TYPES = [
    "application/ai-catalog+json",
    "application/agent-card+json",
    "application/a2a-agent-card+json",
    "application/mcp-server-card+json",
    "application/agent-skills+zip",
    "application/agent-skills+gzip",
    'text/markdown; profile="urn:air:agent-skills"',
    "application/ai-registry",
    "application/ai-registry+json",
  ];

  it("validates against the ARD schema Lighthouse 13.5 ships, with no conformance warning", async () => {
    const schema = JSON.parse(readFileSync(path.join(import.meta.dirname, "fixtures", "ard", "ai-catalog.schema.json"), "utf8")) as object;
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    addFormats(ajv);
    const validate = ajv.compile(schema);
    const r = await get("/.well-known/ai-catalog.json");
    expect(r.status).toBe(200);
    expect(validate(r.body), JSON.stringify(validate.errors)).toBe(true);

    const catalog = r.body as { entries: { displayName: string; type: string; url: string; representativeQueries?: string[] }[] };
    expect(catalog.entries.length).toBeGreaterThan(0);
    for (const e of catalog.entries) {
      expect(ARD_MEDIA_TYPES, e.displayName).toContain(e.type);
      expect(e.representativeQueries?.length, e.displayName).toBeGreaterThanOrEqual(2);
      expect(e.representativeQueries?.length, e.displayName).toBeLessThanOrEqual(5);
      expect((await get(new URL(e.url).pathname)).status, e.url).toBe(200);
    }
  });

  it("the ARD schema refuses the shape the catalog had before (title, no displayName)", async () => {
    const schema = JSON.parse(readFileSync(path.join(import.meta.dirname, "fixtures", "ard", "ai-catalog.schema.json"), "utf8")) as object;
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    addFormats(ajv);
    const old = {
      specVersion: "1.0",
      entries: [
        {
          identifier: "urn:air:example.com:mcp:site",
          type: "application/mcp-server-card+json",
          url: "https://example.com/mcp/server-card",
          title: "MCP server",
        },
      ],
    };
    const validate = ajv.compile(schema);
    expect(validate(old)).toBe(false);
    expect(validate.errors?.map((e) => e.params)).toContainEqual({ missingProperty: "displayName" });
  });
});

describe("llms.txt and llms-full.txt", () => {
  /** The Markdown link targets of a body that point at this site, without their fragment. */
  function siteLinks(body: string): string[] {
    const targets = [...body.matchAll(/\]\((<[^>]+>|[^)\s]+)/g)].map((m) => m[1].replace(/^<|>$/g, ""));
    const own = targets.filter((t) => t.startsWith(`${app.server.base}/`)).map((t) => t.split("#")[0]);
    return [...new Set(own)];
  }

  it.each(["/llms.txt", "/llms-full.txt"])("every link of %s answers GET 200", async (file) => {
    const body = (await get(file)).text;
    const links = siteLinks(body);
    expect(links.length).toBeGreaterThan(5);
    const failing: string[] = [];
    // Each distinct address once, from several callers: the twins' tag and neighbour links make a few hundred reads, past one caller's budget.
    for (const [i, link] of [...new Set(links)].entries()) {
      const u = new URL(link);
      const r = await call(app.contract, app.server.base, u.pathname + u.search, {
        localAddress: `127.0.${110 + Math.floor(i / 50)}.${(i % 50) + 1}`,
      });
      if (r.status !== 200) failing.push(`${link}: ${r.status}`);
    }
    expect(failing).toEqual([]);
  });

  it("names the MCP endpoint without linking it (it answers only POST)", async () => {
    const body = (await get("/llms.txt")).text;
    expect(body).toContain(`](${app.server.base}/mcp/server-card)`);
    expect(body).not.toContain(`](${app.server.base}/mcp)`);
  });
});

describe("robots.txt read first-match and longest-match", () => {
  const PATHS = ["/", "/twins/x", "/twins/", "/twins", "/api/cron/job", "/about", "/search.json", "/writing/markdown-twins.md", "/mcp"];

  /** urllib.robotparser's reading: the first group naming the agent (else `*`), its first rule that prefixes the path. */
  function firstMatch(text: string, agent: string, target: string): boolean {
    const groups: { agents: string[]; rules: { allow: boolean; path: string }[] }[] = [];
    let open = false;
    for (const raw of text.split("\n")) {
      const line = raw.replace(/#.*$/, "").trim();
      const colon = line.indexOf(":");
      if (colon < 0) continue;
      const field = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim();
      if (field === "user-agent") {
        if (!open) groups.push({ agents: [], rules: [] });
        groups[groups.length - 1].agents.push(value.toLowerCase());
        open = true;
      } else if ((field === "allow" || field === "disallow") && groups.length) {
        open = false;
        if (field === "disallow" && value === "") continue;
        groups[groups.length - 1].rules.push({ allow: field === "allow", path: value });
      }
    }
    const name = agent.toLowerCase();
    const group = groups.find((g) => g.agents.some((a) => a !== "*" && name.includes(a))) ?? groups.find((g) => g.agents.includes("*"));
    return group?.rules.find((r) => target.startsWith(r.path))?.allow ?? true;
  }

  /** Python's own reading, or null where no python3 is installed (the evaluator above still runs). */
  function pythonVerdicts(text: string, cases: [string, string][]): boolean[] | null {
    const script = [
      "import json, sys, urllib.robotparser",
      "data = json.load(sys.stdin)",
      "rp = urllib.robotparser.RobotFileParser()",
      "rp.parse(data['robots'].splitlines())",
      "print(json.dumps([rp.can_fetch(a, 'http://site' + p) for a, p in data['cases']]))",
    ].join("\n");
    const run = spawnSync("python3", ["-c", script], { input: JSON.stringify({ robots: text, cases }), encoding: "utf8" });
    if (run.error) return null;
    expect(run.status, run.stderr).toBe(0);
    return JSON.parse(run.stdout) as boolean[];
  }

  it("gives every group the same verdict for every path, and keeps /twins/ out", async () => {
    const text = (await get("/robots.txt")).text;
    const robots = parseRobots(text);
    const agents = ["SomeOtherBot", ...AI_CRAWLERS.map((c) => c.token)];
    const cases = agents.flatMap((a) => PATHS.map((p) => [a, p] as [string, string]));
    const python = pythonVerdicts(text, cases);
    const disagreements: string[] = [];
    cases.forEach(([agent, p], i) => {
      const longest = robotsVerdict(robots, agent, p).verdict === "allow";
      const first = firstMatch(text, agent, p);
      if (longest !== first) disagreements.push(`${agent} ${p}: longest-match ${longest}, first-match ${first}`);
      if (python && python[i] !== longest) disagreements.push(`${agent} ${p}: longest-match ${longest}, urllib.robotparser ${python[i]}`);
    });
    expect(disagreements).toEqual([]);
    for (const agent of agents) {
      expect(firstMatch(text, agent, "/twins/x"), agent).toBe(false);
      expect(firstMatch(text, agent, "/about"), agent).toBe(true);
    }
  });

  it("the first-match evaluator tells the old order apart (Allow: / first lets /twins/ through)", () => {
    const old = "User-Agent: *\nAllow: /\nDisallow: /twins/\n";
    expect(firstMatch(old, "AnyBot", "/twins/x")).toBe(true);
    expect(robotsVerdict(parseRobots(old), "AnyBot", "/twins/x").verdict).toBe("block");
    const py = pythonVerdicts(old, [["AnyBot", "/twins/x"]]);
    if (py) expect(py).toEqual([true]);
  });
});
