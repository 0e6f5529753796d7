import { createClient } from "redis";
import { spawn, type ChildProcess } from "node:child_process";
import { freePort } from "./server";

export const SHARED_REDIS_URL = "redis://127.0.0.1:6379";

/** A private redis-server on a free loopback port, which a test may kill and bring back. */
export class ThrowawayRedis {
  port = 0;
  private child?: ChildProcess;

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    if (!this.port) this.port = await freePort();
    const child = spawn("redis-server", ["--port", String(this.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    this.child = child;
    let out = "";
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`redis-server did not start: ${out}`)), 10_000);
      child.stdout!.on("data", (d) => {
        out += d;
        if (/Ready to accept connections/.test(out)) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.once("exit", (code) => reject(new Error(`redis-server exited ${code}: ${out}`)));
    });
  }

  /** Freeze the process (SIGSTOP): connections stay open and nothing answers, like a hung server. */
  pause(): void {
    this.child?.kill("SIGSTOP");
  }

  resume(): void {
    this.child?.kill("SIGCONT");
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once("exit", () => resolve());
      child.kill("SIGKILL");
    });
  }
}

const sharedClient = () => createClient({ url: SHARED_REDIS_URL });
export type SharedRedisClient = ReturnType<typeof sharedClient>;

/** A short-lived connection to the shared test Redis, for arranging a test's state (keys carry the app's STORE_PREFIX). */
export async function withRedis<T>(work: (c: SharedRedisClient) => Promise<T>): Promise<T> {
  const c = sharedClient();
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.close();
  }
}
