/**
 * Our own RFC 9309 (Robots Exclusion Protocol) reader. robots-parser gives a yes/no but not the
 * reason; lens has to show which User-agent line matched and which rule line decided, and it has
 * to keep the Content-Signal / Content-Usage lines (Cloudflare Content Signals, IETF aipref) that
 * generic parsers drop. robots-parser stays in the tests as a differential oracle.
 */

/** RFC 9309 §2.5: crawlers must parse at least 500 KiB. We stop there so a huge file costs nothing more. */
export const ROBOTS_MAX_BYTES = 500 * 1024;

export interface RobotsRule {
  allow: boolean;
  /** the value as written; matching uses a percent-encoding-normalised copy */
  path: string;
  /** 1-based line number in the file */
  line: number;
  /** the line as written, comment removed and trimmed, e.g. "Disallow: /private" */
  raw: string;
}

export interface RobotsSignal {
  kind: "Content-Signal" | "Content-Usage";
  raw: string;
  /** "search=yes, ai-train=no" → { search: "yes", "ai-train": "no" }; keys lowercased, values as written */
  parsed: Record<string, string>;
  line: number;
  /** Content-Usage may scope itself to a path ("Content-Usage: /docs/ train-ai=y", aipref attach draft) */
  path?: string;
}

export interface RobotsGroup {
  /** product tokens as written (the part before "/" or whitespace), "*" included */
  agents: string[];
  /** every User-agent line of the group, including ones with an empty value */
  agentLines: { line: number; raw: string }[];
  rules: RobotsRule[];
  signals: RobotsSignal[];
}

export interface Robots {
  groups: RobotsGroup[];
  /** Sitemap values as written; global, whatever group they sit in */
  sitemaps: string[];
  /** signals that appear outside any group (before the first User-agent) */
  looseSignals: RobotsSignal[];
}

export interface RobotsVerdict {
  verdict: "allow" | "block";
  /** the User-agent line (raw) of the group that applied, null when no group applies */
  matchedUa: string | null;
  /** raw text of the deciding rule line, null when no rule matched (allowed by default) */
  rule: string | null;
  /** Content-Signal / Content-Usage lines of the applied group(s) */
  signals: RobotsSignal[];
  /** true when a group names this token, false when the * group applied or none did */
  explicit: boolean;
}

type Field = "user-agent" | "allow" | "disallow" | "sitemap" | "content-signal" | "content-usage";
const FIELDS: ReadonlySet<string> = new Set<Field>(["user-agent", "allow", "disallow", "sitemap", "content-signal", "content-usage"]);

interface Line {
  field: Field;
  value: string;
  raw: string;
  line: number;
}

export function parseRobots(text: string): Robots {
  const robots: Robots = { groups: [], sitemaps: [], looseSignals: [] };
  let group: RobotsGroup | null = null;
  // RFC 9309 §2.1: user-agent lines after rules start a new group. Only Allow/Disallow count as
  // rules here, as in Google's reference parser: Sitemap, signals and unknown lines don't split a group.
  let sawRule = false;

  for (const l of readLines(text)) {
    switch (l.field) {
      case "user-agent":
        if (!group || sawRule) {
          group = { agents: [], agentLines: [], rules: [], signals: [] };
          robots.groups.push(group);
          sawRule = false;
        }
        addAgent(group, l);
        break;
      case "allow":
      case "disallow":
        // Rules before the first User-agent belong to no group and are ignored (§2.1).
        if (!group) break;
        sawRule = true;
        // "Disallow:" with no path is not a rule at all: it allows everything (§2.2.2).
        if (l.value) group.rules.push({ allow: l.field === "allow", path: l.value, line: l.line, raw: l.raw });
        break;
      case "sitemap":
        if (l.value) robots.sitemaps.push(l.value);
        break;
      case "content-signal":
      case "content-usage":
        (group ? group.signals : robots.looseSignals).push(parseSignal(l));
        break;
    }
  }
  return robots;
}

