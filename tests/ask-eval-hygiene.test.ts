import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { EVAL_SETS } from "@/lib/ask/evaluate";
import { OFF_TOPIC_QUESTIONS } from "@/lib/ask/off-topic";
import { normalize } from "@/lib/ask/training-data";
import { parseQuestionBank } from "@/lib/content/question-bank";

/**
 * The frozen evaluation sets stay out of what /ask learns from: the generic off-topic
 * questions the confidence model is fitted on must not be near-copies of any evaluation
 * question (the same two content words, or half of a short question's), or the sets would
 * measure recall of those copies instead of abstention.
 */
const words = (q: string) => new Set(normalize(q).split(" ").filter(Boolean));

describe("the off-topic training questions", () => {
  const evaluation = Object.values(EVAL_SETS).flatMap((file) =>
    (JSON.parse(readFileSync(file, "utf8")) as { q: string }[]).map((x) => ({ q: x.q, w: words(x.q) })),
  );

  const nearCopies = (questions: readonly string[]) => {
    const near: string[] = [];
    for (const q of questions) {
      const w = words(q);
      for (const e of evaluation) {
        const shared = [...w].filter((x) => e.w.has(x)).length;
        if (shared >= 2 || (shared >= 1 && shared / Math.min(w.size, e.w.size) >= 0.5)) near.push(`${q} ~ ${e.q}`);
      }
    }
    return near;
  };

  it("are many, distinct, and none is a near-copy of an evaluation question", () => {
    expect(OFF_TOPIC_QUESTIONS.length).toBeGreaterThan(150);
    expect(new Set(OFF_TOPIC_QUESTIONS.map((q) => q.toLowerCase())).size).toBe(OFF_TOPIC_QUESTIONS.length);
    expect(nearCopies(OFF_TOPIC_QUESTIONS)).toEqual([]);
  });

  // Variants are chosen on the development harness (bench/ask-dev.ts): a near-copy there
  // would choose for the frozen sets' own questions.
  // The question bank is training data too (content/questions.md): written blind, per page,
  // and kept only where no entry is a near-copy of an evaluation question.
  it("nor is any question of the question bank", () => {
    const bank = parseQuestionBank(readFileSync("content/questions.md", "utf8"), { has: () => true } as unknown as Set<string>);
    const questions = [...bank.byUrl.values()].flat();
    expect(questions.length).toBeGreaterThan(200);
    expect(nearCopies(questions)).toEqual([]);
  });

  it("nor is any of the harness's near-miss questions", () => {
    const nearMiss = JSON.parse(readFileSync("bench/ask-dev-near-miss.json", "utf8")) as string[];
    expect(nearMiss.length).toBeGreaterThan(50);
    expect(nearCopies(nearMiss)).toEqual([]);
  });
});
