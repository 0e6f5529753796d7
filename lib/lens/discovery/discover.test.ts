import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { observe } from "../observe";
import {
  startBrokenSite,
  startEmptySite,
  startMcpCardSite,
  startNativeSite,
  startRedirectingSite,
  startSoft404Site,
  startWalledSite,
  type LensSite,
} from "../../../tests/helpers/lens-sites";

/**
 * The discovery and bot-view passes against loopback sites: one that opens every door, one
 * that blocks, challenges and prices AI crawlers, one whose robots.txt fails. In process,
 * through the same guarded fetch as production; the guard refuses the private redirect
 * before any socket opens.
 */
let native: LensSite, walled: LensSite, broken: LensSite;
beforeAll(async () => {
  [native, walled, broken] = await Promise.all([startNativeSite(), startWalledSite(), startBrokenSite()]);
});
afterAll(async () => {
  await Promise.all([native?.close(), walled?.close(), broken?.close()]);
});

const look = (site: LensSite, path = "/", timeoutMs?: number) =>
  observe(`${site.base}${path}`, { base: "https://me.example", allowHosts: [site.hostPort], dns: null, timeoutMs });

describe("a site that opens every door", () => {
  let o: Awaited<ReturnType<typeof look>>;
  beforeAll(async () => {
    o = await look(native);
  });

  it("runs both passes and probes each well-known path once, as the site's crawler", () => {
    expect(o.phases).toMatchObject({ page: true, discovery: true, botViews: true, subrequestCap: false });
    const d = o.discovery!;
    for (const k of [
      "robotsTxt",
      "sitemapXml",
      "llmsTxt",
      "llmsFullTxt",
      "securityTxt",
      "webBotAuth",
      "agentSkills",
      "mcpServerCard",
    ] as const)
      expect(d[k], k).toMatchObject({ ok: true, status: 200 });
    expect(d.aiTxt).toMatchObject({ ok: false, status: 404 });
    expect(d.sitemapDeclared).toMatchObject({ ok: true, url: `${native.base}/sitemap.xml` });
    expect(d.feeds).toEqual([{ rel: "alternate", href: `${native.base}/feed.xml`, type: "application/rss+xml", title: "Feed" }]);
    expect(d.agentsMd).toMatchObject({ ok: true, present: true });
    const probes = native.seen.filter((s) => s.path === "/robots.txt");
    expect(probes).toHaveLength(1);
    expect(probes[0].ua).toContain("SiteLens/1.0");
  });

  it("gives each crawler its robots.txt verdict with the group and rule that decided", () => {
    const gpt = o.terms!.scoreboard.find((s) => s.ua === "GPTBot")!;
    expect(gpt).toMatchObject({ verdict: "allow", matchedUa: "User-agent: GPTBot", rule: null });
    const claude = o.terms!.scoreboard.find((s) => s.ua === "ClaudeBot")!;
    expect(claude).toMatchObject({ verdict: "allow", matchedUa: "User-agent: *", rule: "Allow: /" });
    expect(o.terms!.signals[0]).toMatchObject({ agents: ["*"], parsed: { search: "yes", "ai-input": "yes", "ai-train": "no" } });
    expect(o.terms!.tdmrep).toMatchObject({ present: true, reserved: true, location: "/*" });
    expect(o.terms!.spectrum.tier).toBe("signaled");
  });

  it("finds the agent doors: MCP answering initialize, NLWeb, WebMCP, A2A, OpenAPI, the API catalog, Markdown", () => {
    const a = o.agent!;
    expect(a.mcp.verdict).toBe("yes");
    expect(native.seen.some((s) => s.method === "POST" && s.path === "/mcp")).toBe(true);
    expect(a.nlweb.verdict).toBe("yes");
    expect(a.webmcp).toMatchObject({ found: true, kind: "inline" });
    expect(a.agentCard.present).toBe(true);
    expect(a.openapi.present).toBe(true);
    expect(a.apiCatalog.present).toBe(true);
    expect(a.mdNegotiation).toMatchObject({ supported: true, contentType: "text/markdown; charset=utf-8" });
    expect(a.llmsTxt).toEqual({ present: true, unknown: false });
    expect(a.strategy.verdict).toBe("agent-native");
  });

  it("refuses a probe's redirect to a private address before connecting", () => {
    expect(o.agent!.aiPlugin).toMatchObject({ present: false, unknown: true });
    expect(o.agent!.aiPlugin.detail).toMatch(/refused/i);
  });

  it("scores it Agent-Native, with authorization checks not applicable to a keyless API", () => {
    const r = o.readiness!;
    expect(r).toMatchObject({ level: 5, levelName: "Agent-Native" });
    expect(r.keyless).toMatch(/keyless/);
    expect(r.checks.oauthProtectedResource).toMatchObject({ status: "neutral", notApplicable: true });
    expect(r.checks.markdownNegotiation.status).toBe("pass");
    expect(r.overall).toBe(Math.round((100 * r.passed) / r.counted));
    expect(r.field.overall).toBe(100);
  });

  it("sees the page as every crawler does (a browser first), none blocked", () => {
    const views = o.botViews!;
    expect(views[0]).toMatchObject({ key: "control", role: "control", status: 200 });
    expect(views.length).toBeGreaterThanOrEqual(5);
    expect(views.every((v) => !v.blocked && !v.challenge)).toBe(true);
    for (const v of views.slice(1))
      expect(
        native.seen.some((s) => s.path === "/" && s.ua === v.userAgent),
        v.key,
      ).toBe(true);
  });
});

