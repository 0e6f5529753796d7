import type { PhotoMetadata } from "./schema";

/**
 * Sizes of the renditions the build writes, as [name, longest edge in px, format]. The first
 * four are the API's `thumb` fields (/openapi.json); `avifSmall` is for the site's own pages, so a
 * browser that takes AVIF fetches a 640 px file for a gallery or strip box, not the 1200 px one.
 */
export const RENDITIONS = [
  ["avif", 1200, "avif"],
  ["jpg", 1200, "jpeg"],
  ["small", 640, "jpeg"],
  ["xs", 240, "jpeg"],
  ["avifSmall", 640, "avif"],
] as const;
/** The full-resolution copy: re-encoded without any metadata, at most this long edge. */
export const FULL_MAX_EDGE = 3000;

export type RenditionName = (typeof RENDITIONS)[number][0];

/** One published photo, as the build writes it to `.site/photos.json`. */
export interface PhotoEntry {
  stem: string;
  /** Title: the first line of `photos/<stem>.txt` when a blank line follows it (at most 80 characters). */
  title?: string | null;
  /** Caption from `photos/<stem>.txt`, at most 240 characters. */
  alt: string | null;
  /** Content hash of the original file (first 12 hex digits); part of every output name. */
  hash: string;
  /** Site path of the stripped full-resolution copy. */
  full: string;
  /** File name of that copy (the "full-resolution key"). */
  fullKey: string;
  thumb: Record<RenditionName, string | null>;
  /** Pixel size of each rendition, after orientation. */
  sizes: Record<RenditionName | "full", { width: number; height: number; bytes: number }>;
  /** Bytes of the original upload. */
  bytes: number;
  /** When the original file was last modified (ISO 8601): the upload date. */
  uploaded: string;
  metadata: PhotoMetadata;
  /** The owner's portrait (`portrait: true` in the sidecar's front matter): About and the press kit show it. At most one. */
  portrait?: true;
}

export interface PhotoManifestFile {
  builtAt: string;
  photos: PhotoEntry[];
}
