import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseQuestionBank } from "@/lib/content/question-bank";
import type { Corpus } from "@/lib/content/types";
import { runScript } from "./helpers/run-script";
import { startOpenAIStub, suggestedFor, type OpenAIStub } from "./helpers/openai-stub";

/**
 * `npm run ask:questions` as the owner runs it (a child process through tsx), against a
 * temporary copy of a question bank (`--file`) and a loopback chat-completions stand-in.
 */
const root = path.resolve(import.meta.dirname, "..");
const corpus = JSON.parse(readFileSync(path.join(root, ".site/corpus.json"), "utf8")) as Corpus;
const pages = [...corpus.docs, ...corpus.standing];
const title = (url: string) => pages.find((d) => d.url === url)!.title;

const run = (args: string[], env: Record<string, string> = {}) => runScript("scripts/ask-questions.ts", args, env);

const BANK = `# Questions visitors ask

A note the script leaves alone.

## /about

- one
- Two?
- three

## /contact

- does she answer mail on weekends
* best way to reach u?

## /now

- what's she up to
`;

let dir: string;
let n = 0;
/** A fresh copy of `text` in the temporary folder. */
function bankFile(text = BANK): string {
  const file = path.join(dir, `questions-${++n}.md`);
  writeFileSync(file, text);
  return file;
}

