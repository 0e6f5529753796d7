import { env } from "@/lib/env";
import { consume } from "@/lib/ratelimit";
import { getCorpus } from "@/lib/content/corpus";
import { siteFile } from "@/lib/build-output";
import { searchSite } from "@/lib/search/search";
import type { Doc } from "@/lib/content/types";
import { getCatalog } from "./catalog";
import { NONE_FITS, rankWithRemoteModel, RankerUnavailable } from "./remote-ranker";
import { loadEmbeddedModel, type EmbeddedModel, type QuestionSignals } from "./embedded-model";
import { abstains, confidence, loadConfidence, thresholdFor, type ConfidenceModel } from "./confidence";
import { encoderScores } from "./encoder-runtime";
import { ENCODER_FUSION, encoderSignals, fuse, type EncoderSignals } from "./fusion";
import path from "node:path";

export interface Ranked {
  hits: { doc: Doc; score: number }[];
  /** Pages the ranker found relevant (score ≥ 1). */
  total: number;
  /** `model: …` or `lexical: <reason>`, for `_meta.ranking`. */
  ranking: string;
  /** With model ranking: P(the best page is right), lib/ask/confidence.ts. */
  confidence?: number;
  /** Set when nothing was likely enough: `hits` is then empty. */
  abstained?: { reason: string; threshold: number };
  /** The question as ranked when an earlier one was folded into it (a follow-up such as "how do I adjust it"). */
  decontextualized?: string;
}

/**
 * Ranks every page for a question, in order: the remote model when ASK_MODEL_URL is set,
 * else the embedded model trained at build time; lexical search when the model is slow,
 * unavailable, untrained, past the caller's budget (20 a minute, never a 429) or unusable.
 */
export async function rankPages(question: string, prev: string[], callerKey: string, topK: number, signal: AbortSignal): Promise<Ranked> {
  const lexical = () => lexicalRank(question, prev, topK);
  const e = env();
  const dir = path.dirname(siteFile("ask-labels.json"));
  // The embedded model also measures what a question shares with the site, which the
  // confidence model reads whichever ranker ran.
  const [embedded, calibration] = await Promise.all([loadEmbeddedModel(dir), loadConfidence(dir)]);
  if (!e.ASK_MODEL_URL && !embedded) return { ...lexical(), ranking: "lexical: model untrained" };

  const budget = await consume("ask-model", callerKey);
  if (!budget.allowed) return { ...lexical(), ranking: "lexical: budget" };

  if (e.ASK_MODEL_URL) {
    const catalog = getCatalog();
    const lex = new Map<string, number>();
    const urlToId = new Map([...catalog.byId].map(([id, d]) => [d.url, id]));
    for (const h of lexical().hits) lex.set(urlToId.get(h.doc.url)!, h.score);
    try {
      const remote = await rankWithRemoteModel(
        { url: e.ASK_MODEL_URL, model: e.ASK_MODEL_NAME ?? "default", key: e.ASK_MODEL_KEY, timeoutMs: e.ASK_MODEL_TIMEOUT_MS },
        catalog,
        { question, prev, lexical: lex, signal },
      );
      return fromProbabilities(
        [...remote.pages].map(([id, p]) => ({ doc: catalog.byId.get(id)!, p })),
        `model: remote ${e.ASK_MODEL_NAME ?? "default"}`,
        calibrated(embedded?.rankWithSignals(question).signals, calibration),
        remote.none,
      );
    } catch (err) {
      if (err instanceof RankerUnavailable) return { ...lexical(), ranking: `lexical: ${err.reason}` };
      throw err;
    }
  }
  const { answerable } = getCorpus();
  // The question goes to the encoder first: it embeds (in its worker, or at the owner's
  // endpoint) while this thread runs the classifier.
  const encoded = encoderScores(embedded!.spelled(question), dir);
  const { own, decontextualized } = withContext(embedded!, question, prev, calibration);
  const enc = await encoded;
  let pages = own.pages;
  let es: EncoderSignals | undefined;
  let ranking = "model: embedded fastText";
  if (!enc.ok) ranking += ` (encoder: ${enc.reason})`;
  else if (decontextualized)
    // The encoder read the follow-up alone, without the subject the earlier question names.
    ranking += " (encoder: follow-up)";
  else {
    pages = fuse(own.pages, enc.view.scores, ENCODER_FUSION);
    es = encoderSignals(enc.view.scores, pages[0]?.url);
    ranking += " + encoder";
  }
  const ranked = pages.flatMap(({ url, p }) => (answerable.has(url) ? [{ doc: answerable.get(url)!, p }] : []));
  if (ranked.length === 0 || !ranked.every((r) => Number.isFinite(r.p))) return { ...lexical(), ranking: "lexical: model answer unusable" };
  const answer = fromProbabilities(ranked, ranking, calibrated(own.signals, calibration, es));
  return decontextualized ? { ...answer, decontextualized } : answer;
}

