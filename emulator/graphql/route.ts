/**
 * `POST /project/{ref}/graphql/v1`: a project's GraphQL data API behind the
 * platform gateway's checks (auth/gateway.ts, run by the pipeline): the
 * caller's role and claims come from there, and missing or invalid
 * credentials get its 401 `{"message"}`. Every resolver answer, GraphQL
 * errors included, is 200.
 * The server's pipeline logs these requests with `api: "graphql"`.
 */
import { defineRoute, type Reply, type RouteDef } from "../pipeline/router";
import type { SqlExecutor } from "../db";
import { runGraphql } from "./execute";
import { checkBody } from "./request";

/** The roles every project's data API may take on; others only when granted to `authenticator`. */
const API_ROLES = new Set(["anon", "authenticated", "service_role"]);

/**
 * A JWT's role claim is trusted only for the API roles and the roles granted
 * to the project's `authenticator` role, as PostgREST switches to it with
 * `SET LOCAL ROLE` from `authenticator`: `postgres` or any other role answers
 * what PostgREST answers, 403 `permission denied to set role` (42501), or
 * 400 `role … does not exist` (22023).
 */
async function checkRole(db: SqlExecutor, role: string): Promise<Reply | undefined> {
  if (API_ROLES.has(role)) return undefined;
  const { rows } = await db.query<{ exists: boolean; granted: boolean }>(
    `select exists (select from pg_catalog.pg_roles where rolname = $1) as exists,
            exists (select from pg_catalog.pg_auth_members m
                    join pg_catalog.pg_roles r on r.oid = m.roleid
                    join pg_catalog.pg_roles a on a.oid = m.member
                    where r.rolname = $1 and a.rolname = 'authenticator' and not r.rolsuper) as granted`,
    [role],
  );
  if (rows[0]?.granted) return undefined;
  const quoted = JSON.stringify(role);
  return rows[0]?.exists
    ? {
        status: 403,
        body: { code: "42501", details: null, hint: null, message: `permission denied to set role ${quoted}` },
      }
    : { status: 400, body: { code: "22023", details: null, hint: null, message: `role ${quoted} does not exist` } };
}

export const graphqlRoutes: RouteDef[] = [
  defineRoute({
    method: "POST",
    path: "/project/{ref}/graphql/v1",
    surface: "graphql",
    auth: "apikey",
    handler: async ({ app, params, body, caller }) => {
      const project = app.requireProject(params.ref);
      const { role, claims } = caller!;
      const { graphqlMaxDocumentBytes: maxDocumentBytes, graphqlMaxFields: maxFields } = app.limits;
      const checked = checkBody(body, { maxDocumentBytes, maxFields });
      if ("refused" in checked) return checked.refused;
      const db = await app.db.forProject(project.ref);
      const refusedRole = await checkRole(db, role);
      if (refusedRole) return refusedRole;
      const res =
        "failed" in checked
          ? { ...checked.failed, statements: 0 }
          : await runGraphql(db, { role, claims, parsed: checked.ok });
      // Serialized here: the body is made of JSON values only (the database's json output parsed, and strings),
      // so the pipeline's general encoder, which looks at every value for bigints and bytes, is not needed.
      return {
        status: res.status,
        raw: { data: JSON.stringify(res.body), contentType: "application/json; charset=utf-8" },
        headers: { "x-sql-statements": String(res.statements) },
      };
    },
  }),
];
