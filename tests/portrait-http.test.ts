import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import * as cheerio from "cheerio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runInCopy } from "./helpers/run-script";
import { Contract, call } from "./helpers/openapi";
import { startServer, type RunningServer } from "./helpers/server";

/**
 * The owner's portrait, both ways, over real HTTP. The demo marks no photo as the portrait
 * (its owner is fictional; the project ships no photograph of a person): About and the press
 * kit show their text alone and say nothing about it. A copy of the project whose sidecar
 * marks one of the demo photos (`portrait: true`, docs/owner-guide.md) is built as `npm run
 * build` builds it (pages are prerendered, so only a build shows what a build would) and
 * served: both pages show that photo with its caption as alt text, where their front matter
 * puts it, and About shares it as its og:image.
 */
const root = path.resolve(import.meta.dirname, "..");
const STEM = "demo-04-spaniels-window";
const OTHER = "demo-09-dandelions";
const ACCEPT = { accept: "text/html" };

async function html(contract: Contract, base: string, p: string) {
  const r = await call(contract, base, p, { headers: ACCEPT });
  expect(r.status, p).toBe(200);
  return cheerio.load(r.text);
}

describe("the demo, whose photos mark no portrait", () => {
  let app: RunningServer;
  let contract: Contract;
  beforeAll(async () => {
    app = await startServer();
    contract = await Contract.load(app.base);
  }, 300_000);
  afterAll(() => app?.stop());

  it.each(["/about", "/documents/press-kit"])("%s shows its text alone and says nothing is missing", async (p) => {
    const $ = await html(contract, app.base, p);
    expect($("main figure.portrait").length, p).toBe(0);
    expect($("main .prose img").length, p).toBe(0);
    expect($("main").text(), p).not.toMatch(/missing|no portrait|not available|placeholder/i);
    // Its share image is the card the build drew, not a photo.
    expect($('meta[property="og:image"]').attr("content"), p).toMatch(/\/generated\/og\/.+\.png$/);
  });

  it("the press kit lists no photo files it does not show, and says how to get a headshot and describe it", async () => {
    const $ = await html(contract, app.base, "/documents/press-kit");
    const section = $("#headshots").nextUntil("h2").text();
    expect(section).toMatch(/on request/);
    expect(section).toMatch(/alt text/i);
    expect($("main").text()).not.toMatch(/\.jpe?g\b/);
    const headers = $("main th")
      .map((_, th) => $(th).text())
      .get();
    expect(headers).not.toContain("File");
  });
});

