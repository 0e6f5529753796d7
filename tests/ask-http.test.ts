import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appUnderTest } from "./helpers/app";
import { ENCODER_ON, startServer, type RunningServer } from "./helpers/server";
import { Contract, call } from "./helpers/openapi";
import { readSse } from "./helpers/sse";
import { startOpenAIStub, type OpenAIStub, type StubBehaviour } from "./helpers/openai-stub";

/** /ask over real HTTP: both dialects, streaming and not, every parameter rule, the rankers and the budget. */
type AskBody = {
  query_id: string;
  results: { url: string; name: string; score: number; site: string; description: string; schema_object: Record<string, string> }[];
  query?: string;
  site?: string;
  total?: number;
  decontextualized_query?: string;
  _meta: { version: string; dialect: string; ranking: string; description: string; modes_supported: string[] };
};

const app = appUnderTest(ENCODER_ON);

const getJson = (qs: string, from = "127.0.0.1") => call(app.contract, app.server.base, `/ask${qs}`, { localAddress: from });
const postJson = (body: unknown, qs = "", from = "127.0.0.1") =>
  call(app.contract, app.server.base, `/ask${qs}`, {
    method: "POST",
    body: typeof body === "string" ? body : JSON.stringify(body),
    headers: { "content-type": "application/json" },
    localAddress: from,
  });

