#!/usr/bin/env node
// @ts-check
// site-lens: ask a deployment's /lens/fetch how machines see a URL, and print it for a person.
// Plain JavaScript with no dependencies, so `npx site-lens` runs it without a build; tsc
// checks it against the endpoint's own types (the JSDoc below imports types only).
// It draws on the deployment's inspect budget (30 per minute), like the API and MCP.

/** @typedef {import("../lib/lens").LensObservation} LensObservation */
/** @typedef {{ base: string, json: boolean, page: boolean, url: string }} Options */
/** @typedef {Options & { help?: undefined, error?: undefined } | { help: true, error?: undefined } | { error: string, help?: undefined }} Parsed */

const USAGE = `Usage: site-lens <url> [--base <deployment>] [--json] [--page]

  <url>          the public page to inspect (https:// is assumed)
  --base <url>   the deployment whose lens to ask (default http://localhost:3000, or SITE_LENS_BASE)
  --json         print the raw observation (JSON) instead of the summary
  --page         page fields only (phases=page: one request to the target, no discovery)

Exit codes: 0 inspected, 1 the target could not be read (502), 2 bad usage or a refused URL (400),
3 rate limited (429; waits are printed), 4 the deployment could not be asked.`;

const EXIT = { ok: 0, target: 1, usage: 2, limited: 3, service: 4 };

/** @param {string[]} argv @returns {Parsed} */
function parseArgs(argv) {
  /** @type {Omit<Options, "url"> & { url: string | null }} */
  const o = { base: process.env.SITE_LENS_BASE || "http://localhost:3000", json: false, page: false, url: null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--json") o.json = true;
    else if (a === "--page") o.page = true;
    else if (a === "--base") o.base = argv[++i];
    else if (a.startsWith("--base=")) o.base = a.slice(7);
    else if (a === "-h" || a === "--help") return { help: true };
    else if (a.startsWith("-")) return { error: `unknown option ${a}` };
    else if (o.url) return { error: "give one URL" };
    else o.url = a;
  }
  if (!o.url) return { error: "give the URL to inspect" };
  if (!o.base) return { error: "--base needs a URL" };
  return { ...o, url: o.url };
}

/** @param {unknown} s @param {number} n */
const pad = (s, n) => String(s).padEnd(n);
/** @param {number} n */
const kb = (n) => (n >= 1024 ? `${(n / 1024).toFixed(0)} KB` : `${n} B`);

/** @param {LensObservation} o */
function render(o) {
  const lines = [];
  lines.push(`${o.url}${o.finalUrl !== o.url ? ` → ${o.finalUrl}` : ""}`);
  lines.push(
    `  ${o.status} ${o.contentType || "(no content type)"}, ${o.elapsedMs} ms, ${kb(o.anatomy.rawBytes)}${o.truncated ? " (truncated)" : ""}`,
  );
  if (o.structured.title) lines.push(`  "${o.structured.title}", ${o.anatomy.wordCount} words`);
  if (o.terms) {
    lines.push("", `Terms: ${o.terms.spectrum.tier}`);
    for (const r of o.terms.spectrum.reasons) lines.push(`  - ${r}`);
  }
  if (o.readiness) {
    const r = o.readiness;
    lines.push(
      "",
      `Readiness: ${r.overall}/100 (${r.passed} of ${r.counted} checks), level ${r.level} ${r.levelName}; field score ${r.field.overall ?? "n/a"}`,
    );
    if (r.levelNote) lines.push(`  ${r.levelNote}`);
  }
  if (o.terms) {
    const views = new Map((o.botViews ?? []).map((v) => [v.label.toLowerCase(), v]));
    /** @param {{ ua: string, owner: string }} s */
    const name = (s) => `${s.ua} (${s.owner})`;
    const width = Math.max(...o.terms.scoreboard.map((s) => name(s).length)) + 2;
    lines.push("", `${pad("Crawler", width)}${pad("role", 15)}${pad("robots.txt", 12)}served (— = not fetched as this crawler)`);
    for (const s of o.terms.scoreboard) {
      const v = views.get(s.ua.toLowerCase());
      const server = !v
        ? "—"
        : v.status === null
          ? `failed (${v.error ?? "no answer"})`
          : `${v.status}${v.challenge ? " challenge" : v.blocked ? " blocked" : ""}`;
      lines.push(`${pad(name(s), width)}${pad(s.kind, 15)}${pad(s.verdict, 12)}${server}`);
    }
  }
  if (o.readiness?.nextActions?.length) {
    lines.push("", "Next actions:");
    for (const a of o.readiness.nextActions) lines.push(`  - ${a.label}`);
  }
  if (o.agent) lines.push("", `Agents: ${o.agent.strategy.verdict}. ${o.agent.strategy.note}`);
  const md = o.cost?.tiers.find((t) => t.key === "markdown") ?? o.cost?.tiers.find((t) => t.key === "text");
  if (md && o.cost) {
    const rate = o.cost.rates[0];
    lines.push(
      "",
      `Token cost: ${md.tokens.toLocaleString("en-US")} tokens as ${md.key} (≈ $${((md.tokens * rate.usdPerMtok) / 1e6).toFixed(4)} per read at ${rate.model})`,
    );
  }
  return lines.join("\n");
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (args.help) {
    console.log(USAGE);
    return EXIT.ok;
  }
  if (args.error !== undefined) {
    console.error(`site-lens: ${args.error}\n\n${USAGE}`);
    return EXIT.usage;
  }
  let endpoint;
  try {
    endpoint = new URL("/lens/fetch", args.base);
  } catch {
    console.error(`site-lens: --base ${args.base} is not a URL`);
    return EXIT.usage;
  }
  endpoint.searchParams.set("url", args.url);
  if (args.page) endpoint.searchParams.set("phases", "page");
  let res;
  let body;
  try {
    res = await fetch(endpoint, {
      headers: { accept: "application/json", "user-agent": "site-lens (terminal)" },
      signal: AbortSignal.timeout(30_000),
    });
    body = await res.json();
  } catch (err) {
    const e = /** @type {Error & { cause?: { code?: string } }} */ (err);
    console.error(`site-lens: could not ask ${endpoint.origin} (${e.cause?.code ?? e.message}). Is the site running? Try --base.`);
    return EXIT.service;
  }
  if (res.status === 429) {
    const wait = res.headers.get("retry-after");
    console.error(
      `site-lens: rate limited. The inspect budget (shared with the API and MCP) is spent; try again in ${wait ?? "a few"} seconds.`,
    );
    return EXIT.limited;
  }
  if (!res.ok) {
    console.error(`site-lens: ${body.error ?? `the deployment answered ${res.status}`}${body.hint ? `\n  ${body.hint}` : ""}`);
    return res.status === 400 ? EXIT.usage : res.status === 502 ? EXIT.target : EXIT.service;
  }
  console.log(args.json ? JSON.stringify(body, null, 2) : render(body));
  return EXIT.ok;
}

process.exitCode = await main();
