import { getStore } from "@/lib/store";
import { ApiError } from "@/lib/core/errors";
import { readNowPlaying } from "./endpoint";
import { musicConfigured } from "./spotify";
import type { Tracks } from "./tracks";

/** What the /rn page and its twin show: the same answer /rn/tracks gives, or why there is none. */
export type NowPlayingView = { state: "ready"; tracks: Tracks } | { state: "not-connected" } | { state: "error"; message: string };

export async function nowPlayingView(): Promise<NowPlayingView> {
  // What is missing is the owner's business (npm run doctor), not the visitor's.
  if (getStore().kind === "memory" || !musicConfigured()) return { state: "not-connected" };
  try {
    return { state: "ready", tracks: await readNowPlaying() };
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    if (e.code === "no_playlist") return { state: "not-connected" };
    return { state: "error", message: e.message };
  }
}
