import { copyFile, mkdir, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildPhotos } from "../scripts/build/photos";
import { indexPhotos, queryPhotos } from "../lib/photos/query";
import type { PhotoEntry } from "../lib/photos/types";
import { percentile } from "./load";

const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 200);

/**
 * Photo build throughput (cold, then a warm rebuild that must re-encode nothing) over
 * `PHOTOS` files made from the demo set, and the photo query engine's time per query
 * over a synthetic 10,000-photo manifest (target: p99 under 20 ms).
 */
export async function benchPhotos() {
  const work = await mkdtemp(path.join(tmpdir(), "bench-photos-"));
  try {
    const source = (await readdir("photos")).filter((n) => n.endsWith(".jpg"));
    if (source.length === 0) throw new Error("photos/ has no demo photos to benchmark with");
    const photosDir = path.join(work, "photos");
    await mkdir(photosDir);
    for (let i = 0; i < PHOTOS; i++)
      await copyFile(path.join("photos", source[i % source.length]), path.join(photosDir, `p${String(i).padStart(4, "0")}.jpg`));
    const opts = { photosDir, outDir: path.join(work, ".site"), publicDir: path.join(work, "public"), urlBase: "/p" };
    const cold = await buildPhotos(opts);
    const warm = await buildPhotos(opts);
    console.log(`\nphoto build, ${PHOTOS} photos (demo set repeated), concurrency = cores`);
    console.log(`  cold  ${(cold.ms / 1000).toFixed(1)} s   ${(PHOTOS / (cold.ms / 1000)).toFixed(2)} photos/s   ${cold.encoded} encoded`);
    console.log(
      `  warm  ${(warm.ms / 1000).toFixed(2)} s   ${warm.encoded} encoded   ${((warm.ms / cold.ms) * 100).toFixed(1)}% of cold (target: 0 encoded, < 5%)`,
    );

    const words = [
      "harbour",
      "dusk",
      "snow",
      "bridge",
      "cranes",
      "bicycle",
      "espresso",
      "street",
      "river",
      "light",
      "night",
      "fog",
      "market",
      "ferry",
      "garage",
      "roof",
    ];
    const films = ["Classic Chrome", "Reala Ace", "Classic Negative", "Acros+R", "Eterna", "Velvia"];
    const entries: PhotoEntry[] = Array.from({ length: 10_000 }, (_, i) => ({
      stem: `s${i}`,
      alt: `Demo image: ${words[i % 16]} ${words[(i * 7) % 16]} and ${words[(i * 13) % 16]} number ${i}`,
      hash: "0".repeat(12),
      full: `/p/s${i}.jpg`,
      fullKey: `s${i}.jpg`,
      thumb: { avif: null, jpg: null, small: null, xs: null, avifSmall: null },
      sizes: {} as PhotoEntry["sizes"],
      bytes: 1,
      uploaded: "2026-01-01T00:00:00Z",
      metadata: {
        camera: i % 2 ? "FUJIFILM X100VI" : "FUJIFILM X-T50",
        film: films[i % films.length],
        date: `20${20 + (i % 7)}:${String(1 + (i % 12)).padStart(2, "0")}:10 12:00:00`,
        recipe: { "Film Simulation": films[i % films.length], "Grain Effect": i % 3 ? "Weak, Small" : "Strong, Large" },
      } as unknown as PhotoEntry["metadata"],
    }));
    const index = indexPhotos(entries);
    const queries = [
      { q: "harbour dusk" },
      { q: "espresso", film: "classic" },
      { recipe: "strong" },
      { q: "zeppelin" },
      { from: "2023-01-01", to: "2024-06-30" },
      { q: "bridge river fog", camera: "x100" },
      { q: "the and" },
    ];
    const times: number[] = [];
    for (let i = 0; i < 700; i++) {
      const s = performance.now();
      queryPhotos(index, { limit: 25, offset: 0, ...queries[i % queries.length] });
      if (i >= 70) times.push(performance.now() - s);
    }
    console.log(`\n/photos/query.json engine over 10,000 photos (${queries.length} query shapes)`);
    console.log(`  p50 ${percentile(times, 50).toFixed(2)} ms   p99 ${percentile(times, 99).toFixed(2)} ms   (target p99 < 20 ms)`);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
