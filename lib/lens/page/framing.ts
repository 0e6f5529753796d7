/**
 * Could another site show this page in an iframe? CSP `frame-ancestors` wins over
 * X-Frame-Options when both are sent (CSP Level 2, and what browsers do).
 */
export function framing(headers: Record<string, string>): { framable: boolean; frameReason: string | null } {
  const csp = headers["content-security-policy"];
  if (csp) {
    for (const policy of csp.split(",")) {
      for (const directive of policy.split(";")) {
        const [name, ...sources] = directive.trim().split(/\s+/);
        if (name?.toLowerCase() !== "frame-ancestors") continue;
        const list = sources.map((s) => s.toLowerCase());
        if (list.includes("*")) continue;
        if (list.length === 0 || list.includes("'none'")) {
          return { framable: false, frameReason: "Content-Security-Policy frame-ancestors 'none'" };
        }
        return { framable: false, frameReason: `Content-Security-Policy frame-ancestors ${sources.join(" ")}` };
      }
    }
    if (/frame-ancestors/i.test(csp)) return { framable: true, frameReason: null };
  }
  const xfo = headers["x-frame-options"]?.trim();
  if (xfo) {
    const value = xfo.split(",")[0].trim().toUpperCase();
    if (value === "DENY" || value === "SAMEORIGIN" || value.startsWith("ALLOW-FROM")) {
      return { framable: false, frameReason: `X-Frame-Options: ${value}` };
    }
  }
  return { framable: true, frameReason: null };
}
