import { withDeadline } from "@/lib/core/deadline";
import type { Catalog } from "./catalog";

export interface RemoteConfig {
  url: string;
  model: string;
  key?: string;
  timeoutMs: number;
}

export class RankerUnavailable extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = "RankerUnavailable";
  }
}

type TopLogprob = { token: string; logprob: number };
type Position = { token: string; logprob: number; top_logprobs?: TopLogprob[] };

const RULES =
  "You choose the single page of a website that best answers a visitor's question. Reply with only the id of that page (the digits before the tab), or 000 if no page fits.";

/** /ask withholds pages when the remote model is more sure than not that none fits (its 000 answer). */
export const NONE_FITS = 0.5;

/** What the model's answer says: a probability per page id, and the mass it put on "no page fits" (000). */
export interface RemoteRanking {
  /** Over the pages, summing to 1 (empty when the answer named no page). */
  pages: Map<string, number>;
  /** The probability the model gave 000, before the pages were renormalized: its own "nothing here". */
  none: number;
}

/**
 * One OpenAI-compatible chat completion over the fixed catalogue, reading the logprobs of
 * the answer: p(page) is the probability the model puts on the page's id. `lexical` (page
 * id → lexical score) only shares out mass the model left unassigned or put on a prefix.
 */
export function rankWithRemoteModel(cfg: RemoteConfig, catalog: Catalog, asked: RemoteQuestion): Promise<RemoteRanking> {
  return withDeadline(cfg.timeoutMs, (deadline) => askModel(cfg, catalog, asked, deadline));
}

/** What is asked of the model: the question, the earlier ones for context, the lexical scores by page id, and the caller's abort. */
export interface RemoteQuestion {
  question: string;
  prev: string[];
  lexical: Map<string, number>;
  signal: AbortSignal;
}

async function askModel(
  cfg: RemoteConfig,
  catalog: Catalog,
  { question, prev, lexical, signal }: RemoteQuestion,
  deadline: AbortSignal,
): Promise<RemoteRanking> {
  const user = prev.length ? `Earlier questions, for context: ${prev.join(" | ")}\nQuestion: ${question}` : question;
  const body = {
    model: cfg.model,
    temperature: 0,
    max_tokens: catalog.width,
    stop: ["\n"],
    logprobs: true,
    top_logprobs: 20,
    messages: [
      { role: "system", content: `${RULES}\n\n${catalog.text}` },
      { role: "user", content: user },
    ],
  };
  let res: Response;
  try {
    res = await fetch(`${cfg.url.replace(/\/+$/, "")}/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(cfg.key ? { authorization: `Bearer ${cfg.key}` } : {}) },
      body: JSON.stringify(body),
      signal: AbortSignal.any([deadline, signal]),
    });
  } catch (err) {
    if (deadline.aborted) throw new RankerUnavailable("model timeout");
    if (signal.aborted) throw err;
    throw new RankerUnavailable("model unreachable");
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new RankerUnavailable(`model answered ${res.status}`);
  }
  let json: { choices?: { logprobs?: { content?: Position[] } }[] };
  try {
    json = (await res.json()) as typeof json;
  } catch {
    throw new RankerUnavailable(deadline.aborted ? "model timeout" : "model answer unusable");
  }
  const positions = json.choices?.[0]?.logprobs?.content;
  if (!positions?.length || !positions[0].top_logprobs?.length) throw new RankerUnavailable("model gave no logprobs");
  const ranking = idProbabilities(positions, catalog, lexical);
  // Prose, or ids of no page: nothing to rank with, unless the model mostly said 000, which
  // is an answer (no page fits); a 000 it only considered beside prose is not.
  if (ranking.pages.size === 0 && !(ranking.none > NONE_FITS)) throw new RankerUnavailable("model answer unusable");
  return ranking;
}

/**
 * Probabilities over page ids from the answer's logprobs. Ids may come as one token
 * ("017") or split into digits ("0","1","7"): walk the generated path, multiplying the
 * conditionals, and at each divergence give the branch's mass to the ids under that
 * prefix in proportion to their lexical scores. Mass on non-ids and never observed is
 * then shared the same way, and everything is renormalized: the pages' probabilities
 * given that some page fits. The mass on 000 is reported on its own (`none`): it is the
 * model saying no page fits.
 */
export function idProbabilities(positions: Position[], catalog: Catalog, lexical: Map<string, number>): RemoteRanking {
  const ids = new Set(catalog.ids);
  const out = new Map<string, number>();
  const weight = (id: string) => (lexical.get(id) ?? 0) + 1e-3;
  const spread = (prefix: string, mass: number) => {
    const under = catalog.ids.filter((id) => id.startsWith(prefix));
    const total = under.reduce((s, id) => s + weight(id), 0);
    for (const id of under) out.set(id, (out.get(id) ?? 0) + (mass * weight(id)) / total);
  };

  const isNone = (c: string) => c.length === catalog.width && /^0+$/.test(c);
  let prefix = "";
  let pathMass = 1;
  let assigned = 0;
  let none = 0;
  for (const pos of positions) {
    const alternatives = pos.top_logprobs?.length ? pos.top_logprobs : [{ token: pos.token, logprob: pos.logprob }];
    const chosen = (pos.token ?? "").trim();
    let chosenP = 0;
    for (const alt of alternatives) {
      const token = alt.token.trim();
      const p = Math.exp(alt.logprob) * pathMass;
      const candidate = prefix + token;
      if (token === chosen) {
        chosenP = p;
        continue;
      }
      if (/^\d+$/.test(token) && isNone(candidate)) none += p;
      if (!/^\d+$/.test(token) || isNone(candidate)) continue;
      if (ids.has(candidate)) out.set(candidate, (out.get(candidate) ?? 0) + p);
      else if (catalog.ids.some((id) => id.startsWith(candidate))) spread(candidate, p);
      else continue;
      assigned += p;
    }
    const next = prefix + chosen;
    if (/^\d+$/.test(chosen) && isNone(next)) none += chosenP;
    if (!/^\d+$/.test(chosen) || isNone(next) || !catalog.ids.some((id) => id.startsWith(next))) break;
    if (ids.has(next)) {
      out.set(next, (out.get(next) ?? 0) + chosenP);
      assigned += chosenP;
      break;
    }
    prefix = next;
    pathMass = chosenP;
    if (pathMass <= 0) break;
  }
  none = Math.min(1, none);
  if (out.size === 0) return { pages: out, none };
  // What the model left unsaid (not 000: that is `none`) goes to the pages by lexical score.
  const remainder = Math.max(0, 1 - assigned - none);
  if (remainder > 0) spread("", remainder);
  const sum = [...out.values()].reduce((a, b) => a + b, 0);
  for (const [id, p] of out) out.set(id, p / sum);
  return { pages: out, none };
}
