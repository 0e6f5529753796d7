import { getPhotos } from "./manifest";
import { exposureRows } from "./display";
import type { PhotoEntry } from "./types";

/** Markdown twins of the gallery and of each photo page. */
export function photosMarkdown(page: string, base: string): string | undefined {
  const { manifest, byStem } = getPhotos();
  if (page === "/photos") {
    const lines = ["# Photos", "", "> Straight-out-of-camera JPEGs with the film-simulation recipe each was shot with.", ""];
    for (const p of manifest.photos) lines.push(`- [${p.metadata.film ?? p.stem}](${base}/photos/${p.stem}.md)${p.alt ? `: ${p.alt}` : ""}`);
    return `${lines.join("\n")}\n`;
  }
  const photo = byStem.get(page.slice("/photos/".length));
  return photo ? photoMarkdown(photo, base) : undefined;
}

/** The twin of one photo page (also what the build indexes for search and /ask). */
export function photoMarkdown(photo: PhotoEntry, base: string): string {
  const m = photo.metadata;
  const lines = [`# ${m.film ?? "Photo"}`, "", ...(photo.alt ? [`> ${photo.alt}`, ""] : []), `![${photo.alt ?? ""}](${base}${photo.thumb.jpg ?? photo.full})`, "", `Full resolution: ${base}${photo.full}`, ""];
  if (m.recipe) {
    lines.push("## Recipe", "", "| Setting | Value |", "|---|---|");
    for (const [k, v] of Object.entries(m.recipe)) lines.push(`| ${k} | ${String(v)} |`);
    lines.push("");
  }
  lines.push("## Exposure", "", "| | |", "|---|---|", ...exposureRows(m).map(([k, v]) => `| ${k} | ${v} |`), "");
  return lines.join("\n");
}
