import { unservedPathHandler } from "@/lib/site/not-found";
import { knownPaths } from "@/lib/surface/served-paths";

// Everything no page, route or public file serves: a 404 in the format the client asked for.
const handler = unservedPathHandler(knownPaths);
export { handler as GET, handler as HEAD, handler as POST, handler as PUT, handler as PATCH, handler as DELETE, handler as OPTIONS };
