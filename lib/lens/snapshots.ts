import { createHash, randomUUID } from "node:crypto";
import { z } from "zod";
import { defineEndpoint } from "@/lib/core/endpoint";
import { ApiError } from "@/lib/core/errors";
import { clampedInt, requiredText } from "@/lib/core/params";
import { getStore, type Store } from "@/lib/store";
import { observeOrRefuse } from "./endpoint";
import type { LensObservation } from "./observe";

/**
 * Snapshot rows: the lens observation of a URL at one time, reduced to what is worth
 * comparing later (never the page body; a hash of its text stands in for it). Kept in the
 * store as one capped list, newest first. Offered as the MCP tools representation_capture
 * and representation_compare, which say in their descriptions that they store a row.
 */
export const SNAPSHOT_KEY = "lens:snapshots";
export const MAX_SNAPSHOTS = 500;

// Not named(): these tools are MCP-only, so their shapes are not OpenAPI components.
export const SnapshotSchema = z
  .object({
    id: z.string().meta({ description: "Row id, for representation_compare" }),
    url: z.url().meta({ description: "The URL as requested" }),
    finalUrl: z.url(),
    capturedAt: z.iso.datetime().meta({ description: "When the observation was made (UTC)" }),
    status: z.int(),
    title: z.string(),
    wordCount: z.int().min(0),
    contentHash: z.string().meta({ description: "sha256 of the page's visible text (hex), so a change shows without keeping the body" }),
    readiness: z
      .int()
      .min(0)
      .max(100)
      .nullable()
      .meta({ description: "Agent-readiness score (readiness.overall); null when the discovery pass did not run" }),
    tier: z
      .string()
      .nullable()
      .meta({ description: "Spectrum tier (open, signaled, enforced, paid); null when the discovery pass did not run" }),
  })
  .meta({ description: "One stored observation of a URL." });
export type Snapshot = z.infer<typeof SnapshotSchema>;

export function toSnapshot(o: LensObservation, at = new Date()): Snapshot {
  const withReadiness = o as LensObservation & { readiness?: { overall?: number }; terms?: { spectrum?: { tier?: string } } };
  return {
    id: randomUUID(),
    url: o.url,
    finalUrl: o.finalUrl,
    capturedAt: at.toISOString(),
    status: o.status,
    title: o.structured.title,
    wordCount: o.anatomy.wordCount,
    contentHash: createHash("sha256").update(o.anatomy.text).digest("hex"),
    readiness: withReadiness.readiness?.overall ?? null,
    tier: withReadiness.terms?.spectrum?.tier ?? null,
  };
}

const COMPARED = ["finalUrl", "status", "title", "wordCount", "contentHash", "readiness", "tier"] as const;

export function diffSnapshots(left: Snapshot, right: Snapshot) {
  const differences = COMPARED.filter((k) => left[k] !== right[k]).map((field) => ({ field, left: left[field], right: right[field] }));
  return { sameUrl: left.url === right.url, changed: differences.length > 0, differences };
}

export async function storeSnapshot(store: Store, row: Snapshot): Promise<void> {
  await store.pushCapped(SNAPSHOT_KEY, row, MAX_SNAPSHOTS);
}

export async function listSnapshots(store: Store, count: number, url?: string): Promise<Snapshot[]> {
  const rows = await store.listRecent<Snapshot>(SNAPSHOT_KEY, url ? MAX_SNAPSHOTS : count);
  return (url ? rows.filter((r) => r.url === url || r.finalUrl === url) : rows).slice(0, count);
}

async function findSnapshot(store: Store, id: string, parameter: string): Promise<Snapshot> {
  const row = (await store.listRecent<Snapshot>(SNAPSHOT_KEY, MAX_SNAPSHOTS)).find((r) => r.id === id);
  if (!row)
    throw new ApiError("not_found", `No stored snapshot has the id ${JSON.stringify(id)}.`, {
      extras: { parameter },
      hint: "List the rows with representation_capture and no url.",
    });
  return row;
}

