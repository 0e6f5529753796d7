import { describe, expect, it } from "vitest";
import { linksServed } from "./served-paths";

describe("linksServed", () => {
  const served = new Set(["/", "/about", "/openapi.json", "/.well-known/api-catalog"]);
  const link = (href: string) => ({ label: href, href });

  it("keeps links off the site and the site paths a GET reads, in their order", () => {
    const links = [link("https://github.com/example"), link("/openapi.json"), link("/about"), link("/.well-known/api-catalog")];
    expect(linksServed(links, served)).toEqual(links);
  });

  it("leaves out a page this build does not have", () => {
    expect(linksServed([link("/faq"), link("/about"), link("/resume")], served).map((l) => l.href)).toEqual(["/about"]);
  });

  it("reads a link's path as a page's: a trailing slash, a query or a fragment do not hide it", () => {
    expect(linksServed([link("/about/"), link("/about?x=1"), link("/about#team"), link("/faq#top")], served).map((l) => l.href)).toEqual([
      "/about/",
      "/about?x=1",
      "/about#team",
    ]);
  });
});
