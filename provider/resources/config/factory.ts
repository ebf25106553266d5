/**
 * One implementation behind every service-configuration resource (auth, Data
 * API, …). The rules they share:
 *
 * - Only declared fields are managed: a write sends only declared fields, and
 *   diff, refresh and drift look only at them.
 * - Values are compared normalized (normalize.ts), so equal values written
 *   differently never diff.
 * - Write-only secrets are kept in state only as the digest the service
 *   answers (HMAC-SHA256 keyed with the project ref), compared by digest, and
 *   a masked answer never diffs; drift on them shows only as "changed".
 * - Writes wait until the project is ACTIVE_HEALTHY, and ride out the
 *   transient errors of a project that just came up.
 * - Declaring adopts; destroy forgets by default or, with `restoreOnDestroy`,
 *   writes back the values the declared fields had before they were managed.
 */
import type { z } from "zod";
import type { FieldSpec } from "../../client/config-schemas";
import { managementClient } from "../../context";
import { whenProjectReady } from "../../poll";
import { checkWith, containsUnknown, stableJson, type Props, type ResourceImpl } from "../common";
import { withDrift } from "../drift";
import { waitHealthy } from "../project";
import { isDigest, normalizeValue, secretHash } from "./normalize";

/** Every configuration kind adopts: a pending create is settled by writing the declared fields again. */
export const CONFIG_ADOPTS = {
  adopts: "create writes the declared fields over the project's configuration (configuration kinds adopt)",
} as const;

export interface ConfigResourceDef {
  /** Camel-case input name → API name and comparison kind. */
  fields: Readonly<Record<string, FieldSpec>>;
  inputs: z.ZodType;
  /** Reads the configuration (API names). */
  read(ref: string): Promise<Record<string, unknown>>;
  /** Writes the given fields (API names). */
  write(ref: string, body: Record<string, unknown>, current: Record<string, unknown>): Promise<void>;
  /** Waits after a write (e.g. for a restart to finish). */
  afterWrite?(ref: string): Promise<void>;
  /** The default of `restoreOnDestroy`. */
  restoreByDefault: boolean;
}

/** How long writes wait for the project and retry its transient errors. */
const READY_TIMEOUT_S = 600;

async function writeWhenReady(def: ConfigResourceDef, ref: string, body: Record<string, unknown>, current: Props) {
  await whenProjectReady(ref, "accept settings", () => def.write(ref, body, current));
  await def.afterWrite?.(ref);
}

/** Projects the service's value onto the shape that was declared (for nested objects). */
function projectOnto(declared: unknown, current: unknown): unknown {
  if (typeof declared !== "object" || declared === null || Array.isArray(declared)) return current;
  const cur = (typeof current === "object" && current !== null ? current : {}) as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(declared as Record<string, unknown>).map(([k, v]) => [k, projectOnto(v, cur[k])]),
  );
}

