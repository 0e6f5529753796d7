import { expect, test, type Browser, type Page } from "@playwright/test";
import { Contract } from "../tests/helpers/openapi";
import { termMatches } from "../lib/search/words";
import { watchPage } from "./watch";
import { E2E_CALLER_HEADER } from "../playwright.config";

/**
 * The search page with and without JavaScript: the same results for the same query (the
 * enhancement asks /search.json, the engine the server-rendered page runs), results that
 * open the real page, the query in the address, and no layout shift.
 */
/**
 * Typing a query asks /search.json at each pause: this spec spends reads fast, so it runs as a
 * caller of its own (playwright.config.ts), and loopback's other specs cannot spend its budget
 * (on CI a history test got "Too many searches" for the last query it typed).
 */
test.use({ extraHTTPHeaders: { [E2E_CALLER_HEADER]: "198.51.100.47" } });

const QUERIES = ["carburettor", "carburetor", "rate limits", "Classic Chrome", "espresso", "turntable", "sourdough starter"];

type Row = { href: string; title: string; label: string };

let contract: Contract;
test.beforeAll(async ({ request }) => {
  contract = new Contract(await (await request.get("/openapi.json")).json());
});

/** Every /search.json answer the page receives is checked against /openapi.json. */
function validateSearchJson(page: Page): { seen: number } {
  const counter = { seen: 0 };
  page.on("response", async (res) => {
    const url = new URL(res.url());
    if (url.pathname !== "/search.json") return;
    counter.seen++;
    contract.validate(url.pathname, "GET", res.status(), res.headers()["content-type"] ?? "", await res.json());
  });
  return counter;
}

async function rows(page: Page): Promise<{ count: string; rows: Row[] }> {
  const count = (await page.locator(".search-region > .meta-line").textContent()) ?? "";
  const list = await page.locator(".search-results li").evaluateAll((lis) =>
    lis.map((li) => ({
      href: li.querySelector("a")!.getAttribute("href")!,
      title: li.querySelector("a")!.textContent!,
      label: li.querySelector(".meta-line")!.textContent!,
    })),
  );
  return { count, rows: list };
}

async function withoutJs(browser: Browser, q: string) {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const res = await page.goto(`/search?q=${encodeURIComponent(q)}`);
  expect(res?.status()).toBe(200);
  const out = await rows(page);
  await context.close();
  return out;
}

/** Types the query into the page as a visitor does and waits for the answer to show. */
async function typeQuery(page: Page, q: string) {
  const input = page.getByLabel("Search the site");
  await input.fill("");
  await input.pressSequentially(q, { delay: 20 });
  await expect(page.locator(".search-region > .meta-line")).toContainText(`for “${q}”`);
  await expect(page.locator(".search-region")).toHaveAttribute("aria-busy", "false");
}

test("with JavaScript: type a query, the address keeps it, click a result and land on the page", async ({ page }) => {
  const problems = watchPage(page);
  const seen = validateSearchJson(page);
  await page.goto("/search");
  await page.waitForLoadState("networkidle");
  await typeQuery(page, "carburettor");
  await expect(page).toHaveURL(/\/search\?q=carburettor$/);
  expect(seen.seen).toBeGreaterThan(0);
  const first = page.locator(".search-results li a").first();
  const title = (await first.textContent())!;
  const href = (await first.getAttribute("href"))!;
  expect(href).toMatch(/^\/(garage|writing|documents|utilities)\/|^\/[a-z-]+$/);
  const [nav] = await Promise.all([page.waitForNavigation(), first.click()]);
  expect(nav?.status()).toBe(200);
  expect(new URL(page.url()).pathname).toBe(href);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  // Back in history: the query is still in the address and the results are still there.
  await page.goBack();
  await expect(page).toHaveURL(/\/search\?q=carburettor$/);
  await expect(page.locator(".search-results li").first()).toBeVisible();
  expect(problems).toEqual([]);
});

test("the address follows the box: typing on and back shows the query on screen; clearing it empties both", async ({ page }) => {
  await page.goto("/search?q=espresso");
  await page.waitForLoadState("networkidle");
  // Slow answers (the real server, held back a second) so a search is still under way
  // when the visitor types back to the query already on screen.
  await page.route("**/search.json?**", async (route) => {
    await new Promise((r) => setTimeout(r, 1000));
    await route.continue();
  });
  const input = page.getByLabel("Search the site");
  await input.press("End");
  await input.pressSequentially(" machine", { delay: 10 });
  await expect(page).toHaveURL(/\/search\?q=espresso%20machine$/);
  for (let i = 0; i < " machine".length; i++) await input.press("Backspace");
  await page.waitForTimeout(1500);
  await expect(page).toHaveURL(/\/search\?q=espresso$/);
  await expect(page.locator(".search-region > .meta-line")).toContainText("for “espresso”");
  await input.fill("");
  await expect(page).toHaveURL(/\/search$/);
  await expect(page.locator(".search-results")).toHaveCount(0);
});

