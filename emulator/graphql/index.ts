/** The per-project GraphQL data API (pg_graphql-compatible). */
export { handleGraphql, type GraphqlRequest, type GraphqlResponse } from "./execute";
export { graphqlRoutes, authenticate, GraphqlMessages } from "./route";
export type { GqlDatabase, GqlExecutor } from "./db";
