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
 * names the first (the spec's Error field for a rejected query parameter).
 */
export function validationError(issues: z.core.$ZodIssue[], where: "query" | "body"): ApiError {
  const described = issues.map((issue) => {
    const field = issue.path.map(String).join(".") || where;
    if (isMissing(issue)) return { field, text: `${field} is required` };
    // zod's "Invalid input: expected string, received number", in the words of the rest.
    if (issue.code === "invalid_type") {
      const got = /received (\w+)$/.exec(issue.message)?.[1];
      return { field, text: `${field} must be ${typeName(issue.expected)}${got ? `, not ${typeName(got)}` : ""}` };
    }
    return { field, text: `${field}: ${issue.message}` };
  });
  const first = described[0]?.field ?? where;
  const message = described.map((d) => d.text).join("; ");
  return new ApiError("bad_request", `Invalid ${where === "query" ? "parameter" : "request body"}: ${message}.`, {
    extras: where === "query" ? { parameter: first } : { field: first },
  });
}

/** "string" → "a string", "array" → "an array". */
function typeName(t: string): string {
  return /^[aeiou]/.test(t) ? `an ${t}` : `a ${t}`;
}
