import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { freePort } from "../tests/helpers/server";
import { startBenchServer } from "./server";
import { compare, median, pinServers, unpinSelf } from "./load";

/**
 * The project against Next itself and against bare node:http, in one run: a minimal Next
 * app of the same version (one route handler, one static page, one public file, no proxy),
 * built in a temporary folder with the project's node_modules, served by `next start`; and a node:http server answering the very bytes the project sends.
 * Rows: a JSON route handler, a prerendered page (/about), a static file, a Markdown twin.
 * Also the memory of each server at rest and at the peak of the load.
 */
const ROOT = path.resolve(import.meta.dirname, "..");

export function rss(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) / 1024 : 0;
}

type Running = { base: string; pid: number; stop: () => Promise<void> };

/** The minimal app built and started once; `stop` also removes its folder. */
export async function minimalNextApp(...args: Parameters<typeof buildMinimalNextApp>): Promise<Running> {
  const app = await buildMinimalNextApp(...args);
  const running = await app.start();
  return {
    ...running,
    stop: async () => {
      await running.stop();
      app.remove();
    },
  };
}

/** The minimal app, built: `start()` serves it with a fresh `next start` each time it is called. */
export async function buildMinimalNextApp(
  json: string,
  html: string,
  file: Buffer,
  /** More constant JSON routes, path (e.g. "/resume.json") → body, or body and the headers to send with it. */
  moreJson: Record<string, string | { body: string; headers: Record<string, string> }> = {},
  /** More files written into the app's folder before it is built (bench/page-types.ts: a page per size). */
  addFiles?: (dir: string) => void,
): Promise<{ start: () => Promise<Running>; remove: () => void; dir: string }> {
  // Its own folder with a hard-linked copy of the project's node_modules: the same Next,
  // React and toolchain, built the same way. (Turbopack refuses a node_modules symlinked
  // from outside its root, and inside the project Next would pick up the project's proxy.)
  const dir = mkdtempSync(path.join(tmpdir(), "minimal-next-"));
  const copy = spawnSync("cp", ["-al", path.join(ROOT, "node_modules"), path.join(dir, "node_modules")]);
  if (copy.status !== 0) throw new Error(`could not link node_modules: ${copy.stderr}`);
  mkdirSync(path.join(dir, "app", "health.json"), { recursive: true });
  mkdirSync(path.join(dir, "public"));
  writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "minimal-next", private: true, type: "module" }));
  writeFileSync(path.join(dir, "next.config.mjs"), "export default { poweredByHeader: false };\n");
  writeFileSync(
    path.join(dir, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        jsx: "react-jsx",
        strict: true,
        module: "esnext",
        moduleResolution: "bundler",
        noEmit: true,
        skipLibCheck: true,
        lib: ["dom", "esnext"],
      },
    }),
  );
  writeFileSync(
    path.join(dir, "app", "layout.tsx"),
    'export default function L({ children }: { children: import("react").ReactNode }) { return <html lang="en"><body>{children}</body></html>; }\n',
  );
  // A static page of the same size as the project's prerendered page.
  writeFileSync(
    path.join(dir, "app", "page.tsx"),
    `export default function P() { return <main><p>{${JSON.stringify("x".repeat(Math.max(0, html.length - 600)))}}</p></main>; }\n`,
  );
  writeFileSync(
    path.join(dir, "app", "health.json", "route.ts"),
    `const body = ${JSON.stringify(json)};\nexport const GET = () => new Response(body, { headers: { "content-type": "application/json" } });\n`,
  );
  for (const [route, spec] of Object.entries(moreJson)) {
    const { body, headers } = typeof spec === "string" ? { body: spec, headers: { "content-type": "application/json" } } : spec;
    mkdirSync(path.join(dir, "app", route.slice(1)), { recursive: true });
    writeFileSync(
      path.join(dir, "app", route.slice(1), "route.ts"),
      `const body = ${JSON.stringify(body)};\nconst headers = ${JSON.stringify(headers)};\nexport const GET = () => new Response(body, { headers });\n`,
    );
  }
  writeFileSync(path.join(dir, "public", "static.jpg"), file);
  addFiles?.(dir);
  const build = spawnSync(process.execPath, [path.join(dir, "node_modules", "next", "dist", "bin", "next"), "build"], {
    cwd: dir,
    env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
    encoding: "utf8",
  });
  if (build.status !== 0) throw new Error(`minimal app did not build:\n${build.stdout}\n${build.stderr}`);
  return { start: () => startMinimal(dir), remove: () => rmSync(dir, { recursive: true, force: true }), dir };
}

