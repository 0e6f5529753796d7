import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import * as cheerio from "cheerio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { siteConfig } from "@/site.config";
import { Contract, call } from "./helpers/openapi";
import { startServer, type RunningServer } from "./helpers/server";

/**
 * A deployment whose owner deleted content/resume.json: the build's output without the
 * resume (tests/content-build.test.ts checks the build writes exactly this), served over
 * real HTTP. Pages prerendered by `next build` keep what that build saw, so the footer is
 * read on a page rendered per request (/search).
 */
const root = path.resolve(import.meta.dirname, "..");
let dataDir: string;
let app: RunningServer;
let contract: Contract;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "site-no-resume-"));
  cpSync(path.join(root, ".site"), dataDir, { recursive: true });
  rmSync(path.join(dataDir, "resume.json"));
  rmSync(path.join(dataDir, "resume.pdf"));
  const edit = (file: string, change: (x: Record<string, unknown>) => void) => {
    const json = JSON.parse(readFileSync(path.join(dataDir, file), "utf8"));
    change(json);
    writeFileSync(path.join(dataDir, file), JSON.stringify(json));
  };
  edit("paths.json", (p) => (p.pages = (p.pages as string[]).filter((x) => x !== "/resume")));
  edit("corpus.json", (c) => delete (c.twins as Record<string, string>)["/resume"]);
  app = await startServer({ SITE_DATA_DIR: dataDir });
  contract = await Contract.load(app.base);
}, 300_000);
afterAll(() => {
  app?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe("a site without a resume", () => {
  it("answers every rendition of the resume with the documented 503 not_configured", async () => {
    for (const p of ["/resume.json", "/resume.md", "/resume.pdf"]) {
      const r = await call(contract, app.base, p);
      expect(r.status, p).toBe(503);
      expect(r.headers.get("retry-after"), p).toBeNull();
      expect(r.body, p).toMatchObject({ code: "not_configured", error: expect.stringContaining("No resume is published") });
    }
  });

  it("links no resume from the footer, and keeps the footer's other pages", async () => {
    const $ = cheerio.load((await call(contract, app.base, "/search?q=coffee")).text);
    const footer = $("footer a")
      .map((_, a) => $(a).attr("href"))
      .get();
    expect(footer).not.toContain("/resume");
    const declared = siteConfig.footer.map((l) => l.href).filter((h) => h !== "/resume");
    expect(declared.length).toBeGreaterThan(3);
    expect(footer).toEqual(expect.arrayContaining(declared));
  });

  it("does not list /resume among the pages a missing path may have meant", async () => {
    const r = await call(contract, app.base, "/resum", { headers: { accept: "application/json" } });
    expect(r.status).toBe(404);
    const { suggestions } = r.body as { suggestions: string[] };
    expect(suggestions.length).toBeGreaterThan(0);
    expect(suggestions.filter((s) => new URL(s).pathname === "/resume")).toEqual([]);
  });
});
