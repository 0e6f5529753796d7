import { after } from "next/server";
import { env, type Env } from "@/lib/env";
import { processSingleton } from "@/lib/process-singleton";

/**
 * When /ask's models load and warm (encoder-runtime.ts warmEncoder: the vectors, the
 * classifier, USE-lite in its worker, 1–2 s and about 190 MB).
 *
 * A server that lives (`npm start`, `next start`) warms at start (instrumentation.ts), so no
 * visitor pays for it. On Vercel every function instance is a process of its own and Next
 * calls `register()` at each one's cold start, without saying which routes the instance
 * serves: warming there would load the model in instances that never rank a question (a
 * page's, a feed's). So there the first question an instance ranks starts the warm-up; that
 * question is answered without the encoder (`_meta.ranking` says `encoder: loading`), and the
 * platform keeps the instance running until the encoder is warm (`after`, which Vercel backs
 * with `waitUntil`).
 */
export function warmsAtStart(e: Pick<Env, "VERCEL"> = env()): boolean {
  return !e.VERCEL;
}

/** Once per process: everything /ask uses, loaded and warm; logs the line that says so (or why the encoder is not used). */
export function warmAsk(): Promise<void> {
  return processSingleton("ask-warm-up", async () => {
    const { warmEncoder } = await import("./encoder-runtime");
    await warmEncoder().then(
      (said) => console.log(said),
      (err: Error) => console.error(`/ask encoder: ${err.message}`),
    );
  });
}

/** Called as a question is ranked: where the process did not warm at start, the first question starts it. */
export function warmOnFirstQuestion(e: Pick<Env, "VERCEL"> = env()): void {
  const first = processSingleton("ask-warm-asked", () => ({ asked: false }));
  if (warmsAtStart(e) || first.asked) return;
  first.asked = true;
  // After the answer is sent, so the first question does not wait for the warm-up's own work;
  // the encoder's worker has usually begun loading by then (the question asked it for a vector).
  try {
    after(warmAsk);
  } catch {
    // Outside a request Next runs (the edge's own call of a handler under `npm start`): the
    // process lives on, so the warm-up needs nothing to keep it alive.
    void warmAsk();
  }
}
