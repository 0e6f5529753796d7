import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { appUnderTest } from "./helpers/app";
import { call } from "./helpers/openapi";

/**
 * /feed.xml and /feed.json read as a feed reader reads them: the entry's link is its
 * rel="alternate" link (a missing rel means alternate, RFC 4287 §4.2.7.2) or the JSON
 * Feed item's `url`, and opening it must land on the HTML page, not the Markdown twin.
 */
const app = appUnderTest();
const BROWSER_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

type AtomLink = { "@_rel"?: string; "@_type"?: string; "@_href": string };
type AtomEntry = { id: string; title: string | { "#text": string }; link: AtomLink | AtomLink[] };

const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** The page a reader opens: 200, HTML, and its h1 is the entry's title. */
async function expectHtmlPage(url: string, title?: string) {
  const u = new URL(url);
  expect(u.origin, url).toBe(app.server.base);
  expect(u.pathname.endsWith(".md"), url).toBe(false);
  const r = await call(app.contract, app.server.base, u.pathname, { headers: { accept: BROWSER_ACCEPT } });
  expect(r.status, url).toBe(200);
  expect(r.headers.get("content-type"), url).toMatch(/^text\/html/);
  const h1 = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(r.text)?.[1].replace(/<[^>]+>/g, "");
  expect(h1, url).toBeTruthy();
  if (title !== undefined) expect(decode(h1!), url).toBe(title);
}

describe("feeds in a feed reader", () => {
  it("every Atom entry has one alternate link, to its HTML page", async () => {
    const r = await call(app.contract, app.server.base, "/feed.xml");
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toMatch(/^application\/atom\+xml/);
    const feed = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === "entry" || name === "link" }).parse(r.text).feed;
    expect(feed.entry.length).toBeGreaterThan(5);
    for (const entry of feed.entry as AtomEntry[]) {
      const links = ([] as AtomLink[]).concat(entry.link);
      const alternates = links.filter((l) => (l["@_rel"] ?? "alternate") === "alternate");
      expect(alternates, entry.id).toHaveLength(1);
      expect(alternates[0]["@_type"] ?? "text/html").toBe("text/html");
      const href = new URL(alternates[0]["@_href"], `${app.server.base}/feed.xml`).href;
      expect(href).toBe(entry.id);
      const title = typeof entry.title === "string" ? entry.title : entry.title["#text"];
      await expectHtmlPage(href, decode(title));
    }
  });

  it("every JSON Feed item's url is its HTML page", async () => {
    const r = await call(app.contract, app.server.base, "/feed.json");
    expect(r.status).toBe(200);
    const feed = r.body as { home_page_url: string; items: { id: string; url: string; title: string; external_url?: string }[] };
    expect(feed.items.length).toBeGreaterThan(5);
    await expectHtmlPage(feed.home_page_url);
    for (const item of feed.items) {
      expect(item.external_url).toBeUndefined();
      await expectHtmlPage(new URL(item.url, `${app.server.base}/feed.json`).href, item.title);
    }
  });
});
