import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gzipBomb, startLensTargets, type LensTargets } from "@/tests/helpers/lens-targets";
import { observePage, PARSE_CAP_BYTES } from "./observe";
import { LensFetchFailure, LIMITS } from "./safe-fetch";

let site: LensTargets;
beforeAll(async () => {
  site = await startLensTargets();
});
afterAll(() => site?.close());

const observe = (path: string, timeoutMs?: number) =>
  observePage(`${site.base}${path}`, { base: "https://me.example", allowHosts: [site.hostPort], timeoutMs });

describe("the page observation of a rich page", () => {
  it("reports the response as fetched by the documented crawler", async () => {
    const o = await observe("/rich");
    expect(o).toMatchObject({
      ok: true,
      status: 200,
      redirected: false,
      binary: false,
      truncated: false,
      url: `${site.base}/rich`,
      finalUrl: `${site.base}/rich`,
    });
    expect(o.fetchedBy).toBe("Mozilla/5.0 (compatible; SiteLens/1.0; +https://me.example/developers#lens)");
    expect(o.contentType).toBe("text/html; charset=utf-8");
    expect(o.headers["x-custom-header"]).toBe("Kept");
    expect(Object.keys(o.headers).every((k) => k === k.toLowerCase())).toBe(true);
    expect(o.phases).toEqual({ page: true, discovery: false, botViews: false });
    expect(o.framable).toBe(true);
    expect(o.frameReason).toBeNull();
    expect(o.bodyUnreadable).toBeUndefined();
  });

  it("reads the anatomy: text without scripts or styles, words, images, headings", async () => {
    const { anatomy } = await observe("/rich");
    expect(anatomy.rawBytes).toBe(Buffer.byteLength(anatomy.rawHtml));
    expect(anatomy.parsedBytes).toBe(anatomy.rawBytes);
    expect(anatomy.parseTruncated).toBe(false);
    expect(anatomy.text).toContain("Low tide leaves small worlds behind.");
    expect(anatomy.text).not.toContain("analytics");
    expect(anatomy.text).not.toContain("font-family");
    expect(anatomy.wordCount).toBeGreaterThan(60);
    expect(anatomy.imgTotal).toBe(3);
    expect(anatomy.imgNoAlt).toBe(1);
    expect(anatomy.headings).toEqual([
      { level: 1, text: "Field notes on tide pools" },
      { level: 2, text: "What lives there" },
      { level: 3, text: "Counting" },
      { level: 2, text: "Further reading" },
    ]);
  });

  it("summarizes every kind of structured data, keeping broken JSON-LD with its error", async () => {
    const { structured } = await observe("/rich");
    expect(structured.title).toBe("Field notes on tide pools");
    expect(structured.meta).toMatchObject({ description: "A rich fixture page with every kind of structured data.", gptbot: "noindex" });
    expect(structured.og).toEqual({ "og:title": "Tide pools, observed", "og:type": "article" });
    expect(structured.twitter).toEqual({ "twitter:card": "summary_large_image", "twitter:site": "@tidepools" });
    expect(structured.jsonld).toHaveLength(3);
    const [post, graph, broken] = structured.jsonld;
    expect(post).toMatchObject({ valid: true, types: ["BlogPosting"] });
    expect(JSON.parse((post as { json: string }).json).author.name).toBe("Ria Shore");
    expect((post as { json: string }).json).toContain('\n  "@type": "BlogPosting"');
    expect(graph).toMatchObject({ valid: true, types: ["WebSite", "Organization", "NGO"] });
    expect(broken).toMatchObject({ valid: false, raw: expect.stringContaining("unterminated") });
    expect((broken as { error: string }).error).toBeTruthy();
    expect(structured.microdata).toEqual({ itemtypes: ["https://schema.org/Person"], props: ["name", "jobTitle"] });
    expect(structured.rdfa).toEqual({ typeof: ["Event"], properties: ["name", "startDate"] });
    expect(structured.microformats).toEqual(["h-card", "h-entry"]);
    expect(structured.relLinks).toEqual(
      expect.arrayContaining([
        { rel: "canonical", href: `${site.base}/rich` },
        { rel: "alternate", href: `${site.base}/rich.md`, type: "text/markdown", title: "Markdown twin" },
        { rel: "alternate", href: `${site.base}/fr/rich`, hreflang: "fr" },
        { rel: "author", href: `${site.base}/about` },
        { rel: "license", href: "https://example.org/license" },
      ]),
    );
  });

  it("renders the main content as Markdown, without the site's navigation or footer", async () => {
    const { ai } = await observe("/rich");
    const md = ai.markdown!;
    expect(md.startsWith("# Field notes on _tide pools_")).toBe(true);
    expect(md).toContain(`Low tide leaves **small worlds** behind. Read the [guide](${site.base}/guide) first.`);
    expect(md).toContain("- Anemones\n- Crabs\n   - Hermit crabs");
    expect(md).toContain("| Species | Count |\n| --- | --- |\n| Anemone | 12 |");
    expect(md).toContain("```\ncount = anemones + crabs\nprint(count)\n```");
    expect(md).toContain(`![A tide pool at dusk](${site.base}/img/pool.jpg)`);
    expect(md).toContain("> The sea, once it casts its spell");
    expect(md).not.toContain("Home");
    expect(md).not.toContain("sand dollars");
    expect(md).not.toContain("©");
  });

  it("reads robots directives and notices a rule that names an AI crawler", async () => {
    const { ai } = await observe("/rich");
    expect(ai.directives).toEqual({
      metaRobots: "index, follow, max-snippet:80",
      xRobotsTag: "noarchive, GPTBot: noindex",
      namesAiCrawlers: true,
    });
    expect(ai.llmsTxtPresent).toBe(true);
  });

  it("counts tokens for every tier and prices them from the dated table", async () => {
    const { cost } = await observe("/rich");
    expect(cost).not.toBeNull();
    expect(cost!.tiers.map((t) => t.key)).toEqual(["raw", "html", "text", "markdown", "outline"]);
    const tokens = Object.fromEntries(cost!.tiers.map((t) => [t.key, t.tokens]));
    expect(tokens.raw).toBeGreaterThan(tokens.html);
    expect(tokens.html).toBeGreaterThan(tokens.text);
    expect(tokens.outline).toBeLessThan(tokens.markdown);
    expect(tokens.outline).toBeGreaterThan(0);
    expect(cost!.checked).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(cost!.rates.length).toBeGreaterThan(0);
    expect(cost!.partial).toBeUndefined();
  });
});

