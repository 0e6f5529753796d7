import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { env } from "@/lib/env";

/**
 * The census's 16 sites: representative of the web an agent meets, not a ranking. Three
 * news publishers, three documentation sites, three shops, three personal sites and four
 * sites that court agents (llms.txt, Markdown, MCP). Home pages, because that is where an
 * agent starts. CENSUS_SITES_FILE replaces the list (same shape; the tests use loopback sites).
 */
export const CensusSiteSchema = z.object({
  key: z.string().regex(/^[a-z0-9-]{1,40}$/),
  name: z.string().min(1).max(80),
  url: z.url({ protocol: /^https?$/ }),
  category: z.enum(["publisher", "docs", "shop", "personal", "agent-native"]),
  why: z.string().min(1).max(200),
});
export type CensusSite = z.infer<typeof CensusSiteSchema>;

export const CENSUS_SITES: readonly CensusSite[] = [
  {
    key: "nytimes",
    name: "The New York Times",
    url: "https://www.nytimes.com/",
    category: "publisher",
    why: "A paywalled publisher that blocks AI crawlers by robots.txt",
  },
  {
    key: "guardian",
    name: "The Guardian",
    url: "https://www.theguardian.com/",
    category: "publisher",
    why: "An open publisher with explicit AI terms",
  },
  { key: "bbc", name: "BBC", url: "https://www.bbc.com/", category: "publisher", why: "A public broadcaster's front page" },
  {
    key: "mdn",
    name: "MDN Web Docs",
    url: "https://developer.mozilla.org/",
    category: "docs",
    why: "The reference most coding agents read",
  },
  {
    key: "python-docs",
    name: "Python documentation",
    url: "https://docs.python.org/3/",
    category: "docs",
    why: "Classic static documentation",
  },
  { key: "react", name: "React", url: "https://react.dev/", category: "docs", why: "A modern framework's documentation site" },
  { key: "amazon", name: "Amazon", url: "https://www.amazon.com/", category: "shop", why: "The largest shop, with its own bot defences" },
  { key: "etsy", name: "Etsy", url: "https://www.etsy.com/", category: "shop", why: "A marketplace of small sellers" },
  { key: "ikea", name: "IKEA", url: "https://www.ikea.com/us/en/", category: "shop", why: "A retailer's catalogue" },
  { key: "paulgraham", name: "Paul Graham", url: "https://paulgraham.com/", category: "personal", why: "A famously plain personal site" },
  {
    key: "simonwillison",
    name: "Simon Willison",
    url: "https://simonwillison.net/",
    category: "personal",
    why: "A personal blog that writes about agents",
  },
  { key: "jvns", name: "Julia Evans", url: "https://jvns.ca/", category: "personal", why: "A personal blog on a static generator" },
  {
    key: "cloudflare-docs",
    name: "Cloudflare Docs",
    url: "https://developers.cloudflare.com/",
    category: "agent-native",
    why: "Serves Markdown to agents and publishes llms.txt",
  },
  { key: "vercel", name: "Vercel", url: "https://vercel.com/", category: "agent-native", why: "Publishes an agent readability spec" },
  {
    key: "stripe-docs",
    name: "Stripe Docs",
    url: "https://docs.stripe.com/",
    category: "agent-native",
    why: "Documentation with llms.txt and an MCP server",
  },
  {
    key: "huggingface",
    name: "Hugging Face",
    url: "https://huggingface.co/",
    category: "agent-native",
    why: "An AI platform with an MCP server",
  },
];

export function censusSites(): readonly CensusSite[] {
  const file = env().CENSUS_SITES_FILE;
  if (!file) return CENSUS_SITES;
  return z
    .array(CensusSiteSchema)
    .min(1)
    .max(32)
    .parse(JSON.parse(readFileSync(path.resolve(file), "utf8")));
}
