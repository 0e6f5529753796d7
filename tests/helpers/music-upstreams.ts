import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * Spotify's accounts and Web API and Odesli's links API on one loopback server, each
 * behaving as the test says: tokens that expire or are revoked, playlists not owned, rate
 * limits, outages, paginated items with episodes and removed tracks mixed in.
 */
export interface MusicBehaviour {
  token: "ok" | "invalid_grant" | "down";
  api: "ok" | "expired-once" | "not-owned" | "rate-limited" | "down";
  odesli: "ok" | "rate-limited";
  tracks: number;
}

export interface MusicUpstreams {
  base: string;
  behaviour: MusicBehaviour;
  /** Requests seen, as "METHOD path". */
  hits: string[];
  env: Record<string, string>;
  close(): Promise<void>;
}

export const PLAYLIST_ID = "37i9dQZF1DXcBWIGoYBM5M";

export function trackItem(i: number) {
  return {
    item: {
      id: `track${String(i).padStart(17, "0")}`,
      type: "track",
      name: `Song ${i}`,
      artists: [{ name: `Artist ${i}` }, ...(i % 3 === 0 ? [{ name: "Guest" }] : [])],
      album: { name: `Album ${Math.floor(i / 10)}` },
      duration_ms: 180_000 + i * 1000,
      explicit: i % 4 === 0,
      preview_url: i === 1 ? "https://p.scdn.co/mp3-preview/abc" : null,
      external_urls: { spotify: `https://open.spotify.com/track/track${String(i).padStart(17, "0")}` },
    },
  };
}

export async function startMusicUpstreams(initial: Partial<MusicBehaviour> = {}, port = 0): Promise<MusicUpstreams> {
  const behaviour: MusicBehaviour = { token: "ok", api: "ok", odesli: "ok", tracks: 60, ...initial };
  const hits: string[] = [];
  let issued = 0;
  let expiredOnce = false;
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    let body = "";
    for await (const chunk of req) body += chunk;
    hits.push(`${req.method} ${url.pathname}`);
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { "content-type": "application/json", ...headers });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === "/api/token") {
      if (behaviour.token === "down") return json(503, { error: "server_error" });
      if (behaviour.token === "invalid_grant") return json(400, { error: "invalid_grant", error_description: "Refresh token revoked" });
      issued++;
      const form = new URLSearchParams(body);
      if (form.get("grant_type") === "authorization_code") {
        if (form.get("code") !== "good-code") return json(400, { error: "invalid_grant" });
        return json(200, { access_token: `token-${issued}`, refresh_token: "fresh-refresh-token", expires_in: 3600 });
      }
      if (form.get("grant_type") !== "refresh_token" || form.get("refresh_token") !== "refresh-token")
        return json(400, { error: "invalid_grant" });
      return json(200, { access_token: `token-${issued}`, token_type: "Bearer", expires_in: 3600 });
    }
    if (url.pathname.startsWith("/v1/")) {
      const auth = req.headers.authorization ?? "";
      if (!auth.startsWith("Bearer token-")) return json(401, { error: { status: 401, message: "No token provided" } });
      if (behaviour.api === "expired-once" && !expiredOnce) {
        expiredOnce = true;
        return json(401, { error: { status: 401, message: "The access token expired" } });
      }
      if (behaviour.api === "not-owned") return json(403, { error: { status: 403, message: "Forbidden" } });
      if (behaviour.api === "rate-limited") return json(429, { error: { status: 429 } }, { "retry-after": "30" });
      if (behaviour.api === "down") return json(502, { error: { status: 502 } });
      const m = /^\/v1\/playlists\/([^/]+)(\/items)?$/.exec(url.pathname);
      if (!m || m[1] !== PLAYLIST_ID) return json(404, { error: { status: 404, message: "Not found" } });
      if (!m[2]) return json(200, { name: "Late nights", external_urls: { spotify: `https://open.spotify.com/playlist/${PLAYLIST_ID}` } });
      const offset = Number(url.searchParams.get("offset") ?? 0);
      const limit = Number(url.searchParams.get("limit") ?? 50);
      const items: unknown[] = [];
      for (let i = offset; i < Math.min(behaviour.tracks, offset + limit); i++) items.push(trackItem(i + 1));
      // Entries a playlist really holds besides tracks: a podcast episode and a removed track.
      if (offset === 0) items.push({ item: { id: "episode1", type: "episode", name: "A podcast", duration_ms: 1 } }, { item: null });
      const nextOffset = offset + limit;
      const base = `http://${req.headers.host}`;
      return json(200, {
        items,
        next: nextOffset < behaviour.tracks ? `${base}/v1/playlists/${PLAYLIST_ID}/items?limit=${limit}&offset=${nextOffset}` : null,
      });
    }
    if (url.pathname === "/v1-alpha.1/links") {
      if (behaviour.odesli === "rate-limited") return json(429, { statusCode: 429 });
      const id = /track\/([A-Za-z0-9]+)/.exec(url.searchParams.get("url") ?? "")?.[1];
      return json(200, { pageUrl: `https://song.link/s/${id}` });
    }
    json(404, {});
  });
  await new Promise<void>((r) => server.listen(port, "127.0.0.1", r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    behaviour,
    hits,
    env: {
      SPOTIFY_CLIENT_ID: "client-id",
      SPOTIFY_CLIENT_SECRET: "client-secret",
      SPOTIFY_REFRESH_TOKEN: "refresh-token",
      SPOTIFY_API_URL: base,
      SPOTIFY_ACCOUNTS_URL: base,
      ODESLI_API_URL: base,
    },
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}
