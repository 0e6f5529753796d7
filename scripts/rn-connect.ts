/**
 * `npm run rn:connect`: the one-time authorization that lets the site read the owner's
 * playlist. Spotify returns a playlist's items only with a token of the account that owns
 * it (docs/owner-guide.md, now playing), so the owner approves the app once in a browser; this script
 * receives the answer on a loopback address, exchanges it for a refresh token and prints
 * the line to add to the environment. Needs SPOTIFY_CLIENT_ID and SPOTIFY_CLIENT_SECRET,
 * and `http://127.0.0.1:<port>/callback` listed as a redirect URI of the app (port 8888,
 * or `--port N`).
 */
import http from "node:http";
import { randomBytes } from "node:crypto";
import { env } from "@/lib/env";

const portArg = process.argv.indexOf("--port");
const port = portArg > 0 ? Number(process.argv[portArg + 1]) : 8888;
const { SPOTIFY_CLIENT_ID: id, SPOTIFY_CLIENT_SECRET: secret, SPOTIFY_ACCOUNTS_URL } = env();
if (!id || !secret) {
  console.error("Set SPOTIFY_CLIENT_ID and SPOTIFY_CLIENT_SECRET (from the Spotify developer dashboard) first.");
  process.exit(2);
}
const accounts = SPOTIFY_ACCOUNTS_URL.replace(/\/+$/, "");
const redirectUri = `http://127.0.0.1:${port}/callback`;
const state = randomBytes(16).toString("hex");
const authorize = `${accounts}/authorize?${new URLSearchParams({ client_id: id, response_type: "code", redirect_uri: redirectUri, scope: "playlist-read-private playlist-read-collaborative", state })}`;

const server = http.createServer(async (req, res) => {
  const url = new URL(req.url ?? "/", redirectUri);
  if (url.pathname !== "/callback") return res.writeHead(404).end();
  const finish = (status: number, text: string, exit: number) => {
    res.writeHead(status, { "content-type": "text/plain; charset=utf-8" }).end(text);
    server.close();
    setTimeout(() => process.exit(exit), 50);
  };
  if (url.searchParams.get("state") !== state)
    return finish(400, "The answer does not match this request (state); run npm run rn:connect again.", 1);
  const code = url.searchParams.get("code");
  if (!code) return finish(400, `Not authorized: ${url.searchParams.get("error") ?? "no code"}.`, 1);
  const token = await fetch(`${accounts}/api/token`, {
    method: "POST",
    headers: {
      authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: redirectUri }).toString(),
    signal: AbortSignal.timeout(10_000),
  }).catch(() => null);
  const body = (await token?.json().catch(() => null)) as { refresh_token?: string; error?: string } | null;
  if (!token?.ok || !body?.refresh_token)
    return finish(502, `The token exchange failed (${body?.error ?? token?.status ?? "unreachable"}).`, 1);
  console.log(`\nConnected. Add this to the site's environment:\n\nSPOTIFY_REFRESH_TOKEN=${body.refresh_token}\n`);
  finish(200, "Connected. You can close this tab and go back to the terminal.", 0);
});
server.listen(port, "127.0.0.1", () => {
  console.log(
    `Open this address in a browser signed in to the account that owns the playlist:\n\n${authorize}\n\nWaiting for the answer on ${redirectUri} …`,
  );
});
