/**
 * Type-level test, compiled by `npm run typecheck`: every kind's SDK `…Args`
 * interface (generated, sdk/kind-args.ts lists them by kind) has exactly the
 * field names of the kind's zod input schema in the registry. A renamed,
 * added or removed field on either side, or a kind without its `…Args`,
 * fails to compile here. tests/unit/docs.test.ts shows that it does, by
 * compiling this file against a changed SDK.
 */
import type { z } from "zod";
import type { registry, ResourceKind } from "../../provider/registry";
import type { KindArgs } from "../../sdk/kind-args";

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Expect<T extends true> = T;
/** The Args' field names equal the schema's input field names. */
type SameFields<Args, Schema extends z.ZodType> = Equal<keyof Args, keyof z.input<Schema>>;

/** Per kind: whether its Args have exactly its input schema's field names. */
type Matches = { [K in ResourceKind]: SameFields<KindArgs[K], (typeof registry)[K]["doc"]["inputs"]> };
/** The kinds whose Args and schema disagree: `never` when all agree. */
type Mismatched = { [K in ResourceKind]: Matches[K] extends true ? never : K }[ResourceKind];

export type SdkArgsMatchSchemas = [
  Expect<Equal<Mismatched, never>>,
  Expect<Equal<keyof KindArgs, ResourceKind>>,
  // Spot checks that the test sees real schemas, not erased ones.
  Expect<Equal<keyof KindArgs["secret"], "projectRef" | "name" | "value">>,
  Expect<Matches["organization"]>,
];
