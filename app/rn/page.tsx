import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { isSitePage } from "@/lib/site/paths";
import { pageMetadata } from "@/lib/site/metadata";
import { pageMeta } from "@/lib/site/pages";
import { nowPlayingView } from "@/lib/music/view";

export const metadata: Metadata = pageMetadata(pageMeta("/rn"));

// The playlist lives in the store and changes without a build.
export const dynamic = "force-dynamic";

export default async function NowPlayingPage() {
  // Its feature is off (lib/features): server.mjs and proxy.ts answer the 404 first; this covers `next dev`.
  if (!isSitePage("/rn")) notFound();
  const view = await nowPlayingView();
  return (
    <>
      <h1>Now playing</h1>
      <p className="lede">
        The tracks of my current playlist. Each link opens the track in whichever music service you use. Also as{" "}
        <a href="/rn/tracks">JSON</a>.
      </p>
      {view.state === "not-connected" ? (
        <p role="status">No playlist to show yet.</p>
      ) : view.state === "error" ? (
        <p role="status">The playlist could not be read right now: {view.message}</p>
      ) : (
        <section aria-labelledby="playlist">
          <h2 id="playlist">
            <a href={view.tracks.playlist.url} rel="external noopener">
              {view.tracks.playlist.name}
            </a>
          </h2>
          {view.tracks.stale ? <p role="status">An older copy: the music service could not be read just now.</p> : null}
          <ol className="doc-list tracks">
            {view.tracks.tracks.map((t) => (
              <li key={t.id}>
                <a href={t.link} className="doc-link" rel="external noopener">
                  {t.title}
                </a>{" "}
                {t.explicit ? (
                  <abbr title="explicit" className="explicit">
                    E
                  </abbr>
                ) : null}
                <span className="meta-line">
                  {" "}
                  ·&nbsp;{t.artists.join(", ")} ·&nbsp;{t.duration}
                </span>
              </li>
            ))}
          </ol>
        </section>
      )}
    </>
  );
}
