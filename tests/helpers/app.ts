import { afterAll, beforeAll } from "vitest";
import { Contract } from "./openapi";
import { startServer, type RunningServer } from "./server";
import { startLensTargets, type LensTargets } from "./lens-targets";

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

/**
 * The app with a set of loopback sites lens may fetch (LENS_ALLOW_HOSTS), for suites that
 * call endpoints or tools taking a URL: tests never send traffic off the machine.
 */
export function appWithLensTargets(env: Record<string, string> = {}) {
  const appEnv = { ...env };
  let targets: LensTargets | undefined;
  beforeAll(async () => {
    targets = await startLensTargets();
    appEnv.LENS_ALLOW_HOSTS = targets.hostPort;
  });
  afterAll(() => targets?.close());
  const app = appUnderTest(appEnv);
  // A getter, read when a test runs (after the targets started), not when the suite is defined.
  return Object.defineProperty(app, "lens", {
    get(): LensTargets {
      if (!targets) throw new Error("lens targets are not started yet");
      return targets;
    },
  }) as typeof app & { readonly lens: LensTargets };
}
