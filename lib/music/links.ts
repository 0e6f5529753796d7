import { env } from "@/lib/env";
import type { Store } from "@/lib/store";

/**
 * Universal links (song.link pages that open the track in any service) from Odesli, which
 * allows 10 requests a minute without a key (docs/owner-guide.md, now playing). Each track is resolved
 * once and kept for good; only the refresh job resolves, never a visitor's request, and a
 * shared per-minute budget in the store keeps every instance together under the limit.
 */
export const LINKS_PER_MINUTE = 5;
const linkKey = (trackId: string) => `rn:link:${trackId}`;

export async function knownLinks(store: Store, trackIds: string[]): Promise<Map<string, string>> {
  const found = await Promise.all(trackIds.map(async (id) => [id, await store.getJson<string>(linkKey(id))] as const));
  return new Map(found.filter((f): f is readonly [string, string] => typeof f[1] === "string"));
}

/** Resolves links of tracks that have none yet, while this minute's budget lasts; stops at Odesli's first refusal. */
export async function resolveNewLinks(
  store: Store,
  tracks: { id: string; spotifyUrl: string }[],
  now: () => Date = () => new Date(),
): Promise<{ resolved: number; pending: number; stoppedBy: string | null; links: Map<string, string> }> {
  const known = await knownLinks(
    store,
    tracks.map((t) => t.id),
  );
  const todo = tracks.filter((t) => !known.has(t.id));
  let resolved = 0;
  const found = new Map(known);
  const done = (stoppedBy: string | null) => ({ resolved, pending: todo.length - resolved, stoppedBy, links: found });
  for (const t of todo) {
    const minute = Math.floor(now().getTime() / 60_000);
    const used = await store.hincrby(`rn:odesli:${minute}`, "calls", 1, 120);
    if (used > LINKS_PER_MINUTE) return done("budget");
    const url = `${env().ODESLI_API_URL.replace(/\/+$/, "")}/v1-alpha.1/links?url=${encodeURIComponent(t.spotifyUrl)}&userCountry=US`;
    let res: Response;
    try {
      res = await fetch(url, { redirect: "error", signal: AbortSignal.timeout(8_000) });
    } catch {
      return done("unreachable");
    }
    if (res.status === 429) return done("429");
    if (!res.ok) continue; // Odesli does not know this track: it keeps its Spotify link.
    const body = (await res.json().catch(() => ({}))) as { pageUrl?: unknown };
    if (typeof body.pageUrl === "string" && /^https:\/\//.test(body.pageUrl)) {
      await store.setJson(linkKey(t.id), body.pageUrl);
      found.set(t.id, body.pageUrl);
      resolved++;
    }
  }
  return done(null);
}
