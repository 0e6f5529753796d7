/**
 * Pages with a Markdown twin: page path → the route that serves its Markdown.
 * The content pipeline adds every content page here; /developers is generated from the registry.
 */
const twins: Record<string, string> = {
  "/developers": "/developers.md",
};

export function markdownTwinOf(pathname: string): string | undefined {
  return twins[pathname.replace(/\/+$/, "") || "/"];
}
