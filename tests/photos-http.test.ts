import { describe, expect, it } from "vitest";
import { appUnderTest } from "./helpers/app";
import { call } from "./helpers/openapi";

/** /photos/query.json and /images/manifest.json over real HTTP, against the demo photo build. */
type Query = {
  total: number;
  photos: { stem: string; score?: number; matched?: string[]; metadata: Record<string, unknown>; thumb: Record<string, string | null> }[];
  query: Record<string, string>;
  ranking: { mode: string; terms: string[]; semantic: boolean; dropped?: string[]; common?: string[] };
  offset: number;
  limit: number;
};

const app = appUnderTest();

const get = async (qs: string) => {
  const r = await call(app.contract, app.server.base, `/photos/query.json${qs}`);
  return { ...r, q: r.body as Query };
};

describe("/photos/query.json", () => {
  it("without parameters lists every photo, filters-only, with the normalized query", async () => {
    const { status, q } = await get("");
    expect(status).toBe(200);
    expect(q.total).toBe(12);
    expect(q.ranking).toEqual({ mode: "filters-only", terms: [], semantic: false });
    expect(q.query).toEqual({ q: "", camera: "", lens: "", film: "", recipe: "", from: "", to: "" });
    expect(q).toMatchObject({ offset: 0, limit: 25 });
  });

  it("ranks captions: all-terms, partial with dropped and common terms, no-terms, no-match", async () => {
    const all = (await get("?q=dandelion+meadow")).q;
    expect(all.ranking.mode).toBe("all-terms");
    expect(all.photos[0].stem).toBe("demo-09-dandelions");
    expect(all.photos[0].matched).toEqual(["dandelion", "meadow"]);
    const dropped = (await get("?q=meadow+zeppelin")).q;
    expect(dropped.ranking).toMatchObject({ mode: "partial", dropped: ["zeppelin"] });
    expect(dropped.total).toBeGreaterThan(0);
    // Every caption credits its photographer ("Photo: …"), so "photo" ranks nothing.
    const common = (await get("?q=photo+nuthatch")).q;
    expect(common.ranking).toMatchObject({ mode: "partial", common: ["photo"] });
    expect(common.photos.map((p) => p.stem)).toEqual(["demo-12-nuthatch"]);
    const none = (await get("?q=the+and")).q;
    expect(none.ranking.mode).toBe("no-terms");
    expect(none.total).toBe(12);
    const nothing = (await get("?q=zeppelin")).q;
    expect(nothing).toMatchObject({ total: 0, photos: [], ranking: { mode: "no-match", dropped: ["zeppelin"] } });
    expect(all.ranking).not.toHaveProperty("dropped");
    expect(all.ranking).not.toHaveProperty("common");
  });

  it("filters by camera, lens, film and recipe as case-insensitive substrings", async () => {
    const x100 = (await get("?camera=x100vi")).q;
    expect(x100.total).toBeGreaterThan(0);
    for (const p of x100.photos) expect(String(p.metadata.camera)).toContain("X100VI");
    const lens = (await get("?lens=XF35")).q;
    for (const p of lens.photos) expect(String(p.metadata.lens)).toMatch(/xf35/i);
    const acros = (await get("?film=ACROS")).q;
    expect(acros.photos.map((p) => p.stem)).toEqual(["demo-04-spaniels-window"]);
    const drp = (await get("?recipe=d-range+priority")).q;
    expect(drp.photos.map((p) => p.stem)).toEqual(["demo-06-wall-clock"]);
  });

  it("filters by date, inclusive", async () => {
    const all = (await get("")).q;
    const days = all.photos.map((p) => String(p.metadata.date).slice(0, 10).replace(/:/g, "-")).sort();
    const r = (await get(`?from=${days[3]}&to=${days[6]}`)).q;
    expect(r.total).toBe(days.filter((d) => d >= days[3] && d <= days[6]).length);
  });

  it.each([
    ["?limit=0", 1, 0],
    ["?limit=1000", 100, 0],
    ["?limit=abc", 25, 0],
    ["?limit=3&offset=-5", 3, 0],
    ["?offset=99999", 25, 10000],
    ["?offset=x", 25, 0],
  ])("clamps %s to limit %i offset %i", async (qs, limit, offset) => {
    const r = (await get(qs)).q;
    expect(r.limit).toBe(limit);
    expect(r.offset).toBe(offset);
    expect(r.photos.length).toBe(Math.max(0, Math.min(limit, r.total - offset)));
  });

  it.each([
    [`?q=${"a".repeat(121)}`, "q"],
    [`?camera=${"a".repeat(121)}`, "camera"],
    [`?lens=${"a".repeat(121)}`, "lens"],
    [`?film=${"a".repeat(121)}`, "film"],
    [`?recipe=${"a".repeat(121)}`, "recipe"],
    ["?from=2026-13-01", "from"],
    ["?from=yesterday", "from"],
    ["?to=2026-02-30", "to"],
    ["?to=20260101", "to"],
    ["?from=2026-05-01&to=2026-01-01", "from"],
  ])("400 for %s, naming %s", async (qs, parameter) => {
    const r = await get(qs);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ ok: false, code: "bad_request", status: 400, parameter });
  });

  it.each([
    ["?from=yesterday", "from must be a date written YYYY-MM-DD"],
    ["?to=2026-02-30", "to is not a real date"],
  ])("says once what is wrong with %s", async (qs, said) => {
    const { error } = (await get(qs)).body as { error: string };
    expect(error).toContain(said);
    expect(error.match(/date/g)).toHaveLength(1);
  });

  it("accepts exactly 120 characters", async () => {
    expect((await get(`?q=${"a".repeat(120)}`)).status).toBe(200);
  });
});

