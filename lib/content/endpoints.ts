import { z } from "zod";
import { defineEndpoint } from "@/lib/core/endpoint";
import { named } from "@/lib/core/schemas";
import { MARKDOWN, textBinding } from "@/lib/core/text";
import { readSiteFile } from "./corpus";
import { withBase } from "./base-token";
import { processSingleton } from "@/lib/process-singleton";

/**
 * The build's text artifacts (feeds, llms.txt), read once per process with the request's
 * base URL put in. They draw on the read budget like any endpoint; only the JSON Feed is
 * also an MCP tool (the others are the same content in other formats).
 */
const artifact = (file: string, base: string) => withBase(processSingleton(`artifact:${file}`, () => readSiteFile(file).toString("utf8")), base);
const missing = { status: 503, code: "not_configured" as const, description: "The deployment was started without its build artifacts" };

const JsonFeedSchema = named(
  "JsonFeed",
  z
    .object({
      version: z.literal("https://jsonfeed.org/version/1.1"),
      title: z.string(),
      home_page_url: z.string(),
      feed_url: z.string(),
      items: z.array(
        z
          .object({
            id: z.string(),
            url: z.string(),
            title: z.string(),
            summary: z.string().optional(),
            content_html: z.string(),
            date_published: z.string(),
            date_modified: z.string().optional(),
            tags: z.array(z.string()).optional(),
          })
          .loose(),
      ),
    })
    .loose(),
  "JSON Feed 1.1 of writing and garage notes, newest first.",
);

export const jsonFeed = defineEndpoint({
  name: "getFeed",
  summary: "Writing and garage notes as a JSON Feed",
  description: "JSON Feed 1.1 of the latest writing and garage notes (the Atom version is /feed.xml).",
  tag: "meta",
  policy: "read",
  output: JsonFeedSchema,
  outputDescription: "The feed.",
  errors: [missing],
  run: (_input, { base }) => JSON.parse(artifact("feed.json", base)) as z.input<typeof JsonFeedSchema>,
  http: { path: "/feed.json", media: "application/feed+json; charset=utf-8", cache: { maxAge: 600, staleWhileRevalidate: 3600 } },
  mcp: { description: "The latest writing and garage notes (JSON Feed 1.1), newest first." },
});

export const atomFeed = defineEndpoint({
  name: "getAtomFeed",
  summary: "Writing and garage notes as an Atom feed",
  description: "Atom 1.0 feed of the latest writing and garage notes (the same items as /feed.json).",
  tag: "meta",
  policy: "read",
  output: z.string(),
  outputDescription: "The Atom feed.",
  errors: [missing],
  run: (_input, { base }) => artifact("feed.xml", base),
  http: textBinding("/feed.xml", "application/atom+xml; charset=utf-8", { maxAge: 600, staleWhileRevalidate: 3600 }),
  mcp: false,
});

export const llmsTxt = defineEndpoint({
  name: "getLlmsTxt",
  summary: "Site map for language models (llms.txt)",
  description: "What is on the site and where its Markdown lives, in the llms.txt format (llmstxt.org).",
  tag: "meta",
  policy: "read",
  output: z.string(),
  outputDescription: "llms.txt.",
  errors: [missing],
  run: (_input, { base }) => artifact("llms.txt", base),
  http: textBinding("/llms.txt", MARKDOWN, { maxAge: 300 }),
  mcp: false,
});

export const llmsFullTxt = defineEndpoint({
  name: "getLlmsFullTxt",
  summary: "Every page inlined for language models (llms-full.txt)",
  description: "The Markdown of every page, one after another.",
  tag: "meta",
  policy: "read",
  output: z.string(),
  outputDescription: "llms-full.txt.",
  errors: [missing],
  run: (_input, { base }) => artifact("llms-full.txt", base),
  http: textBinding("/llms-full.txt", MARKDOWN, { maxAge: 300 }),
  mcp: false,
});
