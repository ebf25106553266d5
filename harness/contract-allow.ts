/**
 * Deliberate differences between what the tests exchange and the service's
 * OpenAPI document, each with its reason. Keep this list small: anything not
 * listed fails the test that produced it.
 */
export type ViolationKind =
  | "unknown-operation"
  | "deprecated"
  | "path-param"
  | "query-param"
  | "request-body"
  | "multipart"
  | "undeclared-status"
  | "undeclared-error-status"
  | "error-body"
  | "response-body"
  | "checker-error";

export interface AllowedDifference {
  id: string;
  kind: ViolationKind;
  /** Limits the entry to one operation. */
  operation?: string;
  status?: number;
  messageIncludes?: string;
  reason: string;
}

export const ALLOWED_DIFFERENCES: AllowedDifference[] = [
  {
    id: "undeclared-error-statuses",
    kind: "undeclared-error-status",
    reason:
      "The document declares only 401/403/429/500 (and 402 for functions) as error statuses, yet the service " +
      "answers validation failures with 400 and unknown objects with 404. The body of " +
      "every such answer is still checked against the error envelope {message}.",
  },
  {
    id: "function-body-as-stored",
    kind: "response-body",
    operation: "v1-get-a-function-body",
    messageIncludes: "content type",
    reason:
      "The document types the body download as JSON (`StreamableFile`, an artifact of its generator), but the " +
      "service streams the stored bundle: it answers the stored bytes with their content type (eszip, " +
      "TypeScript, …) or, for a deployed folder, multipart/form-data with the metadata and the files.",
  },
  ...["v1-get-security-advisors", "v1-get-performance-advisors"].map((operation): AllowedDifference => ({
    id: `advisors-deprecated-${operation}`,
    kind: "deprecated",
    operation,
    reason:
      "The document marks the advisors endpoints deprecated (its word for experimental) and names no " +
      "replacement: they are the service's only way to read the lints, which getAdvisors and `advise` need.",
  })),
  ...["v1-get-security-advisors", "v1-get-performance-advisors"].map((operation): AllowedDifference => ({
    id: `advisors-object-kinds-${operation}`,
    kind: "response-body",
    operation,
    messageIncludes: "/metadata/type",
    reason:
      "The document's enum for a lint's metadata.type lacks kinds the platform's linter answers: " +
      "`materialized view` (materialized_view_in_api, duplicate_index on a materialized view) and " +
      "`foreign table` (foreign_table_in_api). The emulator answers the linter's words.",
  })),
];