const rowsSchema = z.array(SnapshotSchema);

export const representationCapture = defineEndpoint({
  name: "captureRepresentation",
  summary: "Capture how a URL looks to machines, and store it",
  description:
    "With `url`: fetches the URL as the site's crawler (the same guarded fetch and inspect budget as /lens/fetch) and STORES a snapshot row (URL, time, status, readiness, tier, content hash, word count, title) in the site's store; returns the row. Without `url`: stores nothing and lists the stored rows, newest first.",
  tag: "lens",
  policy: (raw) => (typeof raw.url === "string" && raw.url.trim() ? "inspect" : "read"),
  input: z.object({
    url: z
      .string()
      .max(2048)
      .optional()
      .meta({ description: "Public http or https URL to capture; omit it to list stored rows", examples: ["https://example.com/"] }),
    limit: clampedInt({ min: 1, max: 100, default: 20, description: "Rows to list:" }),
  }),
  output: z.object({
    stored: z.boolean().meta({ description: "Whether this call stored a new row" }),
    snapshot: SnapshotSchema.optional().meta({ description: "The row stored by this call" }),
    snapshots: rowsSchema.meta({ description: "Stored rows, newest first (for the URL when one was given)" }),
  }),
  outputDescription: "The stored row and the list of rows.",
  errors: [
    { status: 502, code: "upstream_failed", description: "The target could not be read" },
    { status: 503, code: "storage_unavailable", description: "The store cannot be reached" },
  ],
  run: async (input, { base, signal, timing }) => {
    const store = getStore();
    const url = input.url?.trim();
    if (!url) return { stored: false, snapshots: await listSnapshots(store, input.limit) };
    const row = toSnapshot(await observeOrRefuse(url, { base, signal, timing }));
    await storeSnapshot(store, row);
    return { stored: true, snapshot: row, snapshots: await listSnapshots(store, input.limit, row.url) };
  },
  mcp: { name: "representation_capture", stores: true },
});

export const representationCompare = defineEndpoint({
  name: "compareRepresentations",
  summary: "Compare two stored snapshots, or one against a fresh capture",
  description:
    "With `left` and `right` (row ids): the fields that differ between two stored rows. With only `left`: captures the row's URL again (inspect budget), STORES the new snapshot row in the site's store, and compares the stored row with it.",
  tag: "lens",
  policy: (raw) => (typeof raw.right === "string" && raw.right ? "read" : "inspect"),
  input: z.object({
    left: requiredText("left", 64, "Id of a stored row", "00000000-0000-0000-0000-000000000000"),
    right: z.string().max(64).optional().meta({ description: "Id of another stored row; omit it to compare against a fresh capture" }),
  }),
  output: z.object({
    left: SnapshotSchema,
    right: SnapshotSchema,
    captured: z.boolean().meta({ description: "Whether `right` was captured (and stored) by this call" }),
    sameUrl: z.boolean(),
    changed: z.boolean(),
    differences: z.array(z.object({ field: z.enum(COMPARED), left: z.unknown(), right: z.unknown() })),
  }),
  outputDescription: "The two rows and their differences.",
  errors: [
    { status: 404, code: "not_found", description: "No stored row has that id" },
    { status: 502, code: "upstream_failed", description: "The fresh capture could not be read" },
    { status: 503, code: "storage_unavailable", description: "The store cannot be reached" },
  ],
  run: async (input, { base, signal, timing }) => {
    const store = getStore();
    const left = await findSnapshot(store, input.left, "left");
    let right: Snapshot;
    const captured = !input.right;
    if (input.right) right = await findSnapshot(store, input.right, "right");
    else {
      right = toSnapshot(await observeOrRefuse(left.url, { base, signal, timing, parameter: "left" }));
      await storeSnapshot(store, right);
    }
    return { left, right, captured, ...diffSnapshots(left, right) };
  },
  mcp: { name: "representation_compare", stores: true },
});
