import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMemoryStore } from "@/lib/store/memory";
import { startFirmSites, type FirmSites } from "@/tests/helpers/firm-sites";
import { crawlFirms, judgeRobots } from "./crawl";
import { diffReports, readChanges, readLatest, saveCrawl, CHANGES_KEY } from "./history";
import { MAX_CHANGE_SETS } from "./schemas";
import type { Firm } from "./firms";

let sites: FirmSites;
const base = "https://me.example";

beforeAll(async () => {
  sites = await startFirmSites({
    open: {
      robots: { status: 200, body: "User-agent: *\nDisallow: /private\n" },
      home: { status: 200, title: "Open Fund", description: "We back open networks." },
    },
    closed: {
      robots: { status: 200, body: "User-agent: GPTBot\nDisallow: /\n\nUser-agent: SiteLens\nDisallow: /\n" },
      home: { status: 200, title: "Closed" },
    },
    broken: { robots: { status: 503 }, home: { status: 200, title: "Broken robots" } },
    norobots: { robots: { status: 404 }, home: { status: 200, title: "No robots file" } },
    moving: {
      robots: { status: 200, body: "User-agent: *\nAllow: /\n" },
      home: { status: 200, title: "Moved here", redirectTo: "/moved" },
    },
  });
});
afterAll(() => sites.close());

const firms = (): Firm[] => [...sites.sites.keys()].map((name) => ({ name, homepage: sites.url(name) }));
const crawl = (now = new Date("2026-11-20T06:00:00Z")) =>
  crawlFirms(firms(), { base, allowHosts: sites.hostPort.split(","), now: () => now, sleep: async () => {} });

describe("one crawl", () => {
  it("reads each allowed homepage, and never fetches one robots.txt closes or cannot vouch for", async () => {
    sites.hits.length = 0;
    const report = await crawl();
    const by = Object.fromEntries(report.firms.map((f) => [f.name, f]));
    expect(by.open).toMatchObject({ status: 200, title: "Open Fund", description: "We back open networks.", error: null });
    expect(by.open.robots).toMatchObject({ verdict: "allowed", status: 200 });
    expect(by.open.contentHash).toMatch(/^sha256:[0-9a-f]{64}$/);

    expect(by.closed).toMatchObject({ status: null, title: null, robots: { verdict: "disallowed", status: 200, line: 5 } });
    expect(by.closed.error).toMatch(/disallows SiteLens/);
    expect(by.broken).toMatchObject({ status: null, robots: { verdict: "unknown", status: 503 } });
    expect(by.broken.error).toMatch(/RFC 9309/);
    expect(by.norobots).toMatchObject({ status: 200, robots: { verdict: "allowed", status: 404 } });
    expect(by.moving).toMatchObject({ status: 200, title: "Moved here", finalUrl: `${sites.url("moving")}moved` });

    // RFC 9309 in practice: the closed and unvouched homepages were never requested.
    expect(sites.hits).not.toContain("closed /");
    expect(sites.hits).not.toContain("broken /");
    expect(sites.hits).toContain("open /");
    expect(report.counts).toEqual({ firms: 5, reached: 3, disallowed: 1, failed: 1 });
    expect(report.crawler).toContain("SiteLens/1.0");
  });

  it("hashes the visible text, so a page whose scripts change on every load is not a change", async () => {
    const [a, b] = [await crawl(), await crawl()];
    expect(diffReports(a.firms, b)).toEqual([]);
  });

  it("honours Crawl-delay between robots.txt and the homepage, capped at 10 seconds", async () => {
    const slept: number[] = [];
    sites.sites.get("open")!.robots.body = "User-agent: SiteLens\nCrawl-delay: 3\nAllow: /\n";
    try {
      await crawlFirms([{ name: "open", homepage: sites.url("open") }], {
        base,
        allowHosts: sites.hostPort.split(","),
        sleep: async (ms) => void slept.push(ms),
      });
      sites.sites.get("open")!.robots.body = "User-agent: *\nCrawl-delay: 600\n";
      await crawlFirms([{ name: "open", homepage: sites.url("open") }], {
        base,
        allowHosts: sites.hostPort.split(","),
        sleep: async (ms) => void slept.push(ms),
      });
    } finally {
      sites.sites.get("open")!.robots.body = "User-agent: *\nDisallow: /private\n";
    }
    expect(slept).toEqual([3000, 10_000]);
  });

  it("refuses private and metadata homepages at validation, before any connection", async () => {
    const report = await crawlFirms(
      [
        { name: "private", homepage: "http://10.1.2.3/" },
        { name: "metadata", homepage: "http://169.254.169.254/" },
      ],
      { base, allowHosts: [] },
    );
    for (const f of report.firms) {
      expect(f.status).toBeNull();
      expect(f.robots.verdict).toBe("unknown");
      expect(f.error).toMatch(/private|link-local|metadata|not allowed|refused/i);
    }
  });
});

