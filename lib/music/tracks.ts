import { processSingleton } from "@/lib/process-singleton";
import type { Store } from "@/lib/store";
import type { z } from "zod";
import { knownLinks } from "./links";
import { readPlaylist, type RawPlaylist } from "./spotify";
import type { TracksSchema } from "./schemas";

export type Tracks = z.infer<typeof TracksSchema>;

/** Store keys: the playlist the owner chose (`npm run rn:playlist`) and the last good copy of it. */
export const PLAYLIST_KEY = "rn:playlist";
export const SNAPSHOT_KEY = "rn:snapshot";
export const CACHE_SECONDS = 3600;

export interface Snapshot extends RawPlaylist {
  fetchedAt: string;
  /** Universal links known when the copy was made (track id → URL); the tracks job adds new ones. */
  links: Record<string, string>;
}

/** Reads the playlist from the music service and stores it as the new last good copy. */
export async function refreshSnapshot(store: Store, playlistId: string, now: () => Date = () => new Date()): Promise<Snapshot> {
  // One refresh at a time per process: a burst of visitors after the hour shares one read.
  const inflight = processSingleton<Map<string, Promise<Snapshot>>>("rn-refresh", () => new Map());
  let p = inflight.get(playlistId);
  if (!p) {
    p = (async () => {
      const playlist = await readPlaylist(playlistId);
      const links = Object.fromEntries(
        await knownLinks(
          store,
          playlist.tracks.map((t) => t.id),
        ),
      );
      const snapshot: Snapshot = { ...playlist, fetchedAt: now().toISOString(), links };
      await store.setJson(SNAPSHOT_KEY, snapshot);
      return snapshot;
    })().finally(() => inflight.delete(playlistId));
    inflight.set(playlistId, p);
  }
  return p;
}

export function isFresh(s: Snapshot | null, playlistId: string, now: Date = new Date()): boolean {
  return Boolean(s && s.id === playlistId && now.getTime() - Date.parse(s.fetchedAt) < CACHE_SECONDS * 1000);
}

const mmss = (ms: number) => `${Math.floor(ms / 60_000)}:${String(Math.floor((ms % 60_000) / 1000)).padStart(2, "0")}`;

/** The API's view of a snapshot, with each track's universal link where one was resolved (no store reads: the copy carries them). */
export function tracksView(s: Snapshot, staleReason?: string): Tracks {
  const links = s.links ?? {};
  return {
    playlist: { id: s.id, name: s.name, url: s.url },
    fetchedAt: s.fetchedAt,
    stale: staleReason !== undefined,
    ...(staleReason !== undefined ? { staleReason } : {}),
    tracks: s.tracks.map((t) => {
      const universal = links[t.id];
      return {
        id: t.id,
        title: t.title,
        artists: t.artists,
        album: t.album,
        durationMs: t.durationMs,
        duration: mmss(t.durationMs),
        link: universal ?? t.spotifyUrl,
        linkKind: universal ? ("universal" as const) : ("spotify" as const),
        spotifyUrl: t.spotifyUrl,
        previewUrl: t.previewUrl,
        explicit: t.explicit,
      };
    }),
  };
}