test("each submitted query is a step of the history: Back and Forward show that search again, box and results", async ({ page }) => {
  await page.goto("/search?q=espresso");
  await page.waitForLoadState("networkidle");
  const input = page.getByLabel("Search the site");
  const said = page.locator(".search-region > .meta-line");
  await input.fill("gasket");
  await input.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=gasket$/);
  await expect(said).toContainText("for “gasket”");
  // One step back: the search the page was opened with, as it was served.
  await page.goBack();
  await expect(page).toHaveURL(/\/search\?q=espresso$/);
  await expect(input).toHaveValue("espresso");
  await expect(said).toContainText("for “espresso”");
  await page.goForward();
  await expect(input).toHaveValue("gasket");
  await expect(said).toContainText("for “gasket”");
  await input.fill("carburettor");
  await input.press("Enter");
  await expect(said).toContainText("for “carburettor”");

  await page.goBack();
  await expect(page).toHaveURL(/\/search\?q=gasket$/);
  await expect(input).toHaveValue("gasket");
  await expect(said).toContainText("for “gasket”");
  await page.goBack();
  await expect(page).toHaveURL(/\/search\?q=espresso$/);
  await expect(input).toHaveValue("espresso");
  await expect(said).toContainText("for “espresso”");
  const espresso = await page.locator(".search-results li a").first().getAttribute("href");
  await page.goForward();
  await expect(page).toHaveURL(/\/search\?q=gasket$/);
  await expect(said).toContainText("for “gasket”");
  // And the results still lead somewhere after all that.
  await page.goBack();
  await expect(said).toContainText("for “espresso”");
  await page.locator(".search-results li a").first().click();
  await expect(page).toHaveURL(new RegExp(`${espresso}$`));
});

test("every result of several queries opens a real page (200, its title as h1)", async ({ page, request }) => {
  await page.goto("/search");
  await page.waitForLoadState("networkidle");
  const checked = new Set<string>();
  for (const q of ["carburettor", "rate limits", "Classic Chrome"]) {
    await typeQuery(page, q);
    for (const r of (await rows(page)).rows) {
      if (checked.has(r.href)) continue;
      checked.add(r.href);
      const res = await request.get(r.href, { headers: { accept: "text/html" } });
      expect(res.status(), r.href).toBe(200);
      expect(res.headers()["content-type"], r.href).toMatch(/^text\/html/);
      const html = await res.text();
      const text = (t: string | undefined) =>
        t
          ?.replace(/<[^>]+>/g, "")
          .replace(/&amp;/g, "&")
          .replace(/&#x27;/g, "'")
          .replace(/&quot;/g, '"')
          .trim();
      // The result names the page as the page does: its heading, or (the resume, whose
      // heading is the owner's name) the first part of its <title>.
      const h1 = text(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1]);
      const title = text(/<title>([\s\S]*?)<\/title>/.exec(html)?.[1])?.split(" — ")[0];
      expect([h1, title], r.href).toContain(r.title);
    }
  }
  expect(checked.size).toBeGreaterThan(5);
});

test("the same results with and without JavaScript, for several queries", async ({ browser, page }) => {
  const problems = watchPage(page);
  validateSearchJson(page);
  await page.goto("/search");
  await page.waitForLoadState("networkidle");
  for (const q of QUERIES) {
    await typeQuery(page, q);
    const typed = await rows(page);
    const served = await withoutJs(browser, q);
    expect(typed.rows.length, q).toBeGreaterThan(0);
    expect(typed, q).toEqual(served);
    // The shared address shows the same list when opened with JavaScript too.
    expect(new URL(page.url()).searchParams.get("q")).toBe(q);
  }
  // Garage notes say so (the API's kind for them is "writing").
  await typeQuery(page, "carburettor");
  const garage = (await rows(page)).rows.filter((r) => r.href.startsWith("/garage/"));
  expect(garage.length).toBeGreaterThan(0);
  for (const r of garage) expect(r.label).toBe("·\u00a0Garage note");
  expect(problems).toEqual([]);
});

test("the page with JavaScript finds as many pages for 'carburettor' as /search.json, in the same order", async ({ page, request }) => {
  const api = await request.get("/search.json?q=carburettor&limit=50");
  const body = await api.json();
  contract.validate("/search.json", "GET", api.status(), api.headers()["content-type"], body);
  await page.goto("/search");
  await page.waitForLoadState("networkidle");
  await typeQuery(page, "carburettor");
  const { count, rows: list } = await rows(page);
  expect(count).toBe(`${body.total} result${body.total === 1 ? "" : "s"} for “carburettor”`);
  expect(list.map((r) => r.href)).toEqual(body.results.map((r: { url: string }) => r.url));
});

