import { startServer, type RunningServer } from "../tests/helpers/server";

/**
 * The built app as production runs it. The tests turn on the output check of every
 * endpoint (CHECK_OUTPUT=1); a benchmark must not measure that.
 */
export function startBenchServer(env: Record<string, string> = {}): Promise<RunningServer> {
  return startServer({ CHECK_OUTPUT: "0", ...env });
}
