import { createHash } from "node:crypto";
import { createServer, type Server } from "node:http";
import { createClient } from "redis";

/**
 * A small Upstash-REST server over a real Redis, so the Upstash code path (store and
 * the limiter's Lua script) runs offline against the same Redis as everything else.
 * Speaks: POST / (one command), /pipeline and /multi-exec (arrays of commands), Bearer auth,
 * `Upstash-Encoding: base64`. Strips the Upstash-only Lua shebang flag stock Redis rejects,
 * remembering the original script hash so EVALSHA by that hash still works.
 */
export interface UpstashShim {
  url: string;
  token: string;
  close: () => Promise<void>;
}

const SHEBANG = /^#!lua[^\n]*\n/;

export async function startUpstashShim(redisUrl: string, token = "test-token"): Promise<UpstashShim> {
  const client = createClient({ url: redisUrl });
  client.on("error", () => {});
  await client.connect();
  const scripts = new Map<string, string>(); // sha1 of the script as sent → script without shebang

  const rewrite = (cmd: string[]): string[] => {
    const name = cmd[0]?.toUpperCase();
    if ((name === "EVAL" || name === "EVAL_RO") && SHEBANG.test(cmd[1])) {
      scripts.set(createHash("sha1").update(cmd[1]).digest("hex"), cmd[1].replace(SHEBANG, ""));
      return [cmd[0], cmd[1].replace(SHEBANG, ""), ...cmd.slice(2)];
    }
    if ((name === "EVALSHA" || name === "EVALSHA_RO") && scripts.has(cmd[1])) return ["EVAL", scripts.get(cmd[1])!, ...cmd.slice(2)];
    if (name === "SCRIPT" && cmd[1]?.toUpperCase() === "LOAD") {
      scripts.set(createHash("sha1").update(cmd[2]).digest("hex"), cmd[2].replace(SHEBANG, ""));
      return ["SCRIPT", "LOAD", cmd[2].replace(SHEBANG, "")];
    }
    return cmd;
  };
  // Upstash answers in RESP2 shapes: a map reply (RESP3) becomes a flat [field, value, …] array.
  const encode = (v: unknown, b64: boolean): unknown => {
    if (typeof v === "string") return b64 ? Buffer.from(v).toString("base64") : v;
    if (Array.isArray(v)) return v.map((x) => encode(x, b64));
    if (v instanceof Map) return encode([...v.entries()].flat(), b64);
    if (v && typeof v === "object" && !Buffer.isBuffer(v)) return encode(Object.entries(v).flat(), b64);
    return v;
  };
  const run = async (cmd: unknown[], b64: boolean) => {
    try {
      const result = await client.sendCommand(rewrite(cmd.map(String)));
      return { result: encode(result, b64) };
    } catch (err) {
      return { error: (err as Error).message };
    }
  };

  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (req.headers.authorization !== `Bearer ${token}`) return reply(401, { error: "Unauthorized" });
    const b64 = String(req.headers["upstash-encoding"] ?? "").toLowerCase() === "base64";
    let body: unknown;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    } catch {
      return reply(400, { error: "ERR body is not JSON" });
    }
    const path = (req.url ?? "/").split("?")[0];
    if (path === "/pipeline") return reply(200, await Promise.all((body as unknown[][]).map((c) => run(c, b64))));
    if (path === "/multi-exec") {
      const multi = client.multi();
      for (const c of body as unknown[][]) multi.addCommand(rewrite(c.map(String)));
      try {
        const results = (await multi.exec()) as unknown[];
        return reply(
          200,
          results.map((r) => (r instanceof Error ? { error: r.message } : { result: encode(r, b64) })),
        );
      } catch (err) {
        return reply(400, { error: (err as Error).message });
      }
    }
    const out = await run(body as unknown[], b64);
    return reply("error" in out ? 400 : 200, out);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await client.close().catch(() => {});
    },
  };
}
