/**
 * `npm run rn:playlist <playlist id or URL>`: sets the playlist /rn/tracks shows, in the
 * configured store (REDIS_URL or Upstash), and drops the cached copy of the old one. When
 * the music service is connected it reads the playlist once, so a mistake shows now.
 * Exit codes: 0 set, 2 usage or no store, 1 set but the playlist cannot be read.
 */
import { getStore } from "@/lib/store";
import { playlistIdOf, musicConfigured, MusicUnavailable } from "@/lib/music/spotify";
import { PLAYLIST_KEY, refreshSnapshot, SNAPSHOT_KEY } from "@/lib/music/tracks";

const arg = process.argv[2];
const id = arg ? playlistIdOf(arg) : null;
if (!id) {
  console.error("Usage: npm run rn:playlist <playlist id or https://open.spotify.com/playlist/… URL>");
  process.exit(2);
}
const store = getStore();
if (store.kind === "memory") {
  console.error("No store is configured: set REDIS_URL (or the Upstash variables) to the store the site uses.");
  process.exit(2);
}
let code = 0;
try {
  await store.setJson(PLAYLIST_KEY, id);
  await store.del(SNAPSHOT_KEY);
  console.log(`Playlist set: ${id}`);
  if (musicConfigured()) {
    try {
      const s = await refreshSnapshot(store, id);
      console.log(`Read "${s.name}": ${s.tracks.length} tracks.`);
    } catch (e) {
      if (!(e instanceof MusicUnavailable)) throw e;
      console.error(`The playlist is set, but it cannot be read: ${e.message}`);
      code = 1;
    }
  } else console.log("The music service is not connected yet (npm run rn:connect); /rn/tracks will read the playlist once it is.");
} finally {
  await store.close();
}
process.exit(code);