/** How high the question alone must rank the page its follow-up reading finds (see withContext). */
const FOLLOW_UP_RANK = 5;

/**
 * A follow-up ("how do I adjust it") names its subject only in an earlier question: the
 * question is ranked alone and with the latest earlier one appended. The follow-up reading
 * wins when the confidence model trusts it more and the question alone already counts its
 * page among its first few: the earlier question then picks among what this one could
 * mean. A question about something else ("how do I winterize my motorcycle" after a
 * turntable question) ranks that page far down alone, and keeps its own reading however
 * sure the earlier question's rare words make the other.
 */
function withContext(model: EmbeddedModel, question: string, prev: string[], calibration: ConfidenceModel | null) {
  const own = model.rankWithSignals(question);
  if (prev.length === 0 || !calibration) return { own };
  const combined = `${question} ${prev.at(-1)}`;
  const withPrev = model.rankWithSignals(combined);
  const sure = (r: typeof own) => confidence(calibration, r.pages[0]?.p ?? 0, r.signals);
  const compatible = own.pages.slice(0, FOLLOW_UP_RANK).some((x) => x.url === withPrev.pages[0]?.url);
  return compatible && sure(withPrev) > sure(own) ? { own: withPrev, decontextualized: combined } : { own };
}

/** Turns a ranker's best probability into P(right) for one question, and the least P(right) /ask answers with. */
interface Calibrate {
  (top: number): number;
  threshold: number;
}

/** When the build fitted a confidence model (and the embedded model can read the question's signals). */
function calibrated(signals: QuestionSignals | undefined, model: ConfidenceModel | null, es?: EncoderSignals): Calibrate | null {
  if (!signals || !model) return null;
  return Object.assign((top: number) => confidence(model, top, signals, es), { threshold: thresholdFor(model, es) });
}

/**
 * Scores in %: with a confidence model, the best page's P(right) and the others in
 * proportion to their probability (each is at most as likely as the best); below the
 * threshold nothing is offered. Without one, the ranker's own probabilities.
 *
 * `none` is the remote model's probability that no page fits (its 000 answer): the best
 * page is right only if some page fits, so P(right) = (1 − none) · P(right | a page fits).
 * When the model itself says more likely than not that no page fits, nothing is offered,
 * whatever the threshold: a low threshold (fitted to keep visitors' slang) must not turn the
 * model's own "no" into an answer.
 */
function fromProbabilities(rows: { doc: Doc; p: number }[], ranking: string, calibrate: Calibrate | null, none = 0): Ranked {
  const sorted = [...rows].sort((a, b) => b.p - a.p);
  const top = sorted[0]?.p ?? 0;
  const conf = calibrate ? (top > 0 ? calibrate(top) : 0) * (1 - none) : undefined;
  const threshold = calibrate ? calibrate.threshold : NONE_FITS;
  if (sorted.length === 0 || none > NONE_FITS || (calibrate !== null && abstains(calibrate, conf!))) {
    const said =
      none > NONE_FITS
        ? `the model found no page that answers this (${Math.round(none * 100)}% sure)`
        : "no page is likely enough to answer this";
    const best = conf ?? 1 - none;
    return {
      hits: [],
      total: 0,
      ranking,
      confidence: round3(best),
      abstained: {
        reason: `${said} (best ${Math.round(best * 100)}%, least ${Math.round(threshold * 100)}%): the site may not cover it`,
        threshold: round3(threshold),
      },
    };
  }
  const scale = (p: number) => (conf === undefined ? p : (conf * p) / top);
  const hits = sorted.map(({ doc, p }) => ({ doc, score: Math.min(100, Math.max(0, Math.round(scale(p) * 100))) }));
  return { hits, total: hits.filter((h) => h.score >= 1).length, ranking, ...(conf !== undefined ? { confidence: round3(conf) } : {}) };
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

/** The search index; scores relative to the best match. When the question alone finds nothing, the latest earlier question helps. */
function lexicalRank(question: string, prev: string[], topK: number): Omit<Ranked, "ranking"> {
  let found = searchSite(question, Math.max(topK, 50));
  if (found.total === 0 && prev.length) found = searchSite(`${question} ${prev.at(-1)}`, Math.max(topK, 50));
  const { answerable } = getCorpus();
  const best = found.results[0]?.score ?? 1;
  const hits = found.results.map((r) => ({ doc: answerable.get(r.url)!, score: Math.max(1, Math.round((r.score / best) * 100)) }));
  return { hits, total: found.total };
}
