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
