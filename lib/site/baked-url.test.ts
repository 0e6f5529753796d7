import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { bakedSiteUrl, canonicalSiteUrl } from "./baked-url";

const dirs: string[] = [];
function distWithIndex(html: string | null): string {
  const dir = mkdtempSync(path.join(tmpdir(), "baked-url-"));
  dirs.push(dir);
  mkdirSync(path.join(dir, "server", "app"), { recursive: true });
  if (html !== null) writeFileSync(path.join(dir, "server", "app", "writing.html"), html);
  return dir;
}
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe("bakedSiteUrl", () => {
  it("reads the address from the prerendered /writing index's canonical link", () => {
    const dist = distWithIndex('<html><head><link rel="canonical" href="https://jordan.example/writing"/></head></html>');
    expect(bakedSiteUrl(dist)).toBe("https://jordan.example");
  });

  it("is null without a prerendered /writing or a canonical link, so nothing is refused on a guess", () => {
    expect(bakedSiteUrl(distWithIndex(null))).toBeNull();
    expect(bakedSiteUrl(distWithIndex("<html><head></head></html>"))).toBeNull();
  });

  it("compares addresses the way Next writes them, so SITE_URL=https://Example.com:443/ matches the baked https://example.com", () => {
    expect(canonicalSiteUrl("https://Example.com:443/")).toBe("https://example.com");
    expect(canonicalSiteUrl("https://bücher.example")).toBe("https://xn--bcher-kva.example");
    expect(canonicalSiteUrl("http://localhost:3000")).toBe("http://localhost:3000");
  });
});
