import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appUnderTest } from "./helpers/app";
import { call } from "./helpers/openapi";
import { startNativeSite, startWalledSite, type LensSite } from "./helpers/lens-sites";
import type { LensObservation } from "@/lib/lens/observe";

/**
 * The full observation over real HTTP against the built app (every body checked against
 * /openapi.json), and mode=edge against a loopback stand-in for the third-party scanner.
 */
let native: LensSite;
let walled: LensSite;
let scanner: { url: string; hits: string[]; answer: "level" | "error" | "garbage"; close(): Promise<void> };
const env: Record<string, string> = {};

beforeAll(async () => {
  [native, walled] = await Promise.all([startNativeSite(), startWalledSite()]);
  const hits: string[] = [];
  const state = { answer: "level" as "level" | "error" | "garbage" };
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      hits.push(body);
      if (state.answer === "error") return res.writeHead(500).end("oops");
      if (state.answer === "garbage") return res.writeHead(200, { "content-type": "application/json" }).end('{"level":"high"}');
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ url: JSON.parse(body).url, level: 3, levelName: "Agent-Readable", checks: {} }));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  scanner = Object.assign(state, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/scan`,
    hits,
    close: () => new Promise<void>((r) => server.close(() => r())),
  });
  Object.assign(env, { LENS_ALLOW_HOSTS: `${native.hostPort},${walled.hostPort}`, LENS_EDGE_URL: scanner.url });
});
afterAll(async () => {
  await Promise.all([native?.close(), walled?.close(), scanner?.close()]);
});
const app = appUnderTest(env);

let nextCaller = 40;
const lens = (qs: string) => call(app.contract, app.server.base, `/lens/fetch${qs}`, { localAddress: `127.0.0.${nextCaller++}` });

describe("GET /lens/fetch, the full observation", () => {
  it("reports discovery, wire, terms, agent doors, bot views and readiness in the documented shape", async () => {
    const r = await lens(`?url=${encodeURIComponent(`${native.base}/`)}`);
    expect(r.status).toBe(200);
    const o = r.body as Required<LensObservation>;
    expect(o.phases).toMatchObject({ page: true, discovery: true, botViews: true });
    expect(o.readiness).toMatchObject({ level: 5, levelName: "Agent-Native" });
    expect(o.agent.mcp.verdict).toBe("yes");
    expect(o.wire.ech).toMatchObject({ observed: false, recordPresent: false });
    expect(r.headers.get("server-timing")).toMatch(/discovery/);
  });

  it("reports a walled site's tier and per-crawler views", async () => {
    const r = await lens(`?url=${encodeURIComponent(`${walled.base}/`)}`);
    expect(r.status).toBe(200);
    const o = r.body as Required<LensObservation>;
    expect(o.terms.spectrum.tier).toBe("paid");
    expect(o.botViews.some((v: { challenge: boolean }) => v.challenge)).toBe(true);
  });
});

describe("GET /lens/fetch?mode=edge", () => {
  it("returns the scanner's level for the origin, then serves it from the store for a day", async () => {
    const url = encodeURIComponent(`${native.base}/some/page`);
    const first = await lens(`?url=${url}&mode=edge`);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      ok: true,
      available: true,
      level: 3,
      score: 60,
      levelName: "Agent-Readable",
      source: new URL(scanner.url).host,
      sourceUrl: `${new URL(scanner.url).origin}/`,
      fromCache: false,
    });
    expect(JSON.parse(scanner.hits.at(-1)!)).toEqual({ url: `${native.base}/` });
    const again = await lens(`?url=${url}&mode=edge`);
    expect(again.body).toMatchObject({ available: true, level: 3, fromCache: true });
    expect(scanner.hits).toHaveLength(1);
  });

  it("answers available: false with the reason, never a 5xx, when the scanner fails or talks nonsense", async () => {
    for (const answer of ["error", "garbage"] as const) {
      scanner.answer = answer;
      const r = await lens(`?url=${encodeURIComponent(`${walled.base}/`)}&mode=edge`);
      expect(r.status, answer).toBe(200);
      expect(r.body).toMatchObject({ ok: true, available: false, fromCache: false });
      expect((r.body as { error: string }).error).toMatch(answer === "error" ? /answered 500/ : /without a level/);
    }
    scanner.answer = "level";
  });

  it("refuses a private address as /lens/fetch does, before asking anyone", async () => {
    const before = scanner.hits.length;
    const r = await lens(`?url=${encodeURIComponent("http://10.1.2.3/")}&mode=edge`);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: "bad_request", parameter: "url" });
    expect(scanner.hits).toHaveLength(before);
  });
});
