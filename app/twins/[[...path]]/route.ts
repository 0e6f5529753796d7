import { twinRoute } from "@/lib/site/twins";
import { knownPaths } from "@/lib/surface/served-paths";

// Markdown twins of pages; proxy.ts rewrites `<page>.md` and `Accept: text/markdown` here.
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = twinRoute(knownPaths);