export function robotsVerdict(robots: Robots, token: string, path: string): RobotsVerdict {
  const wanted = productToken(token).toLowerCase();
  const named = wanted && wanted !== "*" ? groupsNaming(robots, wanted) : [];
  const explicit = named.length > 0;
  const key = explicit ? wanted : "*";
  const applied = explicit ? named : groupsNaming(robots, "*");
  if (applied.length === 0) return { verdict: "allow", matchedUa: null, rule: null, signals: [], explicit: false };

  const signals = applied.flatMap((g) => g.signals);
  const target = normalisePath(path);
  const decided = isRobotsTxt(target) ? null : decidingRule(applied, target);
  // Point at the User-agent line of the group the deciding rule came from, so a merged group still reads right.
  const uaGroup = decided?.group ?? applied[0];
  const matchedUa = uaGroup.agentLines.find((a) => agentOfLine(a.raw).toLowerCase() === key)?.raw ?? null;
  return {
    verdict: decided && !decided.rule.allow ? "block" : "allow",
    matchedUa,
    rule: decided?.rule.raw ?? null,
    signals,
    explicit,
  };
}

/** All distinct product tokens named by groups, as first written, except "*". */
export function namedAgents(robots: Robots): string[] {
  const seen = new Map<string, string>();
  for (const g of robots.groups) {
    for (const a of g.agents) {
      const k = a.toLowerCase();
      if (k !== "*" && !seen.has(k)) seen.set(k, a);
    }
  }
  return [...seen.values()];
}

// ---- lines ----

function* readLines(text: string): Generator<Line> {
  const lines = capBytes(text.replace(/^\uFEFF/, "")).split(/\r\n|\r|\n/);
  for (let i = 0; i < lines.length; i++) {
    const l = splitLine(lines[i], i + 1);
    if (l) yield l;
  }
}

/**
 * Keeps the first ROBOTS_MAX_BYTES of UTF-8. A line cut by the limit is dropped rather than
 * parsed: "Disallow: /private" cut to "Disallow: /pr" would block more than the site asked.
 */
function capBytes(text: string): string {
  // Every UTF-16 unit is at least one UTF-8 byte, so nothing past this slice can be inside the limit.
  const bytes = new TextEncoder().encode(text.slice(0, ROBOTS_MAX_BYTES + 1));
  if (bytes.length <= ROBOTS_MAX_BYTES) return text;
  const next = bytes[ROBOTS_MAX_BYTES];
  let end = ROBOTS_MAX_BYTES;
  if (next !== 0x0a && next !== 0x0d) {
    while (end > 0 && bytes[end - 1] !== 0x0a && bytes[end - 1] !== 0x0d) end--;
  }
  return new TextDecoder().decode(bytes.subarray(0, end));
}

function splitLine(line: string, n: number): Line | null {
  const hash = line.indexOf("#");
  const raw = (hash >= 0 ? line.slice(0, hash) : line).trim();
  const colon = raw.indexOf(":");
  if (colon < 0) return null;
  const field = raw.slice(0, colon).trim().toLowerCase();
  if (!isField(field)) return null;
  return { field, value: raw.slice(colon + 1).trim(), raw, line: n };
}

function isField(name: string): name is Field {
  return FIELDS.has(name);
}

// ---- groups and agents ----

function addAgent(group: RobotsGroup, l: Line): void {
  group.agentLines.push({ line: l.line, raw: l.raw });
  const token = productToken(l.value);
  if (token) group.agents.push(token);
}

/** "GPTBot/1.1" and "GPTBot 1.1" name the product token "GPTBot" (RFC 9309 §2.2.1). */
function productToken(value: string): string {
  return value.trim().split(/[/\s]/, 1)[0];
}

function agentOfLine(raw: string): string {
  return productToken(raw.slice(raw.indexOf(":") + 1));
}

function groupsNaming(robots: Robots, lowerToken: string): RobotsGroup[] {
  return robots.groups.filter((g) => g.agents.some((a) => a.toLowerCase() === lowerToken));
}

// ---- signals ----

function parseSignal(l: Line): RobotsSignal {
  const kind = l.field === "content-signal" ? "Content-Signal" : "Content-Usage";
  let value = l.value;
  let path: string | undefined;
  // aipref attach: "Content-Usage: [path] prefs". A preference key can't start with "/", so a leading
  // "/" token is the path.
  if (kind === "Content-Usage" && value.startsWith("/")) {
    const space = value.search(/\s/);
    path = space < 0 ? value : value.slice(0, space);
    value = space < 0 ? "" : value.slice(space).trim();
  }
  const signal: RobotsSignal = { kind, raw: l.raw, parsed: parsePairs(value), line: l.line };
  if (path !== undefined) signal.path = path;
  return signal;
}

