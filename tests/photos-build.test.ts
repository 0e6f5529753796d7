import { copyFile, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildPhotos, parseSidecar, unreadablePhoto, type PhotoBuildReport } from "@/scripts/build/photos";
import { RENDITIONS, type PhotoManifestFile } from "@/lib/photos/types";
import { needs, thirdParty } from "./helpers/third-party";

/**
 * The photo build over the real camera files of ../shared/fixtures/photos (third-party
 * test inputs, never copied into the project): renditions, privacy, orientation, skips.
 * Skipped where they are not checked out (the run's summary then says so); the demo photos,
 * which the project makes itself, go through the same build in the built app's tests.
 */
const { dir: FIXTURES, present: HAVE_FIXTURES } = thirdParty("photos");

type Expected = Record<string, Record<string, unknown> & { _numeric?: Record<string, unknown> }>;
let work: string;
let publicDir: string;
let outDir: string;
let photosDir: string;
let report: PhotoBuildReport;
let manifest: PhotoManifestFile;
const logs: string[] = [];

beforeAll(async () => {
  if (!HAVE_FIXTURES) return;
  work = await mkdtemp(path.join(tmpdir(), "photos-build-"));
  photosDir = path.join(work, "photos");
  outDir = path.join(work, ".site");
  publicDir = path.join(work, "public");
  await mkdir(photosDir);
  for (const f of (await readdir(FIXTURES)).filter((n) => n.endsWith(".jpg")))
    await copyFile(path.join(FIXTURES, f), path.join(photosDir, f));
  const canon = await readFile(path.join(FIXTURES, "canon-eos-1300d.jpg"));
  await writeFile(path.join(photosDir, "truncated.jpg"), canon.subarray(0, Math.floor(canon.length * 0.4)));
  await writeFile(path.join(photosDir, "not-a-photo.jpg"), "this is text, not a JPEG");
  await writeFile(path.join(photosDir, "empty.jpg"), "");
  // Not a JPEG by name: left out, and said so.
  await writeFile(path.join(photosDir, "screenshot.png"), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  await mkdir(path.join(photosDir, "2025"));
  await writeFile(path.join(photosDir, "fuji-x-t50-reala-ace.txt"), "Test caption: a harbour in Reala Ace.\n");
  await writeFile(
    path.join(photosDir, "fuji-x100vi-classic-chrome.txt"),
    "Pier 44, January\n\nIce on the pilings at low tide.\nPhoto: me.\n",
  );
  await writeFile(path.join(photosDir, "renamed-away.txt"), "A caption whose photo is gone.\n");
  // macOS's resource fork beside a photo copied from an exFAT card: not a photo, not a problem.
  await writeFile(path.join(photosDir, "._canon-eos-1300d.jpg"), Buffer.from([0x00, 0x05, 0x16, 0x07]));
  report = await buildPhotos({ photosDir, outDir, publicDir, urlBase: "/generated/photos", log: (l) => logs.push(l) });
  manifest = JSON.parse(await readFile(path.join(outDir, "photos.json"), "utf8")) as PhotoManifestFile;
}, 300_000);
afterAll(() => work && rm(work, { recursive: true, force: true }));

const entry = (stem: string) => manifest.photos.find((p) => p.stem === stem)!;

describe("photo build", needs("photos"), () => {
  it("publishes every readable photo and skips broken files by name, with a reason", () => {
    expect(manifest.photos).toHaveLength(12);
    expect(report.skipped.map((s) => s.file).sort()).toEqual(["photos/empty.jpg", "photos/not-a-photo.jpg", "photos/truncated.jpg"]);
    // In the owner's words, not the image library's ("Input Buffer is empty", "VipsJpeg: premature end…").
    const reason = Object.fromEntries(report.skipped.map((s) => [s.file, s.reason]));
    expect(reason["photos/empty.jpg"]).toBe("the file is empty (copy it again from the camera or card)");
    expect(reason["photos/truncated.jpg"]).toMatch(
      /^the file is cut short or damaged \(copy it again from the camera or card; the decoder said: /,
    );
    expect(reason["photos/not-a-photo.jpg"]).toBe("the file is not a JPEG image, whatever its name says");
    expect(logs.some((l) => l.includes("photos/truncated.jpg: skipped: the file is cut short"))).toBe(true);
  });

  it("names a file of another kind it leaves out, and the orphaned caption", () => {
    expect(logs).toContain("  photos/screenshot.png: left out: only .jpg and .jpeg files are published (save it as a JPEG)");
    expect(logs).toContain("  photos/2025/: left out: folders inside photos/ are not read; move its photos into photos/");
    expect(logs.some((l) => l.includes("photos/renamed-away.txt: caption: no photo named renamed-away.jpg"))).toBe(true);
    expect(logs.join("\n")).not.toContain("._canon-eos-1300d");
  });

  it("writes every rendition, rotated upright, and records its size", async () => {
    for (const p of manifest.photos) {
      expect(Object.keys(p.thumb).sort()).toEqual(RENDITIONS.map(([n]) => n).sort());
      for (const [name, url] of Object.entries(p.thumb)) {
        const file = path.join(publicDir, path.basename(url!));
        const meta = await sharp(file).metadata();
        expect([meta.width, meta.height], `${p.stem} ${name}`).toEqual([
          p.sizes[name as keyof typeof p.sizes].width,
          p.sizes[name as keyof typeof p.sizes].height,
        ]);
        expect(meta.format).toBe(name.startsWith("avif") ? "heif" : "jpeg");
      }
      expect(p.full).toBe(`/generated/photos/${p.fullKey}`);
    }
  });

  it("turns orientation 6 into a portrait thumbnail", async () => {
    const rotated = entry("canon-powershot-sx60-rotated");
    expect(rotated.sizes.jpg.height).toBeGreaterThan(rotated.sizes.jpg.width);
    const meta = await sharp(path.join(publicDir, path.basename(rotated.thumb.jpg!))).metadata();
    expect(meta.height).toBeGreaterThan(meta.width!);
    expect(meta.orientation ?? 1).toBe(1);
  });

  it("keeps no metadata in any rendition", async () => {
    for (const name of await readdir(publicDir)) {
      const meta = await sharp(path.join(publicDir, name)).metadata();
      expect(meta.exif, name).toBeUndefined();
      expect(meta.xmp, name).toBeUndefined();
      expect(meta.iptc, name).toBeUndefined();
    }
  });

  it("lets no GPS coordinate, serial number or owner name reach any artifact", async () => {
    const expected = JSON.parse(await readFile(path.join(FIXTURES, "expected-exiftool.json"), "utf8")) as Expected;
    const forbidden = new Set<string>();
    for (const [file, tags] of Object.entries(expected)) {
      if (file === "_meta") continue;
      for (const key of [
        "SerialNumber",
        "InternalSerialNumber",
        "LensSerialNumber",
        "Artist",
        "Copyright",
        "OwnerName",
        "CameraOwnerName",
        "BodySerialNumber",
      ]) {
        const v = tags[key];
        if (typeof v === "string" && v.trim().length >= 4) forbidden.add(v.trim());
      }
      for (const key of ["GPSLatitude", "GPSLongitude"]) {
        const v = tags._numeric?.[key];
        if (typeof v === "number") forbidden.add(Math.abs(v).toFixed(3));
      }
    }
    expect(forbidden.size).toBeGreaterThan(5);
    const artifacts = [path.join(outDir, "photos.json"), ...(await readdir(publicDir)).map((n) => path.join(publicDir, n))];
    for (const file of artifacts) {
      let bytes = await readFile(file);
      // A timestamp's seconds can spell a coordinate by chance ("…:20.591Z" against a latitude
      // of 20.591…): the manifest's build and upload times are not where a coordinate hides.
      if (file.endsWith(".json")) bytes = Buffer.from(bytes.toString("utf8").replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, ""));
      for (const needle of forbidden) expect(bytes.includes(Buffer.from(needle)), `${path.basename(file)} contains ${needle}`).toBe(false);
    }
    const metadata = JSON.stringify(manifest.photos.map((p) => p.metadata));
    expect(metadata).not.toMatch(/gps|serial|artist|copyright|owner|software/i);
  });

  it("says so when a caption has no photo (renamed or removed)", () => {
    expect(logs).toContain("  photos/renamed-away.txt: caption: no photo named renamed-away.jpg goes with it; not used");
  });

  it("reads the caption sidecar, its title line too; a photo without one has alt and title null", () => {
    expect(entry("fuji-x-t50-reala-ace").alt).toBe("Test caption: a harbour in Reala Ace.");
    expect(entry("fuji-x-t50-reala-ace").title).toBeNull();
    expect(entry("fuji-x100vi-classic-chrome")).toMatchObject({
      title: "Pier 44, January",
      alt: "Ice on the pilings at low tide. Photo: me.",
    });
    expect(entry("canon-eos-1300d").alt).toBeNull();
    expect(entry("canon-eos-1300d").title).toBeNull();
  });

  it("gives the no-EXIF file metadata without guesses, and non-Fuji files no recipe", () => {
    const plain = entry("no-exif").metadata;
    expect(plain.recipe).toBeUndefined();
    expect(plain.camera).toBeNull();
    expect(plain.film ?? null).toBeNull();
    expect(plain.width).toBeGreaterThan(0);
    for (const stem of ["canon-eos-1300d", "canon-powershot-sx60-rotated", "nikon-coolpix-p6000-gps"])
      expect("recipe" in entry(stem).metadata, stem).toBe(false);
    expect(entry("fuji-x100vi-classic-chrome").metadata.recipe?.["Film Simulation"]).toBe("Classic Chrome");
  });

  it("a warm rebuild re-encodes nothing", async () => {
    const again = await buildPhotos({ photosDir, outDir, publicDir, urlBase: "/generated/photos" });
    expect(again.encoded).toBe(0);
    expect(again.photos).toBe(12);
  });

  it("a cached entry from before a rendition existed is encoded again, and only that one", async () => {
    const cacheFile = path.join(outDir, "cache", "photos.json");
    const cache = JSON.parse(await readFile(cacheFile, "utf8"));
    delete cache["no-exif"].entry.thumb.avifSmall;
    await writeFile(cacheFile, JSON.stringify(cache));
    const again = await buildPhotos({ photosDir, outDir, publicDir, urlBase: "/generated/photos" });
    expect(again.encoded).toBe(1);
    const rebuilt = (JSON.parse(await readFile(path.join(outDir, "photos.json"), "utf8")) as PhotoManifestFile).photos.find(
      (p) => p.stem === "no-exif",
    )!;
    expect(existsSync(path.join(publicDir, path.basename(rebuilt.thumb.avifSmall!)))).toBe(true);
  });

  it("a title over 80 characters fails the build with file: field: reason", async () => {
    const file = path.join(photosDir, "no-exif.txt");
    await writeFile(file, `${"t".repeat(81)}\n\nA caption.\n`);
    try {
      await expect(buildPhotos({ photosDir, outDir, publicDir, urlBase: "/generated/photos" })).rejects.toThrow(
        "photos/no-exif.txt: title: must be at most 80 characters",
      );
    } finally {
      await rm(file);
    }
  });

  it("a photo named like the filters' own page fails the build, which names the file (it would never be shown)", async () => {
    const file = path.join(photosDir, "filtered.jpg");
    await copyFile(path.join(FIXTURES, "canon-eos-1300d.jpg"), file);
    try {
      await expect(buildPhotos({ photosDir, outDir, publicDir, urlBase: "/generated/photos" })).rejects.toThrow(
        "photos/filtered.jpg: name: /photos/filtered is a page of the site's own; rename the file",
      );
    } finally {
      await rm(file);
    }
  });

  it("a caption over 240 characters fails the build with file: field: reason", async () => {
    const file = path.join(photosDir, "no-exif.txt");
    await writeFile(file, "x".repeat(241));
    try {
      await expect(buildPhotos({ photosDir, outDir, publicDir, urlBase: "/generated/photos" })).rejects.toThrow(
        "photos/no-exif.txt: caption: must be at most 240 characters",
      );
    } finally {
      await rm(file);
    }
  });

  it.each([
    [["my holiday (1).jpg"], "photos/my holiday (1).jpg: file name: use letters, digits, '-' and '_' only"],
    [["DSCF1234.JPG", "DSCF1234.jpeg"], "photos/DSCF1234.jpeg: file name: DSCF1234 is already taken by photos/DSCF1234.JPG"],
  ])("%j fails the build by name before anything is written", async (names, message) => {
    const before = await readFile(path.join(outDir, "photos.json"), "utf8");
    const some = path.join(FIXTURES, "canon-eos-1300d.jpg");
    for (const n of names) await copyFile(some, path.join(photosDir, n));
    try {
      await expect(buildPhotos({ photosDir, outDir, publicDir, urlBase: "/generated/photos" })).rejects.toThrow(message);
      expect(await readFile(path.join(outDir, "photos.json"), "utf8")).toBe(before);
    } finally {
      for (const n of names) await rm(path.join(photosDir, n));
    }
  });
});

describe("a photo's sidecar (photos/README.md)", () => {
  it("is a title line, a blank line and the caption; or the caption alone", () => {
    expect(parseSidecar("Picos de Europa\n\nA trail up to the peaks.\n")).toEqual({
      title: "Picos de Europa",
      caption: "A trail up to the peaks.",
    });
    expect(parseSidecar("\uFEFFPier 44\r\n\r\nIce on the\r\npilings.\r\n")).toEqual({ title: "Pier 44", caption: "Ice on the pilings." });
    expect(parseSidecar("Demo image: a harbour at dusk.\n")).toEqual({ title: "", caption: "Demo image: a harbour at dusk." });
    // A caption its editor wrapped over two lines, then a second paragraph: still one caption.
    expect(parseSidecar("A long caption\nwrapped here.\n\nMore of it.")).toEqual({
      title: "",
      caption: "A long caption wrapped here. More of it.",
    });
    expect(parseSidecar("Only a title line\n\n   \n")).toEqual({ title: "", caption: "Only a title line" });
  });
});

describe("a photo's unreadable reason", () => {
  // libvips shares one error buffer between its threads: under load a truncated file's
  // "premature end" can come back as "Unknown error". The bytes still say what happened.
  it("names a JPEG without its end marker as cut short, whatever the decoder said", () => {
    const start = Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0x00, 0x10, 0x45, 0x78]);
    expect(unreadablePhoto(new Error("Unknown error"), start)).toMatch(/^the file is cut short or damaged /);
    expect(unreadablePhoto(new Error("Unknown error"), Buffer.concat([start, Buffer.from([0xff, 0xd9])]))).toBe("Unknown error");
    expect(unreadablePhoto(new Error("Unknown error"), Buffer.alloc(0))).toMatch(/^the file is empty/);
    const full = Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
    expect(unreadablePhoto(full, start)).toBe("ENOSPC: no space left on device, write");
    expect(unreadablePhoto(new Error("Input file has an unsupported image format"), Buffer.from("text"))).toBe(
      "the file is not a JPEG image, whatever its name says",
    );
  });
});
