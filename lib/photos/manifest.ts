import { readSiteFile, buildSingleton } from "@/lib/build-output";
import { indexPhotos } from "./query";
import type { PhotoManifestFile } from "./types";

/** The build's photo manifest and its query index, read once per process. */
export function getPhotos() {
  return buildSingleton("photos", () => {
    const manifest = JSON.parse(readSiteFile("photos.json").toString("utf8")) as PhotoManifestFile;
    return { manifest, index: indexPhotos(manifest.photos), byStem: new Map(manifest.photos.map((p) => [p.stem, p])) };
  });
}