describe("GET /ask (legacy dialect)", () => {
  it("answers one JSON body with streaming off, ranked by the embedded model", async () => {
    const r = await getJson("?query=how+do+I+balance+old+motorcycle+carburetors&streaming=0&query_id=q-1");
    expect(r.status).toBe(200);
    const b = r.body as AskBody;
    expect(b.query_id).toBe("q-1");
    expect(b._meta).toMatchObject({
      dialect: "legacy",
      description: "extractive",
      modes_supported: ["list"],
      ranking: expect.stringMatching(/^model: embedded fastText/),
    });
    expect(b.results[0].url).toBe(`${app.server.base}/garage/cb400f-carb-sync`);
    expect(b.results[0].schema_object).toMatchObject({ "@context": "https://schema.org", "@type": "BlogPosting", "@id": b.results[0].url });
    expect(b.results.length).toBeLessThanOrEqual(10);
    for (const res of b.results) expect(Number.isInteger(res.score)).toBe(true);
  });

  it.each(["0", "false", "no", "off", "FALSE"])("streaming=%s turns streaming off", async (v) => {
    const r = await getJson(`?query=espresso&streaming=${v}`);
    expect(r.headers.get("content-type")).toMatch(/^application\/json/);
  });

  it("streams the legacy messages by default, always ending with complete", async () => {
    const s = await readSse(`${app.server.base}/ask?query=turntable+speed&query_id=abc&decontextualized_query=turntable+speed+calibration`);
    expect(s.status).toBe(200);
    expect(s.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
    const messages = s.events.map((e) => JSON.parse(e.data) as { message_type: string; query_id: string; results?: unknown[] });
    expect(messages.map((m) => m.message_type)).toEqual(["api_version", "decontextualized_query", "result_batch", "complete"]);
    expect(messages.every((m) => m.query_id === "abc")).toBe(true);
    for (const item of messages[2].results!) app.contract.validateComponent("AskResult", item);
    expect(s.ended).toBe(true);
  });

  it("reads limit when top_k is absent, clamps top_k, and echoes a generated UUID", async () => {
    expect(((await getJson("?query=photos&streaming=0&limit=3")).body as AskBody).results).toHaveLength(3);
    expect(((await getJson("?query=photos&streaming=0&top_k=2&limit=9")).body as AskBody).results).toHaveLength(2);
    expect(((await getJson("?query=photos&streaming=0&top_k=500")).body as AskBody).results.length).toBeLessThanOrEqual(50);
    expect(((await getJson("?query=photos&streaming=0&top_k=0")).body as AskBody).results).toHaveLength(1);
    expect(((await getJson("?query=photos&streaming=0&top_k=x")).body as AskBody).results.length).toBeLessThanOrEqual(10);
    expect(((await getJson("?query=photos&streaming=0")).body as AskBody).query_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("accepts the site's own host in every spelling", async () => {
    const host = new URL(app.server.base).host;
    for (const site of ["", "all", host, `https://${host}`, "127.0.0.1"]) {
      expect((await getJson(`?query=lens&streaming=0&site=${encodeURIComponent(site)}`)).status, site).toBe(200);
    }
  });

  it.each([
    ["?streaming=0", "query"],
    ["?query=%20&streaming=0", "query"],
    [`?query=${"a".repeat(501)}&streaming=0`, "query"],
    ["?query=x&site=example.org&streaming=0", "site"],
    ["?query=x&mode=poem&streaming=0", "mode"],
  ])("400 for %s naming %s, echoing query_id and results: []", async (qs, parameter) => {
    const r = await getJson(`${qs}&query_id=err-1`);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ ok: false, code: "bad_request", parameter, query_id: "err-1", results: [] });
  });

  it("answers summarize and generate with 501 and supported_modes", async () => {
    for (const mode of ["summarize", "generate"]) {
      const r = await getJson(`?query=x&mode=${mode}&streaming=0`);
      expect(r.status).toBe(501);
      expect(r.body).toMatchObject({ ok: false, supported_modes: ["list"], results: [] });
    }
  });

  it("echoes query_id and results: [] on every error, a 405 and an unserved API-Version included", async () => {
    const put = await call(app.contract, app.server.base, "/ask?query=x&query_id=q-405", { method: "PUT", localAddress: "127.0.0.61" });
    expect(put.status).toBe(405);
    expect(put.body).toMatchObject({ code: "method_not_allowed", query_id: "q-405", results: [] });
    const version = await call(app.contract, app.server.base, "/ask?query=x&query_id=q-ver", {
      headers: { "api-version": "2" },
      localAddress: "127.0.0.61",
    });
    expect(version.status).toBe(400);
    expect(version.body).toMatchObject({ code: "unsupported_api_version", query_id: "q-ver", results: [] });
    const blank = await getJson("?query=%20&query_id=q-blank&streaming=0", "127.0.0.61");
    expect(blank.body).toMatchObject({ code: "bad_request", parameter: "query", query_id: "q-blank", results: [] });
  });

  it("uses the latest 10 entries of a longer history instead of refusing it", async () => {
    const prev = encodeURIComponent(JSON.stringify(Array.from({ length: 14 }, (_, i) => `earlier question ${i}`)));
    const r = await getJson(`?query=espresso&prev=${prev}&streaming=0`, "127.0.0.61");
    expect(r.status).toBe(200);
  });
});

describe("a follow-up question", () => {
  it("is ranked with the question before it when it names its subject only there, and says what was ranked", async () => {
    const alone = (await getJson("?query=how+do+I+adjust+it&streaming=0", "127.0.0.62")).body as AskBody;
    expect(alone.results[0].url).not.toMatch(/technics/);
    expect(alone).not.toHaveProperty("decontextualized_query");
    const prev = encodeURIComponent(JSON.stringify(["where is the coffee chat booking", "Technics SL-1500 turntable pitch control"]));
    const follow = (await getJson(`?query=how+do+I+adjust+it&prev=${prev}&streaming=0`, "127.0.0.62")).body as AskBody & {
      decontextualized_query?: string;
    };
    expect(follow.results[0].url).toMatch(/\/garage\/technics-sl-1500-revival$/);
    expect(follow.decontextualized_query).toBe("how do I adjust it Technics SL-1500 turntable pitch control");
    // A client that decontextualized the question itself is taken at its word: prev is not added again.
    const own = (
      await getJson(
        `?query=how+do+I+adjust+it&decontextualized_query=${encodeURIComponent("adjusting valve clearances")}&prev=${prev}&streaming=0`,
        "127.0.0.62",
      )
    ).body as AskBody & { decontextualized_query?: string };
    expect(own.decontextualized_query).toBe("adjusting valve clearances");
    expect(own.results[0].url).toMatch(/\/garage\/cb400f-valve-clearances$/);
    // A question about something else keeps its own reading.
    for (const q of ["how do I winterize my motorcycle", "what is her email"]) {
      const alone = (await getJson(`?query=${encodeURIComponent(q)}&streaming=0`, "127.0.0.62")).body as AskBody;
      const after = (await getJson(`?query=${encodeURIComponent(q)}&prev=${prev}&streaming=0`, "127.0.0.62")).body as AskBody;
      expect(after.results[0].url, q).toBe(alone.results[0].url);
      expect(after, q).not.toHaveProperty("decontextualized_query");
    }
  });
});

describe("POST /ask (0.55 dialect)", () => {
  it("takes the 0.55 body; body fields win over the query string", async () => {
    const r = await postJson(
      { query: { text: "which camera settings for snowy winter streets" }, prefer: { streaming: false }, top_k: 3, query_id: "p-1" },
      "?query=ignored&top_k=9",
    );
    expect(r.status).toBe(200);
    const b = r.body as AskBody;
    expect(b).toMatchObject({
      query_id: "p-1",
      query: "which camera settings for snowy winter streets",
      _meta: { dialect: "0.55", version: "0.55" },
    });
    expect(b.results).toHaveLength(3);
  });

  it("streams the named events start, result (one per result) and complete", async () => {
    const s = await readSse(`${app.server.base}/ask`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: { text: "espresso machine pressure" }, top_k: 4 }),
    });
    expect(s.events.map((e) => e.event)).toEqual(["start", "result", "result", "result", "result", "complete"]);
    s.events
      .filter((e) => e.event === "result")
      .forEach((e, i) => {
        const data = JSON.parse(e.data) as { index: number; item: unknown };
        expect(data.index).toBe(i);
        app.contract.validateComponent("AskResult", data.item);
      });
    expect(s.ended).toBe(true);
  });

  it.each([
    ["{not json", "body"],
    [JSON.stringify({ prefer: { streaming: false } }), "query"],
    [JSON.stringify({ query: { text: "" } }), "query.text"],
    [JSON.stringify({ query: { text: "x" }, top_k: 0 }), "top_k"],
    [JSON.stringify({ query: { text: "x" }, prefer: { streaming: "yes" } }), "prefer.streaming"],
    [JSON.stringify({ query: { text: "x" }, context: { prev: [1] } }), "context.prev.0"],
    // Well-typed, but refused once read as the input: still named where the body holds it.
    [JSON.stringify({ query: { text: "x", site: "elsewhere.example" } }), "query.site"],
    [JSON.stringify({ query: { text: "x" }, prefer: { mode: "everything" } }), "prefer.mode"],
    [JSON.stringify({ query: { text: "   " } }), "query.text"],
  ])("400 for body %s", async (body, field) => {
    const r = await postJson(body);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ ok: false, code: "bad_request", field, results: [] });
    expect((r.body as { query_id: string }).query_id).toBeTruthy();
    // "required" only for what is really missing, never for a value of the wrong type
    if (field !== "query") expect((r.body as { error: string }).error).not.toMatch(/is required/);
    expect(r.body).not.toHaveProperty("parameter");
    expect((r.body as { error: string }).error).not.toMatch(/parameter/);
  });

  it("names a bad query-string field of a POST as a parameter (the body did not give it)", async () => {
    const r = await postJson({ query: { text: "x" } }, "?site=elsewhere.example");
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: "bad_request", parameter: "site" });
    expect(r.body).not.toHaveProperty("field");
  });
});

