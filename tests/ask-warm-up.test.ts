import { afterEach, describe, expect, it } from "vitest";
import { ENCODER_ON, startServer, type RunningServer } from "./helpers/server";

/**
 * Where /ask's models warm (lib/ask/warm-up.ts). A server that lives (`next start`) warms at
 * start, before any question. On Vercel (VERCEL set) every function instance runs
 * instrumentation, so nothing warms until the instance ranks its first question: that one is
 * answered without the encoder and says so, the warm-up follows, and later questions use it.
 *
 * The deadline is widened (ASK_EMBED_TIMEOUT_MS) as in ask-encoder-warm.test.ts: whether a
 * warm encoder fits 60 ms on a loaded machine is the benchmark's question, not this one's.
 */
const WARM_LINE = /\/ask encoder: use-lite:\S+, \d+ units of 512 dimensions; warm: \d+ embeddings in/;

async function ask(server: RunningServer, q: string): Promise<string> {
  const r = await fetch(`${server.base}/ask?query=${encodeURIComponent(q)}&streaming=0`);
  expect(r.status).toBe(200);
  const body = (await r.json()) as { results: unknown[]; _meta: { ranking: string } };
  expect(body.results.length).toBeGreaterThan(0);
  return body._meta.ranking;
}

describe("/ask's warm-up", () => {
  let server: RunningServer | undefined;
  let warmAfterReady = 0;
  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  it("happens at start under `next start`, before any question", async () => {
    server = await startServer({ ...ENCODER_ON, ASK_EMBED_TIMEOUT_MS: "2000" }, "next start");
    const ready = Date.now();
    await expect.poll(() => server!.output(), { timeout: 60_000, interval: 50 }).toMatch(WARM_LINE);
    warmAfterReady = Date.now() - ready;
    expect(await ask(server, "is there somewhere I can book time to talk with you")).toBe("model: embedded fastText + encoder");
  }, 90_000);

  it("waits on Vercel for the instance's first question, which is answered without the encoder", async () => {
    server = await startServer({ ...ENCODER_ON, ASK_EMBED_TIMEOUT_MS: "2000", VERCEL: "1" }, "next start");
    // Twice as long as the server above took to say it was warm: nothing has loaded.
    await new Promise((r) => setTimeout(r, Math.max(3000, 2 * warmAfterReady)));
    expect(server.output()).not.toMatch(/\/ask encoder/);

    expect(await ask(server, "what espresso machine do you use")).toBe("model: embedded fastText (encoder: loading)");
    await expect.poll(() => server!.output(), { timeout: 60_000, interval: 50 }).toMatch(WARM_LINE);
    expect(await ask(server, "is there somewhere I can book time to talk with you")).toBe("model: embedded fastText + encoder");
  }, 120_000);
});
