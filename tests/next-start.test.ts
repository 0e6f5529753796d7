import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "./helpers/server";
import { Contract, call } from "./helpers/openapi";

/**
 * Without server.mjs (plain `next start`, as on a platform that runs Next itself) proxy.ts
 * routes the Markdown twins and refuses methods on pages, with the same rules
 * (lib/site/page-routing.mjs) server.mjs applies in front of Next.
 */
let server: RunningServer;
let contract: Contract;
beforeAll(async () => {
  server = await startServer({}, "next start");
  contract = await Contract.load(server.base);
});
afterAll(() => server?.stop());

describe("under next start", () => {
  it("serves a page's twin at <page>.md and for Accept: text/markdown, with Vary: Accept", async () => {
    for (const [path, headers] of [
      ["/writing/markdown-twins.md", {}],
      ["/writing/markdown-twins", { accept: "text/markdown" }],
    ] as const) {
      const r = await call(contract, server.base, path, { headers });
      expect(r.status, path).toBe(200);
      expect(r.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
      expect(r.headers.get("vary")).toMatch(/Accept/);
      expect(r.text).toMatch(/^# Markdown twins/);
    }
    const html = await call(contract, server.base, "/writing/markdown-twins");
    expect(html.headers.get("content-type")).toMatch(/^text\/html/);
  });

  it("refuses other methods on pages with the spec's 405", async () => {
    const r = await call(contract, server.base, "/about", { method: "DELETE" });
    expect(r.status).toBe(405);
    expect(r.body).toMatchObject({ code: "method_not_allowed", allow: ["GET", "HEAD", "OPTIONS"] });
  });
});