describe("other bodies", () => {
  it("follows a redirect chain and reports each hop", async () => {
    const o = await observe("/chain/3");
    expect(o.redirected).toBe(true);
    expect(o.finalUrl).toBe(`${site.base}/rich`);
    expect(o.redirects.map((h) => h.status)).toEqual([307, 303, 302]);
    expect(o.redirects[0]).toEqual({ url: `${site.base}/chain/3`, status: 307, location: "/chain/2" });
  });

  it("reports a binary body by size only and prices nothing", async () => {
    const o = await observe("/binary");
    expect(o).toMatchObject({ binary: true, cost: null, anatomy: { rawHtml: "", text: "", wordCount: 0, rawBytes: 4108 } });
    expect(o.anatomy.parsedBytes).toBeUndefined();
    expect(o.ai.markdown).toBeUndefined();
  });

  it("reads plain text and other charsets", async () => {
    const plain = await observe("/plain");
    expect(plain.anatomy).toMatchObject({ text: "Just words, no markup.\nSecond line here.", wordCount: 7 });
    expect(plain.anatomy.parsedBytes).toBeUndefined();
    expect(plain.cost!.tiers.map((t) => t.key)).toEqual(["raw", "text"]);
    const latin = await observe("/latin1");
    expect(latin.structured.title).toBe("Café");
    expect(latin.anatomy.text).toBe("Crème brûlée");
  });

  it("cuts a huge body at the byte cap and parses only the first part", async () => {
    const o = await observe("/huge");
    expect(o.truncated).toBe(true);
    expect(o.anatomy.rawBytes).toBe(LIMITS.maxBodyBytes);
    expect(o.anatomy.parseTruncated).toBe(true);
    expect(o.anatomy.parsedBytes).toBeLessThanOrEqual(PARSE_CAP_BYTES);
    expect(o.anatomy.parsedBytes).toBeGreaterThan(PARSE_CAP_BYTES - 8);
    expect(o.cost!.partial).toEqual({ parsedBytes: o.anatomy.parsedBytes, rawBytes: LIMITS.maxBodyBytes });
  });

  it("stops parsing at 512 levels of nesting and says the parse was cut", async () => {
    const o = await observe("/deep");
    expect(o.anatomy).toMatchObject({ parseTruncated: true, text: "Shallow words", wordCount: 2 });
    expect(o.structured.title).toBe("Deep");
  });

  it("stops inflating a gzip bomb at the cap", async () => {
    // The loopback site builds its bomb from 64 MiB of zeros in this same process: build it
    // before measuring, so the figure is lens's memory and not the test server's.
    gzipBomb();
    const before = process.memoryUsage().rss;
    const o = await observe("/bomb");
    expect(o.truncated).toBe(true);
    expect(o.anatomy.rawBytes).toBe(LIMITS.maxBodyBytes);
    expect(process.memoryUsage().rss - before).toBeLessThan(48 * 1024 * 1024);
  });

  it("reports an undecodable Content-Encoding instead of guessing at the bytes", async () => {
    for (const [path, encoding] of [
      ["/weird-encoding", "x-snappy-framed"],
      ["/corrupt-gzip", "gzip"],
    ] as const) {
      const o = await observe(path);
      expect(o.bodyUnreadable, path).toEqual({ reason: "undecodable-content-encoding", encoding });
      expect(o.cost, path).toBeNull();
      expect(o.anatomy.text, path).toBe("");
    }
  });

  it("tells why a page cannot be framed; CSP frame-ancestors wins over X-Frame-Options", async () => {
    expect(await observe("/noframe")).toMatchObject({ framable: false, frameReason: "Content-Security-Policy frame-ancestors 'none'" });
    expect(await observe("/sameorigin")).toMatchObject({ framable: false, frameReason: "X-Frame-Options: SAMEORIGIN" });
    expect(await observe("/csp-wins")).toMatchObject({ framable: true, frameReason: null });
  });

  it("observes a 404 or a 500 as the target's status, not as a failure", async () => {
    expect(await observe("/missing")).toMatchObject({ ok: true, status: 404, structured: { title: "Not found" } });
    expect(await observe("/broken")).toMatchObject({ ok: true, status: 500 });
  });

  it("gives up on a server that does not answer, or stops sending, within the time limit", async () => {
    for (const path of ["/slow", "/slow-body"]) {
      const started = performance.now();
      await expect(observe(path, 600), path).rejects.toThrow(LensFetchFailure);
      expect(performance.now() - started, path).toBeLessThan(5_000);
    }
    await expect(observe("/slow", 600)).rejects.toThrow("did not answer within 0.6 seconds");
  });

  it("ignores proxy environment variables: the request goes straight to the target", async () => {
    const http = await import("node:http");
    let proxied = 0;
    const proxy = http.createServer((_req, res) => {
      proxied++;
      res.end("proxy");
    });
    await new Promise<void>((r) => proxy.listen(0, "127.0.0.1", r));
    const proxyUrl = `http://127.0.0.1:${(proxy.address() as import("node:net").AddressInfo).port}`;
    const saved = { ...process.env };
    Object.assign(process.env, {
      HTTP_PROXY: proxyUrl,
      HTTPS_PROXY: proxyUrl,
      ALL_PROXY: proxyUrl,
      http_proxy: proxyUrl,
      https_proxy: proxyUrl,
      NO_PROXY: "",
    });
    try {
      const o = await observe("/rich");
      expect(o.structured.title).toBe("Field notes on tide pools");
      expect(proxied).toBe(0);
    } finally {
      for (const k of ["HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "NO_PROXY"]) {
        if (saved[k] === undefined) delete process.env[k];
        else process.env[k] = saved[k];
      }
      await new Promise<void>((r) => proxy.close(() => r()));
    }
  });

  it("fails on a redirect loop", async () => {
    await expect(observe("/loop")).rejects.toThrow(/loop/);
  });
});
