import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Contract, call } from "./helpers/openapi";
import { freePort, startServer, type RunningServer } from "./helpers/server";

/**
 * Lens turned on the site itself: the built app under `next start` on loopback, allowed to
 * inspect its own address. The site is meant to be as agent-ready as a keyless, read-only
 * site can be: level 5, every applicable check passing, and every other check set aside
 * with the reason the site itself declares (or, for DNS-AID, because an IP has no name).
 */
let app: RunningServer;
let contract: Contract;
beforeAll(async () => {
  const port = await freePort();
  app = await startServer({ PORT: String(port), LENS_ALLOW_HOSTS: `127.0.0.1:${port}` }, "next start");
  contract = await Contract.load(app.base);
}, 300_000);
afterAll(() => app?.stop());

describe("the site's own readiness", () => {
  it("reaches level 5, and every check it does not pass is declared not applicable", async () => {
    const r = await call(contract, app.base, `/lens/fetch?url=${encodeURIComponent(`${app.base}/`)}`);
    expect(r.status).toBe(200);
    const o = r.body as {
      readiness: {
        level: number;
        overall: number;
        checks: Record<string, { status: string; notApplicable?: boolean; detail?: string }>;
        nextActions: unknown[];
      };
      agent: { mcp: { verdict: string }; strategy: { verdict: string } };
      terms: { spectrum: { tier: string } };
    };
    const notPassing = Object.values(o.readiness.checks).filter((c) => c.status !== "pass");
    for (const c of notPassing) {
      expect(c, JSON.stringify(c)).toMatchObject({ status: "neutral", notApplicable: true });
      expect(c.detail?.length ?? 0, JSON.stringify(c)).toBeGreaterThan(20);
    }
    expect(o.readiness.level).toBe(5);
    expect(o.readiness.overall).toBe(100);
    expect(o.readiness.nextActions).toEqual([]);
    for (const k of [
      "robotsTxt",
      "sitemap",
      "linkHeaders",
      "markdownNegotiation",
      "llmsTxt",
      "robotsTxtAiRules",
      "contentSignals",
      "apiCatalog",
      "mcpServerCard",
      "agentSkills",
      "webMcp",
    ])
      expect(o.readiness.checks[k].status, k).toBe("pass");
    expect(o.agent.mcp.verdict).toBe("yes");
    expect(o.agent.strategy.verdict).toBe("agent-native");
    expect(o.terms.spectrum.tier).toBe("signaled");
  });
});
