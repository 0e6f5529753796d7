import { describe, expect, it } from "vitest";
import { filmName, galleryLookup } from "./embed";
import type { PhotoEntry } from "./types";

const entry = {
  stem: "pier",
  title: "Pier 44",
  alt: "Ice on the pilings.",
  full: "/g/pier-full.jpg",
  thumb: { jpg: "/g/pier-jpg.jpg", small: "/g/pier-small.jpg", xs: "/g/pier-xs.jpg", avif: "/g/pier.avif", avifSmall: "/g/pier-s.avif" },
  sizes: {
    jpg: { width: 1200, height: 800 },
    small: { width: 640, height: 427 },
    xs: { width: 240, height: 160 },
    avif: { width: 1200, height: 800 },
    avifSmall: { width: 640, height: 427 },
  },
  metadata: { film: "REALA ACE" },
} as unknown as PhotoEntry;

describe("the gallery as content shows it", () => {
  it("gives a photo's page, title, caption, size, files and film, and nothing for a name it does not have", () => {
    const find = galleryLookup([entry]);
    expect(find("pier")).toEqual({
      href: "/photos/pier",
      title: "Pier 44",
      caption: "Ice on the pilings.",
      note: "Reala Ace",
      width: 1200,
      height: 800,
      src: "/g/pier-jpg.jpg",
      srcset: "/g/pier-xs.jpg 240w, /g/pier-small.jpg 640w, /g/pier-jpg.jpg 1200w",
      avifSrcset: "/g/pier-s.avif 640w, /g/pier.avif 1200w",
    });
    expect(find("gone")).toBeUndefined();
  });

  it("names a film simulation as a sentence does", () => {
    expect(filmName("REALA ACE")).toBe("Reala Ace");
    expect(filmName("Velvia/Vivid")).toBe("Velvia");
    expect(filmName("Classic Neg.")).toBe("Classic Neg.");
    expect(filmName("Acros+R")).toBe("Acros+R");
  });
});
