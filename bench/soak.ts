import http from "node:http";
import { startBenchServer } from "./server";
import { minimalNextApp, rss, warmUp } from "./next-baseline";
import { benchCaller, compareCpu, pinServers, unpinSelf } from "./load";

/**
 * `BENCH_ONLY=soak`: does a server that has served everything for a while stay as fast and
 * as small as a fresh one? The project's ratios to a minimal Next app (a prerendered page of
 * the same size, /health.json) fresh, then after BENCH_SOAK_MINUTES (default 10) of mixed
 * traffic from several clients, and the project's memory after the soak's first minute, at
 * its end and BENCH_SOAK_REST_MINUTES (default 5) after the load stops.
 */
const MINUTES = Number(process.env.BENCH_SOAK_MINUTES ?? 10);
const REST_MINUTES = Number(process.env.BENCH_SOAK_REST_MINUTES ?? 5);
const CLIENTS = Number(process.env.BENCH_SOAK_CLIENTS ?? 8);
type Running = { base: string; pid: number; stop: () => Promise<void> };
const WARM_UP_MS = Math.min(60_000, (MINUTES * 60_000) / 2);

// [row, project path, minimal app path, target ratio]
const ROWS: [string, string, string, number][] = [
  ["prerendered page (/about)", "/about", "/", 0.9],
  ["/health.json", "/health.json", "/health.json", 2],
];

const WORDS =
  "motorcycle carburetor winter espresso pressure grinder film camera lens recipe kodak sourdough garden bike typescript api resume photo tokyo night".split(
    " ",
  );
const FILMS = ["Classic Chrome", "Velvia", "Acros", "Eterna", "Provia", "nostalgic"];
const METHODS = ["PUT", "DELETE", "PATCH", "OPTIONS", "HEAD", "PROPFIND", "PURGE", "SEARCH", "BREW"];
const rnd = (n: number) => Math.floor(Math.random() * n);
const pick = <T>(xs: ArrayLike<T>): T => xs[rnd(xs.length)];
// Printable ASCII (Node refuses to send anything else in a path) and percent-escapes, some of them broken.
const junk = (n: number) =>
  Array.from({ length: n }, () =>
    Math.random() < 0.1
      ? pick(["%00", "%E2%82%AC", "%E2%82", "%zz", "%", "%C3%A9", "%2F", "%FF"])
      : pick("abcdefghijklmnopqrstuvwxyz0123456789-._~/?&=+;:@!$'()*,[]{}|\\^`\"<>"),
  ).join("");
// Every third word misspelt or new, so the caches keyed by the query (search, spelling) see distinct inputs all along.
const word = () => (Math.random() < 0.33 ? pick(WORDS).replace(/^(.)(.)/, "$2$1") + rnd(1000) : pick(WORDS));
const words = () => Array.from({ length: 1 + rnd(4) }, word).join(" ");
const q = encodeURIComponent;

interface Req {
  kind: string;
  path: string;
  method?: string;
  body?: string;
  headers?: Record<string, string>;
  /** Hang up after the first chunk of the body (a streamed /ask the reader abandons). */
  abort?: boolean;
}

const mcp = (name: string, args: Record<string, unknown>): Req => ({
  kind: "mcp tools/call",
  path: "/mcp",
  method: "POST",
  headers: {
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
    "mcp-protocol-version": "2026-07-28",
    "mcp-method": "tools/call",
    "mcp-name": name,
  },
  body: JSON.stringify({
    jsonrpc: "2.0",
    id: 1,
    method: "tools/call",
    params: {
      name,
      arguments: args,
      _meta: {
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientInfo": { name: "soak", version: "1" },
        "io.modelcontextprotocol/clientCapabilities": {},
      },
    },
  }),
});