describe("a site that blocks, challenges and prices AI crawlers", () => {
  it("tells blocked from challenged from priced, and calls the tier paid", async () => {
    const o = await look(walled);
    const view = (label: RegExp) => o.botViews!.find((v) => label.test(v.userAgent))!;
    expect(view(/GPTBot/)).toMatchObject({ status: 403, blocked: true, challenge: false });
    expect(view(/ClaudeBot/)).toMatchObject({ status: 403, challenge: true });
    expect(view(/PerplexityBot/)).toMatchObject({ status: 402, blocked: false });
    expect(o.terms!.paid).toMatchObject({ http402: true, crawlerHeaders: { "crawler-price": "USD 0.01" } });
    expect(o.terms!.enforcement.status).toBe("some");
    expect(o.terms!.spectrum.tier).toBe("paid");
    expect(o.terms!.spectrum.reasons.join(" ")).toMatch(/challenges/);
    expect(o.terms!.scoreboard.find((s) => s.ua === "GPTBot")).toMatchObject({ verdict: "block", rule: "Disallow: /" });
    expect(o.readiness!.level).toBe(0);
    expect(o.readiness!.nextActions[0]).toMatchObject({ key: "sitemap" });
    expect(o.agent!.strategy.verdict).toBe("human-only");
  });
});

describe("a site whose robots.txt fails", () => {
  it("reports every verdict unknown, with the reason (RFC 9309: 5xx means assume full disallow)", async () => {
    const o = await look(broken);
    expect(o.terms).toMatchObject({ robotsPresent: false, robotsUnknown: true });
    expect(o.terms!.robotsError).toMatch(/503/);
    expect(new Set(o.terms!.scoreboard.map((s) => s.verdict))).toEqual(new Set(["unknown"]));
    expect(o.readiness!.checks.robotsTxtAiRules.status).toBe("unknown");
  });

  it("keeps to the time limit when every probe stalls, reporting what it could not read", async () => {
    const slow = await startBrokenSite(5_000);
    try {
      const started = Date.now();
      const o = await look(slow, "/", 1_500);
      expect(Date.now() - started).toBeLessThan(3_500);
      expect(o.discovery!.sitemapXml).toMatchObject({ ok: false });
      expect((o.discovery!.sitemapXml as { error: string }).error).toMatch(/second|ran out/);
    } finally {
      await slow.close();
    }
  });
});

/** Every readiness check, site by site: P pass, F fail, N neutral (set aside as notApplicable when marked *). */
const EXPECTED: Record<string, Record<string, string>> = {
  //                  native  walled  empty  soft404
  robotsTxt: { native: "P", walled: "P", empty: "F", soft404: "F" },
  sitemap: { native: "P", walled: "F", empty: "F", soft404: "F" },
  linkHeaders: { native: "P", walled: "F", empty: "F", soft404: "F" },
  dnsAid: { native: "N*", walled: "N*", empty: "N*", soft404: "N*" },
  markdownNegotiation: { native: "P", walled: "F", empty: "F", soft404: "F" },
  llmsTxt: { native: "P", walled: "F", empty: "F", soft404: "F" },
  robotsTxtAiRules: { native: "P", walled: "P", empty: "F", soft404: "F" },
  contentSignals: { native: "P", walled: "F", empty: "F", soft404: "F" },
  webBotAuth: { native: "P", walled: "N", empty: "N", soft404: "N" },
  oauthDiscovery: { native: "N*", walled: "N", empty: "N", soft404: "N" },
  oauthProtectedResource: { native: "N*", walled: "N", empty: "N", soft404: "N" },
  authMd: { native: "N*", walled: "N", empty: "N", soft404: "N" },
  apiCatalog: { native: "P", walled: "F", empty: "F", soft404: "F" },
  mcpServerCard: { native: "P", walled: "F", empty: "F", soft404: "F" },
  a2aAgentCard: { native: "P", walled: "F", empty: "F", soft404: "F" },
  agentSkills: { native: "P", walled: "F", empty: "F", soft404: "F" },
  webMcp: { native: "P", walled: "F", empty: "F", soft404: "F" },
  x402: { native: "N", walled: "P", empty: "N", soft404: "N" },
  ucp: { native: "N", walled: "F", empty: "N", soft404: "N" },
  acp: { native: "N", walled: "F", empty: "N", soft404: "N" },
  ap2: { native: "N", walled: "F", empty: "N", soft404: "N" },
};
const WORD: Record<string, string> = { P: "pass", F: "fail", N: "neutral" };

