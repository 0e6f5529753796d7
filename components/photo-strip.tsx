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
            <PhotoPicture photo={p} box="4 / 5" sizes="(max-width: 960px) 33vw, 200px" />
          </a>
        </li>
      ))}
    </ul>
  );
}
