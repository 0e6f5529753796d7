import type { PhotoMetadata } from "./schema";

/** The exposure data shown beside a photo: only what the camera recorded. */
export function exposureRows(m: PhotoMetadata): [string, string][] {
  const rows: [string, unknown][] = [
    ["Camera", m.camera],
    ["Lens", m.lens],
    ["Aperture", m.aperture],
    ["Shutter", m.shutter],
    ["Focal length", m.focal],
    ["ISO", m.iso],
    ["Exposure compensation", m.ev],
    ["Taken", m.date],
  ];
  return rows.filter(([, v]) => v !== null && v !== undefined && v !== "").map(([k, v]) => [k, String(v)]);
}
