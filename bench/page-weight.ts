import { chromium, type Browser } from "playwright";
import { minimalNextApp } from "./next-baseline";
import { startBenchServer } from "./server";

/**
 * What a first visit transfers, by kind (document, CSS, fonts, JavaScript, images, other),
 * for a few text pages of the site and for the minimal Next app of the same version
 * (bench/next-baseline.ts: one static page, no client code), in one Chromium run: the
 * minimal page's JavaScript is the framework's floor, and the difference is the site's own.
 * Bytes are those Chromium's network layer saw (compressed bodies and headers), cache off,
 * until the network is quiet. Run alone: `npx tsx bench/page-weight.ts` (after a build).
 */
const PAGES: [string, string][] = [
  ["essay with italics", "/writing/p99-is-a-feature"],
  ["essay with a photograph", "/writing/classic-chrome-in-a-new-york-winter"],
  ["page", "/about"],
  ["colophon", "/colophon"],
  ["garage note", "/garage/gaggia-classic-opv-spring-and-descale"],
];
const VIEWPORTS = {
  phone: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1280, height: 900 } },
} as const;

type Kind = "doc" | "css" | "font" | "js" | "img" | "other";
export interface Weight {
  total: number;
  requests: number;
  bytes: Record<Kind, number>;
}

const KIND: Record<string, Kind> = { Document: "doc", Stylesheet: "css", Font: "font", Script: "js", Image: "img" };

export async function firstLoad(browser: Browser, url: string, viewport: keyof typeof VIEWPORTS): Promise<Weight> {
  const context = await browser.newContext(VIEWPORTS[viewport]);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  const seen = new Map<string, { url: string; kind: Kind; bytes: number }>();
  cdp.on("Network.responseReceived", (e) => seen.set(e.requestId, { url: e.response.url, kind: KIND[e.type] ?? "other", bytes: 0 }));
  cdp.on("Network.loadingFinished", (e) => {
    const s = seen.get(e.requestId);
    if (s) s.bytes = e.encodedDataLength;
  });
  await page.goto(url, { waitUntil: "networkidle" });
  await context.close();
  const bytes: Record<Kind, number> = { doc: 0, css: 0, font: 0, js: 0, img: 0, other: 0 };
  let requests = 0;
  for (const s of seen.values()) {
    // A data: URL crosses no network: its bytes are the stylesheet's that holds it.
    if (/^(data|blob):/.test(s.url)) continue;
    bytes[s.kind] += s.bytes;
    requests++;
  }
  return { total: Object.values(bytes).reduce((a, b) => a + b, 0), requests, bytes };
}

const kb = (n: number) => (n / 1024).toFixed(1);

export async function benchPageWeight(): Promise<void> {
  const server = await startBenchServer();
  // The minimal page is about as long as an essay's HTML, so the document rows compare too.
  const minimal = await minimalNextApp("{}", "x".repeat(30_000), Buffer.from("x"));
  const browser = await chromium.launch({ executablePath: process.env.BENCH_CHROMIUM ?? "/usr/bin/chromium" });
  try {
    console.log("\nfirst load, cache off, transferred KB (compressed bodies + headers)");
    console.log(`  ${"page".padEnd(44)} ${"view".padEnd(8)} ${"total".padStart(6)}  req   doc   css  font    js   img other`);
    for (const viewport of Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[]) {
      const rows: [string, Weight][] = [[`minimal Next ${"16"} page`, await firstLoad(browser, `${minimal.base}/`, viewport)]];
      for (const [label, path] of PAGES) {
        rows.push([`${label} ${path}`, await firstLoad(browser, `${server.base}${path}`, viewport)]);
      }
      for (const [label, w] of rows)
        console.log(
          `  ${label.slice(0, 44).padEnd(44)} ${viewport.padEnd(8)} ${kb(w.total).padStart(6)} ${String(w.requests).padStart(4)} ${(["doc", "css", "font", "js", "img", "other"] as const).map((k) => kb(w.bytes[k]).padStart(5)).join(" ")}`,
        );
    }
  } finally {
    await browser.close();
    await minimal.stop();
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchPageWeight();
