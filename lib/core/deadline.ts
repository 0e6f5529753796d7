/**
 * Runs `work` with a signal that aborts after `ms` (or when `outer` does), and clears the
 * timer as soon as the work settles. `AbortSignal.timeout()` cannot be cleared: each one
 * keeps its timer, and with it the request's async context, alive for the full deadline after
 * the answer has gone. At a page's 30 s and tens of requests a second that was thousands of
 * finished requests held in memory on a busy server.
 */
export async function withDeadline<T>(ms: number, work: (signal: AbortSignal) => Promise<T>, outer?: AbortSignal): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException(`The operation took longer than ${ms} ms.`, "TimeoutError")), ms);
  try {
    return await work(outer ? AbortSignal.any([controller.signal, outer]) : controller.signal);
  } finally {
    clearTimeout(timer);
  }
}
