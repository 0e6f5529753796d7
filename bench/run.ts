/**
 * `npm run bench`: benchmarks print medians and ratios against a baseline measured in the
 * same run; they never fail the test suite. BENCH_ONLY=contract|content|photos runs one.
 */
import { benchContract } from "./contract";
import { benchContent } from "./content";
import { benchPhotos } from "./photos";

const only = process.env.BENCH_ONLY;
const suites: [string, () => Promise<void>][] = [
  ["contract", benchContract],
  ["content", benchContent],
  ["photos", benchPhotos],
];
for (const [name, run] of suites) if (!only || only === name) await run();
