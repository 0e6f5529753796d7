import type { Reporter, TestModule } from "vitest/node";
import { missingThirdParty, SHARED_DIR } from "./third-party";

/**
 * After vitest's summary, one line naming the tests that were skipped because their
 * third-party inputs are absent (see ./third-party.ts), so a clone without ../shared reads
 * why its run is shorter instead of a bare "skipped" count.
 */
export default class ThirdPartyReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const missing = missingThirdParty();
    const parts: string[] = [];
    for (const m of modules) {
      const what = missing.get(m.relativeModuleId);
      if (!what) continue;
      const skipped = [...m.children.allTests("skipped")].length;
      if (skipped) parts.push(`${m.relativeModuleId}, which reads ${what} (${skipped} skipped)`);
    }
    if (!parts.length) return;
    console.log(`\n Not run, third-party test inputs absent from ${SHARED_DIR} (SHARED_DIR; README, "Testing"): ${parts.join("; ")}\n`);
  }
}
