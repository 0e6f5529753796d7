import type { GalleryPhoto } from "@/lib/content/types";
import { photoTitle, srcSet } from "./display";
import type { PhotoEntry } from "./types";

/**
 * The gallery as content shows it: each photo by its name, as the figure an essay places
 * with `![alt](/photos/<stem>)` needs it (lib/content/markdown.ts renders the figure).
 */
export function galleryLookup(photos: readonly PhotoEntry[]): (stem: string) => GalleryPhoto | undefined {
  const byStem = new Map(photos.map((p) => [p.stem, p]));
  return (stem) => {
    const p = byStem.get(stem);
    return p ? galleryPhoto(p) : undefined;
  };
}

export function galleryPhoto(p: PhotoEntry): GalleryPhoto {
  const avifSrcset = srcSet(p, ["avifSmall", "avif"]);
  const film = p.metadata.film ?? p.metadata.recipe?.["Film Simulation"];
  return {
    href: `/photos/${p.stem}`,
    title: photoTitle(p),
    caption: p.alt,
    ...(film ? { note: film } : {}),
    width: p.sizes.jpg.width,
    height: p.sizes.jpg.height,
    src: p.thumb.jpg ?? p.full,
    srcset: srcSet(p, ["xs", "small", "jpg"]),
    ...(avifSrcset ? { avifSrcset } : {}),
  };
}