describe("changes between crawls", () => {
  it("records title, status, robots and content changes, and nothing else", async () => {
    const store = createMemoryStore();
    const first = await crawl(new Date("2026-11-20T06:00:00Z"));
    expect(await saveCrawl(store, first)).toEqual({ changes: 0 });
    const open = sites.sites.get("open")!;
    const norobots = sites.sites.get("norobots")!;
    const saved = { open: structuredClone(open), norobots: structuredClone(norobots) };
    open.home.title = "Open Fund II";
    open.home.text = "We back open networks and their builders.";
    norobots.home.status = 500;
    sites.sites.get("moving")!.robots = { status: 200, body: "User-agent: SiteLens\nDisallow: /\n" };
    try {
      const second = await crawl(new Date("2026-11-21T06:00:00Z"));
      expect(await saveCrawl(store, second)).toEqual({ changes: 5 });
    } finally {
      Object.assign(open, saved.open);
      Object.assign(norobots, saved.norobots);
      sites.sites.get("moving")!.robots = { status: 200, body: "User-agent: *\nAllow: /\n" };
    }
    const changes = await readChanges(store, 50);
    const summary = changes.map((c) => `${c.firm}.${c.field}: ${c.from} -> ${c.to}`);
    expect(summary).toEqual(
      expect.arrayContaining([
        "open.title: Open Fund -> Open Fund II",
        "norobots.status: 200 -> 500",
        "moving.status: 200 -> null",
        "moving.robots: allowed -> disallowed",
      ]),
    );
    expect(summary.filter((s) => s.startsWith("open.content"))).toHaveLength(1);
    // The 500 serves the same text: a status change, not a content change.
    expect(summary.filter((s) => s.startsWith("norobots.content"))).toHaveLength(0);
    expect(changes.every((c) => c.detectedAt === "2026-11-21T06:00:00.000Z")).toBe(true);
    expect((await readLatest(store))!.crawledAt).toBe("2026-11-21T06:00:00.000Z");
    // Never a page body: no stored value holds the page text.
    expect(JSON.stringify(await store.listRecent(CHANGES_KEY, 10))).not.toContain("builders");
    expect(JSON.stringify(await readLatest(store))).not.toContain("builders");
  });

  it("reports a firm it could not read as unreachable, never as a change, and compares it with its last good reading when it is back", async () => {
    const store = createMemoryStore();
    await saveCrawl(store, await crawl(new Date("2026-11-20T06:00:00Z")));
    const open = sites.sites.get("open")!;
    const saved = structuredClone(open);
    try {
      open.down = true;
      expect(await saveCrawl(store, await crawl(new Date("2026-11-21T06:00:00Z")))).toEqual({ changes: 0 });
      expect((await readLatest(store))!.firms.find((f) => f.name === "open")).toMatchObject({
        status: null,
        robots: { verdict: "unknown" },
      });
      open.down = false;
      open.home.title = "Open Fund III";
      expect(await saveCrawl(store, await crawl(new Date("2026-11-22T06:00:00Z")))).toEqual({ changes: 1 });
    } finally {
      Object.assign(open, saved, { down: false });
    }
    const changes = (await readChanges(store, 50)).map((c) => `${c.firm}.${c.field}: ${c.from} -> ${c.to}`);
    expect(changes).toEqual(["open.title: Open Fund -> Open Fund III"]);
  });

  it("keeps a bounded history, newest first, and answers any limit from it", async () => {
    const store = createMemoryStore();
    const report = await crawl();
    await saveCrawl(store, report);
    for (let i = 0; i < MAX_CHANGE_SETS + 15; i++) {
      const next = structuredClone(report);
      next.crawledAt = new Date(Date.UTC(2026, 0, 1) + i * 86_400_000).toISOString();
      next.firms[0].title = `Title ${i}`;
      await saveCrawl(store, next);
    }
    expect(await store.listRecent(CHANGES_KEY, 1000)).toHaveLength(MAX_CHANGE_SETS);
    const newest = await readChanges(store, 100);
    expect(newest).toHaveLength(100);
    expect(newest[0].to).toBe(`Title ${MAX_CHANGE_SETS + 14}`);
    expect(newest[99].to).toBe(`Title ${MAX_CHANGE_SETS - 85}`);
  });
});

describe("robots.txt semantics (RFC 9309)", () => {
  const res = (status: number, body = "") => ({
    url: "https://f.example/robots.txt",
    finalUrl: "https://f.example/robots.txt",
    redirects: [],
    status,
    headers: {},
    body: Buffer.from(body),
    truncated: false,
    elapsedMs: 1,
  });
  it.each([
    [404, "", "allowed"],
    [410, "", "allowed"],
    [500, "", "unknown"],
    [503, "", "unknown"],
    [200, "User-agent: *\nDisallow: /\n", "disallowed"],
    [200, "User-agent: *\nDisallow: /\n\nUser-agent: sitelens\nAllow: /\n", "allowed"],
    [200, "User-agent: SiteLens\nDisallow: /private\n", "allowed"],
    [200, "garbage without rules", "allowed"],
  ] as const)("status %i with %j → %s", (status, body, verdict) => {
    expect(judgeRobots("https://f.example/", res(status, body)).verdict).toBe(verdict);
  });
  it("is unknown when robots.txt could not be fetched at all", () => {
    expect(judgeRobots("https://f.example/", null).verdict).toBe("unknown");
  });
});
