import { gzipSync } from "node:zlib";
import { startBenchServer } from "./server";
import { compare, CONNECTIONS, ROUNDS, SECONDS } from "./load";

/**
 * What compression and conditional requests cost or save per request, in the same run:
 * each large text response fetched plainly, with `Accept-Encoding: gzip` (server.mjs
 * compresses every time: nothing is cached that a client could see differ), and with the
 * `If-None-Match` of its ETag (a 304 with no body). Also the bytes each way, and what one
 * gzip of the body costs in process (the part of the gzip row that is compression).
 */
export async function benchHttpCosts() {
  // Each load spreads over many callers (bench/load.ts), so budgets do not turn the rows into 429s.
  const server = await startBenchServer({ TRUST_PROXY_HEADER: "x-bench-client" });
  try {
    console.log(`\nHTTP costs: compression and ETags (${CONNECTIONS} connections, ${ROUNDS}×${SECONDS}s, medians)`);
    for (const path of ["/feed.json", "/openapi.json", "/llms-full.txt", "/health.json"]) {
      const url = `${server.base}${path}`;
      const plain = await fetch(url, { headers: { "accept-encoding": "identity", "x-bench-client": "10.255.0.1" } });
      const body = Buffer.from(await plain.arrayBuffer());
      const etag = plain.headers.get("etag");
      const gz = await fetch(url, { headers: { "accept-encoding": "gzip", "x-bench-client": "10.255.0.2" } });
      const wire = Number(gz.headers.get("content-length") ?? 0) || gzipSync(body).byteLength;
      const t = performance.now();
      for (let i = 0; i < 20; i++) gzipSync(body);
      const gzipMs = (performance.now() - t) / 20;
      const targets: Record<string, { url: string; headers: Record<string, string> }> = {
        plain: { url, headers: { "accept-encoding": "identity" } },
        gzip: { url, headers: { "accept-encoding": "gzip" } },
      };
      if (etag) targets["304"] = { url, headers: { "accept-encoding": "identity", "if-none-match": etag } };
      const r = await compare(targets);
      const row = (k: string) =>
        r[k]
          ? `${k} ${r[k].rps.toFixed(0)} req/s p99 ${r[k].p99.toFixed(0)} ms${k !== "304" && r[k].bad ? ` (${r[k].bad} errors)` : ""}`
          : "";
      console.log(
        `  ${path.padEnd(15)} ${(body.byteLength / 1024).toFixed(0).padStart(4)} KB → gzip ${(wire / 1024).toFixed(0)} KB (${gzipMs.toFixed(2)} ms per gzip in process)${gz.headers.get("content-encoding") ? "" : " [not compressed: under 1 KiB or not text]"}`,
      );
      console.log(
        `      ${[row("plain"), row("gzip"), row("304")].filter(Boolean).join(" | ")}   gzip/plain ${(r.gzip.rps / r.plain.rps).toFixed(2)}${r["304"] ? `  304/plain ${(r["304"].rps / r.plain.rps).toFixed(2)}` : ""}`,
      );
    }
  } finally {
    await server.stop();
  }
}
