import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./server";

/**
 * A real shared cache on loopback: nginx (Debian's, installed by scripts/test-prerequisites.sh)
 * proxying to the app with proxy_cache. It caches every 200 for five minutes whatever the
 * app's Cache-Control says (as a CDN configured to cache HTML would), keeps variants apart
 * only by the response's Vary, and says HIT or MISS in X-Cache.
 */
export interface SharedCache {
  base: string;
  stop(): Promise<void>;
}

export async function startSharedCache(upstream: string): Promise<SharedCache> {
  const dir = mkdtempSync(path.join(tmpdir(), "nginx-cache-"));
  // nginx's workers drop to an unprivileged user when started as root: let them write the cache.
  chmodSync(dir, 0o777);
  for (const d of ["cache", "client", "proxy", "fastcgi", "uwsgi", "scgi"]) mkdirSync(path.join(dir, d), { mode: 0o777 });
  const port = await freePort();
  writeFileSync(
    path.join(dir, "nginx.conf"),
    `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 128; }
http {
  access_log off;
  client_body_temp_path ${dir}/client;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  proxy_cache_path ${dir}/cache levels=1:2 keys_zone=site:2m max_size=64m inactive=10m use_temp_path=off;
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass ${upstream};
      proxy_http_version 1.1;
      proxy_cache site;
      proxy_ignore_headers Cache-Control Expires Set-Cookie;
      proxy_cache_valid 200 5m;
      add_header X-Cache $upstream_cache_status always;
    }
  }
}
`,
  );
  const child: ChildProcess = spawn("/usr/sbin/nginx", ["-c", path.join(dir, "nginx.conf"), "-p", dir], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stderr!.on("data", (d) => (log += d));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}): ${log}`);
    try {
      await fetch(`${base}/health.json`);
      break;
    } catch {
      if (i > 100) throw new Error(`nginx did not start: ${log}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return {
    base,
    stop: () =>
      new Promise((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGQUIT");
      }),
  };
}
