/**
 * `npm run ask:questions`: asks the chat-completions model of ASK_MODEL_URL for questions
 * strangers would ask, for each page with fewer than `--min` (default 8) questions in
 * content/questions.md, and appends them to the page's section there (lib/content/question-bank.ts:
 * what is there is never changed or reordered). The owner reviews the diff like any edit.
 * Run by hand only: nothing in the build or the server imports this file.
 *
 *     npm run ask:questions -- [--min N] [--page /path]… [--dry-run] [--file path] [--timeout-ms N]
 *
 * Reads the built pages (.site/corpus.json, `npm run build:content`) for their titles,
 * descriptions and text. A page whose request fails (unreachable, non-200, past the
 * deadline, no usable line) is named with the reason and left as it was; the others are
 * still written, in one atomic rename.
 * Exit codes: 0 done, 1 some page failed, 2 usage, configuration or no built site.
 */
import { existsSync } from "node:fs";
import { readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { siteFile } from "@/lib/build-output";
import { appendToQuestionBank, MAX_BANK_QUESTION_CHARS, parseQuestionBank, QUESTION_BANK_FILE } from "@/lib/content/question-bank";
import type { Corpus, Doc } from "@/lib/content/types";
import { env, type Env } from "@/lib/env";

const USAGE = "Usage: npm run ask:questions -- [--min N] [--page /path]… [--dry-run] [--file path] [--timeout-ms N]";
/** Generation takes longer than the ranker's one-token answer (ASK_MODEL_TIMEOUT_MS): a deadline of its own. */
const DEFAULT_TIMEOUT_MS = 30_000;
/** How much of a page's text the prompt carries. */
const TEXT_CHARS = 3_000;
/** How many suggestions each request asks for. */
const ASK_FOR = 10;
/** Requests in flight at once. */
const CONCURRENCY = 4;

const SYSTEM = [
  "You help a personal website understand how visitors ask for things.",
  "Given one page of the site, write questions that strangers would type into its search box when this page is what they need.",
  "Write them in the strangers' own words, not the page's: synonyms, slang, fragments, typos, casual phrasing, and the need behind the page rather than its topic.",
  "Share as few words with the page as you can. Vary length and tone; some may be a few words, none longer than a sentence.",
  "Reply with only the questions, one per line: no numbering, no quotes, no commentary.",
].join(" ");

class Usage extends Error {}

function fail(message: string, code: number): never {
  console.error(message);
  process.exit(code);
}

function options() {
  try {
    const { values } = parseArgs({
      options: {
        min: { type: "string" },
        page: { type: "string", multiple: true },
        "dry-run": { type: "boolean" },
        file: { type: "string" },
        "timeout-ms": { type: "string" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
      allowPositionals: false,
    });
    const int = (name: string, raw: string | undefined, fallback: number, min: number) => {
      if (raw === undefined) return fallback;
      if (!/^\d+$/.test(raw) || Number(raw) < min) throw new Usage(`--${name} must be a whole number of at least ${min}, not "${raw}"`);
      return Number(raw);
    };
    return {
      help: values.help ?? false,
      min: int("min", values.min, 8, 1),
      pages: values.page ?? [],
      dryRun: values["dry-run"] ?? false,
      file: path.resolve(values.file ?? path.join("content", QUESTION_BANK_FILE)),
      timeoutMs: int("timeout-ms", values["timeout-ms"], DEFAULT_TIMEOUT_MS, 1),
    };
  } catch (err) {
    fail(`${(err as Error).message}\n${USAGE}`, 2);
  }
}

/** The prompt for one page: what it is, the start of its text, and what the bank already holds. */
function promptFor(doc: Doc, existing: readonly string[]): string {
  const text = doc.text.length > TEXT_CHARS ? `${doc.text.slice(0, TEXT_CHARS)}…` : doc.text;
  return [
    `Write ${ASK_FOR} questions for this page.`,
    "",
    `Page: ${doc.url}`,
    `Title: ${doc.title}`,
    `Description: ${doc.description}`,
    ...(existing.length ? ["", "Questions it already has (do not repeat them):", ...existing.map((q) => `- ${q}`)] : []),
    "",
    "Start of the page's text:",
    text,
  ].join("\n");
}

const MARKER = /^\s*(?:\(?\d{1,3}[.):]|[-*•–—+]|#{1,6})\s+/;

/**
 * The answer's lines as questions: numbering, bullets, emphasis and quotes stripped; chatter
 * ("Here are ten questions:") left out, and when some lines are numbered or bulleted, every
 * line that is not; empty, over-long and already-known lines (case-insensitive) dropped.
 */
function suggestionsFrom(answer: string, known: Iterable<string>): string[] {
  const seen = new Set([...known].map((q) => q.toLowerCase()));
  const lines = answer
    .replace(/<think>[\s\S]*?<\/think>/g, "")
    .split(/\r?\n/)
    .filter((l) => !/^\s*```/.test(l));
  const listed = lines.some((l) => MARKER.test(l));
  const out: string[] = [];
  for (const line of lines) {
    if (listed && !MARKER.test(line)) continue;
    let q = line.replace(MARKER, "").trim();
    for (let prev = ""; prev !== q;) {
      prev = q;
      q = q
        .replace(/^(\*\*|__)(.*)\1$/, "$2")
        .replace(/^["'“”‘’`«»](.*)["'“”‘’`«»]$/, "$1")
        .trim();
    }
    q = q.replace(/\s+/g, " ");
    if (!q || q.endsWith(":") || q.length > MAX_BANK_QUESTION_CHARS || seen.has(q.toLowerCase())) continue;
    seen.add(q.toLowerCase());
    out.push(q);
  }
  return out.slice(0, ASK_FOR * 2);
}

class PageFailed extends Error {}

const count = (n: number, what: string) => `${n} ${what}${n === 1 ? "" : "s"}`;

async function suggest(e: Env, timeoutMs: number, doc: Doc, existing: readonly string[]): Promise<string[]> {
  const url = `${e.ASK_MODEL_URL!.replace(/\/+$/, "")}/chat/completions`;
  const deadline = AbortSignal.timeout(timeoutMs);
  const timedOut = () => new PageFailed(`no answer within ${timeoutMs} ms from ${url}`);
  let res: Response;
  try {
    res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", ...(e.ASK_MODEL_KEY ? { authorization: `Bearer ${e.ASK_MODEL_KEY}` } : {}) },
      body: JSON.stringify({
        model: e.ASK_MODEL_NAME ?? "default",
        temperature: 0.9,
        max_tokens: 1_000,
        messages: [
          { role: "system", content: SYSTEM },
          { role: "user", content: promptFor(doc, existing) },
        ],
      }),
      signal: deadline,
    });
  } catch (err) {
    if (deadline.aborted) throw timedOut();
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    throw new PageFailed(`could not reach ${url} (${cause?.code ?? cause?.message ?? (err as Error).message})`);
  }
  let body: string;
  try {
    body = await res.text();
  } catch {
    throw deadline.aborted ? timedOut() : new PageFailed(`the answer from ${url} broke off`);
  }
  if (!res.ok) {
    let detail = "";
    try {
      const m = (JSON.parse(body) as { error?: { message?: unknown } }).error?.message;
      if (typeof m === "string") detail = `: ${m.replace(/\s+/g, " ").slice(0, 160)}`;
    } catch {
      // Not JSON: the status says enough.
    }
    throw new PageFailed(`the model answered ${res.status}${detail}`);
  }
  let content: unknown;
  try {
    content = (JSON.parse(body) as { choices?: { message?: { content?: unknown } }[] }).choices?.[0]?.message?.content;
  } catch {
    throw new PageFailed("the answer is not JSON");
  }
  if (typeof content !== "string") throw new PageFailed("the answer holds no message content (choices[0].message.content)");
  const questions = suggestionsFrom(content, [...existing, ...doc.questions]);
  if (!questions.length) throw new PageFailed("no usable question in the answer (every line empty, too long or already asked)");
  return questions;
}

async function main() {
  const opts = options();
  if (opts.help) {
    console.log(USAGE);
    return 0;
  }
  let e: Env;
  try {
    e = env();
  } catch (err) {
    fail((err as Error).message, 2);
  }
  let corpus: Corpus;
  try {
    corpus = JSON.parse(await readFile(siteFile("corpus.json"), "utf8")) as Corpus;
  } catch {
    fail(`No built site (${path.join(e.SITE_DATA_DIR, "corpus.json")}): run \`npm run build:content\` first.`, 2);
  }
  const pages = [...corpus.docs, ...(corpus.standing ?? [])];
  const byUrl = new Map(pages.map((d) => [d.url, d]));
  const unknown = opts.pages.filter((p) => !byUrl.has(p));
  if (unknown.length) fail(`Not a page of this site: ${unknown.join(", ")} (give its path, e.g. --page /contact)`, 2);
  if (!e.ASK_MODEL_URL) fail("ASK_MODEL_URL is not set: point it at an OpenAI-compatible endpoint (ASK_MODEL_NAME, ASK_MODEL_KEY).", 2);

  const relative = path.relative(process.cwd(), opts.file);
  const shown = relative && !relative.startsWith("..") && !path.isAbsolute(relative) ? relative : opts.file;
  const text = existsSync(opts.file) ? await readFile(opts.file, "utf8") : "";
  const bank = parseQuestionBank(text, new Set(byUrl.keys())).byUrl;
  const wanted = (opts.pages.length ? opts.pages.map((p) => byUrl.get(p)!) : pages).filter(
    (d) => (bank.get(d.url)?.length ?? 0) < opts.min,
  );
  if (!wanted.length) {
    console.log(`Every page asked for has at least ${opts.min} questions in ${shown}: nothing to do.`);
    return 0;
  }

  const additions = new Map<string, string[]>();
  let failed = 0;
  let next = 0;
  const worker = async () => {
    while (next < wanted.length) {
      const doc = wanted[next++];
      try {
        additions.set(doc.url, await suggest(e, opts.timeoutMs, doc, bank.get(doc.url) ?? []));
      } catch (err) {
        if (!(err instanceof PageFailed)) throw err;
        failed++;
        console.error(`${doc.url}: failed: ${err.message}`);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, wanted.length) }, worker));

  // In page order, whatever order the answers came in.
  const ordered = new Map(wanted.flatMap((d) => (additions.has(d.url) ? [[d.url, additions.get(d.url)!] as const] : [])));
  const result = appendToQuestionBank(text, ordered);
  const total = [...result.added.values()].reduce((a, b) => a + b, 0);
  for (const [url, n] of result.added) {
    console.log(`${url}: +${n}`);
    if (opts.dryRun) {
      const fresh = new Set(ordered.get(url)!.map((q) => q.toLowerCase()));
      for (const q of parseQuestionBank(result.text, new Set([url])).byUrl.get(url) ?? [])
        if (fresh.has(q.toLowerCase())) console.log(`  - ${q}`);
    }
  }
  if (opts.dryRun) {
    console.log(`Would add ${count(total, "question")} to ${count(result.added.size, "page")} (dry run: ${shown} unchanged).`);
  } else if (total) {
    const tmp = `${opts.file}.${process.pid}.tmp`;
    await writeFile(tmp, result.text);
    await rename(tmp, opts.file);
    console.log(`Added ${count(total, "question")} to ${count(result.added.size, "page")} in ${shown}: review the diff.`);
  } else {
    console.log(`Added nothing to ${shown}.`);
  }
  return failed ? 1 : 0;
}

process.exit(await main());
