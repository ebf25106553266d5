/**
 * What one resource kind is, as data: its implementation (check, diff,
 * create, read, update, delete) and its documentation, which carries the
 * input and output schemas (zod 4). Everything listed per kind elsewhere is
 * derived from these: the runtime's dispatch (`registry.ts`), the SDK's
 * classes and provider modules (`scripts/gen-sdk.ts`), the docs
 * (`scripts/docs.ts`) and the JSON-schema property maps below, from which a
 * Pulumi package schema can be written.
 *
 * Field facts a schema's types do not say are zod metadata (`.meta({...})`),
 * typed here: `secret`, `replaceOnChanges`, and two names for the SDK.
 * Descriptions are zod's own (`.describe(...)`).
 */
import { z } from "zod";
import type { Props, ResourceImpl } from "./resources/common";
import type { ResourceDoc } from "./resource-doc";
import type { KindImporter } from "./importer";
import { driftShape } from "./resources/drift";
import { explainingRefusals } from "./unavailable";

declare module "zod" {
  interface GlobalMeta {
    /**
     * Always stored encrypted: a secret input is wrapped with `pulumi.secret` by the SDK, and both secret
     * inputs and secret outputs are the resource's `additionalSecretOutputs`.
     */
    secret?: boolean;
    /** A change of this input replaces the resource (the kind's `diff` answers it in `replaces`). */
    replaceOnChanges?: boolean;
    /** The name of this field's type in the SDK (an enum or object type exported next to the class). */
    typeName?: string;
    /** The SDK's TypeScript type, for the few fields whose zod type (a refined record) says less. */
    tsType?: string;
  }
}

/** A kind's definition; `D` keeps its documentation's input schema type, for type-level tests of the SDK. */
export interface KindDefinition<D extends ResourceDoc = ResourceDoc> {
  impl: ResourceImpl;
  doc: D;
  /**
   * What `supabase-pulumi recover` does with a create of this kind that a
   * killed run left pending. A kind without one is never guessed at: recover
   * stops and says so (tests/unit/recover-hooks.test.ts wants every kind to declare one).
   */
  recover?: RecoverHook;
  /** How `supabase-pulumi import` reads what exists into declarations (importer.ts); kinds without one are skipped. */
  importer?: KindImporter;
}

/** An object an interrupted create may have made, as `recover` lists it. */
export interface CreatedObject {
  /** The id the kind's create would have answered for it. */
  id: string;
  /** When the service says it was created (ISO 8601), when it says. */
  createdAt?: string;
  /** A few words naming it (never a secret value). */
  label: string;
  /**
   * Outputs to record with the id, when the kind's `read` cannot rebuild them
   * from the inputs alone (an API key's value, the rows a table already has).
   * Otherwise the inputs are recorded and a refresh reads the outputs.
   */
  outputs?: Props;
}

/**
 * How a create that a killed `pulumi up` left pending is settled
 * (`supabase-pulumi recover`). Either the kind adopts (its create takes over
 * what is there, so dropping the pending create and letting the next `up`
 * create again is right), or it finds what the interrupted create may have
 * made by the identity its inputs declare, for `recover` to import when
 * exactly one object matches.
 */
export type RecoverHook =
  | {
      /** Why creating again is safe: what the create writes over or takes over. */
      adopts: string;
    }
  | {
      /** The identity looked up, in words: "the organization's project of this name". */
      identity(inputs: Props): string;
      /**
       * The objects matching the inputs' identity. `held` are the ids of this
       * kind the state already records: they belong to other resources and are
       * never a match.
       */
      findCreated(inputs: Props, held: ReadonlySet<string>): Promise<CreatedObject[]>;
      /**
       * True when nothing the inputs declare identifies the object (a signing
       * key has no name): a match is then only a candidate, never imported
       * unasked, even alone; recover lists it for the user to choose.
       */
      uncertain?(inputs: Props): boolean;
    };

/** One kind's definition: what its folder's `index.ts` exports by default and the registry lists. */
export function defineKind<D extends ResourceDoc>(
  impl: ResourceImpl,
  doc: D,
  extras: { recover?: RecoverHook; importer?: KindImporter } = {},
): KindDefinition<D> {
  const recover = extras.recover;
  return {
    impl: explained(impl, doc.name),
    doc,
    ...(recover
      ? {
          recover:
            "adopts" in recover
              ? recover
              : {
                  ...recover,
                  findCreated: (inputs: Props, held: ReadonlySet<string>) =>
                    explainingRefusals(doc.name, () => recover.findCreated(inputs, held)),
                },
        }
      : {}),
    ...(extras.importer ? { importer: extras.importer } : {}),
  };
}

