/** TableRows row state: per-row digests kept in outputs, and the pure row-level diff. */
import type { TableSchema } from "../../graphql/introspect";
import { keyString, rowDigest } from "../../graphql/values";
import { canonicalRow, type Row } from "./validation";

export interface RowState {
  /** Column sets referenced by `rows` values. */
  columnSets: string[][];
  /** key string → "<set index>:<digest>". */
  rows: Record<string, string>;
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
    out[keyString(canon, key)] = `${si}:${rowDigest(canon, cols)}`;
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
