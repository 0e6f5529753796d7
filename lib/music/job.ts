import type { Job } from "@/lib/jobs/types";
import { resolveNewLinks } from "./links";
import { musicConfigured } from "./spotify";
import { PLAYLIST_KEY, refreshSnapshot, SNAPSHOT_KEY } from "./tracks";

/** Hourly: re-read the playlist (so visitors never wait for the music service) and resolve new tracks' universal links. */
export const tracksRefresh: Job = {
  name: "tracks",
  description: "Re-read the owner's playlist and resolve universal links of new tracks",
  schedule: "5 * * * *",
  // Vercel's Hobby plan runs crons at most daily; the request path refreshes a stale copy itself.
  platformSchedule: "5 5 * * *",
  reachesPublicSites: true,
  feature: "nowPlaying",
  leaseSeconds: 120,
  async run({ store }) {
    if (!musicConfigured()) return { summary: { skipped: "the music service is not connected" } };
    const playlistId = await store.getJson<string>(PLAYLIST_KEY);
    if (!playlistId) return { summary: { skipped: "no playlist is set" } };
    const snapshot = await refreshSnapshot(store, playlistId);
    const links = await resolveNewLinks(store, snapshot.tracks);
    // Visitors read links from the copy, not per track from the store.
    if (links.resolved) await store.setJson(SNAPSHOT_KEY, { ...snapshot, links: Object.fromEntries(links.links) });
    return {
      summary: {
        tracks: snapshot.tracks.length,
        linksResolved: links.resolved,
        linksPending: links.pending,
        linksStoppedBy: links.stoppedBy,
      },
    };
  },
};
