import { z } from "zod";
import { defineEndpoint } from "@/lib/core/endpoint";
import { MARKDOWN, textBinding } from "@/lib/core/text";
import { buildGuide, guideMarkdown } from "./developer-guide";

export const developerGuideMarkdown = defineEndpoint({
  name: "getDeveloperGuide",
  summary: "The developer guide as Markdown",
  description:
    "The Markdown twin of /developers, generated from the same registry as /openapi.json. /developers answers the same Markdown for `Accept: text/markdown`.",
  tag: "meta",
  policy: "read",
  output: z.string(),
  outputDescription: "The guide in Markdown.",
  run: (_input, { base }) => guideMarkdown(buildGuide(base)),
  http: textBinding("/developers.md", MARKDOWN, { maxAge: 300 }, { negotiated: true }),
  mcp: false,
});