describe("a build whose photos mark a portrait", () => {
  let dir: string;
  let app: RunningServer;
  let contract: Contract;
  let caption: string;
  let refused: string;

  beforeAll(async () => {
    dir = copyProject();
    const sidecar = (stem: string) => path.join(dir, "photos", `${stem}.txt`);
    const text = readFileSync(sidecar(STEM), "utf8");
    const other = readFileSync(sidecar(OTHER), "utf8");
    caption = text
      .split(/\n\s*\n/)[1]
      .replace(/\s+/g, " ")
      .trim();
    // Two photos marked: the owner's build refuses, naming both.
    writeFileSync(sidecar(STEM), `---\nportrait: true\n---\n${text}`);
    writeFileSync(sidecar(OTHER), `---\nportrait: true\n---\n${other}`);
    refused = await run("npm", ["run", "build:content"], dir).then(
      () => "",
      (err: Error) => err.message,
    );
    writeFileSync(sidecar(OTHER), other);
    await run("npm", ["run", "build"], dir);
    app = await startServer({}, "npm start", dir);
    contract = await Contract.load(app.base);
  }, 900_000);
  afterAll(async () => {
    await app?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("marking a second photo fails the build, which names both sidecars", () => {
    expect(refused).toContain(`photos/${OTHER}.txt: portrait: photos/${STEM}.txt already marks the portrait`);
  });

  it("About shows the portrait atop its text, its caption as alt text, linked to its page and its full file", async () => {
    const $ = await html(contract, app.base, "/about");
    const figure = $("main figure.portrait");
    expect(figure.length).toBe(1);
    expect(figure.find("img").attr("alt")).toBe(caption);
    expect(figure.find(`a[href="/photos/${STEM}"]`).length).toBe(1);
    // Before the first paragraph of the body.
    expect(figure.prevAll("p").length + figure.parent().prevAll("p").length).toBe(0);
    const full = figure.find("figcaption a").attr("href")!;
    const file = await fetch(new URL(full, app.base));
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/jpeg");
  });

  it("About shares the portrait as its og:image, with the caption as its alt text", async () => {
    const $ = await html(contract, app.base, "/about");
    const image = $('meta[property="og:image"]').attr("content")!;
    expect(image).toMatch(new RegExp(`/${STEM}-[0-9a-f]{12}-jpg\\.jpg$`));
    expect($('meta[property="og:image:alt"]').attr("content")).toBe(caption);
    expect($('meta[name="twitter:image"]').attr("content")).toBe(image);
    const r = await fetch(new URL(new URL(image).pathname, app.base));
    expect(r.status).toBe(200);
    const width = Number($('meta[property="og:image:width"]').attr("content"));
    const height = Number($('meta[property="og:image:height"]').attr("content"));
    expect(height).toBeGreaterThan(width);
  });

  it("the press kit shows it under Headshots, the section its front matter names", async () => {
    const $ = await html(contract, app.base, "/documents/press-kit");
    const figure = $("main figure.portrait");
    expect(figure.length).toBe(1);
    expect(figure.find("img").attr("alt")).toBe(caption);
    // The last heading before the figure is the Headshots one.
    const headings = $("main h2, main h3, main figure.portrait")
      .map((_, el) => (el.tagName === "figure" ? "FIGURE" : $(el).attr("id")))
      .get();
    expect(headings[headings.indexOf("FIGURE") - 1]).toBe("headshots");
  });

  it("the gallery and the API are unchanged by the mark: the portrait is one photo among the others", async () => {
    const r = await call(contract, app.base, "/images/manifest.json");
    const { photos } = r.body as { photos: Record<string, unknown>[] };
    const entry = photos.find((p) => p.stem === STEM)!;
    expect(entry.alt).toBe(caption);
    expect(Object.keys(entry)).not.toContain("portrait");
    expect((await call(contract, app.base, `/photos/${STEM}`, { headers: ACCEPT })).status).toBe(200);
  });
});

/**
 * The project as a fresh checkout has it, in a temporary folder: the source and content,
 * the build's caches (so photos and the /ask model are not made again; the /ask model's
 * content-addressed cache is in node_modules/.cache), node_modules as hard links (a real folder,
 * as in a checkout), and Next's compile cache.
 */
function copyProject(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "site-portrait-"));
  const skip = new Set(["node_modules", ".next", ".git", "test-results", "playwright-report", ".edge"]);
  cpSync(root, dir, { recursive: true, filter: (src) => !skip.has(path.relative(root, src).split(path.sep)[0]) });
  const linked = spawnSync("cp", ["-al", path.join(root, "node_modules"), path.join(dir, "node_modules")], { encoding: "utf8" });
  if (linked.status !== 0) throw new Error(`cp -al node_modules: ${linked.stderr}`);
  // Next's compile cache (Turbopack's, on by default for next build; a folder Next itself copies
  // between checkouts, lib/turbopack-cache-seed.js): the copy's build then compiles what changed
  // instead of the whole app from nothing, minutes on two cores. Copied, not linked: Turbopack writes into it.
  const turbopack = path.join(root, ".next", "cache", "turbopack");
  if (existsSync(turbopack)) {
    mkdirSync(path.join(dir, ".next", "cache"), { recursive: true });
    const copied = spawnSync("cp", ["-a", turbopack, path.join(dir, ".next", "cache", "turbopack")], { encoding: "utf8" });
    if (copied.status !== 0) throw new Error(`cp -a .next/cache/turbopack: ${copied.stderr}`);
  }
  return dir;
}

function run(cmd: string, args: string[], cwd: string): Promise<string> {
  return runInCopy(cmd, args, cwd);
}
