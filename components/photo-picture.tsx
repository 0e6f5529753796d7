import type { PhotoEntry } from "@/lib/photos/types";
import { srcSet } from "@/lib/photos/display";

/**
 * A responsive photo: AVIF where the browser takes it, JPEG otherwise, lazily loaded, in a
 * box with the photo's own aspect ratio (or a fixed `box` ratio, the photo cropped to fill it)
 * so nothing shifts while it loads. `priority` marks the page's largest image (its LCP
 * element) for an early, high-priority fetch.
 */
export function PhotoPicture({
  photo,
  sizes,
  priority = false,
  box,
  alt = photo.alt ?? "",
}: {
  photo: PhotoEntry;
  sizes: string;
  priority?: boolean;
  box?: string;
  /** The image's text alternative: its caption by default, empty (decorative) without one, for a card whose own text names the photo. */
  alt?: string;
}) {
  const s = photo.sizes;
  const jpgSet = srcSet(photo, ["xs", "small", "jpg"]);
  const avifSet = srcSet(photo, ["avifSmall", "avif"]);
  return (
    <picture className="photo-box" style={{ aspectRatio: box ?? `${s.jpg.width} / ${s.jpg.height}` }}>
      {avifSet ? <source type="image/avif" srcSet={avifSet} sizes={sizes} /> : null}
      <img
        src={photo.thumb.small ?? photo.thumb.jpg ?? undefined}
        srcSet={jpgSet}
        sizes={sizes}
        width={s.jpg.width}
        height={s.jpg.height}
        alt={alt}
        loading={priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : undefined}
        decoding="async"
      />
    </picture>
  );
}
