import { env } from "@/lib/env";
import { stampedByServer } from "./caller";
import { REQUEST_HOST_HEADER } from "./wire";

/**
 * The site's public base URL: SITE_URL when the operator set it (the right answer behind
 * a proxy), else the host the request arrived at, so links work on any port out of the box.
 */
export function publicBaseFromHeaders(headers: Headers): string {
  const configured = env().SITE_URL;
  if (configured) return configured.replace(/\/+$/, "");
  const host = (stampedByServer(headers) && headers.get(REQUEST_HOST_HEADER)) || headers.get("host");
  // Only a plain host[:port] is echoed back, so a forged Host cannot inject markup or paths.
  if (host && /^[a-z0-9.\-:[\]]+$/i.test(host)) return `http://${host}`;
  return `http://localhost:${env().PORT}`;
}

export function publicBase(req: { headers: Headers }): string {
  return publicBaseFromHeaders(req.headers);
}