describe("the ask-model budget", () => {
  it("ranks the 21st question in a minute from one caller lexically, says so, and never answers 429", async () => {
    const from = "127.0.0.41";
    const rankings: string[] = [];
    for (let i = 0; i < 21; i++) {
      const r = await getJson("?query=what+is+the+garage&streaming=0", from);
      expect(r.status).toBe(200);
      rankings.push((r.body as AskBody)._meta.ranking);
    }
    expect(rankings.slice(0, 20).every((x) => x.startsWith("model: embedded fastText"))).toBe(true);
    expect(rankings[20]).toBe("lexical: budget");
    const other = await getJson("?query=what+is+the+garage&streaming=0", "127.0.0.42");
    expect((other.body as AskBody)._meta.ranking).toMatch(/^model: embedded fastText/);
  });
});

describe.each<[StubBehaviour, string]>([
  ["logprobs", "model: remote stub-model"],
  ["split-digits", "model: remote stub-model"],
  ["prose", "lexical: model answer unusable"],
  ["hang", "lexical: model timeout"],
  ["error-500", "lexical: model answered 500"],
  ["no-logprobs", "lexical: model gave no logprobs"],
])("remote ranker: %s", (behaviour, ranking) => {
  let stub: OpenAIStub;
  let remote: RunningServer;
  let remoteContract: Contract;
  beforeAll(async () => {
    stub = await startOpenAIStub(behaviour);
    // Only the hanging stub tests the deadline: the others get one a loaded machine cannot miss
    // (at 800 ms for all, a busy 2-core machine turned an answering stub into "model timeout").
    const timeout = behaviour === "hang" ? "800" : "20000";
    remote = await startServer({ ...ENCODER_ON, ASK_MODEL_URL: stub.url, ASK_MODEL_NAME: "stub-model", ASK_MODEL_TIMEOUT_MS: timeout });
    remoteContract = await Contract.load(remote.base);
  });
  afterAll(async () => {
    await remote?.stop();
    await stub?.close();
  });

  it(`ranks and reports "${ranking}"`, async () => {
    const started = Date.now();
    const r = await call(remoteContract, remote.base, "/ask?query=reviving+a+technics+turntable&streaming=0");
    expect(r.status).toBe(200);
    const b = r.body as AskBody;
    expect(b._meta.ranking).toBe(ranking);
    expect(b.results[0].url).toBe(`${remote.base}/garage/technics-sl-1500-revival`);
    if (ranking.startsWith("model")) {
      // The remote model's probability goes through the same confidence model as the embedded one's.
      const meta = b._meta as { confidence?: number };
      expect(meta.confidence).toBeGreaterThan(0);
      expect(Math.abs(b.results[0].score - meta.confidence! * 100)).toBeLessThanOrEqual(1);
      const sent = stub.requests[0].body as { logprobs: boolean; messages: { content: string }[] };
      expect(sent.logprobs).toBe(true);
      expect(sent.messages[0].content).toMatch(/^Reply|^You choose/);
    }
    // The hang is cut at the deadline, not when the stub gives up: "for ever" is what this rules out.
    if (behaviour === "hang") expect(Date.now() - started).toBeLessThan(30_000);
  });

  if (ranking.startsWith("model"))
    it("answers nothing when the model says no page fits (000), in JSON and in the stream", async () => {
      // No word of it is on any catalogue line, so the stub model answers 000 ("tall" is: a
      // photo's caption has a tall speaker).
      const q = "quantum chromodynamics";
      const r = await call(remoteContract, remote.base, `/ask?query=${encodeURIComponent(q)}&streaming=0`);
      expect(r.status).toBe(200);
      const b = r.body as AskBody;
      expect(b._meta.ranking).toBe(ranking);
      expect(b.results).toEqual([]);
      expect(b.total).toBe(0);
      const meta = b._meta as { confidence?: number; abstained?: { reason: string } };
      expect(meta.abstained?.reason).toMatch(/the model found no page that answers this/);
      expect(meta.confidence).toBeLessThan(0.35);

      const s = await readSse(`${remote.base}/ask`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ query: { text: q } }),
      });
      expect(s.ended).toBe(true);
      expect(s.events.map((e) => e.event)).toEqual(["start", "complete"]);
    });
});
