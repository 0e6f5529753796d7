/** Top-level paths the app serves itself; a content page may not take one of these names. */
export const RESERVED_TOP_LEVEL = new Set([
  "writing", "garage", "documents", "utilities", "developers", "search", "resume", "photos", "api", "v1",
  "openapi", "health", "feed", "llms", "llms-full", "sitemap", "robots", "mcp", "bench", "twins", "generated", "_next",
]);
