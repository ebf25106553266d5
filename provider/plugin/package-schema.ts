/**
 * The Pulumi package schema of the provider plugin, derived from the registry
 * of kinds (each kind's input and output property maps, `kind.ts`) and the
 * data functions' documentation (`docs.ts`, `plugin/functions.ts`). The
 * plugin answers `GetSchema` with it; `npm run generate` writes it to
 * `provider/plugin/schema.json`, from which the SDKs of the other languages
 * are generated.
 *
 * Mapping: package `supabase`; each kind is `supabase:index:<class name>`;
 * each data function `supabase:index:get<Name>`. Named enums and objects
 * (`typeName` in the zod metadata) become `types`; other nested objects become
 * types named after their resource and path (`StorageConfigFeatures`), and
 * every kind's `drift` output shares the one `Drift` type.
 */
import type { z } from "zod";
import { fieldMeta, propertyMaps, type PropertySpec } from "../kind";
import { registry } from "../registry";
import { functionDocs } from "../docs";
import type { KindDefinition } from "../kind";
import { CONFIG_KEYS, ENV_VARS } from "../config";
import { dataFunctions, functionToken, resultTypes, type TypeSpec } from "./functions";

export const PACKAGE = "supabase";
export const resourceToken = (className: string): string => `${PACKAGE}:index:${className}`;

type Json = Record<string, unknown>;

/** Collects named types while properties are converted. */
class Types {
  readonly specs: Record<string, Json> = {};

  ref(name: string, spec: () => Json): TypeSpec {
    const token = `${PACKAGE}:index:${name}`;
    if (!this.specs[token]) {
      this.specs[token] = {};
      this.specs[token] = spec();
    }
    return { $ref: `#/types/${token}` };
  }
}

const pascal = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** A JSON-schema type (as zod writes it) as a Pulumi type; `name` names an object or enum type if needed. */
function typeOf(json: Json, name: string, types: Types, typeName?: string): TypeSpec {
  const ownName = typeName ?? (json.typeName as string | undefined);
  const anyOf = json.anyOf as Json[] | undefined;
  if (anyOf) {
    const kinds = anyOf.filter((a) => a.type !== "null");
    if (kinds.length === 1) return typeOf(kinds[0], name, types, ownName);
    return { $ref: "pulumi.json#/Any" };
  }
  let type = json.type as string | string[] | undefined;
  if (Array.isArray(type)) {
    const kinds = type.filter((t) => t !== "null");
    type = kinds.length === 1 ? kinds[0] : undefined;
  }
  if (json.enum && ownName) {
    const values = json.enum as unknown[];
    return types.ref(ownName, () => ({
      type: typeof values[0] === "number" ? "number" : "string",
      enum: values.map((v) => ({ value: v })),
    }));
  }
  switch (type) {
    case "string":
    case "boolean":
    case "integer":
    case "number":
      return { type };
    case "array":
      return { type: "array", items: json.items ? typeOf(json.items as Json, `${name}Item`, types) : any };
    case "object": {
      const props = json.properties as Record<string, Json> | undefined;
      if (props) {
        const required = (json.required as string[] | undefined) ?? [];
        return types.ref(ownName ?? name, () => ({
          type: "object",
          properties: Object.fromEntries(
            Object.entries(props).map(([k, v]) => [
              k,
              { ...typeOf(v, `${ownName ?? name}${pascal(k)}`, types), ...described(v) },
            ]),
          ),
          ...(required.length > 0 ? { required } : {}),
        }));
      }
      const values = json.additionalProperties;
      return {
        type: "object",
        additionalProperties:
          values && typeof values === "object" ? typeOf(values as Json, `${name}Value`, types) : any,
      };
    }
    default:
      return any;
  }
}

const any: TypeSpec = { $ref: "pulumi.json#/Any" };
const described = (j: Json): Json => (typeof j.description === "string" ? { description: j.description } : {});

/** One property: its type, description, default and the flags the kind's schema carries. */
function property(spec: PropertySpec, name: string, owner: string, types: Types, typeName?: string): Json {
  const { required: _r, secret, replaceOnChanges, description, default: dflt, ...json } = spec;
  const type =
    name === "drift"
      ? typeOf(json as Json, "Drift", types, "Drift")
      : typeOf(json as Json, `${owner}${pascal(name)}`, types, typeName);
  const primitive = ["string", "boolean", "integer", "number"].includes(type.type as string);
  return {
    ...type,
    ...(description ? { description } : {}),
    ...(dflt !== undefined && primitive ? { default: dflt } : {}),
    ...(secret ? { secret: true } : {}),
    ...(replaceOnChanges ? { replaceOnChanges: true } : {}),
  };
}

