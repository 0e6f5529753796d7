import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { directoryResponseHeaders, jwkToKeyID, signatureHeaders } from "web-bot-auth";
import { signerFromJWK } from "web-bot-auth/crypto";
import { env } from "@/lib/env";
import { processSingleton } from "@/lib/process-singleton";

/**
 * Lens's verifiable identity (Web Bot Auth: draft-meunier-web-bot-auth-architecture, HTTP
 * Message Signatures RFC 9421 with Ed25519). Every lens request carries
 * `Signature-Agent: "<site>/.well-known/http-message-signatures-directory"` and a
 * signature over `@authority` and `signature-agent`, so a site can check that a request
 * claiming to be SiteLens came from this deployment: fetch the directory, find the key
 * whose JWK thumbprint is the `keyid`, verify (README: "Verifying lens's requests").
 *
 * The key: LENS_SIGNING_KEY (an Ed25519 private JWK, `npm run lens:key` prints one), else
 * one generated on first run and kept in LENS_KEY_FILE (default .data/lens-signing-key.json)
 * so restarts keep the identity. On Vercel, whose file system does not persist, only the
 * environment key is used; without one, requests go unsigned and the directory says so.
 */
export const DIRECTORY_PATH = "/.well-known/http-message-signatures-directory";
export const DIRECTORY_MEDIA = "application/http-message-signatures-directory+json";
/** How long a signature stays valid: long enough for the 8-second observation and clock skew. */
const SIGNATURE_SECONDS = 60;

export type PrivateJwk = JsonWebKey & { kty: "OKP"; crv: "Ed25519"; d: string; x: string };
export interface LensKey {
  privateJwk: PrivateJwk;
  publicJwk: { kty: "OKP"; crv: "Ed25519"; x: string; kid: string };
  source: "environment" | "file";
}

export class NoSigningKey extends Error {
  constructor() {
    super("No signing key is configured for lens on this site, so its requests are not signed.");
    this.name = "NoSigningKey";
  }
}

function isPrivateJwk(v: unknown): v is PrivateJwk {
  const k = v as Record<string, unknown>;
  return Boolean(k) && k.kty === "OKP" && k.crv === "Ed25519" && typeof k.d === "string" && typeof k.x === "string";
}

export async function generatePrivateJwk(): Promise<PrivateJwk> {
  const pair = (await crypto.subtle.generateKey({ name: "Ed25519" }, true, ["sign", "verify"])) as CryptoKeyPair;
  const jwk = await crypto.subtle.exportKey("jwk", pair.privateKey);
  return { kty: "OKP", crv: "Ed25519", d: jwk.d!, x: jwk.x! };
}

async function withKid(privateJwk: PrivateJwk, source: LensKey["source"]): Promise<LensKey> {
  const kid = await jwkToKeyID(
    { kty: "OKP", crv: "Ed25519", x: privateJwk.x },
    async (b) => crypto.subtle.digest("SHA-256", b),
    (u) => Buffer.from(u).toString("base64url"),
  );
  return { privateJwk, publicJwk: { kty: "OKP", crv: "Ed25519", x: privateJwk.x, kid }, source };
}

async function loadKey(): Promise<LensKey | null> {
  const e = env();
  if (e.LENS_SIGNING_KEY) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(e.LENS_SIGNING_KEY);
    } catch {
      throw new Error("LENS_SIGNING_KEY is not JSON: it must be an Ed25519 private JWK ({kty:OKP, crv:Ed25519, d, x}).");
    }
    if (!isPrivateJwk(parsed)) throw new Error("LENS_SIGNING_KEY must be an Ed25519 private JWK ({kty:OKP, crv:Ed25519, d, x}).");
    return withKid(parsed, "environment");
  }
  if (e.VERCEL) return null;
  const file = path.resolve(e.LENS_KEY_FILE);
  try {
    const stored = JSON.parse(readFileSync(file, "utf8")) as unknown;
    if (isPrivateJwk(stored)) return withKid(stored, "file");
  } catch {
    // Absent or unreadable: make one below.
  }
  const fresh = await generatePrivateJwk();
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    // "wx": of two processes starting together, the first key written wins and both use it.
    writeFileSync(file, `${JSON.stringify(fresh)}\n`, { mode: 0o600, flag: "wx" });
    console.log(`[lens] generated a Web Bot Auth signing key in ${file}`);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
    const stored = JSON.parse(readFileSync(file, "utf8")) as unknown;
    if (!isPrivateJwk(stored)) throw new Error(`${file} holds no Ed25519 private JWK: delete it to generate a new key.`);
    return withKid(stored, "file");
  }
  return withKid(fresh, "file");
}

/** The deployment's key (loaded once per process), or null when requests go unsigned. */
export function lensKey(): Promise<LensKey | null> {
  const slot = processSingleton<{ key?: Promise<LensKey | null> }>("lens-key", () => ({}));
  slot.key ??= loadKey();
  return slot.key;
}

/** Headers that sign one request to `url` as this deployment's lens (none when no key is configured). */
export async function signRequest(url: URL, base: string): Promise<Record<string, string>> {
  const key = await lensKey();
  if (!key) return {};
  const agent = `"${base}${DIRECTORY_PATH}"`;
  const now = new Date();
  const headers = await signatureHeaders(
    { method: "GET", url: url.href, headers: { "signature-agent": agent } },
    await signerFromJWK(key.privateJwk),
    { created: now, expires: new Date(now.getTime() + SIGNATURE_SECONDS * 1000) },
  );
  return { "signature-agent": agent, signature: headers.Signature, "signature-input": headers["Signature-Input"] };
}

/** The key directory and the headers that sign the directory response itself (tag http-message-signatures-directory). */
export async function keyDirectory(
  base: string,
): Promise<{ body: { keys: LensKey["publicJwk"][]; purpose: string }; headers: Record<string, string> }> {
  const key = await lensKey();
  if (!key) throw new NoSigningKey();
  const now = new Date();
  const signed = await directoryResponseHeaders(
    { request: { method: "GET", url: `${base}${DIRECTORY_PATH}`, headers: {} }, response: { status: 200, headers: {} } },
    [await signerFromJWK(key.privateJwk)],
    { created: now, expires: new Date(now.getTime() + 86_400_000) },
  );
  return {
    body: { keys: [key.publicJwk], purpose: "Identifies SiteLens, this site's crawler (/lens/fetch), by Web Bot Auth." },
    headers: { signature: signed.Signature, "signature-input": signed["Signature-Input"] },
  };
}
