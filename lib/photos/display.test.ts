import { describe, expect, it } from "vitest";
import { evText, exposureRows, recipeRows, photoDay, photoNeighbours, photoTitle, srcSet } from "./display";
import type { PhotoEntry } from "./types";
import type { PhotoMetadata } from "./schema";

describe("photo display helpers", () => {
  it("titles a photo by its sidecar's title, else its caption's first clause, else its file name", () => {
    expect(photoTitle({ stem: "demo-02-picos-de-europa", title: "Picos de Europa", alt: "A trail worn into a high meadow." })).toBe(
      "Picos de Europa",
    );
    expect(photoTitle({ stem: "demo-01-harbour-dusk", alt: "Demo image: a harbour at dusk, cranes against an orange sky." })).toBe(
      "A harbour at dusk",
    );
    expect(photoTitle({ stem: "demo-01-harbour-dusk", alt: null })).toBe("Harbour dusk");
    expect(photoTitle({ stem: "DSCF0042", alt: "" })).toBe("DSCF0042");
    expect(photoTitle({ stem: "2025-05-04-red-hook-pier", alt: null })).toBe("Red hook pier");
    expect(photoTitle({ stem: "20250504_red-hook-pier", alt: null })).toBe("Red hook pier");
  });

  it("shows each value once: ISO and exposure compensation stay on the recipe card when it has them", () => {
    const m = {
      camera: "X100VI",
      iso: 400,
      ev: 0.33,
      recipe: { ISO: "400", "Exposure Compensation": "+0.33" },
    } as unknown as PhotoMetadata;
    expect(exposureRows(m).map(([k]) => k)).toEqual(["Camera"]);
    expect(exposureRows({ ...m, recipe: null } as unknown as PhotoMetadata).map(([k]) => k)).toEqual([
      "Camera",
      "ISO",
      "Exposure compensation",
    ]);
  });

  it("reads the EXIF date as a day a visitor reads, and finds the neighbours in gallery order", () => {
    expect(photoDay({ date: "2024:03:16 14:05:00" } as unknown as PhotoMetadata)).toEqual({ iso: "2024-03-16", text: "16 March 2024" });
    const list = [{ stem: "a" }, { stem: "b" }, { stem: "c" }];
    expect(photoNeighbours(list, "a")).toEqual({ prev: undefined, next: { stem: "b" } });
    expect(photoNeighbours(list, "b")).toEqual({ prev: { stem: "a" }, next: { stem: "c" } });
    expect(photoNeighbours(list, "c")).toEqual({ prev: { stem: "b" }, next: undefined });
  });

  it("writes exposure compensation in thirds, in the exposure rows and on the recipe card alike", () => {
    const ev = (v: number) =>
      Object.fromEntries(exposureRows({ ev: v, recipe: null } as unknown as PhotoMetadata))["Exposure compensation"];
    expect([ev(1), ev(-0.67), ev(0.33), ev(0)]).toEqual(["+1", "−⅔", "+⅓", "0"]);
    const card = Object.fromEntries(
      recipeRows({ recipe: { "Exposure Compensation": "-0.67", "Film Simulation": "Classic Chrome" } } as unknown as PhotoMetadata),
    );
    expect(card).toEqual({ "Exposure Compensation": "−⅔", "Film Simulation": "Classic Chrome" });
  });

  it("lists each width of a srcset once, however small the photo", () => {
    const photo = (w: number[]) =>
      ({
        thumb: { xs: "/x.jpg", small: "/s.jpg", jpg: "/j.jpg" },
        sizes: { xs: { width: w[0], height: 1 }, small: { width: w[1], height: 1 }, jpg: { width: w[2], height: 1 } },
      }) as unknown as PhotoEntry;
    expect(srcSet(photo([320, 640, 1600]), ["xs", "small", "jpg"])).toBe("/x.jpg 320w, /s.jpg 640w, /j.jpg 1600w");
    expect(srcSet(photo([480, 480, 480]), ["xs", "small", "jpg"])).toBe("/j.jpg 480w");
    expect(srcSet(photo([320, 500, 500]), ["xs", "small", "jpg"])).toBe("/x.jpg 320w, /j.jpg 500w");
  });
});

describe("evText", () => {
  it("writes exposure compensation as a photographer does, with a true minus sign", () => {
    expect([0, 1, -1, 0.33, -0.67, -1.67, 0.5, 2, -0.3].map(evText)).toEqual(["0", "+1", "−1", "+⅓", "−⅔", "−1⅔", "+½", "+2", "−0.3"]);
  });
});
