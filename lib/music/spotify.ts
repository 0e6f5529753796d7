import { env } from "@/lib/env";
import { processSingleton, sharedErrorClass } from "@/lib/process-singleton";

/**
 * The owner's playlist on Spotify (docs/owner-guide.md, now playing): a refresh token the owner granted
 * once (`npm run rn:connect`) buys short-lived access tokens; playlist items come from
 * `/v1/playlists/{id}/items` (entries under `.item`), which answers only for playlists the
 * connected account owns or collaborates on. Every failure is a MusicUnavailable with a
 * sentence a visitor can read; nothing here invents a track.
 */
export class MusicUnavailable extends sharedErrorClass("MusicUnavailable") {}

export interface RawTrack {
  id: string;
  title: string;
  artists: string[];
  album: string | null;
  durationMs: number;
  explicit: boolean;
  previewUrl: string | null;
  spotifyUrl: string;
}

export interface RawPlaylist {
  id: string;
  name: string;
  url: string;
  tracks: RawTrack[];
}

const TIMEOUT_MS = 8_000;
/** Pages of 50 items are read up to this many tracks; a longer playlist is cut there. */
export const MAX_TRACKS = 500;

export function musicConfigured(): boolean {
  const e = env();
  return Boolean(e.SPOTIFY_CLIENT_ID && e.SPOTIFY_CLIENT_SECRET && e.SPOTIFY_REFRESH_TOKEN);
}

interface CachedToken {
  token: string;
  expiresAt: number;
}
const tokenCache = () => processSingleton<{ current: CachedToken | null }>("spotify-token", () => ({ current: null }));

async function accessToken(force = false): Promise<string> {
  const cache = tokenCache();
  if (!force && cache.current && cache.current.expiresAt > Date.now() + 30_000) return cache.current.token;
  const e = env();
  if (!musicConfigured()) throw new MusicUnavailable("The music service is not connected on this site.");
  const res = await request(`${e.SPOTIFY_ACCOUNTS_URL.replace(/\/+$/, "")}/api/token`, {
    method: "POST",
    headers: {
      authorization: `Basic ${Buffer.from(`${e.SPOTIFY_CLIENT_ID}:${e.SPOTIFY_CLIENT_SECRET}`).toString("base64")}`,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: e.SPOTIFY_REFRESH_TOKEN! }).toString(),
  });
  const body = (await res.json().catch(() => ({}))) as { access_token?: string; expires_in?: number; error?: string };
  if (!res.ok || !body.access_token) {
    const why =
      body.error === "invalid_grant"
        ? "the stored refresh token was revoked or has expired (run `npm run rn:connect` again)"
        : body.error === "invalid_client"
          ? "the client id or secret is wrong"
          : `the token service answered ${res.status}`;
    throw new MusicUnavailable(`The music service refused the site's credentials: ${why}.`);
  }
  cache.current = { token: body.access_token, expiresAt: Date.now() + (body.expires_in ?? 3600) * 1000 };
  return body.access_token;
}

async function request(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, redirect: "error", signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (e) {
    const timedOut = (e as Error).name === "TimeoutError";
    throw new MusicUnavailable(
      timedOut ? `The music service did not answer within ${TIMEOUT_MS / 1000} seconds.` : "The music service could not be reached.",
    );
  }
}

/** GET on the Web API with the access token; one retry with a new token on 401. */
async function api<T>(url: string): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const res = await request(url, { headers: { authorization: `Bearer ${await accessToken(attempt > 0)}` } });
    if (res.status === 401 && attempt === 0) continue;
    if (res.ok) return (await res.json()) as T;
    if (res.status === 403 || res.status === 404)
      throw new MusicUnavailable(
        "The playlist cannot be read: Spotify returns a playlist's tracks only when the connected account owns or collaborates on it, and this one is not (or no longer exists).",
      );
    if (res.status === 429)
      throw new MusicUnavailable(
        `The music service is rate-limiting the site (retry after ${res.headers.get("retry-after") ?? "a while"} s).`,
      );
    throw new MusicUnavailable(`The music service answered ${res.status}.`);
  }
}

interface ItemsPage {
  items: { item: SpotifyItem | null }[];
  next: string | null;
}
interface SpotifyItem {
  id: string | null;
  type?: string;
  name: string;
  artists?: { name: string }[];
  album?: { name?: string } | null;
  duration_ms: number;
  explicit?: boolean;
  preview_url?: string | null;
  external_urls?: { spotify?: string };
  is_local?: boolean;
}

export async function readPlaylist(id: string): Promise<RawPlaylist> {
  const base = env().SPOTIFY_API_URL.replace(/\/+$/, "");
  const meta = await api<{ name?: string; external_urls?: { spotify?: string } }>(
    `${base}/v1/playlists/${encodeURIComponent(id)}?fields=name,external_urls.spotify`,
  );
  const tracks: RawTrack[] = [];
  let next: string | null =
    `${base}/v1/playlists/${encodeURIComponent(id)}/items?limit=50&offset=0&fields=items(item(id,type,name,artists(name),album(name),duration_ms,explicit,preview_url,external_urls.spotify,is_local)),next`;
  while (next && tracks.length < MAX_TRACKS) {
    // Follow `next` only on the API's own origin: a page link cannot send the token elsewhere.
    if (new URL(next).origin !== new URL(base).origin) throw new MusicUnavailable("The music service sent a page link to another host.");
    const page: ItemsPage = await api<ItemsPage>(next);
    for (const { item } of page.items ?? []) {
      if (!item || !item.id || item.is_local || (item.type && item.type !== "track")) continue;
      tracks.push({
        id: item.id,
        title: item.name,
        artists: (item.artists ?? []).map((a) => a.name).filter(Boolean),
        album: item.album?.name ?? null,
        durationMs: item.duration_ms,
        explicit: Boolean(item.explicit),
        previewUrl: item.preview_url ?? null,
        spotifyUrl: item.external_urls?.spotify ?? `https://open.spotify.com/track/${item.id}`,
      });
    }
    next = page.next;
  }
  return {
    id,
    name: meta.name ?? "Untitled playlist",
    url: meta.external_urls?.spotify ?? `https://open.spotify.com/playlist/${id}`,
    tracks: tracks.slice(0, MAX_TRACKS),
  };
}

/** A playlist id from an id or an open.spotify.com URL (`spotify:playlist:<id>` too). */
export function playlistIdOf(input: string): string | null {
  const m = /(?:playlist[/:])?([A-Za-z0-9]{22})(?:[/?#].*)?$/.exec(input.trim());
  return m ? m[1] : null;
}
