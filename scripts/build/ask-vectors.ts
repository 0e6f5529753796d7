import { createHash } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Doc } from "@/lib/content/types";
import { env, type Env } from "@/lib/env";
import {
  BODY_PASSAGES,
  USE_LITE_ID,
  VECTORS_FILE,
  bodyPassages,
  buildVectorIndex,
  dequantize,
  embedAll,
  encodeVectorFile,
  encoderUnits,
  quantize,
  remoteEncoder,
  unitKey,
  liteEncoder,
  type Encoder,
  type UnitSettings,
  type VectorIndex,
} from "@/lib/ask/encoder";
import { buildCacheDir } from "./stage-cache";

/**
 * The build's side of /ask's encoder (lib/ask/encoder.ts): every page's units embedded and
 * written int8 to `.site/ask-vectors.bin`. Each unit's vector is kept in the build cache
 * (`node_modules/.cache/site-build/ask-units/`) by its text and the encoder's identity, so a
 * rebuild after editing one page embeds only that page's new texts.
 */

/** The encoder the build uses (the server must use the same one): null when switched off. */
export function buildEncoder(e: Pick<Env, "ASK_ENCODER" | "ASK_EMBED_URL" | "ASK_EMBED_MODEL" | "ASK_EMBED_KEY"> = env()): Encoder | null {
  if (e.ASK_ENCODER === "off") return null;
  if (e.ASK_EMBED_URL) {
    const remote = remoteEncoder({ url: e.ASK_EMBED_URL, model: e.ASK_EMBED_MODEL ?? "default", key: e.ASK_EMBED_KEY });
    // A batch of 64 short texts: a minute is generous for any endpoint that answers at all.
    return { id: remote.id, embed: (texts) => remote.embed(texts, AbortSignal.timeout(60_000)) };
  }
  return liteEncoder();
}

const STORE_MAGIC = "ASKU1\n";
/** Entries kept in a store file at most; beyond it, only what the latest build used. */
const STORE_MAX = 100_000;

/** Unit vectors by text for one encoder: in memory, and on disk in the build cache. */
export class UnitStore {
  private map = new Map<string, { q: Int8Array; scale: number }>();
  private used = new Set<string>();
  private dirty = false;
  embedded = 0;
  dim = 0;

  private constructor(
    readonly encoder: Encoder,
    private readonly file: string | undefined,
  ) {}

  static async open(encoder: Encoder): Promise<UnitStore> {
    const root = buildCacheDir();
    const file = root
      ? path.join(root, "ask-units", `${createHash("sha256").update(encoder.id).digest("hex").slice(0, 24)}.bin`)
      : undefined;
    const store = new UnitStore(encoder, file);
    if (file) await store.read(file).catch(() => undefined);
    return store;
  }

  get size(): number {
    return this.map.size;
  }

  /** Embeds the texts not yet known (shortest first, in batches). */
  async ensure(texts: string[]): Promise<void> {
    const missing = [...new Set(texts)].filter((t) => !this.map.has(unitKey(this.encoder.id, t)));
    for (const t of texts) this.used.add(unitKey(this.encoder.id, t));
    if (missing.length === 0) return;
    const vecs = await embedAll(this.encoder, missing);
    missing.forEach((t, i) => {
      if (this.dim && vecs[i].length !== this.dim)
        throw new Error(`encoder ${this.encoder.id} answered ${vecs[i].length} dimensions after ${this.dim}`);
      this.dim = vecs[i].length;
      this.map.set(unitKey(this.encoder.id, t), quantize(vecs[i]));
    });
    this.embedded += missing.length;
    this.dirty = true;
  }

  /** A known text's vector (as shipped: through int8). */
  vector(text: string): Float32Array {
    const got = this.map.get(unitKey(this.encoder.id, text));
    if (!got) throw new Error(`no vector for ${JSON.stringify(text)}`);
    return dequantize(got.q, got.scale);
  }