export function configResource(def: ConfigResourceDef): ResourceImpl {
  const declared = (props: Props) => Object.keys(def.fields).filter((f) => props[f] !== undefined);

  /** The value to compare for a declared input, and for a stored or read value. */
  const wanted = (ref: string, field: string, v: unknown) =>
    def.fields[field].kind === "secret"
      ? secretHash(ref, String(v))
      : normalizeValue(def.fields[field].kind, v, def.fields[field].api);
  const stored = (field: string, v: unknown) =>
    def.fields[field].kind === "secret" ? v : normalizeValue(def.fields[field].kind, v, def.fields[field].api);

  const sameAsService = (ref: string, field: string, input: unknown, service: Record<string, unknown>) => {
    const spec = def.fields[field];
    const v = service[spec.api];
    if (spec.kind === "secret") return isDigest(v) ? v === secretHash(ref, String(input)) : true;
    if (spec.kind === "object") return stableJson(projectOnto(input, v)) === stableJson(input);
    return (
      stableJson(normalizeValue(spec.kind, v, spec.api)) === stableJson(normalizeValue(spec.kind, input, spec.api))
    );
  };

  /** Applies the declared fields that differ; answers the outputs. */
  async function apply(inputs: Props, olds: Props | undefined): Promise<Props> {
    const ref = inputs.projectRef as string;
    await waitHealthy(ref, READY_TIMEOUT_S);
    const current = await def.read(ref);
    const fields = declared(inputs);
    const body: Record<string, unknown> = {};
    for (const f of fields)
      if (
        !sameAsService(ref, f, inputs[f], current) ||
        (def.fields[f].kind === "secret" && !isDigest(current[def.fields[f].api]))
      )
        body[def.fields[f].api] = inputs[f];
    if (Object.keys(body).length > 0) await writeWhenReady(def, ref, body, current);
    // What the declared fields were before this stack managed them, to restore on destroy.
    const previous: Record<string, unknown> = { ...(olds?.previous ?? {}) };
    for (const f of fields) {
      const spec = def.fields[f];
      if (spec.kind !== "secret" && !(spec.api in previous)) previous[spec.api] = current[spec.api] ?? null;
    }
    const outs: Props = { ...inputs, previous };
    for (const f of fields) if (def.fields[f].kind === "secret") outs[f] = secretHash(ref, String(inputs[f]));
    return outs;
  }

  return {
    async check(_olds, news) {
      const r = checkWith(def.inputs, news);
      return { inputs: r.inputs, failures: r.failures };
    },

    async diff(_id, olds, news) {
      const replaces = olds.projectRef !== undefined && news.projectRef !== olds.projectRef ? ["projectRef"] : [];
      let changes = replaces.length > 0;
      const ref = String(news.projectRef);
      const names = new Set([...declared(olds), ...declared(news)]);
      for (const f of names) {
        const n = news[f];
        if (n === undefined || olds[f] === undefined || containsUnknown(n)) {
          changes = true;
          continue;
        }
        if (stableJson(stored(f, olds[f])) !== stableJson(wanted(ref, f, n))) changes = true;
      }
      if ((news.restoreOnDestroy ?? null) !== (olds.restoreOnDestroy ?? null)) changes = true;
      return { changes, replaces, deleteBeforeReplace: false };
    },

    async create(inputs) {
      return { id: inputs.projectRef, outs: await apply(inputs, undefined) };
    },

    async read(id, props) {
      const current = await def.read(id);
      const next: Props = { ...props };
      const changed: string[] = [];
      for (const f of declared(props)) {
        const spec = def.fields[f];
        const v = current[spec.api];
        if (spec.kind === "secret") {
          // A digest that differs means changed out of band; a mask (or nothing) tells nothing.
          if (isDigest(v) && v !== props[f]) {
            next[f] = v;
            changed.push(f);
          }
        } else if (
          spec.kind === "object"
            ? stableJson(projectOnto(props[f], v)) !== stableJson(props[f])
            : stableJson(normalizeValue(spec.kind, v, spec.api)) !==
              stableJson(normalizeValue(spec.kind, props[f], spec.api))
        ) {
          next[f] = spec.kind === "object" ? projectOnto(props[f], v) : (v ?? null);
          changed.push(f);
        }
      }
      return { id, props: withDrift(next, { changed }) };
    },

    async update(_id, olds, news) {
      return { outs: await apply(news, olds) };
    },

    async delete(id, props) {
      const restore = props.restoreOnDestroy ?? def.restoreByDefault;
      if (!restore) return;
      const previous = (props.previous ?? {}) as Record<string, unknown>;
      if (Object.keys(previous).length === 0) return;
      await waitHealthy(id, READY_TIMEOUT_S);
      const current = await def.read(id);
      await writeWhenReady(def, id, previous, current);
    },
  };
}

/** A read of a configuration (JSON). */
export function call<T = Record<string, unknown>>(method: "GET", path: string): Promise<T> {
  return managementClient().request<T>(method, path);
}

/** A configuration write; the answer (some are empty) is not needed. Writes of settings are idempotent. */
export async function configWrite(method: "PATCH" | "PUT", path: string, body: unknown): Promise<void> {
  await managementClient().request(method, path, { body, expect: "text", idempotent: true });
}
