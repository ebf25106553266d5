/**
 * The importer every configuration kind shares: read the settings as the
 * resource reads them, and declare the fields whose live value differs from a
 * new project's (new-project-defaults.json, read from the emulator, whose
 * defaults follow the service), or every set field with `--all-fields`.
 * Write-only secrets the service holds become config secrets: their values
 * are never read. Declared values equal the live ones, so the first `up`
 * writes nothing (the configuration kinds write only fields that differ).
 */
import type { FieldSpec } from "../../client/config-schemas";
import type { ImportedResource, KindImporter } from "../../importer";
import { UsageOutput, UsageSecret, type UsageValue } from "../../resource-doc";
import { stableJson } from "../common";
import NEW_PROJECT from "./new-project-defaults.json";
import { normalizeValue } from "./normalize";

export type DefaultsKind = keyof typeof NEW_PROJECT;

export interface ConfigImportSpec {
  /** The kind whose defaults apply (a key of new-project-defaults.json). */
  kind: DefaultsKind;
  /** The resource's name after the project's, e.g. `auth` → `shop-auth`. */
  what: string;
  fields: Readonly<Record<string, FieldSpec>>;
  /** The settings as the resource reads them (API names). */
  read(ref: string): Promise<Record<string, unknown>>;
  /** The defaults in the shape `read` answers, when that differs from the endpoint's answer. */
  defaults?(answer: Record<string, unknown>): Record<string, unknown>;
}

/** The endpoint's answer for a new project, as recorded. */
const newProjectDefaults = (kind: DefaultsKind): Record<string, unknown> =>
  NEW_PROJECT[kind] as Record<string, unknown>;

function sameValue(spec: FieldSpec, a: unknown, b: unknown): boolean {
  if (spec.kind === "object") return stableJson(a ?? null) === stableJson(b ?? null);
  return stableJson(normalizeValue(spec.kind, a, spec.api)) === stableJson(normalizeValue(spec.kind, b, spec.api));
}

/** A live value as an input: JSON data as it came. */
const asInput = (v: unknown): UsageValue => v as UsageValue;

export function configImporter(spec: ConfigImportSpec): KindImporter {
  return {
    scope: "project",
    async read(ctx): Promise<ImportedResource[]> {
      const ref = ctx.ref!;
      const live = await spec.read(ref);
      const base = newProjectDefaults(spec.kind);
      const defaults = spec.defaults ? spec.defaults(base) : base;
      const inputs: Record<string, UsageValue> = { projectRef: new UsageOutput(ctx.names.project!, "ref") };
      for (const [field, f] of Object.entries(spec.fields)) {
        const v = live[f.api];
        if (v === undefined || v === null) continue;
        if (f.kind === "secret") {
          if (v === "") continue;
          inputs[field] = new UsageSecret(ctx.secret(field, `${spec.what} setting ${field} (write-only)`));
          continue;
        }
        if (!ctx.allFields && sameValue(f, v, defaults[f.api])) continue;
        inputs[field] = asInput(v);
      }
      if (Object.keys(inputs).length === 1) return [];
      return [{ name: ctx.name(spec.what), inputs }];
    },
  };
}
