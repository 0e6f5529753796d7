import { ENCODER_ON, startServer, type RunningServer } from "../tests/helpers/server";

/** What production runs and the tests' servers change: no output check, /ask's encoder on. */
export const BENCH_ENV = { CHECK_OUTPUT: "0", ...ENCODER_ON };

/**
 * The built app as production runs it. The tests' servers check every endpoint's output
 * (CHECK_OUTPUT=1) and leave /ask's encoder off; a benchmark measures what production runs.
 */
export function startBenchServer(env: Record<string, string> = {}): Promise<RunningServer> {
  return startServer({ ...BENCH_ENV, ...env });
}
