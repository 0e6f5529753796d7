import { markdownLiteral } from "@/lib/core/text";
import { getPhotos } from "./manifest";
import { exposureRows, photoDay, photoNeighbours, photoTitle, recipeRows } from "./display";
import type { PhotoEntry } from "./types";
import { galleryFilters, galleryPhotos, type GalleryFilters } from "./query";

const FILTER_NAMES: Record<keyof GalleryFilters, string> = { camera: "camera", film: "film simulation", recipe: "recipe containing" };

/**
 * Markdown twins of the gallery and of each photo page. The gallery's twin shows what the
 * page shows for the same query string: the photos its filters (camera, film, recipe) keep.
 */
export function photosMarkdown(page: string, base: string, filters: GalleryFilters = galleryFilters(() => undefined)): string | undefined {
  const { manifest, index, byStem } = getPhotos();
  if (page === "/photos") {
    const lines = ["# Photos", "", "> Straight-out-of-camera JPEGs with the film-simulation recipe each was shot with.", ""];
    const result = galleryPhotos(index, filters);
    const applied = (Object.entries(filters) as [keyof GalleryFilters, string][]).filter(([, v]) => v);
    if (applied.length) {
      const said = applied.map(([k, v]) => `${FILTER_NAMES[k]} ${markdownLiteral(v)}`).join(", ");
      lines.push(`${result.total} of ${manifest.photos.length} photos, ${said}. All photos: ${base}/photos.md`, "");
    }
    for (const { stem } of result.photos) {
      const p = byStem.get(stem)!;
      lines.push(`- [${photoTitle(p)}](${base}/photos/${p.stem}.md)${p.alt ? `: ${p.alt}` : ""}`);
    }
    return `${lines.join("\n")}\n`;
  }
  const photo = byStem.get(page.slice("/photos/".length));
  return photo ? photoMarkdown(photo, base, manifest.photos) : undefined;
}

/**
 * The twin of one photo page: the same title, caption, date, recipe, exposure and neighbours as
 * the HTML. The build indexes it for search and /ask without `gallery`, so a photo's entry holds
 * only its own words, not its neighbours' titles.
 */
export function photoMarkdown(photo: PhotoEntry, base: string, gallery?: PhotoEntry[]): string {
  const m = photo.metadata;
  const day = photoDay(m);
  const lines = [`# ${photoTitle(photo)}`, ""];
  if (photo.alt) lines.push(`> ${photo.alt}`, "");
  if (day) lines.push(`Taken ${day.text}.`, "");
  lines.push(
    `![${photo.alt ?? photoTitle(photo)}](${base}${photo.thumb.jpg ?? photo.full})`,
    "",
    `Full resolution: ${base}${photo.full}`,
    "",
  );
  const recipe = recipeRows(m);
  if (recipe.length) lines.push("## Recipe", "", "| Setting | Value |", "|---|---|", ...recipe.map(([k, v]) => `| ${k} | ${v} |`), "");
  const exposure = exposureRows(m);
  if (exposure.length) lines.push("## Exposure", "", "| | |", "|---|---|", ...exposure.map(([k, v]) => `| ${k} | ${v} |`), "");
  if (gallery) {
    const { prev, next } = photoNeighbours(gallery, photo.stem);
    const link = (p: PhotoEntry) => `[${photoTitle(p)}](${base}/photos/${p.stem}.md)`;
    if (prev || next) {
      lines.push(...(prev ? [`Previous: ${link(prev)}`] : []), ...(prev && next ? [""] : []), ...(next ? [`Next: ${link(next)}`] : []), "");
    }
  }
  return lines.join("\n");
}
