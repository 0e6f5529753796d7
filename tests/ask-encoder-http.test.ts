import { afterAll, beforeAll, describe, expect, it } from "vitest";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { appUnderTest } from "./helpers/app";
import { ENCODER_ON } from "./helpers/server";
import { call } from "./helpers/openapi";

/**
 * /ask's sentence encoder over real HTTP (lib/ask/encoder.ts): the server warms USE-lite in
 * its worker at start and fuses it with the classifier, `_meta.ranking` says whether it
 * did; switched off it ranks without; an owner's endpoint whose encoder is not the one that
 * made the build's vectors is never mixed with them, and the server says so at start.
 */
type AskBody = { results: { url: string; score: number }[]; _meta: { ranking: string; confidence?: number } };

const ask = async (app: ReturnType<typeof appUnderTest>, query: string, from: string, prev?: string) => {
  const qs = `?query=${encodeURIComponent(query)}&streaming=0${prev ? `&prev=${encodeURIComponent(prev)}` : ""}`;
  const r = await call(app.contract, app.server.base, `/ask${qs}`, { localAddress: from });
  expect(r.status).toBe(200);
  return r.body as AskBody;
};

/** The first answers may come while the worker still loads ("encoder: loading"). */
async function whenWarm(app: ReturnType<typeof appUnderTest>, from: string): Promise<AskBody> {
  let last: AskBody | undefined;
  for (let i = 0; i < 60; i++) {
    last = await ask(app, `where can I read about espresso machines ${i}`, from);
    if (!last._meta.ranking.includes("loading")) return last;
    await new Promise((r) => setTimeout(r, 250));
  }
  return last!;
}

describe("/ask with the encoder (the default)", () => {
  const app = appUnderTest(ENCODER_ON);

  it("warms the encoder at start and says so", async () => {
    await expect.poll(() => app.server.output(), { timeout: 60_000 }).toMatch(/\/ask encoder: use-lite:\S+, \d+ units of 512 dimensions/);
  });

  it("fuses the encoder with the classifier and says so in _meta.ranking", async () => {
    const b = await whenWarm(app, "127.0.43.1");
    // A busy machine can pass the deadline: then the ranking names it, and the answer still comes.
    expect(b._meta.ranking).toMatch(/^model: embedded fastText( \+ encoder| \(encoder: (timeout|busy)\))$/);
    const q = "how do I balance old motorcycle carburetors";
    // On a loaded machine the first embedding may pass its deadline; its vector still reaches the cache.
    let first: AskBody | undefined;
    for (let i = 0; i < 20 && first?._meta.ranking !== "model: embedded fastText + encoder"; i++) {
      first = await ask(app, q, "127.0.43.2");
      expect(first.results[0].url).toBe(`${app.server.base}/garage/cb400f-carb-sync`);
      if (first._meta.ranking !== "model: embedded fastText + encoder") await new Promise((r) => setTimeout(r, 200));
    }
    expect(first!._meta.ranking).toBe("model: embedded fastText + encoder");
    // Asked again, the question's vector comes from the cache: never past the deadline.
    for (let i = 0; i < 3; i++) expect((await ask(app, q, "127.0.43.2"))._meta.ranking).toBe("model: embedded fastText + encoder");
  });

  it("keeps follow-ups and misspelt questions working", async () => {
    const typo = await ask(app, "how do I balance old motorcycle carburretors", "127.0.43.3");
    expect(typo.results.slice(0, 3).map((r) => r.url)).toContain(`${app.server.base}/garage/cb400f-carb-sync`);
    const follow = await ask(app, "what tools do I need for it", "127.0.43.4", "how do I balance old motorcycle carburetors");
    expect(follow.results.length).toBeGreaterThan(0);
    expect(follow._meta.ranking).toMatch(/^model: embedded fastText/);
  });
});

describe("/ask with ASK_ENCODER=off", () => {
  const app = appUnderTest({ ASK_ENCODER: "off" });
  it("ranks with the classifier and BM25 and says the encoder is off", async () => {
    const b = await ask(app, "how do I balance old motorcycle carburetors", "127.0.43.5");
    expect(b._meta.ranking).toBe("model: embedded fastText (encoder: off)");
    expect(b.results[0].url).toBe(`${app.server.base}/garage/cb400f-carb-sync`);
  });
});

describe("/ask with an owner's endpoint that did not make the build's vectors", () => {
  let server: http.Server;
  const env: Record<string, string> = { ...ENCODER_ON, ASK_EMBED_MODEL: "owner-model" };
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      req.resume();
      req.on("end", () =>
        res
          .writeHead(200, { "content-type": "application/json" })
          .end(JSON.stringify({ data: [{ index: 0, embedding: new Array(512).fill(0.1) }] })),
      );
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    env.ASK_EMBED_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(() => server.close());
  const app = appUnderTest(env);

  it("never mixes the two spaces: says so at start and ranks without the encoder", async () => {
    await expect.poll(() => app.server.output(), { timeout: 60_000 }).toMatch(/never mixed/);
    const b = await ask(app, "how do I balance old motorcycle carburetors", "127.0.43.6");
    expect(b._meta.ranking).toBe("model: embedded fastText (encoder: other encoder)");
  });
});
