import { defineEndpoint } from "@/lib/core/endpoint";
import { ApiError } from "@/lib/core/errors";
import { getStore, type Store } from "@/lib/store";
import { processSingleton } from "@/lib/process-singleton";
import { StoreUnavailableError } from "@/lib/store/errors";
import { MusicUnavailable } from "./spotify";
import { TracksErrorSchema, TracksSchema } from "./schemas";
import { CACHE_SECONDS, isFresh, PLAYLIST_KEY, refreshSnapshot, SNAPSHOT_KEY, tracksView, type Snapshot, type Tracks } from "./tracks";

/** How long one read of the store serves a burst of requests in this process (the copy changes hourly). */
const SHARED_READ_MS = 1_000;

/** The chosen playlist and its last good copy, read together and shared by every request in the next second. */
type Copy = { playlistId: string | null; snapshot: Snapshot | null };
const copyMemo = () => processSingleton<{ at: number; read?: Promise<Copy> }>("rn-copy", () => ({ at: 0 }));

async function readCopy(store: Store): Promise<Copy> {
  const memo = copyMemo();
  if (!memo.read || Date.now() - memo.at > SHARED_READ_MS) {
    memo.at = Date.now();
    memo.read = Promise.all([store.getJson<string>(PLAYLIST_KEY), store.getJson<Snapshot>(SNAPSHOT_KEY)]).then(
      ([playlistId, snapshot]) => ({ playlistId, snapshot }),
    );
    // A failed read is not shared: the next request tries the store again.
    memo.read.catch(() => (memo.read = undefined));
  }
  return memo.read;
}

/** The 500 of a site with no store to keep a playlist in (a documented error: storage not configured). */
function notSetUp(): never {
  throw new ApiError("internal_error", "Now playing is not set up on this site, so there is no playlist to read.", {
    hint: "The tracks list of this answer is empty.",
  });
}

/**
 * What /rn/tracks answers while now playing is off: with no store, the 500 of storage not
 * configured; with a store but no music account to read a playlist with (or the feature
 * turned off), there is no playlist to read: 503 no_playlist (the documented error for a store with nothing to read).
 */
function nowPlayingOff(): never {
  if (getStore().kind === "memory") notSetUp();
  throw new ApiError("no_playlist", "No playlist can be read on this site: now playing is not on here.", {
    hint: "The tracks list of this answer is empty.",
  });
}

/** The playlist as /rn/tracks answers it (throws ApiError); the page reads it here too, outside any budget. */
export async function readNowPlaying(): Promise<Tracks> {
  const store = getStore();
  if (store.kind === "memory") notSetUp();
  try {
    const { playlistId, snapshot } = await readCopy(store);
    if (!playlistId)
      throw new ApiError("no_playlist", "No playlist is set on this site.", {
        hint: "The owner runs `npm run rn:playlist <id or URL>`.",
      });
    if (snapshot && isFresh(snapshot, playlistId)) return tracksView(snapshot);
    try {
      const fresh = await refreshSnapshot(store, playlistId);
      // The requests right behind this one read the new copy, not the stale one they shared.
      Object.assign(copyMemo(), { at: Date.now(), read: Promise.resolve({ playlistId, snapshot: fresh }) });
      return tracksView(fresh);
    } catch (e) {
      if (!(e instanceof MusicUnavailable)) throw e;
      // A failing refresh keeps serving the last good copy of the same playlist.
      if (snapshot && snapshot.id === playlistId) return tracksView(snapshot, e.message);
      throw new ApiError("upstream_failed", e.message, { hint: "Try again later." });
    }
  } catch (e) {
    if (e instanceof StoreUnavailableError)
      throw new ApiError("storage_unavailable", "The playlist could not be read from the store right now.", {
        cause: e,
        headers: { "retry-after": "60" },
      });
    throw e;
  }
}

/** GET /rn/tracks: the owner's playlist, from the store when it is under an hour old. */
export const getNowPlaying = defineEndpoint({
  name: "getNowPlaying",
  summary: "Tracks of the owner's current playlist",
  description:
    "The tracks of the owner's current playlist on the music service: title, artists, album, duration, a universal link (resolved once per track by a background job; the Spotify URL until then), preview URL (usually null) and the explicit flag. Cached for an hour; when the music service cannot be read, the last good copy is served with `stale: true`. Every error body keeps `tracks: []`.",
  tag: "music",
  policy: "read",
  output: TracksSchema,
  outputDescription: "The playlist's tracks",
  errorExtras: () => ({ tracks: [] }),
  errors: [
    {
      status: 500,
      code: "internal_error",
      description: "No store is configured on this site, so no playlist can be set",
      schema: TracksErrorSchema,
    },
    {
      status: 502,
      code: "upstream_failed",
      description: "The playlist could not be read from the music service, and no earlier copy exists",
      schema: TracksErrorSchema,
    },
    {
      status: 503,
      code: "no_playlist",
      description: "No playlist is set, or there is a store but now playing is off (no music account to read a playlist with)",
      schema: TracksErrorSchema,
    },
    { status: 503, code: "storage_unavailable", description: "The store could not be read", schema: TracksErrorSchema },
  ],
  run: () => readNowPlaying(),
  feature: { name: "nowPlaying", off: nowPlayingOff },
  http: { path: "/rn/tracks", cache: { maxAge: CACHE_SECONDS } },
});