describe("/images/manifest.json", () => {
  it("lists every published photo with thumbnails, the full-resolution key, size and upload date", async () => {
    const r = await call(app.contract, app.server.base, "/images/manifest.json");
    const body = r.body as {
      count: number;
      photos: { stem: string; key: string; full: string; bytes: number; uploaded: string; thumb: Record<string, string> }[];
    };
    expect(body.count).toBe(12);
    for (const p of body.photos) {
      expect(p.full.endsWith(p.key)).toBe(true);
      expect(Date.parse(p.uploaded)).not.toBeNaN();
      expect(p.bytes).toBeGreaterThan(1000);
    }
    const thumb = await fetch(`${app.server.base}${body.photos[0].thumb.avif}`);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get("content-type")).toBe("image/avif");
  });
});

describe("the gallery and its Markdown twin under the same filters", () => {
  const stemsOfPage = (html: string) => [...html.matchAll(/<a href="\/photos\/([\w-]+)" class="photo-card"/g)].map((m) => m[1]);
  const stemsOfTwin = (md: string) => [...md.matchAll(/\]\([^)]*\/photos\/([\w-]+)\.md\)/g)].map((m) => m[1]);

  it("list the same photos, filtered or not, whether the twin is asked for by .md or by Accept", async () => {
    const manifest = (await get("?limit=100")).q;
    expect(manifest.photos.length).toBe(manifest.total);
    const camera = String(manifest.photos.find((p) => p.metadata.camera)!.metadata.camera);
    const film = String(manifest.photos.find((p) => p.metadata.film)!.metadata.film);
    for (const qs of ["", `?camera=${encodeURIComponent(camera)}`, `?film=${encodeURIComponent(film)}`, "?recipe=no-such-setting"]) {
      const page = stemsOfPage(await (await fetch(`${app.server.base}/photos${qs}`)).text());
      const md = await (await fetch(`${app.server.base}/photos.md${qs}`)).text();
      const negotiated = await (await fetch(`${app.server.base}/photos${qs}`, { headers: { accept: "text/markdown" } })).text();
      expect(stemsOfTwin(md), qs).toEqual(page);
      expect(negotiated).toBe(md);
      if (qs) expect(md).toContain(`${page.length} of ${manifest.photos.length} photos`);
    }
    expect(stemsOfPage(await (await fetch(`${app.server.base}/photos?camera=${encodeURIComponent(camera)}`)).text()).length).toBeLessThan(
      manifest.photos.length,
    );
  });
});

it("the documented example of q (from /openapi.json) finds photos in the demo archive", async () => {
  const doc = (await (await fetch(`${app.server.base}/openapi.json`)).json()) as {
    paths: Record<string, { get: { parameters: { name: string; example?: string; schema?: { examples?: string[] } }[] } }>;
  };
  const q = doc.paths["/photos/query.json"].get.parameters.find((p) => p.name === "q")!;
  const example = q.example ?? q.schema?.examples?.[0];
  expect(example).toBeTruthy();
  const r = await get(`?q=${encodeURIComponent(example!)}`);
  expect(r.q.ranking.mode).toBe("all-terms");
  expect(r.q.total).toBeGreaterThan(0);
});
