/**
 * The API's rate-limit policies, as the developer guide and /openapi.json publish them. `soft` policies never refuse a
 * request: the ask-model budget only decides whether /ask may use the model ranker.
 */
export type PolicyName = "read" | "inspect" | "compare" | "ask-model";

export interface Policy {
  name: PolicyName;
  limit: number;
  windowSeconds: number;
  soft: boolean;
  description: string;
}

export const policies: Record<PolicyName, Policy> = {
  read: { name: "read", limit: 120, windowSeconds: 60, soft: false, description: "All read endpoints" },
  inspect: {
    name: "inspect",
    limit: 30,
    windowSeconds: 60,
    soft: false,
    description: "/lens/fetch, shared with the MCP server and terminal tools",
  },
  compare: { name: "compare", limit: 4, windowSeconds: 60, soft: false, description: "/lens/compare.json" },
  "ask-model": {
    name: "ask-model",
    limit: 20,
    windowSeconds: 60,
    soft: true,
    description: "Questions ranked by the model on /ask; beyond it ranking is lexical, never a 429",
  },
};

/** A policy's allowance in words, for a page that tells a visitor it is spent: "30 a minute". */
export function budgetText(p: Policy): string {
  return p.windowSeconds === 60 ? `${p.limit} a minute` : `${p.limit} every ${p.windowSeconds} seconds`;
}

/** `"read";q=120;w=60` — an IETF structured-field list item (draft-ietf-httpapi-ratelimit-headers). */
export function policyHeader(p: Policy): string {
  return `"${p.name}";q=${p.limit};w=${p.windowSeconds}`;
}

/** `"read";r=87;t=23` */
export function rateLimitHeader(p: Policy, remaining: number, resetSeconds: number): string {
  return `"${p.name}";r=${Math.max(0, remaining)};t=${Math.max(0, resetSeconds)}`;
}
