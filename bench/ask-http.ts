import http from "node:http";
import { readFileSync } from "node:fs";
import autocannon from "autocannon";
import { startBenchServer } from "./server";
import { CONNECTIONS, SECONDS, median, percentile } from "./load";
import type { RunningServer } from "../tests/helpers/server";

/** Milliseconds from sending the request to the first result event of the stream. */
function timeToFirstResult(url: string, init: { method?: string; body?: string; marker: string; client: string }): Promise<number> {
  return new Promise((resolve, reject) => {
    const t = performance.now();
    const req = http.request(
      url,
      { method: init.method ?? "GET", headers: { "content-type": "application/json", "x-bench-client": init.client }, agent: false },
      (res) => {
        let seen = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          seen += chunk;
          if (seen.includes(init.marker)) {
            resolve(performance.now() - t);
            res.destroy();
          }
        });
        res.on("end", () => reject(new Error(`stream ended without ${init.marker}`)));
      },
    );
    req.on("error", reject);
    req.end(init.body);
  });
}

/** The server's resident memory in MB (/proc, Linux). */
function rssMb(pid: number): number {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]);
    return Math.round(kb / 1024);
  } catch {
    return NaN;
  }
}

/** The line the server logs once /ask's classifier and encoder are loaded and warm (instrumentation.ts). */
const WARM_LINE = /\/ask encoder: [^\n]*; warm: [^\n]*/;

async function untilWarm(server: RunningServer, timeoutMs = 120_000): Promise<string> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const line = WARM_LINE.exec(server.output())?.[0];
    if (line) return line;
    if (Date.now() > until) throw new Error(`the encoder never said it was warm:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * What a cold process pays (a fresh server, as a serverless function's first request or a
 * restart): from spawning it to its first /ask answer, to the encoder's warm line, and to the
 * first answer the encoder took part in; with the encoder on and off, alternately. Questions
 * are asked every 50 ms from "Ready" on, each new, as visitors arriving at once would.
 */
async function coldStarts(rounds = Number(process.env.BENCH_ASK_COLD ?? 3)) {
  const rows: Record<string, { ready: number[]; first: number[]; warm: number[]; encoder: number[]; without: number[] }> = {};
  for (let round = 0; round < rounds; round++)
    for (const mode of ["on", "off"] as const) {
      const t0 = performance.now();
      const server = await startBenchServer({ TRUST_PROXY_HEADER: "x-bench-client", ...(mode === "off" ? { ASK_ENCODER: "off" } : {}) });
      const ready = performance.now() - t0;
      const row = (rows[mode] ??= { ready: [], first: [], warm: [], encoder: [], without: [] });
      let warmAt = NaN;
      let first = NaN;
      let without = 0;
      try {
        for (let i = 0; i < 400; i++) {
          if (Number.isNaN(warmAt) && WARM_LINE.test(server.output())) warmAt = performance.now() - t0;
          const r = (await (
            await fetch(`${server.base}/ask?query=${encodeURIComponent(`${QUESTIONS[i % QUESTIONS.length]} ${round} ${i}`)}&streaming=0`, {
              headers: { "x-bench-client": `10.6.${round}.${i}` },
            })
          ).json()) as { _meta: { ranking: string } };
          if (Number.isNaN(first)) first = performance.now() - t0;
          if (mode === "off" || r._meta.ranking.endsWith("+ encoder")) break;
          without++;
          await new Promise((r) => setTimeout(r, 50));
        }
        if (mode === "on" && Number.isNaN(warmAt)) warmAt = (await untilWarm(server), performance.now() - t0);
        row.ready.push(ready);
        row.first.push(first);
        row.warm.push(warmAt);
        row.encoder.push(mode === "on" ? performance.now() - t0 : NaN);
        row.without.push(without);
      } finally {
        await server.stop();
      }
    }
  const s = (xs: number[]) => `${(median(xs) / 1000).toFixed(1)} s`;
  console.log(`\n/ask cold start (a fresh \`npm start\` process; medians of ${rounds}, alternating on and off)`);
  for (const [mode, r] of Object.entries(rows))
    console.log(
      `  encoder ${mode.padEnd(3)}  Ready ${s(r.ready)}   first /ask answered ${s(r.first)}` +
        (mode === "on"
          ? `   warm line ${s(r.warm)}   first answer with the encoder ${s(r.encoder)} (${median(r.without)} answered without it before, said why)`
          : ""),
    );
}

/** Everyday questions to vary: with a number appended, each request asks a question never asked before. */
const QUESTIONS = [
  "how do I keep an old motorcycle running in winter",
  "what espresso machine do you use",
  "where did you work before",
  "how do I balance old carburetors",
  "what camera settings for film looks",
  "can I book a coffee chat",
];

/**
 * /ask over HTTP: non-streaming latency per ranker (the embedded model with a fresh
 * budget per caller; lexical for a caller past the 20-a-minute model budget), and the
 * time to the first result event of both stream dialects. Two servers from the same build,
 * the encoder on (the default) and off (ASK_ENCODER=off, the baseline), run alternately: one
 * question repeated (its vector cached after the first) and a new question per request (each
 * embedded anew, the worst case), with the share of answers the encoder took part in.
 */
