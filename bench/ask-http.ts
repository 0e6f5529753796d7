import http from "node:http";
import autocannon from "autocannon";
import { startBenchServer } from "./server";
import { CONNECTIONS, SECONDS, percentile } from "./load";

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

/**
 * /ask over HTTP: non-streaming latency per ranker (the embedded model with a fresh
 * budget per caller; lexical for a caller past the 20-a-minute model budget), and the
 * time to the first result event of both stream dialects.
 */
export async function benchAskHttp() {
  const server = await startBenchServer({ TRUST_PROXY_HEADER: "x-bench-client" });
  try {
    const path = "/ask?query=how+do+I+keep+an+old+motorcycle+running+in+winter&streaming=0";
    let n = 0;
    const run = (fixedClient?: string) =>
      autocannon({
        url: `${server.base}${path}`,
        connections: CONNECTIONS,
        duration: SECONDS,
        requests: [
          {
            setupRequest: (r) => ({
              ...r,
              headers: { ...r.headers, "x-bench-client": fixedClient ?? `10.9.${(n = (n + 1) % 60000) >> 8}.${n & 255}` },
            }),
          },
        ],
      });
    await run();
    const model = await run();
    const lexical = await run("10.255.255.1");
    console.log(`\n/ask non-streaming over HTTP (${CONNECTIONS} connections, ${SECONDS}s each; client-observed latency)`);
    console.log(
      `  embedded model  ${model.requests.average.toFixed(0).padStart(5)} req/s   p50 ${model.latency.p50} ms   p99 ${model.latency.p99} ms`,
    );
    console.log(
      `  lexical         ${lexical.requests.average.toFixed(0).padStart(5)} req/s   p50 ${lexical.latency.p50} ms   p99 ${lexical.latency.p99} ms   (one caller past its model budget)`,
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
    await server.stop();
  }
}
