import { route } from "@/lib/core/route";
import { robotsTxt } from "@/lib/site/robots";

// Not budgeted: some crawlers read a 429 on robots.txt as "disallow everything".
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route({ path: "/robots.txt", methods: ["GET"] }, async ({ base }) => ({
  body: robotsTxt(base),
  media: "text/plain; charset=utf-8",
  cache: { maxAge: 3600 },
  // Revalidated like every other text the site serves (issue 45).
  etag: true,
}));
