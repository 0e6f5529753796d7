import { describe, expect, it } from "vitest";
import { exposureRows, photoDay, photoNeighbours, photoTitle } from "./display";
import type { PhotoMetadata } from "./schema";

describe("photo display helpers", () => {
  it("titles a photo from its caption's first clause, else from its file name", () => {
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
});
