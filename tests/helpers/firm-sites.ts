import http from "node:http";
import type { AddressInfo } from "node:net";

/** What one loopback "firm" site serves; tests change it between crawls. */
export interface FirmSite {
  robots: { status: number; body?: string };
  home: { status: number; title?: string; description?: string; text?: string; redirectTo?: string };
  /** Milliseconds before answering (for the parallel-crawl benchmark). */
  delayMs?: number;
  /** Resets every connection without answering, as a site that is down (or a network that is) looks to the crawler. */
  down?: boolean;
}

export interface FirmSites {
  base: string;
  hostPort: string;
  sites: Map<string, FirmSite>;
  /** Requests seen, as "site path". */
  hits: string[];
  /** The homepage URL of a site by name. */
  url(name: string): string;
  close(): Promise<void>;
}

/**
 * Loopback firm homepages, each its own origin (robots.txt is read per origin), serving
 * what `sites` says at the moment of the request, so a test changes a site between crawls.
 * `/moved` is a second page a homepage can redirect to. A fixed `port` gives consecutive ports.
 */
export async function startFirmSites(defs: Record<string, FirmSite>, port = 0): Promise<FirmSites> {
  const sites = new Map(Object.entries(defs));
  const hits: string[] = [];
  const servers = new Map<string, { server: http.Server; base: string }>();
  let i = 0;
  for (const name of sites.keys()) {
    const server = http.createServer(async (req, res) => {
      const site = sites.get(name)!;
      const path = new URL(req.url ?? "/", "http://x").pathname;
      hits.push(`${name} ${path}`);
      if (site.down) return req.socket.destroy();
      if (site.delayMs) await new Promise((r) => setTimeout(r, site.delayMs));
      if (path === "/robots.txt") {
        res.writeHead(site.robots.status, { "content-type": "text/plain" });
        return res.end(site.robots.body ?? "");
      }
      if (path === "/" && site.home.redirectTo) {
        res.writeHead(301, { location: site.home.redirectTo });
        return res.end();
      }
      if (path === "/" || path === "/moved") {
        const h = site.home;
        res.writeHead(h.status, { "content-type": "text/html; charset=utf-8" });
        return res.end(
          `<!doctype html><html><head><title>${h.title ?? ""}</title>${h.description ? `<meta name="description" content="${h.description}">` : ""}<script>var nonce="${Math.random()}"</script></head><body><main><h1>${name}</h1><p>${h.text ?? "We back founders."}</p></main></body></html>`,
        );
      }
      res.writeHead(404, { "content-type": "text/plain" });
      res.end("not found");
    });
    await new Promise<void>((r) => server.listen(port ? port + i : 0, "127.0.0.1", () => r()));
    i++;
    const { port: p } = server.address() as AddressInfo;
    servers.set(name, { server, base: `http://127.0.0.1:${p}` });
  }
  const first = [...servers.values()][0];
  return {
    base: first.base,
    hostPort: [...servers.values()].map((s) => s.base.replace("http://", "")).join(","),
    sites,
    hits,
    url: (name) => `${servers.get(name)!.base}/`,
    close: async () => {
      await Promise.all(
        [...servers.values()].map(({ server }) => {
          server.closeAllConnections();
          return new Promise<void>((r) => server.close(() => r()));
        }),
      );
    },
  };
}

/** The firm-list file body (content/around.json's shape) for these sites. */
export function firmList(sites: FirmSites, names: string[] = [...sites.sites.keys()]): string {
  return JSON.stringify({ firms: names.map((n) => ({ name: n, homepage: sites.url(n) })) });
}
