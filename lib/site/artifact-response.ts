import type { NextRequest } from "next/server";
import { readSiteFile } from "@/lib/content/corpus";
import { withBase } from "@/lib/content/base-token";
import { publicBase } from "@/lib/api/base-url";
import { CORS_HEADERS } from "@/lib/api/headers";
import { ApiError } from "@/lib/api/errors";
import { jsonResponse } from "@/lib/api/headers";
import { processSingleton } from "@/lib/process-singleton";

/** A text artifact of the build (llms.txt, feeds…), read once, with the request's base URL put in. */
export function artifactResponse(req: NextRequest, file: string, contentType: string, extra: Record<string, string> = {}): Response {
  const headers = { ...CORS_HEADERS, "cache-control": "public, max-age=300", "x-content-type-options": "nosniff", ...extra };
  if (req.method !== "GET" && req.method !== "HEAD") {
    const err = new ApiError("method_not_allowed", `${req.method} is not served at ${req.nextUrl.pathname}; use GET, HEAD.`, { extras: { allow: ["GET", "HEAD"] } });
    return jsonResponse(err.body(), 405, { ...CORS_HEADERS, allow: "GET, HEAD", "cache-control": "no-store" });
  }
  let text: string;
  try {
    text = processSingleton(`artifact:${file}`, () => readSiteFile(file).toString("utf8"));
  } catch {
    const err = new ApiError("not_configured", "This deployment was started without its build artifacts.", { hint: "The operator needs to run `npm run build`." });
    return jsonResponse(err.body(), 503, { ...CORS_HEADERS, "cache-control": "no-store" });
  }
  const body = withBase(text, publicBase(req));
  return new Response(req.method === "HEAD" ? null : body, { headers: { ...headers, "content-type": contentType } });
}

export const artifactRoute = (file: string, contentType: string, extra?: Record<string, string>) => {
  const handler = (req: NextRequest) => artifactResponse(req, file, contentType, extra);
  return { GET: handler, HEAD: handler, POST: handler, PUT: handler, PATCH: handler, DELETE: handler };
};
