import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Contract } from "./helpers/openapi";
import { freePort, startServer, type RunningServer } from "./helpers/server";
import { startNativeSite, startWalledSite, type LensSite } from "./helpers/lens-sites";

/**
 * `site-lens`, the terminal tool, run as a person runs it against the built app under
 * `next start`: what it prints, and the exit codes scripts rely on.
 */
const root = path.resolve(import.meta.dirname, "..");
let app: RunningServer;
let native: LensSite;
let walled: LensSite;
let closed = 0;

beforeAll(async () => {
  [native, walled] = await Promise.all([startNativeSite(), startWalledSite()]);
  closed = await freePort();
  app = await startServer({ LENS_ALLOW_HOSTS: `${native.hostPort},${walled.hostPort},127.0.0.1:${closed}` }, "next start");
}, 300_000);
afterAll(async () => {
  await app?.stop();
  await Promise.all([native?.close(), walled?.close()]);
});

function lens(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    const child: ChildProcessWithoutNullStreams = spawn(process.execPath, [path.join(root, "bin/site-lens.mjs"), ...args], {
      cwd: root,
      env: { PATH: process.env.PATH ?? "", NODE_ENV: "production" },
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (err += d));
    child.on("exit", (code) => resolve({ code: code ?? -1, out, err }));
  });
}

describe("site-lens", () => {
  it("runs from a checkout as `npm exec site-lens -- …` (the repository's own bin; it is not published), offline", async () => {
    const r = await new Promise<{ code: number; out: string }>((resolve) => {
      const child = spawn("npm", ["exec", "--offline", "--", "site-lens", "--base", app.base, `${native.base}/`], {
        cwd: root,
        env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? root, NODE_ENV: "production", npm_config_update_notifier: "false" },
      });
      let out = "";
      child.stdout.on("data", (d) => (out += d));
      child.stderr.on("data", (d) => (out += d));
      child.on("exit", (code) => resolve({ code: code ?? -1, out }));
    });
    expect(r.code, r.out).toBe(0);
    expect(r.out).toContain(`${native.base}/`);
  });

  it("prints status, tier, the per-crawler table, readiness with next actions and token cost", async () => {
    const r = await lens(`${walled.base}/`, "--base", app.base);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain(`${walled.base}/`);
    expect(r.out).toMatch(/200 text\/html/);
    expect(r.out).toMatch(/^Terms: paid$/m);
    expect(r.out).toMatch(/^Readiness: \d+\/100 .* level 0 Not Ready/m);
    expect(r.out).toMatch(/^GPTBot \(OpenAI\)\s+train\s+block\s+403 blocked$/m);
    expect(r.out).toMatch(/^ClaudeBot \(Anthropic\)\s+train\s+allow\s+403 challenge$/m);
    expect(r.out).toMatch(/^Next actions:\n {2}- Publish \/sitemap\.xml/m);
    expect(r.out).toMatch(/^Token cost: [\d,]+ tokens as markdown \(≈ \$[\d.]+ per read at /m);
  });

  it("prints the raw observation with --json, in the shape /openapi.json gives", async () => {
    const r = await lens(`${native.base}/`, "--base", app.base, "--json");
    expect(r.code, r.err).toBe(0);
    const contract = await Contract.load(app.base);
    const body = JSON.parse(r.out) as { readiness: { level: number } };
    contract.validate("/lens/fetch", "GET", 200, "application/json", body);
    expect(body.readiness.level).toBe(5);
  });

  it("exits 2 on a refused URL or bad usage, 1 when the target cannot be read, 4 when the deployment cannot be asked", async () => {
    const refused = await lens("http://10.0.0.1/", "--base", app.base);
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/private|not a public/i);
    expect((await lens("--nope", `${native.base}/`)).code).toBe(2);
    const unreachable = await lens(`http://127.0.0.1:${closed}/`, "--base", app.base, "--page");
    expect(unreachable.code).toBe(1);
    expect(unreachable.err).toMatch(/connection was refused/);
    const noService = await lens(`${native.base}/`, "--base", `http://127.0.0.1:${closed}`);
    expect(noService.code).toBe(4);
    expect(noService.err).toMatch(/could not ask/);
  });

  it("draws on the inspect budget and says plainly how long to wait (exit 3)", async () => {
    for (let i = 0; i < 30; i++) await fetch(`${app.base}/lens/fetch?phases=page&url=${encodeURIComponent(`${native.base}/`)}`);
    const r = await lens(`${native.base}/`, "--base", app.base, "--page");
    expect(r.code).toBe(3);
    expect(r.err).toMatch(/rate limited.*try again in \d+ seconds/);
  });
});