let stub: OpenAIStub;
const model = () => ({ ASK_MODEL_URL: stub.url, ASK_MODEL_NAME: "stub-model", ASK_MODEL_KEY: "sk-test-key" });

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "ask-questions-"));
  stub = await startOpenAIStub("suggest");
});
afterAll(async () => {
  await stub?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("npm run ask:questions", () => {
  it("appends suggestions to the pages under the minimum only, keeping every existing line as it was", async () => {
    const file = bankFile();
    const own = await startOpenAIStub("suggest");
    const r = await run(["--file", file, "--min", "3", "--page", "/about", "--page", "/contact", "--page", "/uses"], {
      ...model(),
      ASK_MODEL_URL: own.url,
    }).finally(() => own.close());
    expect(r.err).toBe("");
    expect(r.code).toBe(0);
    expect(r.out.trim().split("\n")).toEqual(["/contact: +4", "/uses: +4", `Added 8 questions to 2 pages in ${file}: review the diff.`]);
    // /about has 3 already; /now was not asked for. The model's repeat of an existing question
    // (in capitals), its empty, over-long and repeated lines and its chatter are dropped.
    const items = (url: string) => suggestedFor(url).map((q) => `- ${q}`);
    expect(readFileSync(file, "utf8")).toBe(
      BANK.replace("* best way to reach u?\n", `* best way to reach u?\n${items("/contact").join("\n")}\n`) +
        `\n## /uses\n\n${items("/uses").join("\n")}\n`,
    );

    const requests = own.requests;
    expect(requests).toHaveLength(2);
    for (const { body, headers } of requests) {
      expect(body.model).toBe("stub-model");
      expect(headers.authorization).toBe("Bearer sk-test-key");
      expect(headers["content-type"]).toMatch(/^application\/json/);
    }
    const prompts = requests.map(({ body }) => (body.messages as { content: string }[]).at(-1)!.content);
    expect(prompts[0]).toContain(`Title: ${title("/contact")}`);
    expect(prompts[0]).toContain("- does she answer mail on weekends");
    expect(prompts[1]).toContain(`Title: ${title("/uses")}`);
    // The page's text is bounded.
    for (const p of prompts) expect(p.length).toBeLessThan(6_000);
  });

  it("over the whole site, leaves pages at the minimum alone and the real bank's lines in place", async () => {
    const original = readFileSync(path.join(root, "content/questions.md"), "utf8");
    const file = bankFile(original);
    // A minimum several of the demo's pages are under (the bank holds 2 to 20 per page).
    const r = await run(["--file", file, "--min", "6"], model());
    expect(r.err).toBe("");
    expect(r.code).toBe(0);

    const urls = new Set(pages.map((d) => d.url));
    const was = parseQuestionBank(original, urls).byUrl;
    const now = parseQuestionBank(readFileSync(file, "utf8"), urls);
    expect(now.problems).toEqual([]);
    const under = pages.filter((d) => (was.get(d.url)?.length ?? 0) < 6).map((d) => d.url);
    expect(under.length).toBeGreaterThan(3);
    for (const d of pages) {
      const expected = [...(was.get(d.url) ?? []), ...(under.includes(d.url) ? suggestedFor(d.url) : [])];
      expect(now.byUrl.get(d.url) ?? [], d.url).toEqual(expected);
    }
    expect(r.out).toContain(`Added ${under.length * 4} questions to ${under.length} pages`);

    // Every original line is still there, in order; the rest are the new items and sections.
    const added = new Set(under.flatMap((url) => [`## ${url}`, ...suggestedFor(url).map((q) => `- ${q}`)]));
    const extra: string[] = [];
    const old = original.trimEnd().split("\n");
    let j = 0;
    for (const line of readFileSync(file, "utf8").trimEnd().split("\n")) {
      if (j < old.length && line === old[j]) j++;
      else extra.push(line);
    }
    expect(j).toBe(old.length);
    expect(extra.filter((l) => l !== "" && !added.has(l))).toEqual([]);
  });

  it("--dry-run prints what it would add and writes nothing", async () => {
    const file = bankFile();
    const mtime = statSync(file).mtimeMs;
    const r = await run(["--file", file, "--min", "3", "--page", "/contact", "--dry-run"], model());
    expect(r.code).toBe(0);
    expect(r.out).toContain("/contact: +4\n");
    for (const q of suggestedFor("/contact")) expect(r.out).toContain(`  - ${q}\n`);
    expect(r.out).toContain(`Would add 4 questions to 1 page (dry run: ${file} unchanged).`);
    expect(readFileSync(file, "utf8")).toBe(BANK);
    expect(statSync(file).mtimeMs).toBe(mtime);
  });

  it("without ASK_MODEL_URL says so in one line and exits 2, the file untouched", async () => {
    const file = bankFile();
    const r = await run(["--file", file, "--page", "/contact"]);
    expect(r.code).toBe(2);
    expect(r.err.trim().split("\n")).toHaveLength(1);
    expect(r.err).toMatch(/^ASK_MODEL_URL is not set/);
    expect(readFileSync(file, "utf8")).toBe(BANK);
  });

  it("without a built site says to build it, and exits 2", async () => {
    const file = bankFile();
    const r = await run(["--file", file], { ...model(), SITE_DATA_DIR: path.join(dir, "no-site") });
    expect(r.code).toBe(2);
    expect(r.err.trim().split("\n")).toHaveLength(1);
    expect(r.err).toContain("npm run build:content");
    expect(readFileSync(file, "utf8")).toBe(BANK);
  });

  it("names each page an endpoint answering 500 failed, exits 1, and leaves the file as it was", async () => {
    const failing = await startOpenAIStub("error-500");
    try {
      const file = bankFile();
      const r = await run(["--file", file, "--page", "/contact", "--page", "/uses"], { ...model(), ASK_MODEL_URL: failing.url });
      expect(r.code).toBe(1);
      expect(r.err.trim().split("\n").sort()).toEqual([
        "/contact: failed: the model answered 500: overloaded",
        "/uses: failed: the model answered 500: overloaded",
      ]);
      expect(r.out).toContain("Added nothing");
      expect(readFileSync(file, "utf8")).toBe(BANK);
    } finally {
      await failing.close();
    }
  });

  it("gives up on an endpoint that hangs past --timeout-ms, exits 1, and leaves the file as it was", async () => {
    const hanging = await startOpenAIStub("hang");
    try {
      const file = bankFile();
      const r = await run(["--file", file, "--page", "/contact", "--timeout-ms", "300"], { ...model(), ASK_MODEL_URL: hanging.url });
      expect(r.code).toBe(1);
      expect(hanging.requests).toHaveLength(1);
      expect(r.err.trim()).toBe(`/contact: failed: no answer within 300 ms from ${hanging.url}/chat/completions`);
      expect(readFileSync(file, "utf8")).toBe(BANK);
      expect(r.ms).toBeLessThan(60_000);
    } finally {
      await hanging.close();
    }
  });

  it("names an endpoint nobody listens on, exits 1, and leaves the file as it was", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as { port: number };
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const file = bankFile();
    const r = await run(["--file", file, "--page", "/contact"], { ...model(), ASK_MODEL_URL: `http://127.0.0.1:${port}/v1` });
    expect(r.code).toBe(1);
    expect(r.err.trim()).toBe(`/contact: failed: could not reach http://127.0.0.1:${port}/v1/chat/completions (ECONNREFUSED)`);
    expect(readFileSync(file, "utf8")).toBe(BANK);
  });

  it("still writes the pages that got questions when another page's answer has none it can use", async () => {
    // Questions for /contact; for /uses only chatter and what the bank already has.
    const server = createServer(async (req, res) => {
      let raw = "";
      for await (const c of req) raw += c;
      const prompt = (JSON.parse(raw) as { messages: { content: string }[] }).messages.at(-1)!.content;
      const content = prompt.includes("Page: /contact") ? "1. can I text her\n2. her email pls" : "Sorry, here you go:\n\n\n";
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ choices: [{ index: 0, message: { role: "assistant", content } }] }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const file = bankFile();
      const { port } = server.address() as { port: number };
      const r = await run(["--file", file, "--page", "/contact", "--page", "/uses"], { ASK_MODEL_URL: `http://127.0.0.1:${port}` });
      expect(r.code).toBe(1);
      expect(r.err.trim()).toMatch(/^\/uses: failed: no usable question in the answer/);
      expect(r.err.trim().split("\n")).toHaveLength(1);
      expect(r.out).toContain("/contact: +2\n");
      expect(readFileSync(file, "utf8")).toBe(
        BANK.replace("* best way to reach u?\n", "* best way to reach u?\n- can I text her\n- her email pls\n"),
      );
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