  /** The vectors index of these pages' units and body passages (`vectorTexts`, embedded already). */
  index(docs: Doc[], units?: UnitSettings): VectorIndex {
    const bank = docs.reduce((n, d) => n + (d.bank?.length ?? 0), 0);
    return buildVectorIndex(
      this.encoder.id,
      docs.map((d) => ({
        url: d.url,
        vectors: encoderUnits(d, units).map((t) => this.vector(t)),
        body: bodyPassages(d, BODY_PASSAGES).map((t) => this.vector(t)),
      })),
      bank,
    );
  }

  async save(): Promise<void> {
    if (!this.file || !this.dirty) return;
    let keys = [...this.map.keys()];
    if (keys.length > STORE_MAX) keys = keys.filter((k) => this.used.has(k));
    const dim = this.dim || (this.map.values().next().value?.q.length ?? 0);
    const entry = 16 + 4 + dim;
    const header = Buffer.from(`${STORE_MAGIC}${JSON.stringify({ encoder: this.encoder.id, dim, count: keys.length })}\n`);
    const out = Buffer.alloc(header.length + keys.length * entry);
    header.copy(out);
    keys.forEach((k, i) => {
      const at = header.length + i * entry;
      Buffer.from(k, "hex").copy(out, at);
      const { q, scale } = this.map.get(k)!;
      out.writeFloatLE(scale, at + 16);
      Buffer.from(q.buffer, q.byteOffset, q.length).copy(out, at + 20);
    });
    try {
      await mkdir(path.dirname(this.file), { recursive: true });
      await writeFile(`${this.file}.tmp-${process.pid}`, out);
      await rename(`${this.file}.tmp-${process.pid}`, this.file);
      this.dirty = false;
    } catch {
      // A cache that cannot be written costs the next build time, not this one.
    }
  }

  private async read(file: string): Promise<void> {
    const b = await readFile(file);
    const nl = b.indexOf(10, STORE_MAGIC.length);
    if (b.toString("latin1", 0, STORE_MAGIC.length) !== STORE_MAGIC || nl < 0) return;
    const h = JSON.parse(b.toString("utf8", STORE_MAGIC.length, nl)) as { encoder: string; dim: number; count: number };
    const entry = 16 + 4 + h.dim;
    if (h.encoder !== this.encoder.id || b.length !== nl + 1 + h.count * entry) return;
    this.dim = h.dim;
    for (let i = 0; i < h.count; i++) {
      const at = nl + 1 + i * entry;
      const q = new Int8Array(h.dim);
      Buffer.from(q.buffer).set(b.subarray(at + 20, at + 20 + h.dim));
      this.map.set(b.toString("hex", at, at + 16), { q, scale: b.readFloatLE(at + 16) });
    }
  }
}

/** The texts the vectors file holds for these pages: their units and the body channel's passages. */
export function vectorTexts(docs: Doc[], units?: UnitSettings): string[] {
  return docs.flatMap((d) => [...encoderUnits(d, units), ...bodyPassages(d, BODY_PASSAGES)]);
}

/** Writes `ask-vectors.bin` for the pages into outDir. */
export async function writeAskVectors(
  docs: Doc[],
  outDir: string,
  store: UnitStore,
): Promise<{ units: number; passages: number; embedded: number; dim: number; bytes: number; ms: number }> {
  const started = performance.now();
  const before = store.embedded;
  await store.ensure(vectorTexts(docs));
  const index = store.index(docs);
  const file = encodeVectorFile(index);
  await mkdir(outDir, { recursive: true });
  await writeFile(path.join(outDir, `${VECTORS_FILE}.tmp`), file);
  await rename(path.join(outDir, `${VECTORS_FILE}.tmp`), path.join(outDir, VECTORS_FILE));
  await store.save();
  return {
    units: index.scales.length,
    passages: index.body?.scales.length ?? 0,
    embedded: store.embedded - before,
    dim: index.dim,
    bytes: file.length,
    ms: Math.round(performance.now() - started),
  };
}

export { USE_LITE_ID };
