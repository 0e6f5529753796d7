import { describe, expect, it } from "vitest";
import { indexPhotos, queryPhotos, type PhotoQueryInput } from "./query";
import type { PhotoEntry } from "./types";

const photo = (stem: string, alt: string | null, m: Record<string, unknown>): PhotoEntry =>
  ({
    stem,
    alt,
    hash: "0".repeat(12),
    full: `/p/${stem}-full.jpg`,
    fullKey: `${stem}-full.jpg`,
    thumb: { avif: `/p/${stem}.avif`, jpg: `/p/${stem}.jpg`, small: `/p/${stem}-s.jpg`, xs: `/p/${stem}-xs.jpg` },
    sizes: {} as PhotoEntry["sizes"],
    bytes: 1,
    uploaded: "2026-01-01T00:00:00.000Z",
    metadata: { camera: null, lens: null, film: null, date: null, ...m },
  }) as unknown as PhotoEntry;

const archive = indexPhotos([
  photo("a", "Cranes over the harbour at dusk", {
    camera: "FUJIFILM X100VI",
    film: "Classic Chrome",
    date: "2026:01:10 17:00:00",
    recipe: { "Film Simulation": "Classic Chrome", "Grain Effect": "Weak, Small" },
  }),
  photo("b", "Snow on a Red Hook street at dusk", {
    camera: "FUJIFILM X-T50",
    lens: "XF27mmF2.8 R WR",
    film: "Acros+R",
    date: "2025-12-01".replace(/-/g, ":") + " 08:00:00",
    recipe: { "Film Simulation": "Acros+R", "Grain Effect": "Strong, Large" },
  }),
  photo("c", "A bicycle against the harbour fence at dusk", {
    camera: "FUJIFILM X-T50",
    lens: "XF35mmF1.4 R",
    film: "Reala Ace",
    date: "2025:06:15 12:00:00",
    recipe: { "Film Simulation": "Reala Ace", "Dynamic Range": "DR400" },
  }),
  photo("d", "Espresso at dusk", { camera: "FUJIFILM X100VI", film: "Classic Negative", date: "2024:03:02 09:30:00" }),
  photo("e", "Bridge lights at dusk", { camera: "FUJIFILM X100VI", film: "Eterna", date: null }),
  photo("f", null, { camera: "Canon EOS 1300D", date: "2024:08:01 10:00:00" }),
]);
const q = (input: Partial<PhotoQueryInput>) => queryPhotos(archive, { limit: 25, offset: 0, ...input });

describe("queryPhotos ranking modes", () => {
  it("filters-only without q: no score", () => {
    const r = q({ camera: "x100vi" });
    expect(r.ranking).toEqual({ mode: "filters-only", terms: [], semantic: false });
    expect(r.photos.map((p) => p.stem).sort()).toEqual(["a", "d", "e"]);
    expect(r.photos[0]).not.toHaveProperty("score");
  });

  it("no-terms when q is only stopwords", () => {
    const r = q({ q: "the of and" });
    expect(r.ranking.mode).toBe("no-terms");
    expect(r.total).toBe(6);
    expect(r.photos[0].score).toBe(0);
  });

  it("all-terms ranks by the rarer words", () => {
    const r = q({ q: "harbour bicycle" });
    expect(r.ranking).toEqual({ mode: "all-terms", terms: ["harbour", "bicycle"], semantic: false });
    expect(r.photos.map((p) => p.stem)).toEqual(["c"]);
    expect(r.photos[0].matched).toEqual(["harbour", "bicycle"]);
    expect(r.photos[0].score).toBeGreaterThan(0);
  });

  it("partial when some terms match nothing (dropped) or when no photo has every term", () => {
    const dropped = q({ q: "harbour zeppelin" });
    expect(dropped.ranking).toEqual({ mode: "partial", terms: ["harbour", "zeppelin"], semantic: false, dropped: ["zeppelin"] });
    expect(dropped.photos.map((p) => p.stem).sort()).toEqual(["a", "c"]);
    const split = q({ q: "espresso snow" });
    expect(split.ranking.mode).toBe("partial");
    expect(split.ranking).not.toHaveProperty("dropped");
    expect(split.photos.map((p) => p.stem).sort()).toEqual(["b", "d"]);
  });

  it("sets aside terms that are in most captions (common) when a telling term remains", () => {
    const r = q({ q: "dusk snow" });
    expect(r.ranking).toEqual({ mode: "partial", terms: ["dusk", "snow"], semantic: false, common: ["dusk"] });
    expect(r.photos.map((p) => p.stem)).toEqual(["b"]);
    const alone = q({ q: "dusk" });
    expect(alone.ranking.mode).toBe("all-terms");
    expect(alone.total).toBe(5);
  });

  it("no-match when nothing matches", () => {
    const r = q({ q: "zeppelin" });
    expect(r).toMatchObject({ total: 0, photos: [], ranking: { mode: "no-match", terms: ["zeppelin"], dropped: ["zeppelin"] } });
  });

  it("prefix-matches longer terms", () => {
    expect(q({ q: "bicyc" }).photos.map((p) => p.stem)).toEqual(["c"]);
    expect(q({ q: "bic" }).total).toBe(0);
  });
});

describe("queryPhotos filters", () => {
  it("are case-insensitive substrings; recipe searches the whole card", () => {
    expect(q({ lens: "xf35" }).photos.map((p) => p.stem)).toEqual(["c"]);
    expect(
      q({ film: "CLASSIC" })
        .photos.map((p) => p.stem)
        .sort(),
    ).toEqual(["a", "d"]);
    expect(q({ recipe: "strong, large" }).photos.map((p) => p.stem)).toEqual(["b"]);
    expect(q({ recipe: "dynamic range" }).photos.map((p) => p.stem)).toEqual(["c"]);
  });

  it("dates are inclusive days; photos without a date are left out of a date filter", () => {
    expect(
      q({ from: "2025-06-15", to: "2025-12-01" })
        .photos.map((p) => p.stem)
        .sort(),
    ).toEqual(["b", "c"]);
    expect(
      q({ to: "2024-12-31" })
        .photos.map((p) => p.stem)
        .sort(),
    ).toEqual(["d", "f"]);
  });

  it("pages with offset and limit and echoes the normalized query", () => {
    const r = q({ limit: 2, offset: 1 });
    expect(r.total).toBe(6);
    expect(r.photos).toHaveLength(2);
    expect(r.query).toEqual({ q: "", camera: "", lens: "", film: "", recipe: "", from: "", to: "" });
    expect(q({ offset: 10 }).photos).toEqual([]);
  });
});
