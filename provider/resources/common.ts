/**
 * Shared machinery of the resource providers: zod issues to check failures,
 * preview unknowns, pure field diffs, bounded polling and per-process list
 * caches that coalesce refresh reads.
 */
import type { z } from "zod";
import { isTransient } from "../client/outcome";
import { SupabaseError } from "../errors";

/** How the engine passes a not-yet-known value to a dynamic provider during preview. */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

/** Resource properties as the engine passes them: plain JSON whose shape each resource's schema checks. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Props = Record<string, any>;

export interface CheckFailure {
  property: string;
  reason: string;
}
export interface CheckResult {
  inputs?: Props;
  failures?: CheckFailure[];
}
export interface DiffResult {
  changes?: boolean;
  replaces?: string[];
  stables?: string[];
  deleteBeforeReplace?: boolean;
}
export interface CreateResult {
  id: string;
  outs?: Props;
}
export interface ReadResult {
  id?: string;
  props?: Props;
  inputs?: Props;
}
export interface UpdateResult {
  outs?: Props;
}

/** What each resource module implements; the serialized provider delegates here. */
export interface ResourceImpl {
  check(olds: Props, news: Props): Promise<CheckResult>;
  diff(id: string, olds: Props, news: Props): Promise<DiffResult>;
  create(inputs: Props): Promise<CreateResult>;
  read(id: string, props: Props): Promise<ReadResult>;
  update(id: string, olds: Props, news: Props): Promise<UpdateResult>;
  delete(id: string, props: Props): Promise<void>;
}

export const PROVIDER_KEY = "__provider";

export function isUnknown(v: unknown): boolean {
  return v === UNKNOWN;
}

/** True when the value, or anything inside it, is a preview unknown. */
export function containsUnknown(v: unknown): boolean {
  if (isUnknown(v)) return true;
  if (Array.isArray(v)) return v.some(containsUnknown);
  if (v && typeof v === "object") return Object.values(v).some(containsUnknown);
  return false;
}

/** Formats a zod path the way Pulumi names properties: `rows[3].name`. */
export function propertyPath(path: ReadonlyArray<PropertyKey>): string {
  let out = "";
  for (const p of path) {
    if (typeof p === "number") out += `[${p}]`;
    else out += out === "" ? String(p) : `.${String(p)}`;
  }
  return out;
}

function valueAt(obj: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let cur: unknown = obj;
  for (const p of path) {
    if (cur === null || cur === undefined) return undefined;
    if (isUnknown(cur)) return UNKNOWN;
    cur = (cur as Record<PropertyKey, unknown>)[p];
  }
  return cur;
}

/**
 * Validates inputs with a zod schema. Issues on values that are still unknown
 * (preview) are dropped, since their format cannot be checked yet. Returns the
 * normalized data as the new inputs when everything is known and valid.
 */
export function checkWith<S extends z.ZodType>(schema: S, news: Props): CheckResult & { data?: z.infer<S> } {
  const { [PROVIDER_KEY]: _p, ...rest } = news;
  const parsed = schema.safeParse(rest);
  if (parsed.success) {
    return { inputs: { ...(parsed.data as Props) }, failures: [], data: parsed.data };
  }
  const failures: CheckFailure[] = [];
  for (const issue of parsed.error.issues) {
    const path = issue.path as PropertyKey[];
    if (issue.code === "unrecognized_keys") {
      // Name each unexpected key as the failing field, not the object holding it.
      for (const key of issue.keys)
        failures.push({ property: propertyPath([...path, key]), reason: `unknown input "${key}"` });
      continue;
    }
    if (pathTouchesUnknown(rest, path)) continue;
    failures.push({ property: propertyPath(path) || "(inputs)", reason: issue.message });
  }
  // When only unknowns failed, pass the inputs through unchanged for preview.
  return { inputs: rest, failures };
}

function pathTouchesUnknown(obj: unknown, path: ReadonlyArray<PropertyKey>): boolean {
  // valueAt answers UNKNOWN as soon as it walks through an unknown container.
  return containsUnknown(valueAt(obj, path));
}

