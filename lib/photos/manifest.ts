import { MissingBuildError, readSiteFile, buildSingleton } from "@/lib/build-output";
import { indexPhotos } from "./query";
import type { PhotoEntry, PhotoManifestFile } from "./types";

/** The build's photo manifest and its query index, read once per process. */
export function getPhotos() {
  return buildSingleton("photos", () => {
    const manifest = JSON.parse(readSiteFile("photos.json").toString("utf8")) as PhotoManifestFile;
    return { manifest, index: indexPhotos(manifest.photos), byStem: new Map(manifest.photos.map((p) => [p.stem, p])) };
  });
}

/** The owner's portrait: the photo whose sidecar marks it (`portrait: true`), if any. */
export function portraitPhoto(): PhotoEntry | undefined {
  try {
    return getPhotos().manifest.photos.find((p) => p.portrait);
  } catch (err) {
    // A build of content alone (no photos.json) has no portrait; anything else is a fault.
    if (err instanceof MissingBuildError) return undefined;
    throw err;
  }
}
