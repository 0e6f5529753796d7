import { z } from "zod";
import { defineEndpoint, type CachePolicy } from "@/lib/core/endpoint";
import { named } from "@/lib/core/schemas";
import { MARKDOWN, textBinding } from "@/lib/core/text";
import { readSiteFile } from "@/lib/build-output";
import { withBase } from "./base-token";
import { deepFreeze, perBase } from "@/lib/content/per-base";
import { getCorpus } from "./corpus";
import { llmsFullTxt as llmsFullText, llmsTxt as llmsText } from "./llms";

/**
 * The build's text artifacts (feeds, llms.txt), read once per process with the request's
 * base URL put in. They draw on the read budget like any endpoint; only the JSON Feed is
 * also an MCP tool (the others are the same content in other formats).
 */
const artifact = (file: string, base: string) => perBase(`artifact:${file}`, base, (b) => withBase(readSiteFile(file).toString("utf8"), b));

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
  // Frozen: every request gets this same object (perBase), which nothing may change.
  run: (_input, { base }) =>
    perBase("feed-json", base, (b) => deepFreeze(JSON.parse(artifact("feed.json", b)) as z.input<typeof JsonFeedSchema>)),
  http: { path: "/feed.json", media: "application/feed+json; charset=utf-8", cache: { maxAge: 600, staleWhileRevalidate: 3600 } },
  mcp: { description: "The latest writing and garage notes (JSON Feed 1.1), newest first." },
});

/**
 * A text artifact served as it is, with the request's base URL put in: the build's file, or
 * (`make`) one made once per process from the corpus this process shows.
 */
function textArtifact(o: {
  name: string;
  file: string;
  media: string;
  summary: string;
  description: string;
  cache: CachePolicy;
  make?: () => string;
}) {
  const { make } = o;
  return defineEndpoint({
    name: o.name,
    summary: o.summary,
    description: o.description,
    tag: "meta",
    policy: "read",
    output: z.string(),
    outputDescription: `${o.summary}.`,
    errors: [missing],
    run: (_input, { base }) => (make ? perBase(`made:${o.file}`, base, (b) => withBase(make(), b)) : artifact(o.file, base)),
    http: textBinding(`/${o.file}`, o.media, o.cache),
    mcp: false,
  });
}

export const atomFeed = textArtifact({
  name: "getAtomFeed",
  file: "feed.xml",
  media: "application/atom+xml; charset=utf-8",
  summary: "Writing and garage notes as an Atom feed",
  description: "Atom 1.0 feed of the latest writing and garage notes (the same items as /feed.json).",
  cache: { maxAge: 600, staleWhileRevalidate: 3600 },
});

export const llmsTxt = textArtifact({
  name: "getLlmsTxt",
  file: "llms.txt",
  media: MARKDOWN,
  summary: "Site map for language models (llms.txt)",
  description: "What is on the site and where its Markdown lives, in the llms.txt format (llmstxt.org).",
  cache: { maxAge: 300 },
  make: () => {
    const corpus = getCorpus();
    return llmsText(corpus.docs, { resume: corpus.twins["/resume"] !== undefined });
  },
});

export const llmsFullTxt = textArtifact({
  name: "getLlmsFullTxt",
  file: "llms-full.txt",
  media: MARKDOWN,
  summary: "Every page inlined for language models (llms-full.txt)",
  description: "The Markdown of every page, one after another.",
  cache: { maxAge: 300 },
  make: () => llmsFullText(getCorpus().docs, getCorpus().twins),
});
