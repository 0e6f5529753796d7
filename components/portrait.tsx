import type { PhotoEntry } from "@/lib/photos/types";
import { photoTitle } from "@/lib/photos/display";
import { PhotoPicture } from "./photo-picture";

/**
 * The owner's portrait where a page's front matter asks for it (`portrait`): the photo its
 * sidecar marks, with its caption as the text alternative, linked to its page, and its
 * full-resolution file for whoever needs to print it. Nothing at all without one. Atop a page
 * (`priority`) it is likely the largest thing on the first screen: fetched at once.
 */
export function Portrait({ photo, priority = false }: { photo: PhotoEntry; priority?: boolean }) {
  const title = photoTitle(photo);
  const full = photo.sizes.full;
  return (
    <figure className="portrait">
      <a href={`/photos/${photo.stem}`} className="portrait-link">
        <PhotoPicture photo={photo} sizes="(min-width: 40rem) 15rem, 13rem" alt={photo.alt ?? title} priority={priority} />
      </a>
      <figcaption>
        {title} · <a href={photo.full}>full size</a>{" "}
        <span className="portrait-size">
          ({full.width} × {full.height} px)
        </span>
      </figcaption>
    </figure>
  );
}
