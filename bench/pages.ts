import { readdir } from "node:fs/promises";
import { writeFile } from "node:fs/promises";
import lighthouse, { type Flags, type Result } from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import * as chromeLauncher from "chrome-launcher";
import { chromium } from "playwright";
import { startBenchServer } from "./server";

const CHROMIUM = process.env.BENCH_CHROMIUM ?? "/usr/bin/chromium";
/** Every host name but loopback resolves to nothing: the browsers cannot leave the machine. */
const LOOPBACK_ONLY = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1";
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

/** One page of each type the site has (the first post, note and photo the content holds). */
async function pageTypes(): Promise<[string, string][]> {
  const first = async (dir: string, ext: string) =>
    (await readdir(dir))
      .filter((n) => n.endsWith(ext) && n !== "README.md")
      .sort()[0]
      .slice(0, -ext.length);
  return [
    ["home", "/"],
    ["writing post", `/writing/${await first("content/writing", ".md")}`],
    ["garage note", `/garage/${await first("content/garage", ".md")}`],
    ["writing index", "/writing"],
    ["gallery", "/photos"],
    ["photo", `/photos/${await first("photos", ".jpg")}`],
    ["developers", "/developers"],
    ["resume", "/resume"],
    ["search", "/search?q=carburettor"],
    ["ledger", "/ledger"],
    ["404", "/no-such-page"],
  ];
}

interface Load {
  bytes: Record<"doc" | "js" | "css" | "font" | "img" | "other", number>;
  requests: number;
  lcp: number;
  cls: number;
}

function kind(url: string, initiator: string): keyof Load["bytes"] {
  const p = new URL(url).pathname;
  if (/\.js($|\?)/.test(p) || initiator === "script") return "js";
  if (/\.css$/.test(p)) return "css";
  if (/\.(woff2?|ttf|otf)$/.test(p)) return "font";
  if (/\.(jpe?g|png|webp|avif|gif|svg|ico)$/.test(p) || p.startsWith("/_next/image") || initiator === "img") return "img";
  return "other";
}

/** A cold load in a fresh context: transferred bytes by type, requests, LCP and CLS. */
async function coldLoad(browser: import("playwright").Browser, url: string, mobile: boolean): Promise<Load> {
  const context = await browser.newContext(
    mobile
      ? { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true }
      : { viewport: { width: 1350, height: 940 } },
  );
  const page = await context.newPage();
  await page.addInitScript(() => {
    const w = window as unknown as { __lcp: number; __cls: number };
    w.__lcp = 0;
    w.__cls = 0;
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) w.__lcp = e.startTime;
    }).observe({ type: "largest-contentful-paint", buffered: true });
    new PerformanceObserver((l) => {
      for (const e of l.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!e.hadRecentInput) w.__cls += e.value;
    }).observe({ type: "layout-shift", buffered: true });
  });
  // Transferred bytes from the network layer (headers + body as received), one entry per request.
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  const sizes = new Map<string, { url: string; type: string; bytes: number }>();
  cdp.on("Network.responseReceived", (e) => sizes.set(e.requestId, { url: e.response.url, type: e.type, bytes: 0 }));
  cdp.on("Network.loadingFinished", (e) => {
    const s = sizes.get(e.requestId);
    if (s) s.bytes = e.encodedDataLength;
  });
  await page.goto(url, { waitUntil: "load" });
  await page.waitForTimeout(1500);
  const { lcp, cls } = await page.evaluate(() => {
    const w = window as unknown as { __lcp: number; __cls: number };
    return { lcp: w.__lcp, cls: w.__cls };
  });
  await context.close();
  const bytes: Load["bytes"] = { doc: 0, js: 0, css: 0, font: 0, img: 0, other: 0 };
  for (const s of sizes.values()) {
    const k =
      s.type === "Document"
        ? "doc"
        : s.type === "Script"
          ? "js"
          : s.type === "Stylesheet"
            ? "css"
            : s.type === "Font"
              ? "font"
              : s.type === "Image"
                ? "img"
                : kind(s.url, "");
    bytes[k] += s.bytes;
  }
  return { bytes, requests: sizes.size, lcp, cls };
}

/**
 * Every page type through Lighthouse (desktop and mobile presets) driving Debian's
 * Chromium, then a cold load of each with Playwright for bytes by type, requests, LCP and
 * CLS. Loopback only: the browsers resolve no other host name.
 */
