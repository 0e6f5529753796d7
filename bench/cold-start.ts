import { readFileSync } from "node:fs";
import { startServer, type RunningServer } from "../tests/helpers/server";
import { BENCH_ENV } from "./server";

/**
 * Cold starts, as close to a serverless function's as a local process gets: a fresh `next
 * start` (no custom server, as on a platform) per measurement, timed from spawning it. Five
 * kinds of process, in alternating order each round:
 *
 * - page / start: a plain page's first answer, on a server that warms /ask at start (the
 *   default): the baseline, and what warming at start costs a process that never ranks.
 * - page / vercel: the same with VERCEL=1, where nothing of /ask loads until a question.
 * - ask / off: the first /ask answer with ASK_ENCODER=off.
 * - ask / start: the first /ask answer (asked as soon as the server is ready) and, asking every
 *   50 ms, the first answer the encoder took part in.
 * - ask / vercel: VERCEL=1; the first /ask answer (which starts the warm-up), then, once the
 *   server says it is warm, a second question.
 *
 * Each figure is the median of BENCH_COLD_ROUNDS (3) and is also given as a ratio of the
 * baseline measured in the same run (page / start: spawn to the page's first answer). A
 * process's CPU seconds and resident memory are read 8 s after its first answer (/proc, Linux).
 */
const ROUNDS = Number(process.env.BENCH_COLD_ROUNDS ?? 3);
const SETTLE_MS = 8000;
const WARM_LINE = /\/ask encoder: [^\n]*; warm: [^\n]*/;

type Kind = "page/start" | "page/vercel" | "ask/off" | "ask/start" | "ask/vercel";
const KINDS: Kind[] = ["page/start", "page/vercel", "ask/off", "ask/start", "ask/vercel"];

interface Sample {
  /** Spawn to "Ready". */
  ready: number;
  /** The first request alone, sent at "Ready". */
  firstRequest: number;
  /** Spawn to the first answer. */
  firstAnswer: number;
  /** Whether the first /ask answer used the encoder. */
  firstEncoder: boolean;
  /** Spawn to the first answer the encoder took part in (ask / start, ask / vercel). */
  encoderAnswer: number;
  /** ask / vercel: the question asked once the server said it was warm (its own time), and whether it used the encoder. */
  second: number;
  secondEncoder: boolean;
  /** Its `_meta.ranking` when it ranked without the encoder (which says why). */
  secondWithout?: string;
  cpuSeconds: number;
  rssMb: number;
}

/** User + system CPU seconds of a process, all its threads. */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

function rssMb(pid: number): number {
  try {
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]) / 1024);
  } catch {
    return NaN;
  }
}

const QUESTIONS = ["what espresso machine do you use", "how do I balance old carburetors", "where did you work before"];

let callers = 0;

/** One request's own time; each from a caller of its own, so no question meets /ask's per-caller budget. */
async function timed(url: string): Promise<{ ms: number; ranking?: string }> {
  callers++;
  const t = performance.now();
  const r = await fetch(url, { headers: { "x-bench-client": `10.9.${callers >> 8}.${callers & 255}` } });
  const text = await r.text();
  if (!r.ok) throw new Error(`${url}: ${r.status}`);
  const ms = performance.now() - t;
  return { ms, ranking: url.includes("/ask?") ? (JSON.parse(text) as { _meta: { ranking: string } })._meta.ranking : undefined };
}

const usedEncoder = (ranking?: string) => Boolean(ranking?.endsWith("+ encoder"));

