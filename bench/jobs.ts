import { startFirmSites } from "../tests/helpers/firm-sites";
import { crawlFirms } from "../lib/around/crawl";
import { startBenchServer } from "./server";
import { compare, median, printComparison } from "./load";

const GPTBOT = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)";
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36";

/**
 * (1) What counting costs a reader: a page fetched with an AI crawler's User-Agent (counted
 * into the real Redis after the response) against the same page with a browser's, in
 * alternating rounds on one server. Target: within 5%.
 * (2) The around crawl of ten loopback firms, one of them slow, against that slow site
 * alone: the firms are read in parallel, so the crawl should take about the slowest site's
 * time (target ≤ 1.3×).
 */
export async function benchJobs() {
  const server = await startBenchServer({ REDIS_URL: "redis://127.0.0.1:6379", TRUST_PROXY_HEADER: "x-bench-client" });
  try {
    const page = `${server.base}/about`;
    const r = await compare({
      browser: { url: page, headers: { "user-agent": BROWSER } },
      crawler: { url: page, headers: { "user-agent": GPTBOT } },
    });
    printComparison("ledger: /about read by GPTBot (counted in Redis) vs by a browser", r, "crawler", "browser", "target ≥ 0.95");
    const ledger = (await (await fetch(`${server.base}/ledger.json`)).json()) as { pages: number };
    console.log(`  pages counted during the run: ${ledger.pages}`);
  } finally {
    await server.stop();
  }

  const SLOW_MS = 400;
  const defs = Object.fromEntries(
    Array.from({ length: 10 }, (_, i) => [
      `firm${i}`,
      {
        robots: { status: 200, body: "User-agent: *\nAllow: /\n" },
        home: { status: 200, title: `Firm ${i}`, description: "A firm." },
        delayMs: i === 0 ? SLOW_MS : 20,
      },
    ]),
  );
  const sites = await startFirmSites(defs);
  try {
    const firms = [...sites.sites.keys()].map((name) => ({ name, homepage: sites.url(name) }));
    const opts = { base: "http://bench.local", allowHosts: sites.hostPort.split(",") };
    const all: number[] = [];
    const slowest: number[] = [];
    for (let i = 0; i < 8; i++) {
      let t = performance.now();
      await crawlFirms(firms, opts);
      all.push(performance.now() - t);
      t = performance.now();
      await crawlFirms([firms[0]], opts);
      slowest.push(performance.now() - t);
    }
    console.log(
      `\naround crawl: 10 loopback firms (one answers in ${SLOW_MS} ms per request, robots.txt then homepage), 8 alternating runs, medians`,
    );
    console.log(`  all ten      ${median(all).toFixed(0)} ms`);
    console.log(`  slowest only ${median(slowest).toFixed(0)} ms`);
    console.log(`  ratio        ${(median(all) / median(slowest)).toFixed(3)} (target ≤ 1.3)`);
  } finally {
    await sites.close();
  }
}
