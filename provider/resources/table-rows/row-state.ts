/** TableRows row state: per-row digests kept in outputs, and the pure row-level diff. */
import type { TableSchema } from "../../graphql/introspect";
import { keyString, rowDigest } from "../../graphql/values";
import { canonicalRow, type Row } from "./validation";

export interface RowState {
  /** Column sets referenced by `rows` values. */
  columnSets: string[][];
  /**
   * key string → "<set index>:<row digest>:<column digests>": 16 hex digits
   * over the row's declared columns, then 4 hex digits per column of the set,
   * in order. The row digest decides whether a row changed; the short column
   * digests only say which columns did (drift detail), ~4 bytes a column.
   */
  rows: Record<string, string>;
}

/** Hex digits of each column's digest. */
export const COLUMN_DIGEST_HEX = 4;

export function rowEntry(setIndex: number, canon: Row, cols: string[]): string {
  const perColumn = cols.map((c) => rowDigest(canon, [c]).slice(0, COLUMN_DIGEST_HEX)).join("");
  return `${setIndex}:${rowDigest(canon, cols)}:${perColumn}`;
}

/**
 * The columns whose digests differ between two entries of one row (same
 * column set). An entry without column digests (state written before they
 * existed) cannot say which column: every column of the set is named.
 */
export function changedColumns(stored: string, live: string, cols: string[]): string[] {
  const [, sd, sc] = stored.split(":");
  const [, ld, lc] = live.split(":");
  if (sd === ld) return [];
  if (!sc || !lc || sc.length !== lc.length) return cols;
  const n = COLUMN_DIGEST_HEX;
  const out = cols.filter((_, i) => sc.slice(i * n, i * n + n) !== lc.slice(i * n, i * n + n));
  return out.length > 0 ? out : cols;
}

export function rowState(schema: TableSchema, key: string[], rows: Row[]): RowState {
  const sets: string[][] = [];
  const setIndex = new Map<string, number>();
  const out: Record<string, string> = {};
  for (const row of rows) {
    const canon = canonicalRow(row, schema);
    const cols = Object.keys(row).sort();
    const sk = cols.join(",");
    let si = setIndex.get(sk);
    if (si === undefined) {
      si = sets.length;
      sets.push(cols);
      setIndex.set(sk, si);
    }
    out[keyString(canon, key)] = rowEntry(si, canon, cols);
  }
  return { columnSets: sets, rows: out };
}

export interface RowChanges {
  added: string[];
  changed: string[];
  removed: string[];
}

/** Row-level diff: declared rows (with their new state) against stored digests. Pure. */
export function diffRowState(old: RowState | undefined, next: RowState): RowChanges {
  const oldRows = old?.rows ?? {};
  const oldSets = old?.columnSets ?? [];
  const added: string[] = [];
  const changed: string[] = [];
  for (const [k, v] of Object.entries(next.rows)) {
    const o = oldRows[k];
    if (o === undefined) added.push(k);
    else {
      // Compare digests and column sets by content (set indexes may differ between states).
      const [os, od] = o.split(":");
      const [ns, nd] = v.split(":");
      if (od !== nd || (oldSets[Number(os)] ?? []).join(",") !== (next.columnSets[Number(ns)] ?? []).join(","))
        changed.push(k);
    }
  }
  const removed = Object.keys(oldRows).filter((k) => !(k in next.rows));
  return { added, changed, removed };
}