test("every result the page counts is listed, with JavaScript and without, and the last one opens its page", async ({ page, browser }) => {
  // "rate limits" matches more pages than a first screen's worth in the demo content.
  await page.goto("/search");
  await page.waitForLoadState("networkidle");
  await typeQuery(page, "rate limits");
  const withJs = await rows(page);
  const total = Number(/^(\d+) results/.exec(withJs.count)![1]);
  expect(total).toBeGreaterThan(20);
  expect(withJs.rows).toHaveLength(Math.min(total, 50));
  expect(withJs.count).toBe(`${total} results for “rate limits”`);

  const noJs = await browser.newContext({ javaScriptEnabled: false });
  try {
    const plain = await noJs.newPage();
    await plain.goto("/search?q=rate+limits");
    await expect(plain.locator(".search-results li")).toHaveCount(Math.min(total, 50));
    const last = plain.locator(".search-results li a").last();
    const href = await last.getAttribute("href");
    await last.click();
    await expect(plain).toHaveURL(new RegExp(`${href!.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
    await expect(plain.locator("h1")).toBeVisible();
  } finally {
    await noJs.close();
  }
});

for (const [name, width, height] of [
  ["desktop", 1280, 900],
  ["phone", 390, 844],
] as const) {
  test(`no layout shift at ${name} width, loading a shared query or typing one; screenshots`, async ({ browser }, info) => {
    const context = await browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    const problems = watchPage(page);
    await page.addInitScript(() => {
      const w = window as unknown as { __cls: number };
      w.__cls = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
          if (!e.hadRecentInput) w.__cls += e.value;
      }).observe({ type: "layout-shift", buffered: true });
    });
    await page.goto("/search?q=carburettor");
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { __cls: number }).__cls)).toBeLessThan(0.01);
    await page.screenshot({ path: info.outputPath(`search-shared-${name}.png`), fullPage: false });
    await typeQuery(page, "rate limits");
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { __cls: number }).__cls)).toBeLessThan(0.01);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: info.outputPath(`search-typed-${name}.png`), fullPage: false });
    expect(problems).toEqual([]);
    await context.close();
  });
}

test("a query of one 160-letter word wraps on a phone instead of widening the page, with and without JavaScript", async ({ browser }) => {
  for (const javaScriptEnabled of [true, false]) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled });
    const page = await context.newPage();
    // Longer than the API's 160: the page reads the first 160, as /search.json would refuse the rest.
    await page.goto(`/search?q=${"a".repeat(300)}`);
    await expect(page.getByText(`results for “${"a".repeat(160)}”`)).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `JavaScript ${javaScriptEnabled ? "on" : "off"}`).toBeLessThanOrEqual(0);
    await context.close();
  }
});

/** The marked words of the results on screen, lowercased. */
const marks = (page: Page) => page.locator(".search-results mark").evaluateAll((ms) => ms.map((m) => m.textContent!.toLowerCase()));

test("the typed words are marked in the results, server-rendered and in the browser alike", async ({ browser, page }) => {
  const problems = watchPage(page);
  for (const [q, terms] of [
    ["descale the gaggia", ["descale", "gaggia"]],
    ["rate limits", ["rate", "limits"]],
  ] as const) {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const server = await context.newPage();
    await server.goto(`/search?q=${encodeURIComponent(q)}`);
    const served = await marks(server);
    expect(served.length, `${q}: marks without JavaScript`).toBeGreaterThan(2);
    // Each marked word is one the engine finds for a typed word (itself, a longer form, a typo away), and each typed word is marked.
    for (const m of served)
      expect(
        terms.some((t) => termMatches(m.replace(/['’]/g, ""), t)),
        `${q}: "${m}"`,
      ).toBe(true);
    for (const t of terms)
      expect(
        served.some((m) => m.startsWith(t.slice(0, 5))),
        `${q}: "${t}" marked`,
      ).toBe(true);
    // Stopwords are not searched for, so never marked.
    expect(served).not.toContain("the");
    const html = await server.content();
    await context.close();

    await page.goto("/search");
    await typeQuery(page, q);
    expect(await marks(page), `${q}: the same marks with JavaScript`).toEqual(served);
    // The same markup: what the browser draws from /search.json is what the server sent.
    // (React's server output separates adjacent text with empty comments the browser's render has no need of.)
    expect(await page.locator(".search-results").innerHTML()).toBe(
      /<ol class="doc-list search-results">([\s\S]*?)<\/ol>/.exec(html)![1].replaceAll("<!-- -->", ""),
    );
  }
  expect(problems).toEqual([]);
});

test("for 'gaggia' the Gaggia notes come before the garage index, and no excerpt quotes code", async ({ request }) => {
  const body = (await (await request.get("/search.json?q=gaggia&limit=50")).json()) as { results: { url: string }[] };
  contract.validate("/search.json", "GET", 200, "application/json", body);
  const urls = body.results.map((r) => r.url);
  const notes = urls.filter((u) => u.startsWith("/garage/gaggia"));
  expect(notes.length).toBeGreaterThan(1);
  expect(urls.slice(0, notes.length)).toEqual(notes);
  if (urls.includes("/garage")) expect(urls.indexOf("/garage")).toBeGreaterThan(notes.length - 1);
  // Queries that match code as much as words: every excerpt is the page's prose.
  for (const q of ["curl search", "photos query film", "rate limit headers"]) {
    const r = (await (await request.get(`/search.json?q=${encodeURIComponent(q)}&limit=50`)).json()) as {
      results: { url: string; snippet?: string }[];
    };
    for (const hit of r.results) expect(hit.snippet ?? "", `${q}: ${hit.url}`).not.toMatch(/curl -|\{\{base\}\}|\$ npm|^\s*[{[]/);
  }
});

test("no result says what to try next and links the sections, with and without JavaScript", async ({ browser, page }) => {
  const q = "zqxjv wkpfh";
  const check = async (p: Page) => {
    await expect(p.locator(".search-region > .meta-line")).toContainText(`0 results for “${q}”`);
    const links = await p.locator(".search-none a").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    expect(links).toEqual(expect.arrayContaining(["/writing", "/garage", "/tags"]));
    for (const href of links) expect((await p.request.get(href!)).status(), href!).toBe(200);
  };
  const context = await browser.newContext({ javaScriptEnabled: false });
  const server = await context.newPage();
  await server.goto(`/search?q=${encodeURIComponent(q)}`);
  await check(server);
  await context.close();
  await page.goto("/search");
  await typeQuery(page, q);
  await check(page);
});

test("the search box's clear button is the site's own: its colour, at least 24 px", async ({ page }) => {
  await page.goto("/search?q=gaggia");
  // The button lives in the input's user-agent shadow tree, which only the DevTools protocol reaches.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("DOM.enable");
  await cdp.send("CSS.enable");
  type Node = { nodeId: number; attributes?: string[]; children?: Node[]; shadowRoots?: Node[] };
  const { root } = (await cdp.send("DOM.getDocument", { depth: -1, pierce: true })) as { root: Node };
  const find = (n: Node): Node | undefined =>
    n.attributes?.includes("-webkit-search-cancel-button") ? n : [...(n.shadowRoots ?? []), ...(n.children ?? [])].map(find).find(Boolean);
  const button = find(root);
  expect(button, "the clear button").toBeTruthy();
  const { computedStyle } = (await cdp.send("CSS.getComputedStyleForNode", { nodeId: button!.nodeId })) as {
    computedStyle: { name: string; value: string }[];
  };
  const style = Object.fromEntries(computedStyle.map((p) => [p.name, p.value]));
  const muted = await page.evaluate(() => {
    const probe = document.createElement("span");
    probe.style.color = "var(--muted)";
    document.body.append(probe);
    return getComputedStyle(probe).color;
  });
  expect(style.appearance).toBe("none");
  expect(style["background-color"]).toBe(muted);
  expect(parseFloat(style.width)).toBeGreaterThanOrEqual(24);
  expect(parseFloat(style.height)).toBeGreaterThanOrEqual(24);
  await cdp.detach();
});

test("excerpts are set like the pages: apostrophes and quotes curly, with JavaScript and without", async ({ browser, page }) => {
  // The contact page's description says "won't". Titles are left as the pages' h1 and the API give them.
  const query = "/search?q=" + encodeURIComponent("messages that won't get an answer");
  const read = async (p: Page) => {
    await p.goto(query);
    await expect(p.locator(".search-results li").first()).toBeVisible();
    return (await p.locator(".search-results li p, .ask-results li p").allInnerTexts()).join("\n");
  };
  const noJs = await browser.newContext({ javaScriptEnabled: false });
  for (const text of [await read(await noJs.newPage()), await read(page)]) {
    expect(text).toMatch(/\p{L}’\p{L}/u);
    expect(text, "a straight apostrophe between letters").not.toMatch(/\p{L}'\p{L}/u);
  }
  await noJs.close();
});
