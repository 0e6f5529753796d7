import { getStore } from "@/lib/store";
import { ApiError } from "@/lib/core/errors";
import { readNowPlaying } from "./endpoint";
import { musicConfigured } from "./spotify";
import type { Tracks } from "./tracks";

/** What the /rn page and its twin show: the same answer /rn/tracks gives, or why there is none. */
export type NowPlayingView =
  { state: "ready"; tracks: Tracks } | { state: "not-connected"; missing: string[] } | { state: "error"; message: string };

export async function nowPlayingView(): Promise<NowPlayingView> {
  const missing = [
    ...(getStore().kind === "memory" ? ["a shared store (REDIS_URL or Upstash)"] : []),
    ...(musicConfigured() ? [] : ["the music service credentials (SPOTIFY_CLIENT_ID, SPOTIFY_CLIENT_SECRET, SPOTIFY_REFRESH_TOKEN)"]),
  ];
  if (missing.length) return { state: "not-connected", missing };
  try {
    return { state: "ready", tracks: await readNowPlaying() };
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    if (e.code === "no_playlist") return { state: "not-connected", missing: ["a playlist (npm run rn:playlist <id or URL>)"] };
    return { state: "error", message: e.message };
  }
}
