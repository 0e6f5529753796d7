import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PhotoPicture } from "@/components/photo-picture";
import { PhotoStrip } from "@/components/photo-strip";
import type { PhotoEntry } from "./types";

/** An entry as the build writes it for a photo with no caption file. */
function uncaptioned(stem: string): PhotoEntry {
  const size = { width: 1200, height: 800 };
  return {
    stem,
    alt: null,
    thumb: { xs: `/g/${stem}-xs.jpg`, small: `/g/${stem}-s.jpg`, jpg: `/g/${stem}.jpg` },
    sizes: { xs: size, small: size, jpg: size },
  } as unknown as PhotoEntry;
}
const altOf = (html: string) => [...html.matchAll(/<img[^>]* alt="([^"]*)"/g)].map((m) => m[1]);

describe("a photo without a caption", () => {
  it("is named by its title where the image is a link's only content (the home page's strip)", () => {
    const html = renderToStaticMarkup(createElement(PhotoStrip, { photos: [uncaptioned("2025-05-04-red-hook-pier")] }));
    expect(altOf(html)).toEqual(["Red hook pier"]);
  });

  it("takes the alt it is given, and is decorative by default beside text that names it (a gallery card)", () => {
    const photo = uncaptioned("pier");
    expect(altOf(renderToStaticMarkup(createElement(PhotoPicture, { photo, sizes: "100vw", alt: "Pier" })))).toEqual(["Pier"]);
    expect(altOf(renderToStaticMarkup(createElement(PhotoPicture, { photo, sizes: "100vw" })))).toEqual([""]);
  });
});
