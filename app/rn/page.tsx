import type { Metadata } from "next";
import { pageMetadata } from "@/lib/site/metadata";
import { pageMeta } from "@/lib/site/pages";
import { nowPlayingView } from "@/lib/music/view";

export const metadata: Metadata = pageMetadata(pageMeta("/rn"));

// The playlist lives in the store and changes without a build.
export const dynamic = "force-dynamic";

export default async function NowPlayingPage() {
  const view = await nowPlayingView();
  return (
    <>
      <h1>Now playing</h1>
      <p className="lede">
        The tracks of my current playlist. Each link opens the track in whichever music service you use. Also as{" "}
        <a href="/rn/tracks">JSON</a>.
      </p>
      {view.state === "not-connected" ? (
        <section aria-labelledby="connect">
          <h2 id="connect">Nothing is connected yet</h2>
          <p>This deployment has no playlist to show. It needs {view.missing.join(" and ")}.</p>
          <p>If this is your site, connecting takes three steps:</p>
          <ol>
            <li>
              Set <code>REDIS_URL</code> (or the Upstash variables) so the playlist and the cached tracks have somewhere to live.
            </li>
            <li>
              Create an app in the Spotify developer dashboard, set <code>SPOTIFY_CLIENT_ID</code> and <code>SPOTIFY_CLIENT_SECRET</code>,
              then run <code>npm run rn:connect</code> once and store the refresh token it prints as <code>SPOTIFY_REFRESH_TOKEN</code>.
            </li>
            <li>
              Run <code>npm run rn:playlist &lt;playlist URL&gt;</code> with a playlist your account owns.
            </li>
          </ol>
        </section>
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
                  · {t.artists.join(", ")} · {t.duration}
                </span>
              </li>
            ))}
          </ol>
        </section>
      )}
    </>
  );
}
