/**
 * `npm run bench`: benchmarks print medians and ratios against a baseline measured in the
 * same run; they never fail the test suite. BENCH_ONLY=contract|ablation|mcp|next|pagetypes|profile|content|photos|ask|ask-dev|ask-model|ask-http|lens|jobs|music|http|pages|soak|cold runs one.
 */
import { benchAblation } from "./ablation";
import { benchContract } from "./contract";
import { benchContent } from "./content";
import { benchPhotos } from "./photos";
import { benchAskModel } from "./ask-model";
import { benchAskHttp } from "./ask-http";
import { benchAskDev } from "./ask-dev";
import { benchLens } from "./lens";
import { benchLensDiscovery } from "./lens-discovery";
import { benchMcp } from "./mcp";
import { benchNextBaseline } from "./next-baseline";
import { benchJobs } from "./jobs";
import { benchMusicCoffee } from "./music-coffee";
import { benchHttpCosts } from "./http-costs";
import { benchPages } from "./pages";
import { benchSoak } from "./soak";
import { benchPageTypes } from "./page-types";
import { benchProfilePages } from "./profile-pages";
import { benchColdStart } from "./cold-start";

const only = process.env.BENCH_ONLY;
const suites: [string, () => Promise<void>][] = [
  ["contract", benchContract],
  ["ablation", benchAblation],
  ["mcp", benchMcp],
  ["next", benchNextBaseline],
  ["pagetypes", benchPageTypes],
  ["profile", benchProfilePages],
  ["content", benchContent],
  ["photos", benchPhotos],
  [
    "ask",
    async () => {
      await benchAskModel();
      await benchAskHttp();
    },
  ],
  [
    "lens",
    async () => {
      await benchLens();
      await benchLensDiscovery();
    },
  ],
  ["discovery", benchLensDiscovery],
  ["ask-dev", benchAskDev],
  ["ask-model", benchAskModel],
  ["ask-http", benchAskHttp],
  ["jobs", benchJobs],
  ["music", benchMusicCoffee],
  ["http", benchHttpCosts],
  ["pages", benchPages],
  ["soak", benchSoak],
  ["cold", benchColdStart],
];
// The ablation (two more servers and a minimal app build), the /ask development harness
// (model selection, not a measurement of the product) and the soak (a quarter of an hour
// by default) and the cold starts (fifteen fresh servers) run only when asked for; ask-model and
// ask-http are the two halves of `ask`, one at a time.
const onRequest = new Set(["ablation", "ask-dev", "ask-model", "ask-http", "soak", "profile", "cold"]);
for (const [name, run] of suites) if (only ? only === name : !onRequest.has(name)) await run();
