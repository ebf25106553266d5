/**
 * A request body read once: its shape checked, its document parsed, and
 * (behind the gateway) the document limits applied to that one parse. The
 * executor receives the DocumentNode and never parses again.
 *
 * The order of refusals is the service's: a document over the size limit
 * (413), a body that is not `{query: string}` (400), a document selecting
 * too many fields, variables that are not an object, then a syntax error.
 */
import { GraphQLError, parse, type DocumentNode } from "graphql";
import { countFields, LimitMessages, type GraphqlLimits, type LimitRefusal } from "./limits";
import { isObject, type Variables } from "./values";

/** A body whose document parsed: what execution needs of it. */
export interface ParsedRequest {
  document: DocumentNode;
  variables: Variables;
  operationName: unknown;
}

/** What the body check produced: a parsed request, a limit refusal, or a GraphQL-level answer. */
export type BodyCheck =
  | { ok: ParsedRequest }
  | { refused: LimitRefusal }
  | { failed: { status: 200 | 400; body: { message: string } | { errors: [{ message: string }] } } };

const errorsOnly = (message: string): BodyCheck => ({ failed: { status: 200, body: { errors: [{ message }] } } });

function documentTooLarge(query: string, limits: GraphqlLimits): boolean {
  // A UTF-8 character takes at most 3 bytes per UTF-16 unit: skip the exact count when clearly inside.
  const bytes = query.length * 3 <= limits.maxDocumentBytes ? query.length : Buffer.byteLength(query, "utf8");
  return bytes > limits.maxDocumentBytes;
}

function tooManyFields(query: string, doc: DocumentNode, limits: GraphqlLimits): boolean {
  // Every field takes at least two characters ("a "), so a document without
  // fragment spreads that is short enough cannot exceed the limit: skip counting.
  if (!query.includes("...") && query.length < 2 * limits.maxFields) return false;
  return countFields(doc, limits.maxFields) > limits.maxFields;
}

/**
 * Parsed documents by text. Clients send the same few documents over and
 * over (with different variables), and parsing is a large part of a small
 * read; the AST is never modified after parsing, so one is shared. Small
 * documents only, the oldest dropped first.
 */
const parsed = new Map<string, { document?: DocumentNode; syntaxError?: string }>();
const PARSED_KEPT = 256;
const PARSED_MAX_LENGTH = 16 * 1024;

function parseCached(query: string): { document?: DocumentNode; syntaxError?: string } {
  let entry = parsed.get(query);
  if (entry) {
    // Most recently used last.
    parsed.delete(query);
    parsed.set(query, entry);
    return entry;
  }
  try {
    entry = { document: parse(query, { noLocation: true }) };
  } catch (err) {
    entry = { syntaxError: err instanceof GraphQLError ? err.message : String(err) };
  }
  if (query.length <= PARSED_MAX_LENGTH) {
    if (parsed.size >= PARSED_KEPT) parsed.delete(parsed.keys().next().value!);
    parsed.set(query, entry);
  }
  return entry;
}

/** Checks and parses a JSON request body; `limits` are the gateway's (none when called directly). */
export function checkBody(body: unknown, limits?: GraphqlLimits): BodyCheck {
  const query = isObject(body) ? body.query : undefined;
  if (limits && typeof query === "string" && documentTooLarge(query, limits))
    return { refused: { status: 413, body: { message: LimitMessages.documentTooLarge(limits.maxDocumentBytes) } } };
  if (!isObject(body) || typeof query !== "string")
    return {
      failed: { status: 400, body: { message: 'The request body must be a JSON object with a "query" string' } },
    };
  const { document, syntaxError } = parseCached(query);
  if (limits && document && tooManyFields(query, document, limits))
    return { refused: { status: 200, body: { errors: [{ message: LimitMessages.tooManyFields(limits.maxFields) }] } } };
  const variables = body.variables ?? {};
  if (!isObject(variables)) return errorsOnly("variables must be an object");
  if (!document) return errorsOnly(syntaxError!);
  return { ok: { document, variables, operationName: body.operationName } };
}
