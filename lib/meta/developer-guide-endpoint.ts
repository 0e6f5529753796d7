import { z } from "zod";
import { defineEndpoint } from "@/lib/api/endpoint";
import { buildGuide, guideMarkdown } from "./developer-guide";

export const developerGuideMarkdown = defineEndpoint({
  path: "/developers.md",
  operationId: "getDeveloperGuide",
  summary: "The developer guide as Markdown",
  description: "The Markdown twin of /developers, generated from the same registry as /openapi.json. /developers answers the same Markdown for `Accept: text/markdown`.",
  tag: "meta",
  methods: ["GET"],
  policy: "read",
  negotiated: true,
  response: { schema: z.string(), description: "The guide in Markdown.", contentType: "text/markdown; charset=utf-8" },
  cache: { maxAge: 300 },
  handler: ({ base }) => {
    const md = guideMarkdown(buildGuide(base));
    return new Response(md, {
      headers: { "content-type": "text/markdown; charset=utf-8", "x-markdown-tokens": String(Math.ceil(md.length / 4)) },
    });
  },
});
