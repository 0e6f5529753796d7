// The demo shot list: which source photograph, camera, lens, recipe and exposure each demo photo
// claims. The pictures are real photographs from Debian wallpaper packages (see sources below and
// photos/README.md); everything else is synthetic. Dates are local Brooklyn wall-clock times spread
// over 2024-03 … 2026-11, with the New York UTC offset that applied on that day.

import type { RecipeKey } from "./recipes";

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

/** A region of the source photograph, in its pixels, to keep before resizing. */
export interface Crop {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Where a source photograph comes from and under which licence (for photos/README.md). */
export interface Source {
  /** Path relative to the source folder (DEMO_PHOTO_SOURCES, default /tmp/demo-photo-sources). */
  path: string;
  /** The Debian package (bookworm) that ships it. */
  debianPackage: string;
  author: string;
  licence: "CC0-1.0" | "CC-BY-4.0" | "CC-BY-SA-3.0" | "CC-BY-SA-4.0";
}

export interface Shot {
  stem: string;
  /** What the owner calls the photo: the first line of its sidecar (photos/README.md). */
  title: string;
  /** "<what is in the photo>. Photo: <author>, <licence>." (≤ 240 characters), the sidecar's second paragraph. */
  caption: string;
  source: Source;
  /** Optional crop of the source; without one the picture is centre-cropped to the layout. */
  crop?: Crop;
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
    stem: "demo-01-hilltop-sunset",
    title: "Last light on the summit",
    caption:
      "The sun dropping behind a ridge of hills, seen from a grassy summit with a round stone orientation table in the foreground. Photo: Aitzol Berasategi, CC BY 4.0.",
    source: {
      path: "lomiri-wallpapers-16.04/usr/share/backgrounds/sunset_by_Aitzol_Berasategi.jpg",
      debianPackage: "lomiri-wallpapers-16.04",
      author: "Aitzol Berasategi",
      licence: "CC-BY-4.0",
    },
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
    stem: "demo-02-picos-de-europa",
    title: "Picos de Europa",
    caption:
      "A trail worn into a high meadow, climbing towards the grey limestone walls of the Picos de Europa, snow still lying at their foot. Photo: Aitzol Berasategi, CC BY 4.0.",
    source: {
      path: "lomiri-wallpapers-16.04/usr/share/backgrounds/picosdeeuropa_by_Aitzol_Berasategi.jpg",
      debianPackage: "lomiri-wallpapers-16.04",
      author: "Aitzol Berasategi",
      licence: "CC-BY-4.0",
    },
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
    stem: "demo-03-bridge-stays",
    title: "Under the bridge stays",
    caption:
      "Looking up through the white stays and cables of a bridge into a clear sky, the sand flats of the estuary far below. Photo: Sander Klootwijk, CC BY-SA 4.0.",
    source: {
      path: "lomiri-wallpapers-16.04/usr/share/backgrounds/Bridge_by_Sander_Klootwijk.jpg",
      debianPackage: "lomiri-wallpapers-16.04",
      author: "Sander Klootwijk",
      licence: "CC-BY-SA-4.0",
    },
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
    stem: "demo-04-spaniels-window",
    title: "Two spaniels on watch",
    caption:
      "Two cocker spaniels keeping an eye on the street from a wooden house, one at the window and one at the door below it, in black and white. Photo: Aitzol Berasategi, CC BY 4.0.",
    source: {
      path: "lomiri-wallpapers-16.04/usr/share/backgrounds/friends_by_Aitzol_Berasategi.jpg",
      debianPackage: "lomiri-wallpapers-16.04",
      author: "Aitzol Berasategi",
      licence: "CC-BY-4.0",
    },
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
    stem: "demo-05-fig-bowl",
    title: "Half a fig",
    caption:
      "Half a fig in a red lacquered bowl on a concrete step, from straight above, in hard morning sun that throws the bowl's shadow across the step. Photo: Trevor (Freespace), CC BY 4.0.",
    source: {
      path: "lomiri-wallpapers-16.04/usr/share/backgrounds/Picture_0B_by_freespace.jpg",
      debianPackage: "lomiri-wallpapers-16.04",
      author: "Trevor (Freespace)",
      licence: "CC-BY-4.0",
    },
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
    stem: "demo-06-wall-clock",
    title: "Clock, edge-on",
    caption:
      "A white wall clock with cut-out numerals, seen almost edge-on, the lamp behind it shining through the numbers. Photo: Peter Nerlich, CC BY-SA 4.0.",
    source: {
      path: "lomiri-wallpapers-16.04/usr/share/backgrounds/greentock_by_Peter_Nerlich.jpg",
      debianPackage: "lomiri-wallpapers-16.04",
      author: "Peter Nerlich",
      licence: "CC-BY-SA-4.0",
    },
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
    stem: "demo-07-forest-stream",
    title: "Stream over mossy ledges",
    caption:
      "A small stream stepping down over mossy limestone ledges in a green wood, the water blurred white at every drop. Photo: Aitzol Berasategi, CC BY 4.0.",
    source: {
      path: "lomiri-wallpapers-16.04/usr/share/backgrounds/life_by_Aitzol_Berasategi.jpg",
      debianPackage: "lomiri-wallpapers-16.04",
      author: "Aitzol Berasategi",
      licence: "CC-BY-4.0",
    },
    layout: "landscape",
    camera: "X100VI",
    recipe: "redHookChrome",
    taken: "2025:05:04 17:58:36",
    offset: "-04:00",
    fNumber: 4,
    exposureTime: [1, 1000],
    iso: 125,
    evThirds: -1,
    // The only demo photo with GPS (a made-up point on the Red Hook waterfront), so the build's stripping is exercised.
    gps: { latitude: 40.676, longitude: -74.0153, altitude: 3 },
  },
  {
    stem: "demo-08-lamp-bird",
    title: "Bird under the lamp",
    caption:
      "A small painted bird with its wings spread, hung on a thread under the glowing globes of a ceiling lamp. Photo: Peter Nerlich, CC BY-SA 4.0.",
    source: {
      path: "lomiri-wallpapers-16.04/usr/share/backgrounds/free_by_Peter_Nerlich.jpg",
      debianPackage: "lomiri-wallpapers-16.04",
      author: "Peter Nerlich",
      licence: "CC-BY-SA-4.0",
    },
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
    stem: "demo-09-dandelions",
    title: "Dandelion clocks",
    caption:
      "Dandelion seed heads in a meadow, lit from behind by a low morning sun, the long grass behind them gone soft. Photo: Clemens Engelhardt, CC0 1.0.",
    source: {
      path: "lomiri-wallpapers-16.04/usr/share/backgrounds/seeding_by_Clements_Engelhardt.jpg",
      debianPackage: "lomiri-wallpapers-16.04",
      author: "Clemens Engelhardt",
      licence: "CC0-1.0",
    },
    crop: { left: 200, top: 0, width: 4482, height: 2988 },
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
    stem: "demo-10-djembe-room",
    title: "Djembe on the beanbag",
    caption:
      "A djembe resting on a beanbag; behind it a pallet table with a bottle of red, a glass and a hand coffee grinder, and a tall speaker by a glass-block window. Photo: Jakub Mede, CC BY 4.0.",
    source: {
      path: "lomiri-wallpapers-16.04/usr/share/backgrounds/Wine_by_Jakkub_Mede.jpg",
      debianPackage: "lomiri-wallpapers-16.04",
      author: "Jakub Mede",
      licence: "CC-BY-4.0",
    },
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
    stem: "demo-11-dragonfly",
    title: "Dragonfly on a catkin twig",
    caption:
      "A dragonfly resting at the tip of a bare twig hung with catkins, wings held flat, against leaves and a deep blue sky. Photo: Bolly, CC BY-SA 4.0.",
    source: {
      path: "lomiri-wallpapers-16.04/usr/share/backgrounds/Dragonfly_by_Bolly.jpg",
      debianPackage: "lomiri-wallpapers-16.04",
      author: "Bolly",
      licence: "CC-BY-SA-4.0",
    },
    crop: { left: 1144, top: 0, width: 2112, height: 3168 },
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
    stem: "demo-12-nuthatch",
    title: "Nuthatch on the trunk",
    caption:
      "A nuthatch clinging to the side of a tree trunk, head angled down the way nuthatches climb, the bark sharp and everything behind it a pale blur. Photo: Lukas Baubkus, CC BY-SA 3.0.",
    source: {
      path: "lomiri-wallpapers-20.04/usr/share/backgrounds/Kleiber_by_Lukas_Baubkus.jpg",
      debianPackage: "lomiri-wallpapers-20.04",
      author: "Lukas Baubkus",
      licence: "CC-BY-SA-3.0",
    },
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

/** A shot's sidecar, `photos/<stem>.txt`: its title, a blank line, its caption (the format photos/README.md gives owners). */
export function sidecarText(shot: Pick<Shot, "title" | "caption">): string {
  return `${shot.title}\n\n${shot.caption}\n`;
}
