/**
 * The request line as the edge reads it: which methods a route handler can take, and the
 * path of a target (decoded), or none when the target is no path the site has.
 */

/** The methods Next routes and the route handlers export; any other is handed on as PATCH, which none serves. */
export const ROUTABLE_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS", "POST", "PUT", "DELETE", "PATCH"]);

/** What stands in for a method no handler takes: the handlers answer it 405 naming the real one (lib/core/route.ts). */
export const STAND_IN_METHOD = "PATCH";

export interface Target {
  /** The path as sent, without its query. */
  path: string;
  /** `?…`, or "". */
  query: string;
  /**
   * The path with its percent-escapes decoded; undefined for a target that is no path of the
   * site: broken percent-encoding (`/%ff`, where Next would answer a bare 500), `*` (`OPTIONS *`)
   * or an absolute URL.
   */
  decoded: string | undefined;
}

export function readTarget(url: string): Target {
  const i = url.indexOf("?");
  const path = i < 0 ? url : url.slice(0, i);
  const query = i < 0 ? "" : url.slice(i);
  return { path, query, decoded: path.startsWith("/") ? decodePath(path) : undefined };
}

function decodePath(path: string): string | undefined {
  if (!path.includes("%")) return path;
  try {
    return decodeURIComponent(path);
  } catch {
    return undefined;
  }
}

/** Next's image optimizer and pages-router data: unused here, and their answers are not in the Error shape. */
export function isUnusedNextPath(decoded: string): boolean {
  return /^\/_next\/(image(\/|$)|data\/)/.test(decoded);
}
