import type { NextRequest } from "next/server";
import { notFoundResponse } from "@/lib/api/not-found";

// Everything no page, route or public file serves: a 404 in the format the client asked for.
const handler = (req: NextRequest) => notFoundResponse(req);
export { handler as GET, handler as HEAD, handler as POST, handler as PUT, handler as PATCH, handler as DELETE, handler as OPTIONS };
