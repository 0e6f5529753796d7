// The demo shot list: which scene, camera, lens, recipe and exposure each demo photo claims.
// All of it is synthetic. Dates are local Brooklyn wall-clock times spread over 2024-03 … 2026-11,
// with the New York UTC offset that applied on that day.

import type { RecipeKey } from "./recipes";
import * as scenes from "./scenes";

// -- Cameras and lenses -----------------------------------------------------------------------

export const CAMERAS = {
  X100VI: { bodySerialNumber: "DEMO0000106" }, // fixed 23 mm lens: no LensModel, like the real camera
  "X-T50": { bodySerialNumber: "DEMO0000050" },
} as const;
export type Camera = keyof typeof CAMERAS;

export const LENSES = {
  "XF27mmF2.8 R WR": { focalLength: 27 },
  "XF35mmF1.4 R": { focalLength: 35 },
  "XF16-50mmF2.8-4.8 R LM WR": { focalLength: 16 },
} as const;
export type Lens = keyof typeof LENSES;

export const CROP_FACTOR = 1.5; // APS-C

// -- The shot list ----------------------------------------------------------------------------

export type Layout =
  | "landscape" // stored 1600×1067, Orientation 1
  | "portrait" // stored 1067×1600, Orientation 1
  | "rotated-portrait"; // stored 1600×1067 with Orientation 6; displays as 1067×1600 portrait

export interface Shot {
  stem: string;
  caption: string;
  scene: scenes.SceneFn;
  layout: Layout;
  camera: Camera;
  lens?: Lens; // X-T50 only
  recipe: RecipeKey;
  /** Local wall-clock time in Brooklyn, "YYYY:MM:DD HH:MM:SS". */
  taken: string;
  /** New York UTC offset on that date (EDT −04:00 from March to early November). */
  offset: "-05:00" | "-04:00";
  fNumber: number;
  exposureTime: [number, number];
  iso: number;
  /** Exposure compensation in thirds of a stop. */
  evThirds: number;
  exposureProgram?: number; // default 3, aperture priority
  flash?: number; // default 16, off / did not fire
  gps?: { latitude: number; longitude: number; altitude: number };
}