export async function benchAskHttp() {
  await coldStarts();
  const on = await startBenchServer({ TRUST_PROXY_HEADER: "x-bench-client" });
  const off = await startBenchServer({ TRUST_PROXY_HEADER: "x-bench-client", ASK_ENCODER: "off" });
  const server = on;
  try {
    const path = "/ask?query=how+do+I+keep+an+old+motorcycle+running+in+winter&streaming=0";
    // The encoder loads and warms in its worker at start, and says when it is done.
    await untilWarm(on);
    const rssBefore = { on: rssMb(on.pid), off: rssMb(off.pid) };
    let n = 0;
    let q = 0;
    const run = (base: string, opts: { fixedClient?: string; fresh?: boolean } = {}) => {
      const seen = { encoder: 0, all: 0, reasons: new Map<string, number>() };
      return autocannon({
        url: `${base}${path}`,
        connections: CONNECTIONS,
        duration: SECONDS,
        requests: [
          {
            setupRequest: (r) => ({
              ...r,
              ...(opts.fresh ? { path: `/ask?query=${encodeURIComponent(`${QUESTIONS[q % QUESTIONS.length]} ${++q}`)}&streaming=0` } : {}),
              headers: { ...r.headers, "x-bench-client": opts.fixedClient ?? `10.9.${(n = (n + 1) % 60000) >> 8}.${n & 255}` },
            }),
            onResponse: (_status: number, body: string) => {
              const ranking = /"ranking":"([^"]*)"/.exec(body)?.[1] ?? "";
              seen.all++;
              if (ranking.endsWith("+ encoder")) seen.encoder++;
              const why = /\(encoder: ([^)]*)\)/.exec(ranking)?.[1];
              if (why) seen.reasons.set(why, (seen.reasons.get(why) ?? 0) + 1);
            },
          },
        ],
      }).then((result) => ({ result, seen }));
    };
    await run(on.base);
    await run(off.base);
    const rows: Record<
      string,
      { rps: number[]; p50: number[]; p99: number[]; encoder: number; all: number; reasons: Map<string, number> }
    > = {};
    const record = (name: string, got: Awaited<ReturnType<typeof run>>) => {
      const row = (rows[name] ??= { rps: [], p50: [], p99: [], encoder: 0, all: 0, reasons: new Map() });
      row.rps.push(got.result.requests.average);
      row.p50.push(got.result.latency.p50);
      row.p99.push(got.result.latency.p99);
      row.encoder += got.seen.encoder;
      row.all += got.seen.all;
      for (const [k, v] of got.seen.reasons) row.reasons.set(k, (row.reasons.get(k) ?? 0) + v);
    };
    for (let round = 0; round < 2; round++) {
      record("off, one question", await run(off.base));
      record("on, one question", await run(on.base));
      record("off, new questions", await run(off.base, { fresh: true }));
      record("on, new questions", await run(on.base, { fresh: true }));
    }
    const lexical = await run(on.base, { fixedClient: "10.255.255.1" });
    const rssAfter = { on: rssMb(on.pid), off: rssMb(off.pid) };
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    console.log(`\n/ask non-streaming over HTTP (${CONNECTIONS} connections, 2×${SECONDS}s each, alternating; client-observed latency)`);
    for (const [name, r] of Object.entries(rows)) {
      const reasons = [...r.reasons].map(([k, v]) => `${k} ${Math.round((100 * v) / r.all)}%`).join(", ");
      console.log(
        `  ${name.padEnd(20)} ${mean(r.rps).toFixed(0).padStart(5)} req/s   p50 ${mean(r.p50).toFixed(1)} ms   p99 ${mean(r.p99).toFixed(1)} ms` +
          (name.startsWith("on")
            ? `   encoder in ${Math.round((100 * r.encoder) / Math.max(1, r.all))}% of answers${reasons ? ` (without: ${reasons})` : ""}`
            : ""),
      );
    }
    const ratio = (a: string, b: string) => (mean(rows[a].rps) / mean(rows[b].rps)).toFixed(2);
    console.log(
      `  encoder on / off: ${ratio("on, one question", "off, one question")}× (one question), ${ratio("on, new questions", "off, new questions")}× (new questions); target ≥ 0.5×`,
    );
    console.log(
      `  lexical              ${lexical.result.requests.average.toFixed(0).padStart(5)} req/s   p50 ${lexical.result.latency.p50} ms   p99 ${lexical.result.latency.p99} ms   (one caller past its model budget)`,
    );
    console.log(
      `  server RSS: encoder on ${rssBefore.on} MB after start → ${rssAfter.on} MB after the runs; off ${rssBefore.off} → ${rssAfter.off} MB`,
    );
    const legacy: number[] = [];
    const named: number[] = [];
    for (let i = 0; i < 60; i++) {
      legacy.push(
        await timeToFirstResult(`${server.base}/ask?query=espresso+machine+pressure&q=${i}`, {
          marker: "result_batch",
          client: `10.8.0.${i}`,
        }),
      );
      named.push(
        await timeToFirstResult(`${server.base}/ask`, {
          method: "POST",
          body: JSON.stringify({ query: { text: "espresso machine pressure" } }),
          marker: "event: result",
          client: `10.8.1.${i}`,
        }),
      );
    }
    console.log(
      `  time to first result event: legacy GET p50 ${percentile(legacy, 50).toFixed(1)} ms p99 ${percentile(legacy, 99).toFixed(1)} ms; 0.55 POST p50 ${percentile(named, 50).toFixed(1)} ms p99 ${percentile(named, 99).toFixed(1)} ms`,
    );
  } finally {
    await Promise.all([on.stop(), off.stop()]);
  }
}
