/**
 * Checks a question list against the built site (`.site/corpus.json`): for each question
 * with a page, the content words it shares with that page after stemming (the /ask text
 * pipeline: stopwords and question words dropped, British spellings folded, Porter stems).
 * A question that shares none is a strict no-shared paraphrase: keyword search cannot find
 * its page, only understanding can.
 *
 *   npx tsx scripts/ask-eval-check.ts tests/fixtures/ask-eval-blind-c.json
 *   npx tsx scripts/ask-eval-check.ts --q "can I PM her" --url /contact
 *
 * Meant for whoever writes an evaluation set blind: words the page shows are named, words
 * only its hidden metadata holds are not (the writer must not see the training text), so
 * the output never leaks what /ask was trained on. Exit status 1 when a question marked
 * `"strict": true` shares a word.
 */
import { readFileSync } from "node:fs";
import { builtCorpus } from "@/lib/content/corpus";
import { strictSharedStems, visibleText } from "@/lib/ask/evaluate";
import { normalize } from "@/lib/ask/training-data";

interface Item {
  q: string;
  url: string | null;
  also?: string[];
  strict?: boolean;
}

const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const items: Item[] = flag("--q")
  ? [{ q: flag("--q")!, url: flag("--url") ?? null, strict: true }]
  : (JSON.parse(readFileSync(args[0], "utf8")) as Item[]);

const { answerable } = builtCorpus();
let failures = 0;
let strictOk = 0;
for (const item of items) {
  if (item.url === null) continue;
  const pages = [item.url, ...(item.also ?? [])].map((u) => answerable.get(u));
  if (pages.some((p) => !p)) {
    console.log(`NO PAGE  ${item.url}  ${item.q}`);
    failures++;
    continue;
  }
  const shared = [...new Set(pages.flatMap((p) => strictSharedStems(item.q, p!)))];
  if (shared.length === 0) {
    if (item.strict) strictOk++;
    console.log(`none     ${item.url}  ${item.q}`);
    continue;
  }
  const shown = new Set(pages.flatMap((p) => normalize(visibleText(p!)).split(" ")));
  const named = shared.map((s) => (shown.has(s) ? s : "(hidden)"));
  console.log(`${item.strict ? "SHARES" : "shares"}   ${item.url}  ${item.q}  [${named.join(", ")}]`);
  if (item.strict) failures++;
}
const strict = items.filter((i) => i.strict).length;
console.log(`\n${strictOk} of ${strict} questions marked strict share no stemmed content word with their pages.`);
process.exit(failures ? 1 : 0);
