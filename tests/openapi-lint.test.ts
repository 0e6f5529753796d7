import { execFile } from "node:child_process";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Contract } from "./helpers/openapi";
import { httpRequest } from "./helpers/http";
import { startServer, type RunningServer } from "./helpers/server";

const run = promisify(execFile);
let server: RunningServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

describe("/openapi.json", () => {
  it("lints clean with @redocly/cli (recommended rules, all as errors)", async () => {
    const res = await httpRequest(`${server.base}/openapi.json`);
    const dir = await mkdtemp(path.join(tmpdir(), "openapi-"));
    const file = path.join(dir, "openapi.json");
    await writeFile(file, res.text);
    const root = path.resolve(import.meta.dirname, "..");
    const result = await run(
      process.execPath,
      [path.join(root, "node_modules/@redocly/cli/bin/cli.js"), "lint", file, "--config", path.join(root, "redocly.yaml")],
      {
        cwd: root,
        env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
      },
    ).catch((err: { stdout: string; stderr: string }) => {
      throw new Error(`redocly lint failed:\n${err.stdout}\n${err.stderr}`);
    });
    expect(result.stdout + result.stderr).toMatch(/valid/i);
    expect(result.stdout + result.stderr).not.toMatch(/You have \d+ (warning|error)/i);
  });

  it("is what the tests validate against, and that validation can fail", async () => {
    const contract = await Contract.load(server.base);
    expect(() => contract.validate("/health.json", "GET", 200, "application/json", { ok: true })).toThrow(/does not match/);
    expect(() => contract.validate("/nowhere", "GET", 404, "application/json", { code: "not_found" })).toThrow(/error/);
    expect(() => contract.validate("/health.json", "GET", 418, "application/json", {})).toThrow(/not documented/);
  });
});
