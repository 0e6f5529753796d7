import { z } from "zod";
import { defineEndpoint } from "@/lib/api/endpoint";
import { named } from "@/lib/api/schemas";
import { readSiteFile } from "@/lib/content/corpus";
import { withBase } from "@/lib/content/base-token";
import { processSingleton } from "@/lib/process-singleton";

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

export const jsonFeedEndpoint = defineEndpoint({
  path: "/feed.json",
  operationId: "getFeed",
  summary: "Writing and garage notes as a JSON Feed",
  description: "JSON Feed 1.1 of the latest writing and garage notes (the Atom version is /feed.xml).",
  tag: "meta",
  methods: ["GET"],
  policy: "read",
  response: { schema: JsonFeedSchema, description: "The feed.", contentType: "application/feed+json" },
  cache: { maxAge: 600, staleWhileRevalidate: 3600 },
  handler: ({ base }) =>
    new Response(withBase(processSingleton("feed.json", () => readSiteFile("feed.json").toString("utf8")), base), {
      headers: { "content-type": "application/feed+json; charset=utf-8" },
    }),
});
