import { z } from "zod";
import { defineEndpoint } from "@/lib/core/endpoint";
import { named } from "@/lib/core/schemas";
import { clampedInt } from "@/lib/core/params";
import { siteConfig } from "@/site.config";
import { PhotoMetadataSchema } from "./schema";
import { getPhotos } from "./manifest";
import { queryPhotos, toPhoto } from "./query";
import { RENDITIONS } from "./types";

const Url = z.string().meta({ description: "Site path of the file" });
const ThumbSchema = named(
  "PhotoThumbs",
  z.object({
    avif: Url.nullable().meta({ description: `AVIF, longest edge ${RENDITIONS[0][1]} px` }),
    jpg: Url.nullable().meta({ description: `JPEG, longest edge ${RENDITIONS[1][1]} px` }),
    small: Url.nullable().meta({ description: `JPEG, longest edge ${RENDITIONS[2][1]} px` }),
    xs: Url.nullable().meta({ description: `JPEG, longest edge ${RENDITIONS[3][1]} px` }),
  }),
  "Renditions, rotated upright, every one re-encoded without metadata.",
);

export const PhotoSchema = named(
  "Photo",
  z.object({
    stem: z.string().meta({ description: "The photo's id" }),
    alt: z.string().max(240).optional().meta({ description: "Caption, up to 240 characters" }),
    full: Url.nullable().meta({ description: "Full-resolution copy, re-encoded without metadata" }),
    thumb: ThumbSchema,
    metadata: PhotoMetadataSchema,
    score: z.number().optional().meta({ description: "Present when q was given" }),
    matched: z.array(z.string()).optional().meta({ description: "Terms that matched, when q was given" }),
  }),
);

const text = (name: string, description: string, example?: string) =>
  z
    .string()
    .max(120, `${name} must be at most 120 characters`)
    .meta({ description: `${description} At most 120 characters.`, ...(example ? { examples: [example] } : {}) })
    .transform((s) => s.trim() || undefined)
    .optional();

const day = (name: string, description: string) =>
  z
    .string()
    // A string that is not YYYY-MM-DD is not also "not a real date": one message, not two.
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: `${name} must be a date written YYYY-MM-DD`, abort: true })
    .refine(
      (s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
      `${name} is not a real date`,
    )
    .meta({ description, format: "date" })
    .optional();

const PhotoQuerySchema = named(
  "PhotoQuery",
  z.object({
    total: z.int().min(0).meta({ description: "Matching photos" }),
    photos: z.array(PhotoSchema),
    query: z
      .object({
        q: z.string(),
        camera: z.string(),
        lens: z.string(),
        film: z.string(),
        recipe: z.string(),
        from: z.string(),
        to: z.string(),
      })
      .meta({ description: "The normalized filters; an empty string when absent" }),
    ranking: z.object({
      mode: z.enum(["filters-only", "no-terms", "all-terms", "partial", "no-match"]),
      terms: z.array(z.string()).meta({ description: "Terms searched for (stopwords dropped, at most 12)" }),
      semantic: z.boolean().meta({ description: "Whether semantic matching was used (never, on this site)" }),
      dropped: z.array(z.string()).optional().meta({ description: "Terms dropped as matching no caption; omitted when empty" }),
      common: z.array(z.string()).optional().meta({ description: "Terms set aside as in most captions; omitted when empty" }),
    }),
    offset: z.int().min(0),
    limit: z.int().min(1),
  }),
  "A page of photos matching a query.",
);

export const photoQuery = defineEndpoint({
  name: "queryPhotos",
  summary: "Query the photo archive",
  description:
    "Caption search (the only ranked field) and filters by camera, lens, film simulation, anything in the Fujifilm recipe card, and date. Text filters are case-insensitive substrings.",
  tag: "photos",
  policy: "read",
  input: z
    .object({
      q: text("q", "Caption search; ranked by how telling the matched words are.", siteConfig.examples.photoCaption),
      camera: text("camera", "Case-insensitive substring of the camera."),
      lens: text("lens", "Case-insensitive substring of the lens."),
      film: text("film", "Case-insensitive substring of the film simulation."),
      recipe: text("recipe", "Case-insensitive substring anywhere in the recipe card (names and values)."),
      from: day("from", "Earliest day (YYYY-MM-DD), inclusive."),
      to: day("to", "Latest day (YYYY-MM-DD), inclusive."),
      limit: clampedInt({ min: 1, max: 100, default: 25, description: "Page size:" }),
      offset: clampedInt({ min: 0, max: 10000, default: 0, description: "Rows to skip:" }),
    })
    .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ["from"], message: "from is after to" }),
  output: PhotoQuerySchema,
  outputDescription: "A page of matching photos with the normalized query and how it was ranked.",
  run: (input) => queryPhotos(getPhotos().index, input),
  http: { path: "/photos/query.json", cache: { maxAge: 300, staleWhileRevalidate: 3600 } },
});

const ManifestSchema = named(
  "PhotoManifest",
  z.object({
    count: z.int().min(0),
    generated: z.string().meta({ description: "When the manifest was built (ISO 8601)" }),
    photos: z.array(
      z.object({
        stem: z.string(),
        alt: z.string().nullable(),
        thumb: ThumbSchema,
        full: Url.meta({ description: "Full-resolution copy, re-encoded without metadata" }),
        key: z.string().meta({ description: "File name of the full-resolution copy" }),
        width: z.int().meta({ description: "Pixel width of the full-resolution copy, upright" }),
        height: z.int(),
        bytes: z.int().meta({ description: "Size of the uploaded original" }),
        uploaded: z.string().meta({ description: "Upload date (ISO 8601): when the original file was last modified" }),
        date: z.string().nullable().meta({ description: "When it was taken, as the camera wrote it (YYYY:MM:DD HH:MM:SS), or null" }),
      }),
    ),
  }),
  "Every published photo.",
);

export const photoManifest = defineEndpoint({
  name: "getPhotoManifest",
  summary: "Every published photo",
  description: "Thumbnail URLs, the full-resolution key, size and upload date of every published photo, newest first.",
  tag: "photos",
  policy: "read",
  output: ManifestSchema,
  outputDescription: "The manifest.",
  http: { path: "/images/manifest.json", cache: { maxAge: 300, staleWhileRevalidate: 3600 } },
  run: () => {
    const { manifest } = getPhotos();
    return {
      count: manifest.photos.length,
      generated: manifest.builtAt,
      photos: manifest.photos.map((p) => ({
        stem: p.stem,
        alt: p.alt,
        thumb: toPhoto(p).thumb,
        full: p.full,
        key: p.fullKey,
        width: p.sizes.full.width,
        height: p.sizes.full.height,
        bytes: p.bytes,
        uploaded: p.uploaded,
        date: p.metadata.date ?? null,
      })),
    };
  },
});
