import type { NextRequest } from "next/server";
import { publicBase } from "@/lib/api/base-url";
import { robotsTxt } from "@/lib/site/robots";

export const GET = (req: NextRequest) =>
  new Response(robotsTxt(publicBase(req)), { headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=3600" } });
export const HEAD = GET;
