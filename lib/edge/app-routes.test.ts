import { describe, expect, it } from "vitest";
import { loadAppRoutes, registerAppRoutes, type AppRoutes } from "./app-routes";

describe("the app's routes, handed over through a process-wide loader", () => {
  it("are what the registered loader gives, and undefined before one is registered", async () => {
    const key = Symbol.for("site.app-routes");
    const g = globalThis as Record<symbol, unknown>;
    const before = g[key];
    try {
      delete g[key];
      expect(await loadAppRoutes()).toBeUndefined();
      const routes = { routeOf: () => undefined } as unknown as AppRoutes;
      registerAppRoutes(async () => routes);
      expect(await loadAppRoutes()).toBe(routes);
    } finally {
      g[key] = before;
    }
  });
});
