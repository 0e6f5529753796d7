import { z } from "zod";
import { named, ErrorSchema } from "@/lib/core/schemas";
import { clampedInt } from "@/lib/core/params";
import { FailedRunSchema } from "@/lib/jobs/last-failure";

/** How many crawls' change sets are kept (only crawls that changed something are kept). */
export const MAX_CHANGE_SETS = 200;

const Iso = z.string().meta({ description: "ISO 8601 time, UTC" });

export const RobotsVerdictSchema = named(
  "AroundRobots",
  z.object({
    verdict: z.enum(["allowed", "disallowed", "unknown"]).meta({
      description:
        "allowed: the homepage may be fetched (also when robots.txt is absent, 4xx); disallowed: a rule forbids it and the homepage was not fetched; unknown: robots.txt failed (5xx, timeout) and, per RFC 9309, the homepage was not fetched",
    }),
    status: z.int().nullable().meta({ description: "HTTP status of /robots.txt; null when it could not be fetched" }),
    line: z.int().nullable().meta({ description: "Line of robots.txt whose rule decided, when one did" }),
    crawlDelay: z.number().nullable().meta({ description: "Crawl-delay for our crawler, in seconds, when declared (honoured up to 10)" }),
  }),
  "The firm's robots.txt read for this site's crawler (product token SiteLens).",
);

export const FirmStateSchema = named(
  "AroundFirm",
  z.object({
    name: z.string(),
    homepage: z.url().meta({ description: "The homepage from the firm list" }),
    fetchedAt: Iso,
    robots: RobotsVerdictSchema,
    status: z.int().nullable().meta({ description: "HTTP status of the homepage; null when it was not fetched" }),
    finalUrl: z.string().nullable().meta({ description: "URL after redirects; null when not fetched" }),
    title: z.string().nullable().meta({ description: "The page's <title>, whitespace collapsed" }),
    description: z.string().nullable().meta({ description: "meta description, else og:description" }),
    contentHash: z
      .string()
      .nullable()
      .meta({ description: "sha256 of the page's visible text (not its markup), so a changed nonce or script is not a change" }),
    elapsedMs: z.int().nullable(),
    error: z.string().nullable().meta({ description: "Why the homepage was not read, when it was not" }),
  }),
  "One firm's homepage as the latest crawl found it. Page bodies are never stored.",
);

/** One crawl as the job stores it. */
export const AroundCrawlSchema = z.object({
  crawledAt: Iso.meta({ description: "When the latest crawl finished" }),
  crawler: z.string().meta({ description: "The User-Agent the crawl sent" }),
  firms: z.array(FirmStateSchema),
  counts: z.object({
    firms: z.int(),
    reached: z.int().meta({ description: "Homepages that answered (any status)" }),
    disallowed: z.int().meta({ description: "Homepages robots.txt closed to us" }),
    failed: z.int().meta({ description: "Homepages that could not be read (robots.txt unreadable, timeout, refused)" }),
  }),
});

export const AroundReportSchema = named(
  "AroundReport",
  AroundCrawlSchema.extend({ lastFailure: FailedRunSchema.nullable() }),
  "The latest crawl of the firm homepages, and whether a newer crawl failed (then this one is the last good crawl).",
);

export const ChangeFieldSchema = z.enum(["status", "finalUrl", "title", "description", "robots", "content"]);

export const ChangeSchema = named(
  "AroundChange",
  z.object({
    detectedAt: Iso.meta({ description: "When the crawl that saw the change finished" }),
    firm: z.string(),
    homepage: z.url(),
    field: ChangeFieldSchema.meta({ description: "What changed; `content` compares contentHash, never bodies" }),
    from: z.union([z.string(), z.int(), z.null()]).meta({ description: "Value before (robots: the verdict)" }),
    to: z.union([z.string(), z.int(), z.null()]).meta({ description: "Value after" }),
  }),
);

export const AroundChangesSchema = named(
  "AroundChanges",
  z.object({
    limit: z.int(),
    returned: z.int(),
    changes: z.array(ChangeSchema).meta({ description: "Newest first" }),
    retention: z.string().meta({ description: "How much history is kept" }),
  }),
  `Changes between consecutive crawls, newest first. The change sets of the last ${MAX_CHANGE_SETS} crawls that changed anything are kept.`,
);

export const ChangesQuerySchema = z.object({
  limit: clampedInt({ min: 1, max: 100, default: 50, description: "Changes to return." }),
});

export const PendingSchema = named(
  "Pending",
  ErrorSchema.and(
    z.object({
      pending: z.literal(true),
      firms: z.int().meta({ description: "Firms on the list the first crawl will read" }),
      nextCrawlAt: Iso.nullable().meta({ description: "When the scheduler runs the next crawl; null when jobs are off here" }),
      lastFailure: FailedRunSchema.nullable().meta({ description: "The newest crawl, when one ran and failed; null when none has run" }),
    }),
  ),
  "No crawl has finished yet on this site (503).",
);
