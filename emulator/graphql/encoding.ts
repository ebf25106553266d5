/**
 * nodeId and cursor encodings, byte for byte as pg_graphql: standard padded
 * base64 of the jsonb text of an array. Encoding happens in SQL (jsonb text
 * has pg_graphql's `", "` spacing and keeps bigint/numeric precision);
 * decoding happens here, and the decoded JSON text is passed back to SQL
 * as a jsonb parameter so large numbers never go through a JS number.
 */
import { GqlError } from "./errors";

/** SQL: base64 of a jsonb value's text, on one line (PostgreSQL wraps base64 at 76 characters). */
export function base64JsonSql(jsonbExpr: string): string {
  return `translate(encode(convert_to((${jsonbExpr})::text, 'UTF8'), 'base64'), E'\\n', '')`;
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

function decodeBase64Json(
  value: string,
): { ok: true; text: string; json: unknown } | { ok: false; stage: "base64" | "utf8" | "json" } {
  if (!BASE64.test(value)) return { ok: false, stage: "base64" };
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(Buffer.from(value, "base64"));
  } catch {
    return { ok: false, stage: "utf8" };
  }
  try {
    return { ok: true, text, json: JSON.parse(text) };
  } catch {
    return { ok: false, stage: "json" };
  }
}

export interface DecodedNodeId {
  schema: string;
  table: string;
  /** The whole array as JSON text; primary key values are elements 2… */
  text: string;
  pkCount: number;
}

export function decodeNodeId(value: unknown): DecodedNodeId {
  if (typeof value !== "string") throw new GqlError("Invalid value passed to nodeId argument, Error 1");
  const fail = (n: number) => new GqlError(`Invalid value passed to nodeId argument. Error ${n}`);
  const d = decodeBase64Json(value);
  if (!d.ok) throw fail(d.stage === "base64" ? 2 : d.stage === "utf8" ? 3 : 4);
  if (!Array.isArray(d.json)) throw fail(10);
  if (d.json.length < 3) throw fail(5);
  if (typeof d.json[0] !== "string") throw fail(6);
  if (typeof d.json[1] !== "string") throw fail(7);
  return { schema: d.json[0], table: d.json[1], text: d.text, pkCount: d.json.length - 2 };
}

export interface DecodedCursor {
  text: string;
  length: number;
}

export function decodeCursor(value: unknown): DecodedCursor {
  if (typeof value !== "string") throw new GqlError("Failed to decode cursor, error 1");
  const d = decodeBase64Json(value);
  if (!d.ok)
    throw new GqlError(`Failed to decode cursor, error ${d.stage === "base64" ? 1 : d.stage === "utf8" ? 2 : 3}`);
  if (!Array.isArray(d.json)) throw new GqlError("Failed to decode cursor, error 4");
  return { text: d.text, length: d.json.length };
}