async function startMinimal(dir: string): Promise<Running> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    [path.join(dir, "node_modules", "next", "dist", "bin", "next"), "start", "-p", String(port), "-H", "127.0.0.1"],
    {
      cwd: dir,
      env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let log = "";
  child.stdout!.on("data", (d) => (log += d));
  const deadline = Date.now() + 30_000;
  while (!/Ready in|started server/i.test(log)) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`minimal app did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: () => new Promise<void>((r) => (child.exitCode !== null ? r() : (child.once("exit", () => r()), child.kill("SIGTERM")))),
  };
}

/** node:http answering each path with the bytes and content type the project sent. */
async function bareServer(bodies: Record<string, { body: Buffer; type: string }>) {
  const server = http.createServer((req, res) => {
    const b = bodies[(req.url ?? "/").split("?")[0]];
    if (!b) return res.writeHead(404).end();
    res.writeHead(200, { "content-type": b.type, "content-length": b.body.byteLength }).end(b.body);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** A response's own headers, without those Node writes for every answer (Date, the connection's) and Next's Vary. */
function answerHeaders(h: Headers): Record<string, string> {
  const skip = new Set(["date", "connection", "keep-alive", "transfer-encoding", "content-length", "vary"]);
  return Object.fromEntries([...h].filter(([k]) => !skip.has(k)));
}

/** Twenty requests to each row's path on both apps (a distinct caller each on the project, so no budget runs out). */
export async function warmUp(project: string, minimal: string, rows: [string, string, string][]): Promise<void> {
  for (const [row, [, p, m]] of rows.entries())
    for (let i = 0; i < 20; i++) {
      await fetch(`${project}${p}`, { headers: { "x-bench-client": `10.254.${row}.${i}` } }).then((r) => r.arrayBuffer());
      await fetch(`${minimal}${m}`).then((r) => r.arrayBuffer());
    }
}

export async function benchNextBaseline() {
  const project = await startBenchServer({ TRUST_PROXY_HEADER: "x-bench-client" });
  // A file the build put in public/ (a photo thumbnail), served as it is by both apps.
  const thumb = readdirSync(path.join(ROOT, "public", "generated", "photos")).find((f) => f.endsWith("-xs.jpg"));
  if (!thumb) throw new Error("no photo thumbnail in public/generated/photos: run npm run build first");
  const staticPath = `/generated/photos/${thumb}`;
  const rows: [string, string, string][] = [
    ["JSON route handler", "/health.json", "/health.json"],
    // The same, against a minimal route sending every header the project's answer carries
    // (the SPEC's API headers and the security headers): what is left is the cost of code, not of bytes.
    ["JSON, same headers", "/health.json", "/same-headers.json"],
    // A static answer (a frozen output with an ETag): the layer without /health.json's store ping.
    ["JSON, static data", "/resume.json", "/resume.json"],
    // (Not the home page: it lists the live features that are on, so it renders per request.)
    ["prerendered page", "/about", "/"],
    ["static file", staticPath, "/static.jpg"],
    ["Markdown twin", "/about.md", "/health.json"],
  ];
  const bodies: Record<string, { body: Buffer; type: string }> = {};
  let apiHeaders: Record<string, string> = {};
  for (const [, p] of rows) {
    const r = await fetch(`${project.base}${p}`);
    if (p === "/health.json") apiHeaders = answerHeaders(r.headers);
    bodies[p] = { body: Buffer.from(await r.arrayBuffer()), type: r.headers.get("content-type") ?? "text/plain" };
  }
  const app = await buildMinimalNextApp(bodies["/health.json"].body.toString(), bodies["/about"].body.toString(), bodies[staticPath].body, {
    "/resume.json": bodies["/resume.json"].body.toString(),
    "/same-headers.json": { body: bodies["/health.json"].body.toString(), headers: apiHeaders },
  });
  const bare = await bareServer(bodies);
  const version = JSON.parse(readFileSync(path.join(ROOT, "node_modules/next/package.json"), "utf8")).version;
  // On a shared two-core machine two fresh processes of the same code differ by up to a
  // fifth in throughput (JIT, placement, neighbours): BENCH_PROCESSES=N repeats every row
  // with N fresh pairs of servers and reports the median ratio and its range.
  const passes = Math.max(1, Number(process.env.BENCH_PROCESSES ?? 1));
  const ratios = new Map<string, number[]>();
  let server = project;
  try {
    for (let pass = 1; pass <= passes; pass++) {
      if (pass > 1) server = await startBenchServer({ TRUST_PROXY_HEADER: "x-bench-client" });
      const minimal = await app.start().catch(async (err: unknown) => {
        await server.stop();
        throw err;
      });
      const pinned = pinServers([server.pid, minimal.pid]);
      // Each app serves every row's path before any is measured, so neither is measured in a
      // state only one kind of request has shaped (JIT, inline caches, lazily loaded modules).
      await warmUp(server.base, minimal.base, rows).catch(async (err: unknown) => {
        await minimal.stop();
        await server.stop();
        throw err;
      });
      const atRest = { project: rss(server.pid), minimal: rss(minimal.pid) };
      let peak = { project: 0, minimal: 0 };
      const timer = setInterval(
        () => (peak = { project: Math.max(peak.project, rss(server.pid)), minimal: Math.max(peak.minimal, rss(minimal.pid)) }),
        50,
      );
      try {
        console.log(
          `\nthe project against a minimal Next ${version} app (next start) and bare node:http with the same bytes${passes > 1 ? ` (fresh processes, pass ${pass} of ${passes})` : ""}${pinned ? "; servers pinned to one core, the load generator to the other(s)" : ""}`,
        );
        for (const [label, p, m] of rows) {
          const r = await compare({ project: `${server.base}${p}`, minimal: `${minimal.base}${m}`, bare: `${bare.base}${p}` });
          const f = (k: string) => `${r[k].rps.toFixed(0).padStart(6)} req/s p99 ${r[k].p99.toFixed(0).padStart(3)} ms`;
          ratios.set(label, [...(ratios.get(label) ?? []), r.project.rps / r.minimal.rps]);
          console.log(
            `  ${label.padEnd(20)} project ${f("project")} | minimal Next ${f("minimal")} | bare ${f("bare")} | project/minimal ${(r.project.rps / r.minimal.rps).toFixed(2)}${m !== p ? ` (minimal serves ${m})` : ""}`,
          );
        }
        console.log(
          `  memory (RSS MiB)     project ${atRest.project.toFixed(0)} at rest, ${peak.project.toFixed(0)} at peak | minimal Next ${atRest.minimal.toFixed(0)} at rest, ${peak.minimal.toFixed(0)} at peak (target for pages and route handlers: ≥ 0.90 of minimal)`,
        );
      } finally {
        clearInterval(timer);
        await minimal.stop();
        await server.stop();
      }
    }
    if (passes > 1) {
      console.log(`\nproject/minimal over ${passes} pairs of fresh processes: median (lowest-highest)`);
      for (const [label, xs] of ratios)
        console.log(`  ${label.padEnd(20)} ${median(xs).toFixed(2)} (${Math.min(...xs).toFixed(2)}-${Math.max(...xs).toFixed(2)})`);
    }
  } finally {
    unpinSelf();
    await bare.close();
    app.remove();
  }
}
