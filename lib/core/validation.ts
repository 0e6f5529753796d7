import type { z } from "zod";
import { ApiError } from "./errors";

/**
 * Whether a zod issue is a missing value. Finished zod 4 issues do not carry the input,
 * so the message zod writes for that case ("… received undefined") is what tells.
 */
export function isMissing(issue: z.core.$ZodIssue): boolean {
  return issue.code === "invalid_type" && /received undefined$/.test(issue.message);
}

/**
 * Turn zod issues into the spec's 400: the message names every bad field, `parameter`
 * names the first (the spec's Error field for a rejected query parameter), or `field` when
 * it is a body field. `bodyField` says where in a POST body an input field came from, when
 * it did: an input assembled from a body reports the body's own paths.
 */
export function validationError(
  issues: z.core.$ZodIssue[],
  where: "query" | "body",
  bodyField?: (name: string) => string | undefined,
): ApiError {
  const described = issues.map((issue) => {
    const inBody = where === "query" && issue.path.length ? bodyField?.(String(issue.path[0])) : undefined;
    const field = (inBody ? [inBody, ...issue.path.slice(1)] : issue.path).map(String).join(".") || where;
    const body = where === "body" || inBody !== undefined;
    return { field, body, text: describe(issue, field) };
  });
  const first = described[0] ?? { field: where, body: where === "body" };
  const message = described.map((d) => d.text).join("; ");
  return new ApiError("bad_request", `Invalid ${first.body ? "request body" : "parameter"}: ${message}.`, {
    extras: first.body ? { field: first.field } : { parameter: first.field },
  });
}

function describe(issue: z.core.$ZodIssue, field: string): string {
  if (isMissing(issue)) return `${field} is required`;
  const mismatch = typeMismatch(issue);
  if (mismatch) return `${field} ${mismatch}`;
  // A schema's own message that already names the field ("q must be a string") is not prefixed twice.
  return issue.message.startsWith(`${field} `) ? issue.message : `${field}: ${issue.message}`;
}

/**
 * zod's own "Invalid input: expected string, received number" in plain words ("must be a
 * string, not a number"); undefined for any other issue (a schema's own message for the
 * case is kept as it is written).
 */
export function typeMismatch(issue: z.core.$ZodIssue): string | undefined {
  const plain = issue.code === "invalid_type" ? /^Invalid input: expected (\w+), received (\w+)$/.exec(issue.message) : null;
  return plain ? `must be ${typeName(plain[1])}, not ${typeName(plain[2])}` : undefined;
}

/** "string" → "a string", "int" → "an integer", "array" → "an array"; null and NaN as they are. */
function typeName(t: string): string {
  if (t === "null") return t;
  if (t === "nan") return "NaN";
  if (t === "Infinity" || t === "infinity") return "an infinite number";
  const word = t === "int" ? "integer" : t;
  return /^[aeiou]/.test(word) ? `an ${word}` : `a ${word}`;
}

/**
 * An owner's file (content front matter, site.config.ts) checked by zod, as the build reports
 * it: the issues to name, each with its field. A field of the wrong type gets that one problem:
 * zod also runs its other checks on it ("tags: a, b" as a string would add "at most 8
 * entries", counting characters). `fieldOf` writes a path as the owner finds it in the file.
 */
export function ownerFileIssues(
  issues: readonly z.core.$ZodIssue[],
  fieldOf: (path: readonly PropertyKey[]) => string,
): { issue: z.core.$ZodIssue; field: string }[] {
  const wrongType = new Set(issues.filter((i) => i.code === "invalid_type").map((i) => fieldOf(i.path)));
  return issues
    .map((issue) => ({ issue, field: fieldOf(issue.path) }))
    .filter(({ issue, field }) => issue.code === "invalid_type" || !wrongType.has(field));
}

/** The reasons every owner's file gives alike: a missing field, a list written as one value, a wrong type. */
export function ownerFieldReason(issue: z.core.$ZodIssue): string | undefined {
  if (isMissing(issue)) return "is required";
  if (issue.code === "invalid_type" && issue.expected === "array") return "must be a list, e.g. [one, two]";
  return typeMismatch(issue);
}
