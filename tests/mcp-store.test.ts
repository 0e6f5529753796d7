import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "./helpers/server";
import { SHARED_REDIS_URL, ThrowawayRedis } from "./helpers/redis";
import { connectMcp, resultText } from "./helpers/mcp";
import { startLensTargets, type LensTargets } from "./helpers/lens-targets";
import { testPrefix } from "./helpers/redis-run";

/**
 * The snapshot tools against the real Redis (rows outlive the server that stored them),
 * a store outage (a tool error, never a crash), and the MCP Inspector CLI as a second,
 * independent client.
 */
let targets: LensTargets;
beforeAll(async () => {
  targets = await startLensTargets();
});
afterAll(() => targets?.close());

describe("snapshot rows in the real Redis", () => {
  const prefix = testPrefix("mcp-redis");
  let first: RunningServer | undefined;
  let second: RunningServer | undefined;
  afterAll(async () => {
    await first?.stop();
    await second?.stop();
  });

  it("are stored by one server and listed and compared by the next", async () => {
    const env = { REDIS_URL: SHARED_REDIS_URL, STORE_PREFIX: prefix, LENS_ALLOW_HOSTS: targets.hostPort };
    first = await startServer(env);
    const a = await connectMcp(first.base, "auto");
    const captured = await a.callTool({ name: "representation_capture", arguments: { url: `${targets.base}/rich` } });
    expect(captured.isError, JSON.stringify(captured.content)).toBeFalsy();
    const row = (captured.structuredContent as { snapshot: { id: string; status: number; title: string; contentHash: string } }).snapshot;
    expect(row.status).toBe(200);
    expect(row.contentHash).toMatch(/^[0-9a-f]{64}$/);
    await a.close();
    await first.stop();

    second = await startServer(env);
    const b = await connectMcp(second.base, "legacy");
    const listed = await b.callTool({ name: "representation_capture", arguments: {} });
    expect((listed.structuredContent as { stored: boolean; snapshots: { id: string }[] }).stored).toBe(false);
    expect((listed.structuredContent as { snapshots: { id: string }[] }).snapshots.map((r) => r.id)).toContain(row.id);
    const compared = await b.callTool({ name: "representation_compare", arguments: { left: row.id } });
    const c = compared.structuredContent as {
      captured: boolean;
      sameUrl: boolean;
      changed: boolean;
      left: { id: string };
      right: { id: string };
    };
    expect(c).toMatchObject({ captured: true, sameUrl: true, changed: false });
    const both = await b.callTool({ name: "representation_compare", arguments: { left: row.id, right: c.right.id } });
    expect(both.structuredContent).toMatchObject({ captured: false, changed: false });
    await b.close();
  });
});

describe("a store outage", () => {
  const redis = new ThrowawayRedis();
  let server: RunningServer;
  beforeAll(async () => {
    await redis.start();
    server = await startServer({ REDIS_URL: redis.url, LENS_ALLOW_HOSTS: targets.hostPort, STORE_TIMEOUT_MS: "200" });
  });
  afterAll(async () => {
    await server?.stop();
    await redis.stop();
  });

  it("is a tool error in the Error shape; the server keeps serving and recovers", async () => {
    const client = await connectMcp(server.base, "auto");
    expect((await client.callTool({ name: "representation_capture", arguments: {} })).isError).toBeFalsy();
    await redis.stop();
    const down = await client.callTool({ name: "representation_capture", arguments: {} });
    expect(down.isError).toBe(true);
    expect(resultText(down)).toMatchObject({ ok: false, code: "storage_unavailable", status: 503 });
    const search = await client.callTool({ name: "searchSite", arguments: { q: "carburetor" } });
    expect(search.isError).toBeFalsy();
    await redis.start();
    let back = false;
    for (let i = 0; i < 50 && !back; i++) {
      back = !(await client.callTool({ name: "representation_capture", arguments: {} })).isError;
      if (!back) await new Promise((r) => setTimeout(r, 200));
    }
    expect(back).toBe(true);
    await client.close();
  }, 300_000);
});

describe("the MCP Inspector CLI", () => {
  let server: RunningServer;
  const run = promisify(execFile);
  const bin = path.resolve(import.meta.dirname, "..", "node_modules", ".bin", "mcp-inspector");
  // The Inspector writes ~/.mcp-inspector; keep that out of the real home.
  const home = mkdtempSync(path.join(tmpdir(), "inspector-home-"));
  const inspector = (args: string[]) =>
    run(bin, ["--cli", `${server.base}/mcp`, "--format", "json", ...args], { env: { ...process.env, HOME: home }, timeout: 60_000 });
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server?.stop());

  it("lists the tools", async () => {
    const { stdout } = await inspector(["--method", "tools/list"]);
    const names = (JSON.parse(stdout) as { result: { tools: { name: string }[] } }).result.tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(["ask", "searchSite", "representation_capture", "representation_compare"]));
  }, 300_000);

  it("calls ask and gets ranked pages", async () => {
    const { stdout } = await inspector([
      "--method",
      "tools/call",
      "--tool-name",
      "ask",
      "--tool-args-json",
      JSON.stringify({ query: "how do I balance old motorcycle carburetors", top_k: 3 }),
    ]);
    const result = (JSON.parse(stdout) as { result: { isError?: boolean; structuredContent: { results: { url: string }[] } } }).result;
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent.results[0].url).toBe(`${server.base}/garage/cb400f-carb-sync`);
  }, 300_000);
});
