import { PhotoPicture } from "./photo-picture";
import { photoTitle } from "@/lib/photos/display";
import type { PhotoEntry } from "@/lib/photos/types";

/** Recent photos as a row of same-size boxes (cropped to fill), each linking to its photo page. */
export function PhotoStrip({ photos }: { photos: PhotoEntry[] }) {
  return (
    <ul className="photo-strip">
      {photos.map((p) => (
        <li key={p.stem}>
          <a href={`/photos/${p.stem}`} title={photoTitle(p)}>
            {/* The image is the link's only content: without a caption its title names it. */}
            <PhotoPicture photo={p} box="4 / 5" sizes={stripSizes(p)} alt={p.alt ?? photoTitle(p)} />
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * The strip's boxes are a third of a phone's width, 200 px on a wide screen, 4:5, and a photo
 * fills its box: a landscape photo is scaled to the box's height, so the file must be as wide
 * as that height times the photo's aspect ratio, not the box's width.
 */
function stripSizes(photo: PhotoEntry): string {
  const k = Math.max(1, (photo.sizes.jpg.width / photo.sizes.jpg.height) * (5 / 4));
  return `(max-width: 960px) calc(33vw * ${k.toFixed(2)}), ${Math.ceil(200 * k)}px`;
}
