import { afterAll, beforeAll, describe, expect, it } from "vitest";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Doc } from "@/lib/content/types";
import { decodeVectorFile, remoteEncoderId, VECTORS_FILE } from "./encoder";
import { encoderScores, encoderState } from "./encoder-runtime";
import { buildEncoder, UnitStore, writeAskVectors } from "@/scripts/build/ask-vectors";

/**
 * An owner's encoder (ASK_EMBED_URL): real HTTP servers on loopback speaking the OpenAI
 * embeddings API, used for the build's vectors and for questions: one that answers, one too
 * slow for the deadline, one that fails and one whose vectors have another dimension.
 */
type Behaviour = "normal" | "slow" | "failing" | "wrong-dimension";
const DIM = 6;
/** A vector that depends on the text's words, so questions land near pages that share them. */
const embedding = (text: string, dim: number) => {
  const v = new Array<number>(dim).fill(0.01);
  for (const w of text.toLowerCase().split(/\W+/).filter(Boolean)) v[[...w].reduce((h, c) => h * 31 + c.charCodeAt(0), 7) % dim] += 1;
  return v;
};

const servers: Record<Behaviour, { base: string; inputs: string[]; close: () => void }> = {} as never;
beforeAll(async () => {
  for (const behaviour of ["normal", "slow", "failing", "wrong-dimension"] as Behaviour[]) {
    const inputs: string[] = [];
    const server = http.createServer((req, res) => {
      let body = "";
      req.on("data", (c: Buffer) => (body += c));
      req.on("end", () => {
        if (req.url !== "/v1/embeddings" || req.method !== "POST") return void res.writeHead(404).end();
        const { input, model } = JSON.parse(body) as { input: string[]; model: string };
        inputs.push(...input);
        if (behaviour === "failing") return void res.writeHead(500).end("{}");
        const dim = behaviour === "wrong-dimension" ? DIM - 2 : DIM;
        const answer = JSON.stringify({
          object: "list",
          model,
          data: input.map((t, index) => ({ object: "embedding", index, embedding: embedding(t, dim) })),
        });
        setTimeout(() => res.writeHead(200, { "content-type": "application/json" }).end(answer), behaviour === "slow" ? 400 : 0);
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    servers[behaviour] = { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, inputs, close: () => server.close() };
  }
  process.env.BUILD_CACHE_DIR = mkdtempSync(path.join(tmpdir(), "ask-units-"));
});
afterAll(() => {
  for (const s of Object.values(servers)) s.close();
  delete process.env.BUILD_CACHE_DIR;
});

const doc = (url: string, title: string, questions: string[]) =>
  ({ url, title, description: `${title} explained`, questions, bank: [], aliases: [], headings: [] }) as unknown as Doc;
const docs = [
  doc("/espresso", "Espresso pressure", ["what pressure does espresso need"]),
  doc("/carbs", "Carburetor sync", ["how do I sync carburetors"]),
];
const envFor = (b: Behaviour, model = "test-embed") =>
  ({ ASK_ENCODER: "on", ASK_EMBED_URL: servers[b].base, ASK_EMBED_MODEL: model, ASK_EMBED_KEY: "k", ASK_EMBED_TIMEOUT_MS: 150 }) as const;

describe("ASK_EMBED_URL", () => {
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "ask-vectors-"));
    const store = await UnitStore.open(buildEncoder(envFor("normal"))!);
    const made = await writeAskVectors(docs, dir, store);
    expect(made).toMatchObject({ units: 6, embedded: 6, dim: DIM });
  });

  it("makes the build's vectors, recording which encoder made them", () => {
    const index = decodeVectorFile(readFileSync(path.join(dir, VECTORS_FILE)))!;
    expect(index).toMatchObject({ encoder: remoteEncoderId("test-embed"), dim: DIM, urls: ["/espresso", "/carbs"] });
    expect(encoderState(index, envFor("normal")).usable).toBe(true);
  });

  it("embeds only new texts on a rebuild (the unit cache)", async () => {
    const before = servers.normal.inputs.length;
    const store = await UnitStore.open(buildEncoder(envFor("normal"))!);
    const edited = [docs[0], doc("/carbs", "Carburetor sync", ["how do I sync carburetors", "why does my idle hunt"])];
    const made = await writeAskVectors(edited, mkdtempSync(path.join(tmpdir(), "ask-vectors-")), store);
    expect(made.embedded).toBe(1);
    expect(servers.normal.inputs.slice(before)).toEqual(["why does my idle hunt"]);
  });

  it("embeds the question and scores pages by their nearest unit", async () => {
    const got = await encoderScores("espresso pressure please", dir, envFor("normal"));
    expect(got.ok).toBe(true);
    if (!got.ok) return;
    expect(got.view.scores.get("/espresso")!).toBeGreaterThan(got.view.scores.get("/carbs")!);
  });

  it("ranks without the encoder past the deadline (a slow endpoint)", async () => {
    const started = performance.now();
    expect(await encoderScores("espresso pressure", dir, envFor("slow"))).toEqual({ ok: false, reason: "timeout" });
    expect(performance.now() - started).toBeLessThan(380);
  });

  it("ranks without the encoder when the endpoint fails", async () => {
    expect(await encoderScores("espresso pressure", dir, envFor("failing"))).toEqual({ ok: false, reason: "error" });
  });

  it("never compares vectors of another dimension", async () => {
    expect(await encoderScores("espresso pressure", dir, envFor("wrong-dimension"))).toEqual({ ok: false, reason: "wrong dimension" });
  });

  it("never mixes the build's space with another encoder's, and says so", async () => {
    const other = envFor("normal", "another-model");
    expect(await encoderScores("espresso pressure", dir, other)).toEqual({ ok: false, reason: "other encoder" });
    const index = decodeVectorFile(readFileSync(path.join(dir, VECTORS_FILE)))!;
    expect(encoderState(index, other)).toMatchObject({ usable: false, message: expect.stringMatching(/never mixed/) });
    expect(encoderState(index, { ...other, ASK_ENCODER: "off" }).message).toMatch(/off/);
  });
});
