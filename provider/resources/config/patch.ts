/**
 * A configuration resource over one settings endpoint below
 * `/v1/projects/{ref}/` that is read with `GET` and written with `PATCH` of the
 * declared fields: its inputs, provider methods and documentation from one spec.
 */
import type { z } from "zod";
import type { FieldSpec } from "../../client/config-schemas";
import type { ResourceDoc } from "../../resource-doc";
import type { ResourceImpl } from "../common";
import { configDoc, type ConfigDocSpec } from "./doc";
import { call, configResource, configWrite } from "./factory";
import { configInputs } from "./inputs";
import { configImporter, type DefaultsKind } from "./import";
import type { KindImporter } from "../../importer";

export interface PatchConfigSpec<S extends z.ZodRawShape> {
  settings: z.ZodObject<S>;
  fields: Readonly<Record<string, FieldSpec>>;
  /** The settings endpoint below `/v1/projects/{ref}/`, e.g. `config/auth`. */
  apiPath: string;
  /** Picks the settings out of the `GET`'s answer (default: the answer itself). */
  pick?(answer: unknown): Record<string, unknown>;
  /** What `supabase-pulumi import` names the resource after the project's name, and whose defaults apply. */
  import: { kind: DefaultsKind; what: string };
  /** The documentation besides what the endpoint implies. */
  doc: Omit<ConfigDocSpec, "inputs" | "apiPath" | "method">;
}

export function patchConfig<S extends z.ZodRawShape>(
  spec: PatchConfigSpec<S>,
): {
  inputs: ReturnType<typeof configInputs<S>>;
  resource: ResourceImpl;
  doc: ResourceDoc<ReturnType<typeof configInputs<S>>>;
  importer: KindImporter;
} {
  const inputs = configInputs(spec.settings);
  const path = (ref: string) => `/v1/projects/${encodeURIComponent(ref)}/${spec.apiPath}`;
  const read = async (ref: string) => {
    const answer = await call<Record<string, unknown>>("GET", path(ref));
    return spec.pick ? spec.pick(answer) : answer;
  };
  const resource = configResource({
    fields: spec.fields,
    inputs,
    read,
    write: (ref, body) => configWrite("PATCH", path(ref), body),
    restoreByDefault: false,
  });
  const doc = configDoc({ ...spec.doc, inputs, apiPath: spec.apiPath, method: "PATCH" });
  const importer = configImporter({ ...spec.import, fields: spec.fields, read });
  return { inputs, resource, doc, importer };
}