/** The input object's and output object's zod fields, for the metadata JSON schema drops (`typeName`). */
function shapes(kind: KindDefinition): { inputs: Record<string, z.ZodType>; outputs: Record<string, z.ZodType> } {
  const def = kind.doc.inputs._zod.def as unknown as { type: string; in?: z.ZodObject };
  const input = def.type === "pipe" ? def.in! : kind.doc.inputs;
  return {
    inputs: input.shape as Record<string, z.ZodType>,
    outputs: kind.doc.outputs.shape as Record<string, z.ZodType>,
  };
}

function resource(kind: KindDefinition, types: Types): Json {
  const doc = kind.doc;
  const maps = propertyMaps(doc);
  const shape = shapes(kind);
  const convert = (map: Record<string, PropertySpec>, zod: Record<string, z.ZodType>) =>
    Object.fromEntries(
      Object.entries(map).map(([k, v]) => [
        k,
        property(v, k, doc.name, types, zod[k] ? fieldMeta(zod[k]).typeName : undefined),
      ]),
    );
  // An output echoing a secret input is secret too, as the SDK's additionalSecretOutputs make it.
  const outputs = Object.fromEntries(
    Object.entries(maps.outputs).map(([k, v]) => [k, { ...v, secret: v.secret || maps.inputs[k]?.secret === true }]),
  );
  const required = (map: Record<string, PropertySpec>) =>
    Object.entries(map)
      .filter(([, v]) => v.required)
      .map(([k]) => k);
  return {
    description: `${doc.summary}\n\n${doc.behaviour.replace}`,
    properties: convert(outputs, { ...shape.inputs, ...shape.outputs }),
    required: required(maps.outputs),
    inputProperties: convert(maps.inputs, shape.inputs),
    requiredInputs: required(maps.inputs),
  };
}

const argType = (t: string): TypeSpec =>
  t.endsWith("[]") ? { type: "array", items: argType(t.slice(0, -2)) } : { type: t };

function dataFunction(name: string): Json {
  const doc = functionDocs.find((f) => f.name === name)!;
  const { result } = dataFunctions[name];
  const args = doc.args;
  return {
    description: doc.summary,
    ...(args.length > 0
      ? {
          inputs: {
            properties: Object.fromEntries(
              args.map((a) => [a.name, { ...argType(a.type), description: a.description }]),
            ),
            required: args.filter((a) => a.required).map((a) => a.name),
          },
        }
      : {}),
    outputs: {
      properties: {
        [result.name]: {
          ...result.type,
          description: result.description,
          ...(result.secret ? { secret: true } : {}),
        },
      },
      required: [result.name],
    },
  };
}

/** The provider's configuration: the stack-config keys `provider/config.ts` reads (`supabase:<name>`). */
function configVariables(): Record<string, Json> {
  const key = (k: keyof typeof CONFIG_KEYS) => CONFIG_KEYS[k].replace(/^supabase:/, "");
  const env = (k: keyof typeof ENV_VARS) => ENV_VARS[k];
  return {
    [key("accessToken")]: {
      type: "string",
      secret: true,
      description: `The management API's access token (else \`${env("accessToken")}\`).`,
    },
    [key("apiUrl")]: {
      type: "string",
      description: `The management API's base URL (else \`${env("apiUrl")}\`, else https://api.supabase.com).`,
    },
    [key("projectUrlTemplate")]: {
      type: "string",
      description: `Each project's base URL, with \`{ref}\` for its reference (else \`${env("projectUrlTemplate")}\`, else https://{ref}.supabase.co).`,
    },
    [key("retryBudgetSeconds")]: {
      type: "number",
      description: `How long one request keeps retrying transient failures, in seconds (else \`${env("retryBudgetSeconds")}\`, else 300).`,
    },
  };
}

/** The package schema, as the plugin serves it and `schema.json` holds it. */
export function packageSchema(version: string): Json {
  const types = new Types();
  const resources: Record<string, Json> = {};
  for (const kind of Object.values(registry) as KindDefinition[])
    resources[resourceToken(kind.doc.name)] = resource(kind, types);
  for (const [name, t] of Object.entries(resultTypes))
    types.specs[`${PACKAGE}:index:${name}`] = { type: "object", ...t };
  const functions: Record<string, Json> = {};
  for (const f of functionDocs) functions[functionToken(f.name)] = dataFunction(f.name);
  const config = configVariables();
  return {
    name: PACKAGE,
    displayName: "Supabase",
    version,
    description:
      "Resources for the database platform's management API and each project's GraphQL data API, served by the pulumi-resource-supabase plugin of the supabase-pulumi npm package.",
    keywords: ["pulumi", "supabase", "category/database"],
    license: "Apache-2.0",
    config: { variables: config },
    provider: {
      description: "The provider: credentials and endpoints, else the SUPABASE_* environment variables.",
      inputProperties: config,
    },
    resources,
    functions,
    types: Object.fromEntries(Object.entries(types.specs).sort(([a], [b]) => a.localeCompare(b))),
  };
}
