import { z } from "zod";
import { defineEndpoint, type Endpoint } from "@/lib/core/endpoint";
import { MARKDOWN, textBinding } from "@/lib/core/text";
import { guideOf, guideMarkdown } from "./developer-guide";

/** /developers.md over every endpoint `all` lists (itself among them). */
export const developerGuideEndpoint = (all: () => readonly Endpoint[], offered: (e: Endpoint) => boolean): Endpoint =>
  defineEndpoint({
    name: "getDeveloperGuide",
    summary: "The developer guide as Markdown",
    description:
      "The Markdown twin of /developers, generated from the same registry as /openapi.json. /developers answers the same Markdown for `Accept: text/markdown`.",
    tag: "meta",
    policy: "read",
    output: z.string(),
    outputDescription: "The guide in Markdown.",
    run: (_input, { base }) => guideMarkdown(guideOf(all(), base, offered)),
    http: textBinding("/developers.md", MARKDOWN, { maxAge: 300 }, { negotiated: true }),
    mcp: false,
  });
