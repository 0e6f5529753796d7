import type { PhotoEntry } from "@/lib/photos/types";

/**
 * A responsive photo: AVIF where the browser takes it, JPEG otherwise, lazily loaded, in a
 * box with the photo's own aspect ratio (or a fixed `box` ratio, the photo cropped to fill it)
 * so nothing shifts while it loads. `priority` marks the page's largest image (its LCP
 * element) for an early, high-priority fetch.
 */
export function PhotoPicture({
  photo,
  sizes,
  eager = false,
  priority = false,
  box,
}: {
  photo: PhotoEntry;
  sizes: string;
  eager?: boolean;
  priority?: boolean;
  box?: string;
}) {
  const s = photo.sizes;
  const jpgSet = [
    photo.thumb.xs && `${photo.thumb.xs} ${s.xs.width}w`,
    photo.thumb.small && `${photo.thumb.small} ${s.small.width}w`,
    photo.thumb.jpg && `${photo.thumb.jpg} ${s.jpg.width}w`,
  ]
    .filter(Boolean)
    .join(", ");
  return (
    <picture className="photo-box" style={{ aspectRatio: box ?? `${s.jpg.width} / ${s.jpg.height}` }}>
      {photo.thumb.avif ? <source type="image/avif" srcSet={`${photo.thumb.avif} ${s.avif.width}w`} sizes={sizes} /> : null}
      <img
        src={photo.thumb.small ?? photo.thumb.jpg ?? undefined}
        srcSet={jpgSet}
        sizes={sizes}
        width={s.jpg.width}
        height={s.jpg.height}
        alt={photo.alt ?? ""}
        loading={eager || priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : undefined}
        decoding="async"
      />
    </picture>
  );
}
