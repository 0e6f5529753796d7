import { getStore } from "@/lib/store";
import { siteUrl } from "@/lib/env";
import type { JobContext } from "./types";

/** The context a job runs in on this deployment: its configured store and public URL. */
export function jobContext(signal: AbortSignal = new AbortController().signal): JobContext {
  return { store: getStore(), now: () => new Date(), base: siteUrl(), signal, log: (m) => console.warn(m) };
}
