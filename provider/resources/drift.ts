/**
 * Drift detail in refresh outputs. `read` compares what the service has with
 * what the state recorded and names the difference in one plain (never
 * secret) output, `drift`, so `pulumi preview --refresh --diff` and the
 * `supabase-pulumi drift` command can say what changed: row keys and
 * columns, secret names, setting names, CIDR entries. It never holds a
 * value that is secret or a row's contents. create and update never write
 * it, so an `up` clears it.
 */
import { z } from "zod";
import type { Props } from "./common";

const names = z.array(z.string());

/** TableRows' `changed`: row key → the columns that differ. */
export const rowChanges = z.record(z.string(), names);

/** The fields every kind's drift shares besides `changed`. Lists hold names, never values. */
const driftLists = {
  /** Entries or rows present in the service but not in the state (NetworkRestriction, exclusive TableRows). */
  added: names.optional(),
  /** Entries, names or rows gone from the service. */
  deleted: names.optional(),
  /** How many entries a list had beyond the ones kept (lists are capped to keep state small). */
  more: z.record(z.string(), z.number()).optional(),
};

/**
 * The one drift shape: a kind's `drift` output as the SDK declares it (`changed` holds names, or for TableRows
 * `rowChanges`), and, with either `changed`, the type the provider and the drift command work with.
 */
export function driftShape(changed: typeof names | typeof rowChanges = names) {
  return z.object({ changed: changed.optional(), ...driftLists });
}

/** What drifted. Lists hold names (settings, secret names, row keys, CIDRs), never values. */
export type Drift = z.infer<ReturnType<typeof driftShape>>;

/** Entries kept per list; the rest is counted in `more`. */
export const DRIFT_LIST_CAP = 100;

function union(a: string[] | undefined, b: string[] | undefined): string[] {
  return [...new Set([...(a ?? []), ...(b ?? [])])];
}

/** Merges two drift reports (a persisted refresh followed by another one keeps what the first found). */
export function mergeDrift(prev: Drift | undefined, next: Drift): Drift {
  if (!prev || typeof prev !== "object") return next;
  const out: Drift = {};
  const pc = prev.changed;
  const nc = next.changed;
  if (Array.isArray(pc) || Array.isArray(nc) || pc === undefined || nc === undefined) {
    if (pc !== undefined || nc !== undefined) {
      out.changed =
        (pc && !Array.isArray(pc)) || (nc && !Array.isArray(nc))
          ? { ...(pc as Record<string, string[]>), ...(nc as Record<string, string[]>) }
          : union(pc as string[] | undefined, nc as string[] | undefined);
    }
  } else {
    const m: Record<string, string[]> = { ...pc };
    for (const [k, cols] of Object.entries(nc)) m[k] = union(m[k], cols);
    out.changed = m;
  }
  out.added = union(prev.added, next.added);
  out.deleted = union(prev.deleted, next.deleted);
  const more: Record<string, number> = {};
  for (const src of [prev.more, next.more])
    for (const [k, n] of Object.entries(src ?? {})) more[k] = Math.max(more[k] ?? 0, n);
  out.more = more;
  return out;
}

/** Caps every list, counting what was left off, and drops empty parts. Answers undefined for no drift. */
export function compactDrift(d: Drift): Drift | undefined {
  const out: Drift = {};
  const more: Record<string, number> = { ...(d.more ?? {}) };
  const cap = <T>(name: string, items: T[]): T[] => {
    if (items.length > DRIFT_LIST_CAP) more[name] = (more[name] ?? 0) + items.length - DRIFT_LIST_CAP;
    return items.slice(0, DRIFT_LIST_CAP);
  };
  if (Array.isArray(d.changed)) {
    if (d.changed.length > 0) out.changed = cap("changed", d.changed);
  } else if (d.changed && Object.keys(d.changed).length > 0) {
    out.changed = Object.fromEntries(cap("changed", Object.entries(d.changed)));
  }
  if (d.added && d.added.length > 0) out.added = cap("added", d.added);
  if (d.deleted && d.deleted.length > 0) out.deleted = cap("deleted", d.deleted);
  if (Object.keys(out).length === 0) return undefined;
  for (const k of Object.keys(more)) if (!more[k]) delete more[k];
  if (Object.keys(more).length > 0) out.more = more;
  return out;
}

/**
 * The refreshed outputs with their drift detail: the previous detail (from a
 * persisted refresh) merged with what this read found; no `drift` at all
 * when nothing drifted, so a clean refresh leaves the outputs unchanged.
 */
export function withDrift(props: Props, found: Drift): Props {
  const { drift: prev, ...rest } = props;
  const d = compactDrift(mergeDrift(prev as Drift | undefined, found));
  return d ? { ...rest, drift: d } : rest;
}
