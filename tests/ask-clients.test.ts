import { EventSource } from "eventsource";
import { describe, expect, it } from "vitest";
import { appUnderTest } from "./helpers/app";
import { ENCODER_ON } from "./helpers/server";
import { call } from "./helpers/openapi";

/**
 * /ask read by the NLWeb clients people use, each with its own parsing logic reproduced
 * here (read from their sources): nlweb-ai/search-components' useNlWeb hook (POST, reads
 * `results` from every data line, keeps schema.org Article/BlogPosting items), and
 * nlweb-ai/NLWeb_Core's chat UI (GET through EventSource, skips messages carrying `_meta`,
 * collects `content` resources, closes on `type: "complete"`).
 */
const app = appUnderTest(ENCODER_ON);
const CARB = "/garage/cb400f-carb-sync";

/** search-components' parseSchema, reduced to the Article branch a page result takes (src/lib/parseSchema.ts). */
function parseArticle(data: Record<string, unknown>): { "@id": string; score: number } | null {
  const t = data["@type"];
  const isArticle = (s: unknown) => s === "Article" || s === "NewsArticle" || s === "BlogPosting";
  const typed = isArticle(t) || (Array.isArray(t) && t.some(isArticle));
  if (!typed || typeof data["@id"] !== "string" || typeof data.score !== "number" || typeof data.site !== "string") return null;
  return { "@id": data["@id"] as string, score: data.score as number };
}

describe("search-components (useNlWeb)", () => {
  it("gets a 200 stream for its 'list, summarize' request and shows the ranked pages", async () => {
    const host = new URL(app.server.base).host;
    // convertParamsToRequest(): the exact body the hook sends.
    const body = {
      query: { text: "how do i balance the carbs on an old four-cylinder bike", site: host, max_results: 9, num_results: 50 },
      prefer: { streaming: true, response_format: "conv_search", mode: "list, summarize" },
      meta: { api_version: "0.54", start_num: 0 },
    };
    const response = await fetch(`${app.server.base}/ask`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
      body: JSON.stringify(body),
    });
    expect(response.ok).toBe(true);
    // handleStreamingResponse(): split on newlines, parse every `data: ` line, read data.results.
    const text = await response.text();
    const accumulated: { "@id": string; score: number }[] = [];
    let failure: unknown = null;
    for (const line of text.split("\n")) {
      if (!line.trim() || !line.startsWith("data: ")) continue;
      const data = JSON.parse(line.slice(6)) as {
        _meta?: { response_type?: string };
        error?: unknown;
        results?: Record<string, unknown>[];
      };
      if (data._meta?.response_type === "Failure" && data.error) failure = data.error;
      for (const r of data.results ?? []) {
        const parsed = parseArticle(r);
        if (parsed && !accumulated.some((a) => a["@id"] === parsed["@id"])) accumulated.push(parsed);
      }
    }
    expect(failure).toBeNull();
    const sorted = accumulated.sort((a, b) => b.score - a.score);
    expect(sorted.length).toBeGreaterThanOrEqual(3);
    expect(sorted[0]["@id"]).toBe(`${app.server.base}${CARB}`);
  });
});

describe("NLWeb_Core's chat UI (nlweb-chat.js)", () => {
  it("collects the results from its EventSource and closes on complete, before any reconnect", async () => {
    const url = new URL(`${app.server.base}/ask`);
    url.searchParams.set("query", "balancing carburetors on an old motorcycle");
    url.searchParams.set("site", "all");
    url.searchParams.set("max_results", "9");
    url.searchParams.set("mode", "list");
    const content: { url: string; name: string }[] = [];
    let opened = 0;
    const closed = await new Promise<boolean>((resolve) => {
      const stream = new EventSource(url.toString());
      stream.onopen = () => void opened++;
      const timer = setTimeout(() => (stream.close(), resolve(false)), 10_000);
      stream.onmessage = (event) => {
        const data = JSON.parse(event.data) as Record<string, unknown>;
        if (data._meta) return;
        if (Array.isArray(data.content)) {
          for (const item of data.content as { type: string; resource?: { data?: { url: string; name: string } } }[])
            if (item.type === "resource" && item.resource?.data) content.push(item.resource.data);
          return;
        }
        if (data.type === "done" || data.type === "complete") {
          stream.close();
          clearTimeout(timer);
          resolve(true);
        }
      };
    });
    expect(closed).toBe(true);
    expect(opened).toBe(1);
    expect(content.length).toBeGreaterThanOrEqual(3);
    expect(content[0].url).toBe(`${app.server.base}${CARB}`);
    expect(content[0].name.length).toBeGreaterThan(3);
  });
});

describe("modes", () => {
  it("answers a mode list that includes list with the list, naming what it did not serve", async () => {
    for (const mode of ["list,summarize", "list, summarize", "summarize, list, generate"]) {
      const r = await call(app.contract, app.server.base, `/ask?query=espresso&streaming=0&mode=${encodeURIComponent(mode)}`, {
        localAddress: "127.0.0.71",
      });
      expect(r.status, mode).toBe(200);
      const meta = (r.body as { _meta: { modes_not_served?: string[] } })._meta;
      expect(meta.modes_not_served, mode).toEqual(mode.includes("generate") ? ["summarize", "generate"] : ["summarize"]);
    }
    const plain = await call(app.contract, app.server.base, "/ask?query=espresso&streaming=0&mode=list", { localAddress: "127.0.0.71" });
    expect((plain.body as { _meta: Record<string, unknown> })._meta).not.toHaveProperty("modes_not_served");
  });

  it("still answers summarize or generate alone with 501, and nonsense with 400", async () => {
    for (const mode of ["summarize", "generate", "summarize,generate"]) {
      const r = await call(app.contract, app.server.base, `/ask?query=x&streaming=0&mode=${encodeURIComponent(mode)}`, {
        localAddress: "127.0.0.72",
      });
      expect(r.status, mode).toBe(501);
      expect(r.body).toMatchObject({ code: "not_implemented", supported_modes: ["list"] });
    }
    const bad = await call(app.contract, app.server.base, "/ask?query=x&streaming=0&mode=list,poem", { localAddress: "127.0.0.72" });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ parameter: "mode" });
  });
});
