/**
 * Turns zod issues into the class-validator style texts of the service's
 * NestJS back end ("name must be shorter than or equal to 256 characters",
 * "property foo should not exist"), joined into one `message`.
 */
import type { z } from "zod";
import { ApiError } from "./errors";

type Issue = z.core.$ZodIssue;

function label(path: PropertyKey[]): string {
  return path.length ? path.map(String).join(".") : "body";
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

export function describeIssue(issue: Issue): string {
  const field = label(issue.path);
  switch (issue.code) {
    case "unrecognized_keys":
      return issue.keys.map((k) => `property ${issue.path.length ? `${field}.` : ""}${k} should not exist`).join(", ");
    case "invalid_type":
      if (issue.input === undefined) return `${field} should not be empty`;
      return `${field} must be ${article(issue.expected)}`;
    case "too_small":
      if (issue.origin === "string")
        return `${field} must be longer than or equal to ${String(issue.minimum)} characters`;
      if (issue.origin === "array") return `${field} must contain at least ${String(issue.minimum)} elements`;
      return `${field} must not be less than ${String(issue.minimum)}`;
    case "too_big":
      if (issue.origin === "string")
        return `${field} must be shorter than or equal to ${String(issue.maximum)} characters`;
      if (issue.origin === "array") return `${field} must contain no more than ${String(issue.maximum)} elements`;
      return `${field} must not be greater than ${String(issue.maximum)}`;
    case "invalid_value":
      return `${field} must be one of the following values: ${issue.values.map(String).join(", ")}`;
    case "custom":
      return issue.message;
    default:
      return `${field}: ${issue.message}`;
  }
}

export function formatIssues(issues: readonly Issue[]): string {
  return issues.map(describeIssue).join(", ");
}

/** Parses or throws a 400 with the formatted issues. */
export function parseOr400<T>(schema: z.ZodType<T>, input: unknown): T {
  const r = schema.safeParse(input, { reportInput: true });
  if (!r.success) throw new ApiError(400, formatIssues(r.error.issues));
  return r.data;
}