export const SHOTS: Shot[] = [
  {
    stem: "demo-01-harbour-dusk",
    caption: "Demo image: a generated harbour at dusk, gantry cranes and container stacks against an orange sky.",
    scene: scenes.harbourDusk,
    layout: "landscape",
    camera: "X100VI",
    recipe: "redHookChrome",
    taken: "2024:03:16 19:02:41",
    offset: "-04:00",
    fNumber: 5.6,
    exposureTime: [1, 125],
    iso: 400,
    evThirds: -2,
  },
  {
    stem: "demo-02-snowy-street",
    caption: "Demo image: a generated snowy street of brownstones, lit windows and street lamps in falling snow.",
    scene: scenes.snowyStreet,
    layout: "landscape",
    camera: "X-T50",
    lens: "XF27mmF2.8 R WR",
    recipe: "realaEveryday",
    taken: "2025:01:22 08:14:09",
    offset: "-05:00",
    fNumber: 4,
    exposureTime: [1, 500],
    iso: 320,
    evThirds: 2,
  },
  {
    stem: "demo-03-bridge-silhouette",
    caption: "Demo image: a generated suspension bridge in silhouette at dawn, its towers reflected in the river.",
    scene: scenes.bridgeSilhouette,
    layout: "landscape",
    camera: "X100VI",
    recipe: "dockNegative",
    taken: "2024:06:09 05:31:27",
    offset: "-04:00",
    fNumber: 8,
    exposureTime: [1, 60],
    iso: 200,
    evThirds: -3,
  },
  {
    stem: "demo-04-bicycles",
    caption: "Demo image: two generated steel touring bicycles against a brick wall, in black and white.",
    scene: scenes.bicycles,
    layout: "portrait",
    camera: "X-T50",
    lens: "XF35mmF1.4 R",
    recipe: "acrosRed",
    taken: "2024:09:28 10:47:03",
    offset: "-04:00",
    fNumber: 2,
    exposureTime: [1, 1000],
    iso: 160,
    evThirds: 0,
    flash: 0,
  },
  {
    stem: "demo-05-espresso-cup",
    caption: "Demo image: a generated espresso cup on a wooden café table, steam rising, warm lights behind.",
    scene: scenes.espressoCup,
    layout: "landscape",
    camera: "X-T50",
    lens: "XF35mmF1.4 R",
    recipe: "amberNostalgic",
    taken: "2024:11:12 07:36:55",
    offset: "-05:00",
    fNumber: 1.4,
    exposureTime: [1, 125],
    iso: 640,
    evThirds: 1,
  },
  {
    stem: "demo-06-garage-motorcycle",
    caption: "Demo image: a generated 1970s motorcycle with a four-into-one exhaust in a garage bay, pegboard and tool chest behind.",
    scene: scenes.garageMotorcycle,
    layout: "landscape",
    camera: "X-T50",
    lens: "XF27mmF2.8 R WR",
    recipe: "garageEterna",
    taken: "2025:02:15 16:20:18",
    offset: "-05:00",
    fNumber: 2.8,
    exposureTime: [1, 60],
    iso: 3200,
    evThirds: -1,
  },
  {
    stem: "demo-07-water-reflections",
    caption: "Demo image: generated reflections of pier pilings and a painted hull, broken up by ripples.",
    scene: scenes.waterReflections,
    layout: "landscape",
    camera: "X100VI",
    recipe: "redHookChrome",
    taken: "2025:05:04 17:58:36",
    offset: "-04:00",
    fNumber: 4,
    exposureTime: [1, 1000],
    iso: 125,
    evThirds: -1,
    // The only demo photo with GPS (Red Hook waterfront), so the build's stripping is exercised.
    gps: { latitude: 40.676, longitude: -74.0153, altitude: 3 },
  },
  {
    stem: "demo-08-skyline-night",
    caption: "Demo image: a generated city skyline at night across the water, lit windows streaking in the reflection.",
    scene: scenes.skylineNight,
    layout: "landscape",
    camera: "X100VI",
    recipe: "dockNegative",
    taken: "2025:08:19 21:44:12",
    offset: "-04:00",
    fNumber: 2,
    exposureTime: [1, 30],
    iso: 6400,
    evThirds: -4,
    exposureProgram: 1,
  },
  {
    stem: "demo-09-ferry-morning",
    caption: "Demo image: a generated orange ferry crossing a bright blue harbour on a clear morning.",
    scene: scenes.ferryMorning,
    layout: "landscape",
    camera: "X-T50",
    lens: "XF16-50mmF2.8-4.8 R LM WR",
    recipe: "harbourVelvia",
    taken: "2025:07:06 09:12:50",
    offset: "-04:00",
    fNumber: 8,
    exposureTime: [1, 640],
    iso: 125,
    evThirds: 0,
  },
  {
    stem: "demo-10-sailboats",
    caption: "Demo image: three generated sailboats on calm water in soft early-morning light.",
    scene: scenes.sailboats,
    layout: "portrait",
    camera: "X100VI",
    recipe: "realaEveryday",
    taken: "2025:10:11 07:25:33",
    offset: "-04:00",
    fNumber: 5.6,
    exposureTime: [1, 500],
    iso: 125,
    evThirds: 1,
  },
  {
    stem: "demo-11-warehouse-windows",
    caption: "Demo image: a generated brick warehouse with arched windows and a fire escape, shot vertically.",
    scene: scenes.warehouseWindows,
    layout: "rotated-portrait",
    camera: "X100VI",
    recipe: "amberNostalgic",
    taken: "2026:04:18 15:03:09",
    offset: "-04:00",
    fNumber: 4,
    exposureTime: [1, 250],
    iso: 250,
    evThirds: 0,
    flash: 0,
  },
  {
    stem: "demo-12-turntable",
    caption: "Demo image: a generated turntable seen from above, an orange-label record on the platter and the tonearm down.",
    scene: scenes.turntable,
    layout: "landscape",
    camera: "X-T50",
    lens: "XF27mmF2.8 R WR",
    recipe: "redHookChrome",
    taken: "2026:11:21 20:40:07",
    offset: "-05:00",
    fNumber: 2.8,
    exposureTime: [1, 40],
    iso: 1600,
    evThirds: -2,
  },
];