export async function benchPages() {
  const server = await startBenchServer();
  const pages = await pageTypes();
  const only = process.env.BENCH_PAGES?.split(",");
  const list = only ? pages.filter(([name]) => only.includes(name)) : pages;
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ["--headless=new", "--no-sandbox", LOOPBACK_ONLY],
  });
  const scores: { name: string; preset: string; s: number[]; failing: string[] }[] = [];
  const reports: Record<string, unknown> = {};
  try {
    for (const [name, path] of list)
      for (const preset of ["desktop", "mobile"] as const) {
        const flags: Flags = {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: [...CATEGORIES],
          ignoreStatusCode: path === "/no-such-page",
        };
        const run = await lighthouse(`${server.base}${path}`, flags, preset === "desktop" ? desktopConfig : undefined);
        const lhr = run!.lhr as Result;
        const s = CATEGORIES.map((c) => Math.round((lhr.categories[c]?.score ?? 0) * 100));
        const failing: string[] = [];
        for (const c of CATEGORIES)
          for (const ref of lhr.categories[c].auditRefs) {
            const a = lhr.audits[ref.id];
            if (ref.weight === 0 && c !== "performance") {
              if (a.scoreDisplayMode === "binary" && a.score === 0) failing.push(`${c}:${a.id} (unweighted)`);
              continue;
            }
            if (a.score !== null && a.score < (c === "performance" ? 0.9 : 1)) failing.push(`${c}:${a.id} ${a.displayValue ?? ""}`.trim());
          }
        for (const a of Object.values(lhr.audits))
          if (
            a.details?.type === "opportunity" &&
            (a.metricSavings?.LCP ?? 0) + (a.metricSavings?.FCP ?? 0) > 0 &&
            a.score !== null &&
            a.score < 1
          )
            failing.push(`opportunity:${a.id} ${a.displayValue ?? ""}`.trim());
        scores.push({ name, preset, s, failing: [...new Set(failing)] });
        reports[`${name} ${preset}`] = { scores: s, failing, runtimeError: lhr.runtimeError };
        console.log(`  lighthouse ${preset.padEnd(7)} ${name.padEnd(14)} ${s.map((n) => String(n).padStart(4)).join("")}`);
      }
  } finally {
    chrome.kill();
  }

  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", LOOPBACK_ONLY] });
  const loads: [string, string, Load][] = [];
  try {
    for (const [name, path] of list)
      for (const mobile of [false, true])
        loads.push([name, mobile ? "mobile" : "desktop", await coldLoad(browser, `${server.base}${path}`, mobile)]);
  } finally {
    await browser.close();
    await server.stop();
  }

  console.log(`\nLighthouse ${CATEGORIES.join(" / ")} (targets 95 / 100 / 100 / 100), ${CHROMIUM} headless`);
  console.log(`  ${"page".padEnd(14)} ${"desktop".padEnd(16)} mobile`);
  for (const [name] of list) {
    const row = (p: string) =>
      scores
        .find((x) => x.name === name && x.preset === p)!
        .s.map((n) => String(n).padStart(4))
        .join("");
    console.log(`  ${name.padEnd(14)} ${row("desktop")}  ${row("mobile")}`);
  }
  console.log(`\nnot passing (audits below 1 in a/bp/seo, below 0.9 in performance; opportunities)`);
  for (const { name, preset, failing } of scores) if (failing.length) console.log(`  ${name} ${preset}: ${failing.join("; ")}`);

  const kb = (n: number) => (n / 1024).toFixed(1).padStart(6);
  console.log(`\ncold load (Playwright, ${CHROMIUM}): transferred KB by type, requests, LCP, CLS`);
  console.log(`  ${"page".padEnd(14)} ${"view".padEnd(8)} total    doc     js    css   font    img  other  reqs    LCP     CLS`);
  for (const [name, view, l] of loads) {
    const total = Object.values(l.bytes).reduce((a, b) => a + b, 0);
    const b = l.bytes;
    console.log(
      `  ${name.padEnd(14)} ${view.padEnd(8)}${kb(total)} ${kb(b.doc)} ${kb(b.js)} ${kb(b.css)} ${kb(b.font)} ${kb(b.img)} ${kb(b.other)}  ${String(l.requests).padStart(4)} ${String(Math.round(l.lcp)).padStart(5)} ms ${l.cls.toFixed(3)}`,
    );
  }
  if (process.env.BENCH_PAGES_JSON) await writeFile(process.env.BENCH_PAGES_JSON, JSON.stringify({ reports, loads }, null, 2));
}