describe("readiness, check by check, on each fixture site", () => {
  const starters = { native: startNativeSite, walled: startWalledSite, empty: startEmptySite, soft404: startSoft404Site };
  for (const [name, start] of Object.entries(starters)) {
    it(`scores ${name} as expected on every check`, async () => {
      const site = name === "native" ? native : name === "walled" ? walled : await start();
      try {
        const o = await look(site);
        const checks = o.readiness!.checks;
        expect(Object.keys(checks).sort()).toEqual(Object.keys(EXPECTED).sort());
        for (const [key, bySite] of Object.entries(EXPECTED)) {
          const want = bySite[name];
          expect(checks[key].status, `${name} ${key}: ${checks[key].detail}`).toBe(WORD[want[0]]);
          expect(checks[key].notApplicable ?? false, `${name} ${key} notApplicable`).toBe(want.endsWith("*"));
        }
        const scored = Object.values(checks).filter((c) => c.countInScore);
        expect(o.readiness!.counted).toBe(scored.length);
        expect(o.readiness!.passed).toBe(scored.filter((c) => c.status === "pass").length);
        if (name === "empty" || name === "soft404") {
          expect(o.readiness!.level).toBe(0);
          expect(o.terms!.spectrum.tier).toBe("open");
          expect(o.agent!.strategy.verdict).toBe("human-only");
        }
      } finally {
        if (site !== native && site !== walled) await site.close();
      }
    });
  }
});

describe("the SSRF guard on every hop of the discovery pass", () => {
  it("refuses every probe, negotiation and MCP call that redirects to a private or metadata address, before connecting", async () => {
    const site = await startRedirectingSite();
    try {
      const o = await look(site);
      const probes = Object.entries(o.discovery!).filter(
        ([, v]) => v && typeof v === "object" && "url" in (v as object) && "ok" in (v as object),
      );
      expect(probes.length).toBe(11);
      for (const [key, p] of probes) {
        expect(p, key).toMatchObject({ ok: false });
        expect((p as { error: string }).error, key).toMatch(/^Redirect 1 was refused: /);
      }
      const d = o.discovery!;
      const nested = [d.oauthDiscovery.openidConfiguration, d.oauthDiscovery.oauthAuthorizationServer, d.commerce.ucp, d.commerce.acp];
      for (const p of nested) expect((p as { error?: string }).error).toMatch(/^Redirect 1 was refused: /);
      for (const door of ["agentCard", "openapi", "aiPlugin", "apiCatalog"] as const)
        expect(o.agent![door].detail, door).toMatch(/refused/);
      expect(o.agent!.mcp.verdict).not.toBe("yes");
      expect(o.agent!.mdNegotiation.supported).toBe(false);
      // Every redirect was answered by the site itself; nothing else was ever contacted (the loopback guard would have failed the test).
      expect(site.seen.filter((s) => s.path !== "/").length).toBeGreaterThanOrEqual(probes.length);
    } finally {
      await site.close();
    }
  });
});

describe("an MCP server card that lists tools the server's tools/list does not have", () => {
  let honest: LensSite, overpromising: LensSite;
  beforeAll(async () => {
    [honest, overpromising] = await Promise.all([
      startMcpCardSite({ card: ["search", "ask"], listed: ["search", "ask", "extra"] }),
      // A feature switched off whose tools stayed on the card: tools/list refuses two of them.
      startMcpCardSite({ card: ["search", "ask", "ledger", "coffee"], listed: ["search", "ask"] }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([honest?.close(), overpromising?.close()]);
  });

  it("passes when every tool the card lists is in tools/list, asked in the server's own session", async () => {
    const o = await look(honest);
    expect(o.agent!.mcp).toMatchObject({ verdict: "yes" });
    expect(o.agent!.mcp.refusedTools).toBeUndefined();
    expect(o.agent!.mcp.detail).toMatch(/tools\/list has all 2 tools the card lists/);
    expect(o.readiness!.checks.mcpServerCard.status).toBe("pass");
    expect(honest.seen.filter((r) => r.path === "/mcp").length).toBe(3);
  });

  it("fails the MCP check, naming the tools the site advertises and refuses", async () => {
    const o = await look(overpromising);
    expect(o.agent!.mcp).toMatchObject({ verdict: "likely", refusedTools: ["ledger", "coffee"] });
    expect(o.readiness!.checks.mcpServerCard.status).toBe("fail");
    expect(o.readiness!.checks.mcpServerCard.detail).toMatch(/lists 2 of its 4 tools that tools\/list does not have \(ledger, coffee\)/);
  });
});