/** One request of the mix; `pages` are the paths of the sitemap. */
function mixed(pages: string[]): Req {
  const r = rnd(20);
  if (r < 4) return { kind: "page", path: pick(pages) };
  if (r < 5) return { kind: "markdown twin", path: pick(["/about.md", "/resume.md", "/developers.md"]) };
  if (r < 7) return { kind: "search.json", path: `/search.json?q=${q(words())}` };
  if (r < 9) return { kind: "ask", path: `/ask?query=${q(`how do I ${words()}`)}&streaming=0` };
  if (r < 10) return { kind: "ask, stream aborted", path: `/ask?query=${q(`what about ${words()}`)}`, abort: true };
  if (r < 11) return { kind: "images manifest", path: "/images/manifest.json" };
  if (r < 12) return { kind: "photo query", path: `/photos/query.json?q=${q(word())}&film=${q(pick(FILMS))}&limit=${1 + rnd(100)}` };
  if (r < 14)
    return pick([() => mcp("searchSite", { q: words() }), () => mcp("queryPhotos", { q: word() }), () => mcp("ask", { query: words() })])();
  if (r < 16) return { kind: "404", path: pick(["/no-such-", "/writing/", "/photos/", "/api/"]) + junk(8).replace(/[?#%]/g, "") };
  if (r < 17)
    return {
      kind: "fuzz: query string",
      path: `${pick([...pages, "/search.json", "/ask", "/photos/query.json", "/health.json"])}?${junk(5 + rnd(200))}`,
    };
  if (r < 18)
    return {
      kind: "fuzz: method",
      path: pick([...pages, "/search.json", "/mcp", "/health.json"]),
      method: pick(METHODS),
      body: junk(rnd(100)),
    };
  return { kind: "fuzz: long path", path: `/${junk(100 + rnd(4000)).replace(/[?#]/g, "")}` };
}

/** Sends one request over the shared keep-alive agent and reads (or abandons) the answer; resolves with the status, 0 on error. */
function send(base: string, agent: http.Agent, r: Req): Promise<number> {
  return new Promise((resolve) => {
    let req: http.ClientRequest;
    try {
      // The raw path, as typed (a URL string would be normalised first).
      req = http.request(
        {
          host: "127.0.0.1",
          port: new URL(base).port,
          path: r.path,
          method: r.method ?? "GET",
          agent,
          headers: { ...r.headers, "x-bench-client": benchCaller() },
        },
        (res) => {
          res.once("data", () => r.abort && (res.destroy(), resolve(res.statusCode ?? 0)));
          res.on("end", () => resolve(res.statusCode ?? 0));
          res.on("error", () => resolve(res.statusCode ?? 0));
          res.resume();
        },
      );
    } catch {
      return resolve(-1); // a request Node refuses to send
    }
    req.setTimeout(30_000, () => req.destroy());
    req.on("error", () => resolve(0));
    req.end(r.body);
  });
}

/**
 * Per row, project/minimal in req/s and in CPU per request (minimal's over the project's):
 * on this shared machine wall-clock throughput swings with the neighbours' work, CPU per
 * request much less, so a slower warmed server shows in the second figure first.
 */
async function ratios(project: Running, minimal: Running, when: string): Promise<{ rps: number; cpu: number }[]> {
  // The same procedure each time: both apps serve every row's path, then alternating rounds.
  await warmUp(
    project.base,
    minimal.base,
    ROWS.map(([row, p, m]) => [row, p, m]),
  );
  const out: { rps: number; cpu: number }[] = [];
  for (const [row, p, m] of ROWS) {
    const r = await compareCpu({
      project: { target: `${project.base}${p}`, pid: project.pid },
      minimal: { target: `${minimal.base}${m}`, pid: minimal.pid },
    });
    out.push({ rps: r.project.rps / r.minimal.rps, cpu: r.minimal.cpuUs / r.project.cpuUs });
    const f = (v: (typeof r)[string]) => `${v.rps.toFixed(0).padStart(5)} req/s p99 ${v.p99} ms CPU ${v.cpuUs.toFixed(0)} µs/req`;
    const bad = r.project.bad + r.minimal.bad;
    console.log(
      `  ${when.padEnd(10)} ${row.padEnd(26)} project ${f(r.project)} | minimal ${f(r.minimal)}${bad ? ` (${bad} non-2xx)` : ""}`,
    );
  }
  return out;
}

export async function benchSoak() {
  const server = await startBenchServer({
    REDIS_URL: "redis://127.0.0.1:6379",
    STORE_PREFIX: `bench-soak-${Date.now()}`,
    TRUST_PROXY_HEADER: "x-bench-client",
  });
  let minimal: Running | undefined;
  try {
    const health = await (await fetch(`${server.base}/health.json`)).text();
    const page = await (await fetch(`${server.base}${ROWS[0][1]}`)).text();
    minimal = await minimalNextApp(health, page, Buffer.from("x"));
    const pinned = pinServers([server.pid, minimal.pid]);
    const sitemap = await (await fetch(`${server.base}/sitemap.xml`)).text();
    const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
    for (const r of [mcp("searchSite", { q: "espresso" }), mcp("queryPhotos", { q: "night" }), mcp("ask", { query: "espresso" })]) {
      const res = await fetch(`${server.base}${r.path}`, { method: "POST", headers: r.headers, body: r.body });
      const text = await res.text();
      if (res.status !== 200 || !text.includes('"result"')) throw new Error(`MCP probe failed: ${res.status} ${text.slice(0, 300)}`);
    }

    console.log(
      `\nsoak: the project against a minimal Next app, fresh and after ${MINUTES} min of mixed traffic (${CLIENTS} clients${pinned ? "; servers pinned to one core" : ""})`,
    );
    const fresh = await ratios(server, minimal, "fresh");
    const rssFresh = rss(server.pid);

    // The soak: CLIENTS loops, each sending one request of the mix after another.
    const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
    const tally = new Map<string, Record<string, number>>();
    const perMinute: number[] = [];
    const start = Date.now();
    const end = start + MINUTES * 60_000;
    let rssWarm = 0;
    let rssPeak = 0;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, rss(server.pid));
      if (!rssWarm && Date.now() - start >= WARM_UP_MS) rssWarm = rss(server.pid);
    }, 250);
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (Date.now() < end) {
          const r = mixed(pages);
          const status = await send(server.base, agent, r);
          const t = tally.get(r.kind) ?? {};
          const cls = status > 0 ? `${String(status)[0]}xx` : status ? "not sent" : "error";
          t[cls] = (t[cls] ?? 0) + 1;
          tally.set(r.kind, t);
          // (A request answered after the end counts in the last minute.)
          const minute = Math.min(Math.ceil(MINUTES) - 1, Math.floor((Date.now() - start) / 60_000));
          perMinute[minute] = (perMinute[minute] ?? 0) + 1;
        }
      }),
    );
    clearInterval(sampler);
    agent.destroy();
    const rssEnd = rss(server.pid);
    console.log(`  soak: requests per minute ${perMinute.map((n) => n ?? 0).join(", ")}`);
    for (const [kind, t] of [...tally].sort())
      console.log(
        `    ${kind.padEnd(22)} ${Object.entries(t)
          .sort()
          .map(([c, n]) => `${c} ${n}`)
          .join("  ")}`,
      );

    const after = await ratios(server, minimal, "after soak");
    await new Promise((r) => setTimeout(r, REST_MINUTES * 60_000));
    const rssRest = rss(server.pid);

    console.log(`\n  project/minimal            fresh (req/s, CPU)  after soak (req/s, CPU)  target`);
    const two = (x: { rps: number; cpu: number }) => `${x.rps.toFixed(2)}, ${x.cpu.toFixed(2)}`;
    for (const [i, [row, , , target]] of ROWS.entries())
      console.log(`  ${row.padEnd(26)} ${two(fresh[i]).padStart(18)}  ${two(after[i]).padStart(23)}  ≥ ${target}×`);
    console.log(
      `  project RSS (MiB): after the fresh rows ${rssFresh.toFixed(0)}, after ${(WARM_UP_MS / 60_000).toFixed(1)} min of soak ${rssWarm.toFixed(0)}, peak ${rssPeak.toFixed(0)}, end of soak ${rssEnd.toFixed(0)}, ${REST_MINUTES} min after the load ${rssRest.toFixed(0)} (${((rssRest / rssWarm - 1) * 100).toFixed(0)}% from after warm-up; target within 20%)`,
    );
  } finally {
    unpinSelf();
    await minimal?.stop();
    await server.stop();
  }
}