/**
 * The implementation with the service's "feature not enabled / not on this
 * plan" answers explained (unavailable.ts) on create, read and update: a
 * refresh of an SsoProvider after SAML was turned off stops naming SAML and
 * what to do, instead of a raw 404.
 */
function explained(impl: ResourceImpl, kind: string): ResourceImpl {
  return {
    ...impl,
    create: (inputs) => explainingRefusals(kind, () => impl.create(inputs)),
    read: (id, props) => explainingRefusals(kind, () => impl.read(id, props)),
    update: (id, olds, news) => explainingRefusals(kind, () => impl.update(id, olds, news)),
  };
}

/** The `drift` output every kind reports after a refresh that found drift, in the one shape of resources/drift.ts. */
export function driftOutput(description: string, changed?: Parameters<typeof driftShape>[0]) {
  return driftShape(changed).optional().describe(description);
}

/** The metadata of a field, through its optional/default/nullable/pipe wrappers (the outer one wins). */
export function fieldMeta(schema: z.ZodType): z.GlobalMeta {
  const def = schema._zod.def as unknown as { type: string; innerType?: z.ZodType; in?: z.ZodType };
  const inner = def.innerType ?? (def.type === "pipe" ? def.in : undefined);
  return { ...(inner ? fieldMeta(inner) : {}), ...(schema.meta() ?? {}) };
}

/** A property as a package schema would hold it: JSON-schema type facts plus the kind's own. */
export interface PropertySpec {
  type?: string;
  enum?: readonly unknown[];
  items?: unknown;
  properties?: unknown;
  additionalProperties?: unknown;
  description?: string;
  default?: unknown;
  required: boolean;
  secret: boolean;
  replaceOnChanges: boolean;
}

/** The input schema as an object, before any whole-object transform. */
function objectOf(schema: z.ZodType): z.ZodObject {
  const def = schema._zod.def as unknown as { type: string; in?: z.ZodType };
  return (def.type === "pipe" ? objectOf(def.in!) : schema) as z.ZodObject;
}

function propertyMap(
  object: z.ZodObject,
  io: "input" | "output",
  skip: readonly string[] = [],
  describedBy?: z.ZodObject,
): Record<string, PropertySpec> {
  const json = z.toJSONSchema(object, { io, unrepresentable: "any" }) as {
    properties?: Record<string, Record<string, unknown>>;
    required?: string[];
  };
  const shape = object.shape as Record<string, z.ZodType>;
  const fallback = (describedBy?.shape ?? {}) as Record<string, z.ZodType>;
  const out: Record<string, PropertySpec> = {};
  for (const [name, field] of Object.entries(shape)) {
    if (skip.includes(name)) continue;
    const meta = { ...(fallback[name] ? fieldMeta(fallback[name]) : {}), ...fieldMeta(field) };
    const { secret: _s, replaceOnChanges: _r, typeName: _t, tsType: _ts, ...prop } = json.properties?.[name] ?? {};
    out[name] = {
      ...(prop as Omit<PropertySpec, "required" | "secret" | "replaceOnChanges">),
      description: field.description ?? fallback[name]?.description ?? meta.description,
      required: json.required?.includes(name) ?? false,
      secret: meta.secret === true,
      replaceOnChanges: meta.replaceOnChanges === true,
    };
    if (out[name].description === undefined) delete out[name].description;
  }
  return out;
}

/**
 * A kind's inputs (less the ones check fills in) and outputs as JSON-schema property maps with `required`,
 * `secret`, `replaceOnChanges`, `enum`, `default` and `description`: what a Pulumi package schema's
 * `inputProperties` and `properties` need. Outputs echoing an input take its description.
 */
export function propertyMaps(doc: ResourceDoc): {
  inputs: Record<string, PropertySpec>;
  outputs: Record<string, PropertySpec>;
} {
  const inputs = objectOf(doc.inputs);
  return {
    inputs: propertyMap(inputs, "input", doc.internalInputs),
    outputs: propertyMap(doc.outputs, "output", [], inputs),
  };
}

/** The names of a kind's secret inputs and outputs: its `additionalSecretOutputs`. */
export function secretNames(doc: ResourceDoc): { inputs: string[]; outputs: string[] } {
  const secret = (o: z.ZodObject) =>
    Object.entries(o.shape as Record<string, z.ZodType>)
      .filter(([, f]) => fieldMeta(f).secret === true)
      .map(([k]) => k);
  return { inputs: secret(objectOf(doc.inputs)), outputs: secret(doc.outputs) };
}