/** "a=yes, b=no" → {a:"yes", b:"no"}. Structured-field parameters (";…") are dropped; a bare key maps to "". */
function parsePairs(value: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const item of value.split(",")) {
    const [pair] = item.split(";", 1);
    const eq = pair.indexOf("=");
    const key = (eq < 0 ? pair : pair.slice(0, eq)).trim().toLowerCase();
    if (key) out[key] = eq < 0 ? "" : pair.slice(eq + 1).trim();
  }
  return out;
}

// ---- rule matching ----

interface Decision {
  rule: RobotsRule;
  group: RobotsGroup;
  length: number;
}

/** Longest pattern wins; on equal length Allow wins (RFC 9309 §2.2.2). The first such line is reported. */
function decidingRule(groups: RobotsGroup[], path: string): Decision | null {
  let best: Decision | null = null;
  for (const group of groups) {
    for (const rule of group.rules) {
      const pattern = normaliseEncoding(rule.path);
      if (!patternMatches(pattern, path)) continue;
      const length = pattern.length;
      if (!best || length > best.length || (length === best.length && rule.allow && !best.rule.allow)) best = { rule, group, length };
    }
  }
  return best;
}

/**
 * `*` matches any run of characters, a final `$` anchors the end, everything else is a literal
 * prefix match. Tracks the set of reachable path offsets instead of building a RegExp, so a
 * hostile pattern like "/*a*a*a*a*b" can't backtrack exponentially.
 */
export function patternMatches(pattern: string, path: string): boolean {
  const anchored = pattern.endsWith("$");
  const body = anchored ? pattern.slice(0, -1) : pattern;
  let offsets = [0];
  for (const ch of body) {
    if (ch === "*") {
      offsets = range(offsets[0], path.length);
      continue;
    }
    offsets = offsets.filter((o) => path[o] === ch).map((o) => o + 1);
    if (offsets.length === 0) return false;
  }
  return anchored ? offsets.includes(path.length) : true;
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

function isRobotsTxt(path: string): boolean {
  // RFC 9309 §2.2.2: /robots.txt is implicitly allowed, whatever the rules say.
  return path.split("?", 1)[0] === "/robots.txt";
}

// ---- percent-encoding ----

/**
 * Accepts a path with optional query (what the crawler would request) or, leniently, an absolute
 * URL. The fragment never reaches the server, so it can't take part in matching.
 */
function normalisePath(input: string): string {
  let path = input.trim();
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(path)) {
    try {
      const u = new URL(path);
      path = u.pathname + u.search;
    } catch {
      // not a URL after all: match it as written
    }
  }
  path = path.split("#", 1)[0];
  if (!path.startsWith("/")) path = `/${path}`;
  return normaliseEncoding(path);
}

const HEX = /^[0-9A-Fa-f]{2}$/;
/** RFC 3986 unreserved: %XX of these means the same as the character itself. */
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;
/** Characters a URL never carries literally; the URL parser would have percent-encoded them. */
const NEEDS_ENCODING = new Set(' "<>\\^`{|}');

/**
 * One canonical spelling for both sides of a comparison (RFC 9309 §2.2.2): %XX of an unreserved
 * character is decoded, other %XX are upper-cased, non-ASCII and unsafe bytes are encoded as
 * UTF-8 %XX. Reserved characters keep their form, so "%2F" and "/" stay different, as they
 * are to a server.
 */
export function normaliseEncoding(s: string): string {
  const bytes = new TextEncoder().encode(s);
  let out = "";
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    const hex = b === 0x25 ? String.fromCharCode(bytes[i + 1] ?? 0, bytes[i + 2] ?? 0) : "";
    if (HEX.test(hex)) {
      const ch = String.fromCharCode(parseInt(hex, 16));
      out += UNRESERVED.test(ch) ? ch : `%${hex.toUpperCase()}`;
      i += 2;
    } else if (b <= 0x20 || b >= 0x7f || NEEDS_ENCODING.has(String.fromCharCode(b))) {
      out += `%${b.toString(16).toUpperCase().padStart(2, "0")}`;
    } else {
      out += String.fromCharCode(b);
    }
  }
  return out;
}
