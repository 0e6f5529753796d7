import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    environment: "node",
    include: ["lib/**/*.test.ts", "tests/**/*.test.ts"],
    setupFiles: ["tests/helpers/loopback-guard.mjs"],
    // The run's namespace in the shared Redis, deleted at the end (tests/helpers/redis-run.ts).
    globalSetup: ["tests/helpers/global-setup.ts"],
    reporters: ["default", "./tests/helpers/third-party-reporter.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each integration file starts its own server; two at a time suits a 2-core machine.
    maxWorkers: 2,
  },
});
