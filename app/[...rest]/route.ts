import type { NextRequest } from "next/server";
import { ApiError } from "@/lib/core/errors";
import { errorResponse } from "@/lib/core/http";
import { MALFORMED_PATH_HEADER, stampedByServer } from "@/lib/core/caller";
import { notFoundResponse } from "@/lib/site/not-found";
import { knownPaths } from "@/lib/surface/served-paths";

// Everything no page, route or public file serves: a 404 in the format the client asked for.
// server.mjs routes a path with broken percent-encoding here too (Next would answer a bare
// 500), marked with a header only it can set: that is the client's error, a 400.
const handler = (req: NextRequest) => {
  if (req.headers.get(MALFORMED_PATH_HEADER) === "1" && stampedByServer(req.headers)) {
    const err = new ApiError("bad_request", "The request target is not a valid path: broken percent-encoding, or not starting with /.", {
      hint: "Encode the path as UTF-8 percent-escapes.",
    });
    return errorResponse(err, { head: req.method === "HEAD" });
  }
  return notFoundResponse(req, knownPaths);
};
export { handler as GET, handler as HEAD, handler as POST, handler as PUT, handler as PATCH, handler as DELETE, handler as OPTIONS };
