import type { CSSProperties } from "react";
import { getPhotos } from "@/lib/photos/manifest";
import { galleryFilters, galleryPhotos } from "@/lib/photos/query";
import { PhotoPicture } from "@/components/photo-picture";
import { photoTitle } from "@/lib/photos/display";
import type { PhotoEntry } from "@/lib/photos/types";

/**
 * The gallery: a server-rendered grid whose filters are a plain GET form (no JavaScript needed):
 * every photo at /photos, prerendered; filtered for `/photos?camera=…` (app/photos/filtered).
 */
export function PhotosView({ params }: { params: Record<string, string | string[] | undefined> }) {
  const filters = galleryFilters((name) => params[name]);
  const { manifest, index, byStem } = getPhotos();
  const result = galleryPhotos(index, filters);
  const cameras = [...new Set(manifest.photos.map((p) => p.metadata.camera).filter((c): c is string => Boolean(c)))].sort();
  const films = [...new Set(manifest.photos.map((p) => p.metadata.film).filter((f): f is string => Boolean(f)))].sort();
  return (
    <>
      <h1>Photos</h1>
      <p className="lede">Straight-out-of-camera JPEGs with the film-simulation recipe each was shot with.</p>
      <form action="/photos" method="get" className="photo-filters" aria-label="Filter photos" autoComplete="off" data-shows-query>
        <label>
          Camera
          <select name="camera" defaultValue={filters.camera}>
            <option value="">Any</option>
            {cameras.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
        <label>
          Film simulation
          <select name="film" defaultValue={filters.film}>
            <option value="">Any</option>
            {films.map((f) => (
              <option key={f} value={f}>
                {f}
              </option>
            ))}
          </select>
        </label>
        <label>
          Recipe contains
          <input type="text" name="recipe" defaultValue={filters.recipe} maxLength={120} placeholder="e.g. DR400" />
        </label>
        <button type="submit">Filter</button>
        {filters.camera || filters.film || filters.recipe ? <a href="/photos">Clear</a> : null}
      </form>
      <p className="meta-line" aria-live="polite">
        {result.total} photo{result.total === 1 ? "" : "s"}
      </p>
      <ul className="photo-grid">
        {result.photos.map((p, i) => {
          const entry = byStem.get(p.stem)!;
          return (
            // The photo's aspect ratio sets its share of the row (see .photo-grid).
            <li key={p.stem} style={{ "--ar": entry.sizes.jpg.width / entry.sizes.jpg.height } as CSSProperties}>
              <a href={`/photos/${p.stem}`} className="photo-card">
                <PhotoPicture photo={entry} sizes={gallerySizes(entry)} priority={i === 0} />
                <span className="photo-caption">
                  {photoTitle(entry)}
                  {entry.metadata.film ? <span className="photo-caption-film"> ·&nbsp;{entry.metadata.film}</span> : null}
                </span>
              </a>
            </li>
          );
        })}
      </ul>
    </>
  );
}

/**
 * How wide a photo shows in the justified grid, for the browser's choice of file: its share
 * of a row is its aspect ratio times the row height (at most about 21rem once rows grow), and
 * on a phone at most the screen less the page margins. Saying 100vw or a fixed 480px made
 * phones and tall photos fetch the 1200 px file for a 180-360 px box.
 */
function gallerySizes(photo: PhotoEntry): string {
  const share = `${((photo.sizes.jpg.width / photo.sizes.jpg.height) * 21).toFixed(1)}rem`;
  return `(max-width: 640px) min(calc(100vw - 3rem), ${share}), ${share}`;
}
