import type { NextRequest } from "next/server";
import { twinResponse } from "@/lib/site/twin-response";

// Markdown twins of pages; proxy.ts rewrites `<page>.md` and `Accept: text/markdown` here.
type Ctx = { params: Promise<{ path?: string[] }> };
const handler = async (req: NextRequest, { params }: Ctx) => twinResponse(req, (await params).path);
export { handler as GET, handler as HEAD };