/** Canonical JSON: object keys sorted, so equal values compare equal as strings. */
export function stableJson(v: unknown): string {
  if (v === undefined) return "undefined";
  if (v === null || typeof v !== "object") return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(stableJson).join(",")}]`;
  const o = v as Record<string, unknown>;
  const keys = Object.keys(o)
    .filter((k) => o[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${stableJson(o[k])}`).join(",")}}`;
}

export interface FieldRule {
  /** Input property name. */
  name: string;
  /** A change forces replacement. */
  replaces?: boolean;
  /** A change is not acted on (for example a create-only secret); never reported. */
  ignore?: boolean;
  /** Maps a value to its canonical form before comparison. */
  normalize?: (v: unknown) => unknown;
}

/**
 * A pure diff over declared input fields. Never touches the network. An
 * unknown new value counts as a change (and a replacement for replacing
 * fields), because the engine cannot know yet.
 */
export function diffFields(olds: Props, news: Props, rules: FieldRule[]): DiffResult {
  const replaces: string[] = [];
  let changes = false;
  for (const rule of rules) {
    if (rule.ignore) continue;
    const n = news[rule.name];
    const o = olds[rule.name];
    const norm = rule.normalize ?? ((v: unknown) => v);
    const differs = containsUnknown(n) || stableJson(norm(o)) !== stableJson(norm(n));
    if (differs) {
      changes = true;
      if (rule.replaces) replaces.push(rule.name);
    }
  }
  return { changes, replaces, deleteBeforeReplace: false };
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/**
 * Polls `probe` with capped exponential backoff until it returns a value, or
 * the deadline passes. `probe` returns undefined to keep waiting and throws to
 * stop at once (terminal states). A probe that fails transiently (5xx, 429, a
 * reset, a timeout: the service is briefly unwell, not the object) counts as
 * "not yet": the wait goes on, and a timeout names the last such failure.
 */
export async function pollUntil<T>(
  probe: () => Promise<T | undefined>,
  opts: { timeoutMs: number; minDelayMs?: number; maxDelayMs?: number; what: string },
): Promise<T> {
  const deadline = Date.now() + opts.timeoutMs;
  let delay = opts.minDelayMs ?? 250;
  const max = opts.maxDelayMs ?? 5000;
  let lastFailure: unknown;
  for (;;) {
    let v: T | undefined;
    try {
      v = await probe();
    } catch (err) {
      if (!isTransient(err)) throw err;
      lastFailure = err;
    }
    if (v !== undefined) return v;
    const left = deadline - Date.now();
    if (left <= 0) {
      const last = lastFailure instanceof Error ? ` The last poll failed: ${lastFailure.message}` : "";
      throw new SupabaseError(
        "TIMEOUT",
        `Timed out after ${Math.round(opts.timeoutMs / 1000)}s waiting for ${opts.what}.${last}`,
      );
    }
    await sleep(Math.min(delay, left));
    delay = Math.min(max, Math.ceil(delay * 1.6));
  }
}

/**
 * A per-process, short-lived cache of one list call. Concurrent callers share
 * the call in flight; callers within `ttlMs` after it settles reuse the result.
 * This is what makes a refresh of many resources cost one list call per
 * endpoint. Writes through this process invalidate it.
 */
export class ListCache<T> {
  private inflight?: Promise<T>;
  private value?: { at: number; data: T };

  constructor(
    private readonly fetch: () => Promise<T>,
    private readonly ttlMs: number,
  ) {}

  get(): Promise<T> {
    if (this.value && Date.now() - this.value.at <= this.ttlMs) return Promise.resolve(this.value.data);
    if (this.inflight) return this.inflight;
    const p = this.fetch().then(
      (data) => {
        this.value = { at: Date.now(), data };
        this.inflight = undefined;
        return data;
      },
      (err) => {
        this.inflight = undefined;
        throw err;
      },
    );
    this.inflight = p;
    return p;
  }

  invalidate(): void {
    this.value = undefined;
  }
}
