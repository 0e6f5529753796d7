import { createServer, type Server } from "node:http";

export type StubBehaviour = "logprobs" | "split-digits" | "prose" | "hang" | "error-500" | "no-logprobs" | "suggest";

export interface OpenAIStub {
  url: string;
  requests: { body: Record<string, unknown>; headers: import("node:http").IncomingHttpHeaders }[];
  close: () => Promise<void>;
}

/**
 * A loopback stand-in for an OpenAI-compatible chat-completions endpoint. In "logprobs"
 * mode it plays a model that picks the catalogue line sharing most words with the
 * question and is 70% sure of it (20% on the runner-up), and that answers 000 ("no page
 * fits", as the prompt asks) when no line shares a word; other modes misbehave on purpose
 * ("prose" chats instead of naming an id). In "suggest" mode it plays the model behind
 * `npm run ask:questions`: a chatty numbered list of questions for the page the prompt
 * names (suggestionsFor).
 */
export async function startOpenAIStub(behaviour: StubBehaviour): Promise<OpenAIStub> {
  const requests: OpenAIStub["requests"] = [];
  const hanging = new Set<import("node:http").ServerResponse>();
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { messages: { role: string; content: string }[] };
    requests.push({ body, headers: req.headers });
    if (behaviour === "hang") {
      hanging.add(res);
      return;
    }
    if (behaviour === "error-500") {
      res.writeHead(500, { "content-type": "application/json" });
      return res.end(JSON.stringify({ error: { message: "overloaded" } }));
    }
    if (behaviour === "suggest") {
      res.writeHead(200, { "content-type": "application/json" });
      const content = suggestionsFor(body.messages.at(-1)?.content ?? "");
      return res.end(
        JSON.stringify({
          id: "stub",
          object: "chat.completion",
          choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
        }),
      );
    }
    const [best, second] = pick(body.messages);
    const content = best;
    const logprobs =
      behaviour === "no-logprobs"
        ? null
        : behaviour === "prose"
          ? // Chat instead of an id, with 000 only a distant alternative: no answer to rank with.
            {
              content: [
                {
                  token: "Sure",
                  logprob: Math.log(0.95),
                  top_logprobs: [
                    { token: "Sure", logprob: Math.log(0.95) },
                    { token: "000", logprob: Math.log(0.05) },
                  ],
                },
              ],
            }
          : behaviour === "split-digits"
            ? {
                content: best.split("").map((d, i) => ({
                  token: d,
                  logprob: Math.log(i === best.length - 1 ? 0.7 : 0.99),
                  top_logprobs: [
                    { token: d, logprob: Math.log(i === best.length - 1 ? 0.7 : 0.99) },
                    ...(i === best.length - 1 && second.slice(0, -1) === best.slice(0, -1)
                      ? [{ token: second.at(-1)!, logprob: Math.log(0.2) }]
                      : []),
                  ],
                })),
              }
            : {
                content: [
                  {
                    token: best,
                    logprob: Math.log(0.7),
                    top_logprobs: [
                      { token: best, logprob: Math.log(0.7) },
                      { token: second, logprob: Math.log(0.2) },
                      { token: "Sure", logprob: Math.log(0.05) },
                    ],
                  },
                ],
              };
    res.writeHead(200, { "content-type": "application/json" });
    res.end(
      JSON.stringify({
        id: "stub",
        object: "chat.completion",
        choices: [{ index: 0, message: { role: "assistant", content }, logprobs, finish_reason: "stop" }],
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: async () => {
      for (const res of hanging) res.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function pick(messages: { role: string; content: string }[]): [string, string] {
  const catalog = messages[0].content.split("\n").filter((l) => /^\d+\t/.test(l));
  const words = new Set(messages[1].content.toLowerCase().match(/[a-z0-9]+/g) ?? []);
  const scored = catalog
    .map((line) => ({
      id: line.split("\t")[0],
      score: (line.toLowerCase().match(/[a-z0-9]+/g) ?? []).filter((w) => w.length > 3 && words.has(w)).length,
    }))
    .sort((a, b) => b.score - a.score);
  if (scored[0].score === 0) return ["0".repeat(scored[0].id.length), scored[0].id];
  return [scored[0].id, scored[1].id];
}

/**
 * The "suggest" answer to an ask:questions prompt: a preamble, then a numbered list in the
 * shapes models write (numbers, bullets, quotes, bold), with lines the script must drop: an
 * empty item, one over 300 characters, a repeat, and the page's first existing question in
 * capitals. The questions it means to be kept are those of `suggestedFor(page)`.
 */
export function suggestionsFor(prompt: string): string {
  const page = /^Page: (\S+)$/m.exec(prompt)?.[1] ?? "/unknown";
  const existing = /already has.*\n- (.+)$/m.exec(prompt)?.[1];
  const [a, b, c, d] = suggestedFor(page);
  return [
    `Sure! Here are some questions for ${page}:`,
    "",
    `1. ${a}`,
    `2) "${b}"`,
    `3. **${c}**`,
    "4. ",
    `5. ${"why ".repeat(80).trim()}?`,
    ...(existing ? [`6. ${existing.toUpperCase()}`] : []),
    `- ${d}`,
    `7. ${a}`,
    "",
    "Let me know if you want more.",
  ].join("\n");
}

/** The questions suggestionsFor offers for a page, in order, as the bank should hold them. */
export function suggestedFor(page: string): string[] {
  return [`how do i even get to ${page}`, `${page} thing?? asking for a friend`, `wat is ${page} 4`, `need the ${page} stuff asap`];
}
