import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENCODER_ON, startServer, type RunningServer } from "./helpers/server";

/**
 * The first visitor's question after the server says /ask is warm is answered with the
 * encoder: the worker has loaded and embedded questions of every length before the server
 * logs "warm", so none of its first-use compilation is left for a visitor, and a vector that
 * arrives while the request thread is busy is not counted as late.
 *
 * The deadline is widened for this test (ASK_EMBED_TIMEOUT_MS): whether a warm encoder fits
 * 60 ms on a machine loaded by other suites is what `BENCH_ONLY=ask-http` measures (its cold
 * starts count the answers a fresh server gives without the encoder); this test asserts only
 * on what the server says: that it is warm, and that the first answer used the encoder.
 */
describe("/ask's first question after start", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ ...ENCODER_ON, ASK_EMBED_TIMEOUT_MS: "2000" });
  });
  afterAll(() => server?.stop());

  it("is answered with the encoder once the server says it is warm", async () => {
    await expect
      .poll(() => server.output(), { timeout: 60_000, interval: 50 })
      .toMatch(/\/ask encoder: use-lite:\S+, \d+ units of 512 dimensions; warm: \d+ embeddings in/);
    // Nothing asked /ask before: this is the process's first question.
    const r = await fetch(
      `${server.base}/ask?query=${encodeURIComponent("is there somewhere I can book time to talk with you")}&streaming=0`,
    );
    expect(r.status).toBe(200);
    const body = (await r.json()) as { results: { url: string }[]; _meta: { ranking: string } };
    expect(body._meta.ranking).toBe("model: embedded fastText + encoder");
    expect(body.results.length).toBeGreaterThan(0);
  });
});
