import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * Loopback sites for lens's discovery pass: `native` publishes every well-known door an
 * agent could use, `walled` refuses, challenges and prices AI crawlers, `broken` has a
 * robots.txt that fails with 503 and a probe that redirects to a private address. Each
 * records the requests it saw (method, path, User-Agent).
 */
export interface LensSite {
  base: string;
  hostPort: string;
  seen: { method: string; path: string; ua: string }[];
  close(): Promise<void>;
}

type Handler = (req: http.IncomingMessage, res: http.ServerResponse, url: URL, body: string) => void;

async function serve(handler: Handler, port = 0, delays: Record<string, number> = {}): Promise<LensSite> {
  const seen: LensSite["seen"] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://x");
      seen.push({ method: req.method ?? "GET", path: `${url.pathname}${url.search}`, ua: String(req.headers["user-agent"] ?? "") });
      const delay = delays[url.pathname];
      if (delay) setTimeout(() => handler(req, res, url, body), delay);
      else handler(req, res, url, body);
    });
  });
  await new Promise<void>((r) => server.listen(port, "127.0.0.1", r));
  const bound = (server.address() as AddressInfo).port;
  return {
    base: `http://127.0.0.1:${bound}`,
    hostPort: `127.0.0.1:${bound}`,
    seen,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

const send = (res: http.ServerResponse, status: number, type: string, body: string, headers: Record<string, string> = {}) => {
  res.writeHead(status, { "content-type": type, ...headers });
  res.end(body);
};

const PARAGRAPH =
  "<p>Tide pools hold anemones, crabs and small fish; every low tide the count changes, and the notes here keep the tally week by week.</p>";

/** `delays`: milliseconds before answering a path (the benchmark slows one probe). */
export function startNativeSite(port = 0, delays: Record<string, number> = {}): Promise<LensSite> {
  let base = "";
  const site = serve(
    (req, res, url, body) => {
      const json = (value: unknown, type = "application/json") => send(res, 200, type, JSON.stringify(value));
      const accept = String(req.headers.accept ?? "");
      switch (url.pathname) {
        case "/":
          if (/text\/markdown/.test(accept))
            return send(res, 200, "text/markdown; charset=utf-8", "# Tide notes\n\nAnemones and crabs.\n", { vary: "Accept" });
          return send(
            res,
            200,
            "text/html; charset=utf-8",
            `<!doctype html><html><head><title>Tide notes</title>
<link rel="alternate" type="application/rss+xml" href="/feed.xml" title="Feed">
<link rel="alternate" type="text/markdown" href="/index.md">
<link rel="service-desc" type="application/openapi+json" href="/openapi.json">
</head><body><main><h1>Tide notes</h1>${PARAGRAPH.repeat(4)}
<script>navigator.modelContext.registerTool({ name: "search", description: "Search the notes" });</script>
</main></body></html>`,
            { vary: "Accept", link: '</.well-known/api-catalog>; rel="api-catalog", </index.md>; rel="alternate"; type="text/markdown"' },
          );
        case "/index.md":
          return send(res, 200, "text/markdown; charset=utf-8", "# Tide notes\n\nAnemones and crabs.\n");
        case "/robots.txt":
          return send(
            res,
            200,
            "text/plain",
            "User-agent: GPTBot\nDisallow: /private\n\nUser-agent: *\nContent-Signal: search=yes, ai-input=yes, ai-train=no\nAllow: /\n\nSitemap: /sitemap.xml\n",
          );
        case "/sitemap.xml":
          return send(
            res,
            200,
            "application/xml",
            `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${base}/</loc></url></urlset>`,
          );
        case "/llms.txt":
          return send(res, 200, "text/markdown", "# Tide notes\n\n> Weekly tide pool counts.\n\n## Docs\n\n- [Home](/): the notes\n");
        case "/llms-full.txt":
          return send(res, 200, "text/plain", "# Tide notes\n\nEverything, in one file.\n");
        case "/.well-known/security.txt":
          return send(res, 200, "text/plain", "Contact: mailto:sec@example.com\nExpires: 2027-01-01T00:00:00Z\n");
        case "/.well-known/http-message-signatures-directory":
          return json(
            { keys: [{ kty: "OKP", crv: "Ed25519", x: "JrQLj5P_89iXES9-vFgrIy29clF9CC_oPPsw3c5D0bs" }] },
            "application/http-message-signatures-directory+json",
          );
        case "/.well-known/mcp/server-card.json":
          return json({ name: "tide-notes", version: "1.0.0", remotes: [{ type: "streamable-http", url: `${base}/mcp` }] });
        case "/mcp":
          if (req.method !== "POST") return send(res, 405, "application/json", "{}", { allow: "POST" });
          return json({
            jsonrpc: "2.0",
            id: (JSON.parse(body || "{}") as { id?: number }).id ?? 1,
            result: { protocolVersion: "2025-06-18", capabilities: { tools: {} }, serverInfo: { name: "tide-notes", version: "1.0.0" } },
          });
        case "/.well-known/agent-card.json":
          return json({
            name: "Tide notes",
            description: "Tide pool counts",
            version: "1.0.0",
            supportedInterfaces: [{ url: `${base}/a2a`, protocolBinding: "JSONRPC", protocolVersion: "1.0" }],
            skills: [{ id: "count", name: "Count", description: "Counts", tags: [] }],
          });
        case "/.well-known/agent-skills/index.json":
          return json({ skills: [{ name: "count", type: "skill-md", description: "Counts", url: `${base}/skills/count/SKILL.md` }] });
        case "/.well-known/api-catalog":
          return json(
            { linkset: [{ anchor: `${base}/`, "service-desc": [{ href: `${base}/openapi.json` }] }] },
            'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"',
          );
        case "/openapi.json":
          return json({
            openapi: "3.1.0",
            info: { title: "Tide", version: "1" },
            paths: {
              "/ask": { get: { responses: { 200: { description: "ok" } } } },
              "/counts.json": { get: { security: [], responses: { 200: { description: "ok" } } } },
            },
          });
        case "/ask":
          return json({ query_id: "1", results: [{ url: `${base}/`, name: "Tide notes", score: 90 }] });
        case "/.well-known/tdmrep.json":
          return json([{ location: "/*", "tdm-reservation": 1, "tdm-policy": `${base}/policy.json` }]);
        case "/AGENTS.md":
          return send(res, 200, "text/markdown", "# AGENTS.md\n\nRun `npm test`.\n");
        case "/.well-known/ai-plugin.json":
          // A redirect to a private address: the guard refuses it before connecting.
          res.writeHead(302, { location: "http://10.0.0.1/ai-plugin.json" });
          return res.end();
        default:
          return send(res, 404, "text/html", "<!doctype html><html><body>Not found</body></html>");
      }
    },
    port,
    delays,
  );
  return site.then((s) => ((base = s.base), s));
}

/** A site that states nothing in robots.txt beyond blocking two crawlers, and enforces and prices at the server. */
export function startWalledSite(port = 0): Promise<LensSite> {
  return serve((req, res, url) => {
    const ua = String(req.headers["user-agent"] ?? "");
    if (url.pathname === "/robots.txt")
      return send(res, 200, "text/plain", "User-agent: GPTBot\nDisallow: /\n\nUser-agent: CCBot\nDisallow: /\n");
    if (url.pathname !== "/") return send(res, 404, "text/html", "<!doctype html><html><body>Not found</body></html>");
    if (/GPTBot/.test(ua)) return send(res, 403, "text/html", "<!doctype html><html><body>Forbidden</body></html>");
    if (/ClaudeBot/.test(ua))
      return send(
        res,
        403,
        "text/html",
        '<!doctype html><html><head><title>Just a moment...</title></head><body><script src="/cdn-cgi/challenge-platform/h/b/orchestrate"></script></body></html>',
        { "cf-mitigated": "challenge" },
      );
    if (/PerplexityBot/.test(ua))
      return send(res, 402, "text/html", "<!doctype html><html><body>Payment required</body></html>", { "crawler-price": "USD 0.01" });
    return send(
      res,
      200,
      "text/html; charset=utf-8",
      `<!doctype html><html><head><title>Walled garden</title></head><body><main><h1>Walled garden</h1>${PARAGRAPH.repeat(30)}</main></body></html>`,
    );
  }, port);
}

/** A site whose robots.txt fails with 503 (RFC 9309: verdicts unknown) and whose other paths stall until `stallMs`. */
export function startBrokenSite(stallMs = 0): Promise<LensSite> {
  return serve((_req, res, url) => {
    if (url.pathname === "/robots.txt") return send(res, 503, "text/plain", "down");
    if (url.pathname === "/")
      return send(
        res,
        200,
        "text/html; charset=utf-8",
        `<!doctype html><html><head><title>Broken</title></head><body><p>Hello.</p></body></html>`,
      );
    setTimeout(() => send(res, 404, "text/plain", "no"), stallMs);
  });
}

/** A site with a home page and nothing else: every other path is a 404. */
export function startEmptySite(): Promise<LensSite> {
  return serve((_req, res, url) => {
    if (url.pathname === "/")
      return send(
        res,
        200,
        "text/html; charset=utf-8",
        `<!doctype html><html><head><title>Plain</title></head><body><p>${"Just words. ".repeat(40)}</p></body></html>`,
      );
    send(res, 404, "text/html", "<!doctype html><html><body>Not found</body></html>");
  });
}

/**
 * A site with an MCP server whose card (the well-known shape, with `tools`) lists `card`
 * while its tools/list answers `listed`: a stateful server (initialize hands a session id,
 * tools/list wants it back) that answers in an event stream, as the official SDK's does.
 */
export function startMcpCardSite(o: { card: string[]; listed: string[] }): Promise<LensSite> {
  const session = "session-1";
  return serve((req, res, url, body) => {
    if (url.pathname === "/")
      return send(
        res,
        200,
        "text/html; charset=utf-8",
        `<!doctype html><html><head><title>Tools</title></head><body>${PARAGRAPH}</body></html>`,
      );
    if (url.pathname === "/.well-known/mcp/server-card.json")
      return send(
        res,
        200,
        "application/json",
        JSON.stringify({
          version: "1.0",
          serverInfo: { name: "tools-site", version: "1.0.0" },
          transport: { type: "streamable-http", endpoint: "/mcp" },
          tools: o.card.map((name) => ({ name, description: `The ${name} tool` })),
        }),
      );
    if (url.pathname === "/mcp" && req.method === "POST") {
      const rpc = JSON.parse(body || "{}") as { id?: number; method?: string };
      const event = (result: unknown, headers: Record<string, string> = {}) =>
        send(res, 200, "text/event-stream", `event: message\ndata: ${JSON.stringify({ jsonrpc: "2.0", id: rpc.id, result })}\n\n`, headers);
      if (rpc.method === "initialize")
        return event(
          { protocolVersion: "2025-06-18", capabilities: { tools: {} }, serverInfo: { name: "tools-site", version: "1.0.0" } },
          { "mcp-session-id": session },
        );
      if (req.headers["mcp-session-id"] !== session) return send(res, 400, "application/json", '{"error":"no session"}');
      if (rpc.method === "notifications/initialized") return send(res, 202, "application/json", "");
      if (rpc.method === "tools/list") return event({ tools: o.listed.map((name) => ({ name, inputSchema: { type: "object" } })) });
      return send(res, 400, "application/json", "{}");
    }
    send(res, 404, "text/html", "<!doctype html><html><body>Not found</body></html>");
  });
}

/**
 * A site whose well-known files are all broken: every path answers 200 with an HTML page
 * (a "soft 404"), except the MCP card and agent card, which are invalid JSON.
 */
export function startSoft404Site(): Promise<LensSite> {
  return serve((_req, res, url) => {
    if (url.pathname === "/.well-known/mcp/server-card.json" || url.pathname === "/.well-known/agent-card.json")
      return send(res, 200, "application/json", '{"name": "broken",');
    send(
      res,
      200,
      "text/html; charset=utf-8",
      `<!doctype html><html><head><title>Anything</title></head><body><p>${"Whatever you asked for. ".repeat(20)}</p></body></html>`,
    );
  });
}

/** Private and metadata addresses in the spellings a redirect might use; the guard must refuse each before connecting. */
export const PRIVATE_TARGETS = [
  "http://10.0.0.1/x",
  "http://169.254.169.254/latest/meta-data/",
  "http://[::1]:6379/",
  "http://127.0.0.1:6379/",
  "http://localhost/",
  "http://metadata.google.internal/computeMetadata/v1/",
  "http://0x7f000001/",
  "http://[::ffff:10.0.0.1]/",
];

/** A site whose home page is fine and every other path (every probe, /mcp, the .md twin) redirects to a private address. */
export function startRedirectingSite(): Promise<LensSite> {
  let n = 0;
  return serve((_req, res, url) => {
    if (url.pathname === "/")
      return send(
        res,
        200,
        "text/html; charset=utf-8",
        "<!doctype html><html><head><title>Redirects</title></head><body><p>Hello.</p></body></html>",
      );
    res.writeHead(302, { location: PRIVATE_TARGETS[n++ % PRIVATE_TARGETS.length] });
    res.end();
  });
}