async function once(kind: Kind, round: number): Promise<Sample> {
  const [what, where] = kind.split("/") as ["page" | "ask", "start" | "vercel" | "off"];
  const env: Record<string, string> = { ...BENCH_ENV, TRUST_PROXY_HEADER: "x-bench-client" };
  if (where === "vercel") env.VERCEL = "1";
  if (where === "off") env.ASK_ENCODER = "off";
  const t0 = performance.now();
  const server: RunningServer = await startServer(env, "next start");
  const since = () => performance.now() - t0;
  const s: Sample = {
    ready: since(),
    firstRequest: NaN,
    firstAnswer: NaN,
    firstEncoder: false,
    encoderAnswer: NaN,
    second: NaN,
    secondEncoder: false,
    cpuSeconds: NaN,
    rssMb: NaN,
  };
  const question = (i: number) =>
    `${server.base}/ask?query=${encodeURIComponent(`${QUESTIONS[i % QUESTIONS.length]} ${round} ${i}`)}&streaming=0`;
  try {
    const first = await timed(what === "page" ? `${server.base}/` : question(0));
    s.firstRequest = first.ms;
    s.firstAnswer = since();
    s.firstEncoder = usedEncoder(first.ranking);
    const settled = performance.now() + SETTLE_MS;
    if (kind === "ask/start") {
      let ranking = first.ranking;
      for (let i = 1; !usedEncoder(ranking) && i < 600; i++) {
        await new Promise((r) => setTimeout(r, 50));
        ranking = (await timed(question(i))).ranking;
      }
      s.encoderAnswer = usedEncoder(ranking) ? since() : NaN;
    }
    if (kind === "ask/vercel") {
      const until = Date.now() + 120_000;
      while (!WARM_LINE.test(server.output()) && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      const second = await timed(question(1));
      s.second = second.ms;
      s.secondEncoder = usedEncoder(second.ranking);
      if (!s.secondEncoder) s.secondWithout = second.ranking;
      s.encoderAnswer = s.secondEncoder ? since() : NaN;
    }
    await new Promise((r) => setTimeout(r, Math.max(0, settled - performance.now())));
    s.cpuSeconds = cpuSeconds(server.pid);
    s.rssMb = rssMb(server.pid);
  } finally {
    await server.stop();
  }
  return s;
}

function median(xs: number[]): number {
  const v = xs.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
  if (v.length === 0) return NaN;
  const m = v.length >> 1;
  return v.length % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
}

export async function benchColdStart() {
  const samples = new Map<Kind, Sample[]>(KINDS.map((k) => [k, []]));
  for (let round = 0; round < ROUNDS; round++) {
    // A different kind first each round, so none always runs on a machine its predecessor just loaded.
    const order = KINDS.map((_, i) => KINDS[(i + round) % KINDS.length]);
    for (const kind of order) samples.get(kind)!.push(await once(kind, round));
  }
  const med = (k: Kind, f: (s: Sample) => number) => median(samples.get(k)!.map(f));
  const base = med("page/start", (s) => s.firstAnswer);
  const ms = (x: number) => (Number.isNaN(x) ? "—" : `${Math.round(x)} ms`);
  const ratio = (x: number) => (Number.isNaN(x) ? "" : ` (${(x / base).toFixed(2)}×)`);
  const count = (k: Kind, f: (s: Sample) => boolean) => `${samples.get(k)!.filter(f).length}/${samples.get(k)!.length}`;
  console.log(
    `\nCold start of a fresh \`next start\` (medians of ${ROUNDS}; × = against spawn to a plain page's first answer, ${ms(base)}, same run)`,
  );
  for (const k of KINDS) {
    const line = [
      `  ${k.padEnd(11)} Ready ${ms(med(k, (s) => s.ready))}`,
      `first request ${ms(med(k, (s) => s.firstRequest))}`,
      `spawn → first answer ${ms(med(k, (s) => s.firstAnswer))}${ratio(med(k, (s) => s.firstAnswer))}`,
    ];
    if (k.startsWith("ask/") && k !== "ask/off") {
      line.push(`first answer with the encoder ${count(k, (s) => s.firstEncoder)}`);
      line.push(`spawn → an answer with the encoder ${ms(med(k, (s) => s.encoderAnswer))}${ratio(med(k, (s) => s.encoderAnswer))}`);
    }
    if (k === "ask/vercel")
      line.push(
        `after the warm line: ${ms(med(k, (s) => s.second))}, with the encoder ${count(k, (s) => s.secondEncoder)}` +
          samples
            .get(k)!
            .flatMap((s) => (s.secondWithout ? [` (${s.secondWithout})`] : []))
            .join(""),
      );
    line.push(`CPU ${med(k, (s) => s.cpuSeconds).toFixed(2)} s, RSS ${med(k, (s) => s.rssMb)} MB at +8 s`);
    console.log(line.join("   "));
  }
}
