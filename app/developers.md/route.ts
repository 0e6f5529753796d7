import { developerGuideMarkdown } from "@/lib/meta/developer-guide-endpoint";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = developerGuideMarkdown.handlers;
