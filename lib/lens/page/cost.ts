import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { RATES, RATES_CHECKED } from "./rates";

export type TierKey = "html" | "text" | "markdown" | "outline" | "raw";

export interface Tier {
  key: TierKey;
  label: string;
  note: string;
  chars: number;
  tokens: number;
  /** Counted on evenly spaced samples and scaled to the whole (long texts only). */
  estimated?: boolean;
}

export interface Cost {
  tokenizer: string;
  checked: string;
  rates: { model: string; usdPerMtok: number; exact: boolean }[];
  tiers: Tier[];
  partial?: { parsedBytes: number; rawBytes: number };
}

const TIER_TEXT: Record<TierKey, { label: string; note: string }> = {
  raw: { label: "Raw body", note: "The body as served, scripts and styles included" },
  html: { label: "Cleaned HTML", note: "The parsed HTML without scripts, styles, comments and inline SVG" },
  text: { label: "Visible text", note: "The text a reader sees, without markup" },
  markdown: { label: "Markdown", note: "The main content rendered as Markdown" },
  outline: { label: "Outline", note: "Title and headings only" },
};

export const TOKENIZER = "o200k_base (gpt-tokenizer 4, offline)";

/**
 * What reading the page costs a model in each form an agent might send it. Null when there
 * is nothing to count (binary or unreadable bodies, empty pages).
 */
export function pageCost(forms: Partial<Record<TierKey, string>>, partial: { parsedBytes: number; rawBytes: number } | null): Cost | null {
  const tiers: Tier[] = [];
  for (const key of ["raw", "html", "text", "markdown", "outline"] as const) {
    const text = forms[key];
    if (text === undefined) continue;
    const { tokens, estimated } = text ? tokenEstimate(text) : { tokens: 0, estimated: false };
    tiers.push({ key, ...TIER_TEXT[key], chars: text.length, tokens, ...(estimated ? { estimated } : {}) });
  }
  if (!tiers.some((t) => t.tokens > 0)) return null;
  return {
    tokenizer: TOKENIZER,
    checked: RATES_CHECKED,
    rates: RATES.map((r) => ({ ...r })),
    tiers,
    ...(partial ? { partial } : {}),
  };
}

const LONG_RUN = 400;

/**
 * Byte-pair encoding is quadratic in the length of one pre-tokenized chunk, so a hostile page
 * with one long run could pin a core (bench/HISTORY.md#bpe-long-runs). Runs of LONG_RUN or
 * more non-space characters (data URIs, minified blobs, padding) are counted in LONG_RUN
 * slices; elsewhere the count is exact.
 */
export function tokenCount(text: string): number {
  let total = 0;
  let last = 0;
  for (const m of text.matchAll(new RegExp(`\\S{${LONG_RUN},}`, "g"))) {
    total += countTokens(text.slice(last, m.index));
    for (let i = 0; i < m[0].length; i += LONG_RUN) total += countTokens(m[0].slice(i, i + LONG_RUN));
    last = m.index + m[0].length;
  }
  return total + countTokens(text.slice(last));
}

/** Texts up to this many characters are counted exactly. */
export const EXACT_CHARS = 24 * 1024;
const SAMPLES = 4;
const SAMPLE_CHARS = 3 * 1024;

/**
 * Token count of `text`: exact up to EXACT_CHARS, beyond that counted on SAMPLES windows
 * spread evenly over the text (cut at whitespace) and scaled by characters, because exact
 * BPE over every tier of a large page costs more than the rest of the observation
 * (bench/HISTORY.md#token-estimate); the estimate stays within a few percent.
 */
export function tokenEstimate(text: string): { tokens: number; estimated: boolean } {
  if (text.length <= EXACT_CHARS) return { tokens: tokenCount(text), estimated: false };
  let chars = 0;
  let tokens = 0;
  for (let i = 0; i < SAMPLES; i++) {
    let start = Math.floor((i * (text.length - SAMPLE_CHARS)) / (SAMPLES - 1));
    let end = start + SAMPLE_CHARS;
    start = nextSpace(text, start);
    end = nextSpace(text, end);
    if (end <= start) continue;
    const window = text.slice(start, end);
    chars += window.length;
    tokens += tokenCount(window);
  }
  return chars ? { tokens: Math.round((tokens * text.length) / chars), estimated: true } : { tokens: tokenCount(text), estimated: false };
}

function nextSpace(text: string, from: number): number {
  if (from <= 0) return 0;
  if (from >= text.length) return text.length;
  const limit = Math.min(text.length, from + 256);
  for (let i = from; i < limit; i++) if (/\s/.test(text[i])) return i;
  return from;
}

const DROPPED = ["script", "style", "svg", "noscript", "template"];

/**
 * Cleaned HTML for the html tier: no scripts, styles, comments or inline SVG. A scan with
 * indexOf, not a regex: a lazy `<script[\s\S]*?</script>` rescans to the end from every
 * unclosed `<script`, and 256 KB of them took 2.2 s (quadratic). An unclosed element or
 * comment drops the rest of the page, as a browser would swallow it.
 */
export function cleanedHtml(html: string): string {
  const lower = html.toLowerCase();
  const out: string[] = [];
  let at = 0;
  for (;;) {
    const open = lower.indexOf("<", at);
    if (open < 0) break;
    let end = -1;
    if (lower.startsWith("<!--", open)) {
      const close = lower.indexOf("-->", open + 4);
      end = close < 0 ? html.length : close + 3;
    } else {
      const name = DROPPED.find((n) => lower.startsWith(n, open + 1) && !/[a-z0-9-]/.test(lower[open + 1 + n.length] ?? ""));
      if (name) {
        const close = lower.indexOf(`</${name}`, open + 1 + name.length);
        const gt = close < 0 ? -1 : lower.indexOf(">", close);
        end = gt < 0 ? html.length : gt + 1;
      }
    }
    if (end < 0) {
      out.push(html.slice(at, open + 1));
      at = open + 1;
      continue;
    }
    out.push(html.slice(at, open));
    at = end;
  }
  out.push(html.slice(at));
  return out.join("").replace(/\n\s*\n+/g, "\n");
}
