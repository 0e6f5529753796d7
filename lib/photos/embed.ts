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
    ...(film ? { note: filmName(film) } : {}),
    width: p.sizes.jpg.width,
    height: p.sizes.jpg.height,
    src: p.thumb.jpg ?? p.full,
    srcset: srcSet(p, ["xs", "small", "jpg"]),
    ...(avifSrcset ? { avifSrcset } : {}),
  };
}

/** A film simulation as a sentence names it: the camera's first name for it, not shouted ("REALA ACE" → "Reala Ace", "Velvia/Vivid" → "Velvia"). */
export function filmName(label: string): string {
  const name = label.split("/")[0].trim();
  return name === name.toUpperCase() ? name.toLowerCase().replace(/(^|\s)\p{L}/gu, (c) => c.toUpperCase()) : name;
}
