/**
 * WebMCP: in a browser that exposes `navigator.modelContext`, the page registers the site's
 * search as a tool an in-browser agent can call (it reads /search.json, the same as anyone).
 * Inline and tiny, so it needs no bundle and a static scan can see it; elsewhere it does nothing.
 */
const SCRIPT = `if (navigator.modelContext && navigator.modelContext.registerTool) navigator.modelContext.registerTool({
  name: "searchSite",
  description: "Search this site's writing, garage notes, photos and pages; returns ranked results as JSON.",
  inputSchema: { type: "object", properties: { q: { type: "string", description: "What to look for" } }, required: ["q"] },
  async execute({ q }) {
    const r = await fetch("/search.json?q=" + encodeURIComponent(q), { headers: { accept: "application/json" } });
    return { content: [{ type: "text", text: await r.text() }] };
  }
});`;

export function WebMcpTools() {
  return <script id="webmcp" dangerouslySetInnerHTML={{ __html: SCRIPT }} />;
}
