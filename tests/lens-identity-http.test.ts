import { createPublicKey, verify as edVerify } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verify } from "web-bot-auth";
import { verifierFromJWK } from "web-bot-auth/crypto";
import { appUnderTest } from "./helpers/app";
import { call } from "./helpers/openapi";
import { generatePrivateJwk } from "@/lib/lens/identity";

/**
 * Lens's requests are verifiable (Web Bot Auth): a loopback site records what lens sends,
 * then checks it the way a site owner would, with Cloudflare's web-bot-auth library and
 * the key directory the app publishes.
 */
let site: { base: string; hostPort: string; requests: { url: string; headers: Record<string, string> }[]; close(): Promise<void> };
const env: Record<string, string> = {};
let key: Awaited<ReturnType<typeof generatePrivateJwk>>;

beforeAll(async () => {
  key = await generatePrivateJwk();
  const requests: { url: string; headers: Record<string, string> }[] = [];
  const server = http.createServer((req, res) => {
    requests.push({
      url: `http://${req.headers.host}${req.url}`,
      headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])),
    });
    res.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><title>Hi</title><p>Hello there.</p>");
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  site = {
    base: `http://127.0.0.1:${port}`,
    hostPort: `127.0.0.1:${port}`,
    requests,
    close: () => new Promise((r) => server.close(() => r())),
  };
  Object.assign(env, { LENS_ALLOW_HOSTS: site.hostPort, LENS_SIGNING_KEY: JSON.stringify(key) });
});
afterAll(() => site?.close());
const app = appUnderTest(env);

describe("lens's Web Bot Auth identity", () => {
  it("publishes its key directory, signed, with the configured key", async () => {
    const r = await call(app.contract, app.server.base, "/.well-known/http-message-signatures-directory");
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toBe("application/http-message-signatures-directory+json");
    const dir = r.body as { keys: { x: string; kid: string }[] };
    expect(dir.keys).toHaveLength(1);
    expect(dir.keys[0].x).toBe(key.x);
    expect(r.headers.get("signature-input")).toMatch(/tag="http-message-signatures-directory"/);
    expect(r.headers.get("signature-input")).toContain(`keyid="${dir.keys[0].kid}"`);
  });

  it("signs every request it sends, and a site verifies it with the published key", async () => {
    const r = await call(app.contract, app.server.base, `/lens/fetch?phases=page&url=${encodeURIComponent(`${site.base}/hello`)}`);
    expect(r.status).toBe(200);
    const sent = site.requests.at(-1)!;
    expect(sent.headers["signature-agent"]).toBe(`"${app.server.base}/.well-known/http-message-signatures-directory"`);
    expect(sent.headers["signature-input"]).toMatch(/^sig1=\("@authority" "signature-agent"\);.*tag="web-bot-auth"/);

    // What a site owner does: fetch the directory named by Signature-Agent, verify with its key.
    const directory = (await (await fetch(JSON.parse(sent.headers["signature-agent"]) as string)).json()) as { keys: JsonWebKey[] };
    const request = new Request(sent.url, { headers: sent.headers });
    await expect(verify(request, await verifierFromJWK(directory.keys[0]))).resolves.toBeUndefined();

    // And by hand, independently of the library lens signs with: RFC 9421's signature base, node:crypto's Ed25519.
    expect(verifyByHand(sent, directory.keys[0])).toBe(true);
    expect(verifyByHand({ ...sent, headers: { ...sent.headers, host: "elsewhere.example" } }, directory.keys[0])).toBe(false);

    // The same headers replayed against another host do not verify.
    const replayed = new Request(sent.url.replace("127.0.0.1", "localhost"), { headers: { ...sent.headers, host: "elsewhere" } });
    await expect(verify(replayed, await verifierFromJWK(directory.keys[0]))).rejects.toThrow();
  });
});

/** RFC 9421 §2.5 signature base for the components lens covers, checked with node:crypto. */
function verifyByHand(sent: { headers: Record<string, string> }, jwk: JsonWebKey): boolean {
  const params = /^sig1=(.*)$/.exec(sent.headers["signature-input"])![1];
  const components = /^\(([^)]*)\)/
    .exec(params)![1]
    .split(" ")
    .map((c) => JSON.parse(c) as string);
  const value = (name: string) => (name === "@authority" ? sent.headers.host : sent.headers[name]);
  const base = [...components.map((c) => `"${c}": ${value(c)}`), `"@signature-params": ${params}`].join("\n");
  const signature = Buffer.from(/^sig1=:([^:]*):$/.exec(sent.headers.signature)![1], "base64");
  return edVerify(null, Buffer.from(base), createPublicKey({ key: jwk as import("node:crypto").JsonWebKey, format: "jwk" }), signature);
}
