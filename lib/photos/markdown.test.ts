import { describe, expect, it } from "vitest";
import { photoMarkdown } from "./markdown";
import type { PhotoEntry } from "./types";

describe("a photo's Markdown twin", () => {
  it("describes the image with its caption, or, without one, with the title its page shows", () => {
    const photo = (alt: string | null) =>
      ({
        stem: "2025-05-04-red-hook-pier",
        alt,
        full: "/p/full.jpg",
        thumb: { jpg: "/p/t.jpg" },
        metadata: { date: null, recipe: null },
      }) as unknown as PhotoEntry;
    expect(photoMarkdown(photo(null), "{{base}}")).toContain("![Red hook pier]({{base}}/p/t.jpg)");
    expect(photoMarkdown(photo("Fog over the pier at dawn."), "{{base}}")).toContain("![Fog over the pier at dawn.]({{base}}/p/t.jpg)");
  });
});
