import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Reporter, TestCase, TestModule } from "vitest/node";
import { SHARED_DIR, THIRD_PARTY, THIRD_PARTY_SKIPS_FILE, thirdParty, type ThirdPartyInput } from "./third-party";

/**
 * After vitest's summary, one line naming the tests that were skipped because their
 * third-party inputs are absent, so a clone without ../shared reads why its run is shorter
 * instead of a bare "skipped" count. Derived from the run itself: a skipped test counts when it
 * or a suite around it is marked with `needs(input)` (./third-party.ts) and that input is
 * absent here; nothing lists the files by hand. The same findings go to a JSON file that
 * `npm test`'s summary repeats (scripts/test.ts).
 */
export default class ThirdPartyReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const found: { file: string; input: ThirdPartyInput; what: string; skipped: number }[] = [];
    for (const m of modules) {
      const byInput = new Map<ThirdPartyInput, number>();
      for (const t of m.children.allTests("skipped")) {
        const input = markedInput(t);
        if (input && !thirdParty(input).present) byInput.set(input, (byInput.get(input) ?? 0) + 1);
      }
      for (const [input, skipped] of byInput) found.push({ file: m.relativeModuleId, input, what: THIRD_PARTY[input].what, skipped });
    }
    try {
      mkdirSync(path.dirname(THIRD_PARTY_SKIPS_FILE), { recursive: true });
      writeFileSync(THIRD_PARTY_SKIPS_FILE, JSON.stringify({ dir: SHARED_DIR, files: found }, null, 2));
    } catch {
      // The line below is what matters; the file only feeds npm test's summary.
    }
    if (!found.length) return;
    const total = found.reduce((s, f) => s + f.skipped, 0);
    const parts = found.map((f) => `${f.file}, which reads ${f.what} (${f.skipped} skipped)`);
    console.log(
      `\n Not run, third-party test inputs absent from ${SHARED_DIR} (SHARED_DIR; README.md, "Testing"): ${total} tests: ${parts.join("; ")}\n`,
    );
  }
}

/** The input the test, or the nearest suite around it, says it reads (meta is inherited, but walk up in case). */
function markedInput(t: TestCase): ThirdPartyInput | undefined {
  let node: TestCase | TestCase["parent"] = t;
  while (node && node.type !== "module") {
    const input = node.meta().thirdParty;
    if (input) return input;
    node = node.parent;
  }
  return undefined;
}
