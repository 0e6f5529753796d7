import { nowPlayingView } from "./view";

export async function nowPlayingMarkdown(base: string): Promise<string> {
  const v = await nowPlayingView();
  const head = `# Now playing\n\nWhat the owner is listening to: the tracks of their current playlist. JSON: ${base}/rn/tracks.\n`;
  if (v.state === "not-connected") return `${head}\nNo playlist to show yet.\n`;
  if (v.state === "error") return `${head}\nThe playlist could not be read right now: ${v.message}\n`;
  const t = v.tracks;
  const cell = (s: string) => s.replace(/\|/g, "\\|");
  const rows = t.tracks.map(
    (x) => `| [${cell(x.title)}](${x.link})${x.explicit ? " (explicit)" : ""} | ${cell(x.artists.join(", "))} | ${x.duration} |`,
  );
  return `${head}\n[${t.playlist.name}](${t.playlist.url}), read ${t.fetchedAt}${t.stale ? " (an older copy: the music service could not be read)" : ""}.\n\n| Track | Artists | Length |\n|---|---|---|\n${rows.join("\n")}\n`;
}
