/**
 * The shape of each resource's documentation, kept as data next to its code:
 * field descriptions live in the zod input and output schemas
 * (`.describe(...)`, with `.meta({...})` facts typed in kind.ts), and
 * everything else a reader needs (behaviour, API footprint) lives in one
 * `ResourceDoc` exported by the resource module. `npm run docs` renders
 * these into `docs/`, and tests hold the SDK's types and JSDoc to them.
 */
import type { z } from "zod";

/** The calls one operation makes, e.g. `{ operation: "create", calls: "1 POST /v1/organizations" }`. */
export interface FootprintRow {
  operation: string;
  calls: string;
}

export interface ResourceDoc<I extends z.ZodObject = z.ZodObject> {
  /** The SDK class name, e.g. "Organization". */
  name: string;
  /** The resource's module and docs page name, e.g. "custom-hostname". */
  page: string;
  /** One paragraph: what the resource manages. */
  summary: string;
  /** What it manages in a few words, for the README's list of resources. */
  manages: string;
  /** The input schema as an object (before any whole-object transform); every field carries a description. */
  inputs: I;
  /** Input fields that check fills in; they are not part of the SDK's `…Args`. */
  internalInputs?: readonly string[];
  /**
   * Check must know which resource of the program it judges (to compare it with the others of the run): the SDK's
   * class passes its name as a hidden input (`RESOURCE_NAME_KEY`, stripped before the kind sees its inputs); the
   * plugin passes the URN.
   */
  resourceName?: boolean;
  /**
   * Every output the SDK class declares, typed: the resource's own, each described (`secret` in its metadata
   * when stored encrypted), and inputs echoed back, undescribed (they keep the input's description).
   */
  outputs: z.ZodObject;
  behaviour: {
    /** Which input changes replace the resource. */
    replace: string;
    /** How an existing object is taken over instead of duplicated. */
    adopt: string;
    /** What refresh detects, and what `up` does about it. */
    drift: string;
    /** What `pulumi destroy` does in the service. */
    destroy: string;
    /** Further facts worth knowing (creation, updates, failures). */
    notes?: readonly string[];
  };
  /** Which API the footprint counts (management API calls, or GraphQL requests). */
  footprintUnit: string;
  footprint: readonly FootprintRow[];
  /** Remarks on the footprint (symbols used, shared calls). */
  footprintNotes?: readonly string[];
  /** The example folder (under `examples/`) whose program shows this resource. */
  example?: string;
  /** One declaration of the resource, rendered in TypeScript, YAML and Go on its page (and run by the tests). */
  usage: ResourceUsage;
}

/** An output of another resource of the usage examples, e.g. `output("project", "ref")`. */
export class UsageOutput {
  constructor(
    /** The other resource's name in the examples ("project"). */
    readonly resource: string,
    /** The output's name ("ref"). */
    readonly output: string,
  ) {}
}

/** A secret from the stack's config, e.g. `secretConfig("dbPass")`. */
export class UsageSecret {
  constructor(readonly key: string) {}
}

export const output = (resource: string, name: string): UsageOutput => new UsageOutput(resource, name);
export const secretConfig = (key: string): UsageSecret => new UsageSecret(key);
/** The project of the usage examples' reference, the input most examples start with. */
export const usageProjectRef = (): UsageOutput => output("project", "ref");

/** A value of a usage example: plain data, another resource's output, or a secret from config. */
export type UsageValue =
  | string
  | number
  | boolean
  | UsageOutput
  | UsageSecret
  | readonly UsageValue[]
  | { readonly [key: string]: UsageValue };

/**
 * A resource declared with input values: the docs render it as TypeScript
 * (`new supabase.X(...)`), YAML and Go (`supabase.NewX(...)`). Names are
 * unique across every kind's usage, so all of them form one program that
 * the tests type-check, vet and run; `org` and `project` come from the
 * Organization's and the Project's usage.
 */
export interface ResourceUsage {
  /** The resource's name in the program (a variable of the same name in camelCase). */
  name: string;
  inputs: Readonly<Record<string, UsageValue>>;
  /** Names of resources of the examples this one waits for. */
  dependsOn?: readonly string[];
}

/**
 * A component of the TypeScript SDK (a `pulumi.ComponentResource` composing
 * resource classes): not a kind of the registry, so not served by the
 * provider plugin; documented on a page of its own.
 */
export interface ComponentDoc {
  name: string;
  page: string;
  summary: string;
  args: readonly { name: string; type: string; required: boolean; description: string }[];
  outputs: readonly { name: string; description: string }[];
  /** What it creates, updates and destroys, and why it is TypeScript only. */
  behaviour: readonly string[];
  /** The example folder (under `examples/`) whose program shows it. */
  example: string;
}

/** A data function of the SDK (`getProjects`, …): runs in the program, never changes anything. */
export interface FunctionDoc {
  name: string;
  summary: string;
  args: readonly { name: string; type: string; required: boolean; description: string }[];
  returns: string;
  footprint: string;
}

/**
 * The footprint of a management-API resource, in the order the docs list it:
 * each operation (or group of operations) and its calls. `check, diff` comes
 * first and makes no call unless told otherwise.
 */
export function managementFootprint(
  calls: Readonly<Record<string, string>>,
): Pick<ResourceDoc, "footprintUnit" | "footprint"> {
  return {
    footprintUnit: "management API calls",
    footprint: Object.entries({ "check, diff": "0", ...calls }).map(([operation, c]) => ({ operation, calls: c })),
  };
}
