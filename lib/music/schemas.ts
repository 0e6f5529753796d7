import { z } from "zod";
import { ErrorSchema, named } from "@/lib/core/schemas";

export const TrackSchema = named(
  "Track",
  z.object({
    id: z.string().meta({ description: "The music service's track id" }),
    title: z.string(),
    artists: z.array(z.string()).meta({ description: "Artist names, in the service's order" }),
    album: z.string().nullable(),
    durationMs: z.int().meta({ description: "Duration in milliseconds" }),
    duration: z.string().meta({ description: "Duration as m:ss", examples: ["3:41"] }),
    link: z.url().meta({
      description:
        "Universal link (a song.link page that opens the track in any service) when resolved; until then the track's Spotify URL (see linkKind)",
    }),
    linkKind: z.enum(["universal", "spotify"]),
    spotifyUrl: z.url(),
    previewUrl: z
      .url()
      .nullable()
      .meta({ description: "30-second preview, when the service still offers one (it gives none to new apps since 2024): usually null" }),
    explicit: z.boolean(),
  }),
);

export const TracksSchema = named(
  "Tracks",
  z.object({
    playlist: z.object({ id: z.string(), name: z.string(), url: z.url() }),
    fetchedAt: z.string().meta({ description: "When the playlist was read from the music service (ISO 8601)" }),
    stale: z.boolean().meta({
      description: "True when the last refresh failed and this is the last good copy (older than an hour); `staleReason` says why",
    }),
    staleReason: z.string().optional(),
    tracks: z.array(TrackSchema),
  }),
  "The owner's current playlist, cached for an hour.",
);

export const TracksErrorSchema = named(
  "TracksError",
  ErrorSchema.and(z.object({ tracks: z.array(TrackSchema).max(0) })),
  "An error of /rn/tracks: the Error fields with `tracks: []`.",
);
