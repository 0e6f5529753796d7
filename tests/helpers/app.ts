import { afterAll, beforeAll } from "vitest";
import { Contract } from "./openapi";
import { startServer, type RunningServer } from "./server";

/**
 * The built app on a free loopback port for the enclosing suite, with its own
 * /openapi.json loaded for checking every JSON response.
 */
export function appUnderTest(env: Record<string, string> = {}): { server: RunningServer; contract: Contract } {
  const app = {} as { server: RunningServer; contract: Contract };
  beforeAll(async () => {
    app.server = await startServer(env);
    app.contract = await Contract.load(app.server.base);
  });
  afterAll(() => app.server?.stop());
  return app;
}
