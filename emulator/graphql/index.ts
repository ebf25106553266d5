/**
 * The per-project GraphQL data API (pg_graphql-compatible). A request goes
 * through: request.ts (body checked, document parsed once, limits),
 * operation.ts (operation, fragments, variables), execute.ts (each
 * top-level field dispatched once), build.ts and build-mutation.ts (the
 * field validated against the model into a plan, plan.ts), transpile.ts
 * (the plan to one SQL statement). The model (model.ts, built by
 * model-build.ts and model-links.ts) and the type descriptions of types.ts
 * are what the builder validates against and what introspection (schema.ts)
 * renders; api.ts caches the model per schema version.
 */
export { handleGraphql, type GraphqlRequest, type GraphqlResponse } from "./execute";
export { graphqlRoutes } from "./route";
export type { GqlDatabase, GqlExecutor } from "./db";
