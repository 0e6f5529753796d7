import { CATEGORIES, CHECKS, NEXT_ACTIONS, NOT_READY, RUNGS, type CheckStatus, type ReadinessInput } from "./readiness-checks";
import { fieldScore } from "./readiness-field";

export type { CheckStatus, ReadinessInput } from "./readiness-checks";

export interface ReadinessCheck {
  key: string;
  status: CheckStatus;
  category: string;
  label: string;
  detail: string;
  optional?: boolean;
  countInScore: boolean;
  notApplicable?: true;
}

/**
 * The agent-readiness score: the table of checks (readiness-checks.ts) judged against one
 * observation, folded into an overall score, per-category scores, a level on Cloudflare's
 * ladder and the next actions, beside the field score of what crawlers actually got.
 */
export function readiness(i: ReadinessInput) {
  const checks: Record<string, ReadinessCheck> = {};
  for (const row of CHECKS) {
    const { status, detail, notApplicable } = row.judge(i);
    checks[row.key] = {
      key: row.key,
      status,
      category: row.category,
      label: row.label,
      detail,
      countInScore: status === "pass" || status === "fail",
      ...(row.optional ? { optional: true } : {}),
      ...(notApplicable ? { notApplicable } : {}),
    };
  }

  // What the target declares not to apply, and what cannot apply to an address, is set aside rather than failed.
  const setAside = {
    ...(i.ipHost ? { dnsAid: "The target is an IP address: there is no DNS name to publish DNS-AID records under." } : {}),
    ...i.declared,
  };
  for (const [key, reason] of Object.entries(setAside)) {
    const c = checks[key];
    if (c && c.status !== "pass") Object.assign(c, { status: "neutral", detail: reason, countInScore: false, notApplicable: true });
  }

  const list = Object.values(checks);
  const counted = list.filter((c) => c.countInScore).length;
  const passed = list.filter((c) => c.countInScore && c.status === "pass").length;
  const categories = CATEGORIES.map(([key, label]) => {
    const mine = list.filter((c) => c.category === key);
    const scored = mine.filter((c) => c.countInScore);
    const ok = scored.filter((c) => c.status === "pass").length;
    return {
      key,
      label,
      score: scored.length ? Math.round((100 * ok) / scored.length) : 0,
      passed: ok,
      total: mine.length,
      checkCount: scored.length,
      countInScore: scored.length > 0,
    };
  });

  const isPass = (key: string) => checks[key]?.status === "pass";
  const reached = RUNGS.findIndex((rung) => !rung.holds(isPass));
  const climbed = reached === -1 ? RUNGS.length : reached;
  const top = RUNGS[climbed - 1];
  const nextActions = NEXT_ACTIONS.filter(([key]) => checks[key]?.status === "fail")
    .slice(0, 5)
    .map(([key, label]) => ({ key, label }));

  return {
    overall: counted ? Math.round((100 * passed) / counted) : 0,
    level: (top?.level ?? 0) as 0 | 1 | 3 | 5,
    levelName: top?.name ?? NOT_READY,
    levelNote: RUNGS[climbed]?.advice ?? null,
    categories,
    checks,
    counted,
    passed,
    keyless: i.keyless,
    scoringNote:
      "overall = passed / (passed + failed) × 100; neutral and unknown checks are not counted. Check keys follow Cloudflare's isitagentready.",
    nextActions,
    botViews: i.botViews,
    field: fieldScore(i),
  };
}

/** `x-agent-readiness.notApplicable` of an OpenAPI document: check key → the target's reason (bounded). */
export function declaredNotApplicable(doc: Record<string, unknown> | undefined): Record<string, string> {
  const ext = doc?.["x-agent-readiness"] as { notApplicable?: unknown } | undefined;
  const na = ext?.notApplicable;
  if (!na || typeof na !== "object" || Array.isArray(na)) return {};
  return Object.fromEntries(
    Object.entries(na as Record<string, unknown>)
      .filter((e): e is [string, string] => typeof e[1] === "string" && /^[A-Za-z0-9]{1,40}$/.test(e[0]))
      .slice(0, 40)
      .map(([k, v]) => [k, `Declared by the target: ${v.slice(0, 300)}`]),
  );
}

/** Whether an OpenAPI document declares every operation keyless: no top-level requirement, and none on any operation (or an explicit `security: []`). */
export function keylessReason(doc: Record<string, unknown> | undefined): string | null {
  if (!doc || typeof doc.paths !== "object" || doc.paths === null) return null;
  const required = (s: unknown) => Array.isArray(s) && s.some((r) => r && typeof r === "object" && Object.keys(r).length > 0);
  const ops = Object.values(doc.paths as Record<string, Record<string, unknown>>).flatMap((item) =>
    ["get", "put", "post", "delete", "patch", "head", "options"]
      .map((m) => item?.[m])
      .filter((o): o is Record<string, unknown> => typeof o === "object" && o !== null),
  );
  if (ops.length === 0) return null;
  const topLevel = required(doc.security);
  const keyless = ops.every((o) => (o.security === undefined ? !topLevel : !required(o.security)));
  return keyless
    ? `The target's OpenAPI description declares all ${ops.length} operations keyless, so authorization discovery does not apply.`
    : null;
}
