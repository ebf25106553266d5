/**
 * `POST /project/{ref}/graphql/v1`: a project's GraphQL data API behind the
 * platform gateway's checks. The `apikey` header must be one of the
 * project's API keys (anon or service_role JWT, or the publishable/secret
 * key); an `Authorization: Bearer <JWT>` signed with the project's secret
 * selects the role from its `role` claim. Missing or invalid credentials get
 * 401 `{"message"}`; every resolver answer, GraphQL errors included, is 200.
 * The server's pipeline logs these requests with `api: "graphql"`.
 */
import type { IncomingHttpHeaders } from "node:http";
import { ApiError } from "../pipeline/errors";
import { verifyProjectJwt, type JwtClaims } from "../auth/jwt";
import { roleForApiKey } from "../auth/keys";
import { defineRoute, type Reply, type RouteDef } from "../pipeline/router";
import type { SqlExecutor } from "../db";
import { runGraphql } from "./execute";
import { checkBody } from "./request";

export const GraphqlMessages = {
  noApiKey: "No API key found in request",
  invalidApiKey: "Invalid API key",
  invalidJwt: "Invalid JWT",
  legacyKeysDisabled: "Legacy API keys are disabled",
} as const;

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** The role and claims of a request, or a 401. */
export function authenticate(
  project: Parameters<typeof roleForApiKey>[0],
  headers: IncomingHttpHeaders,
  nowMs: number,
): { role: string; claims: JwtClaims } {
  const apiKey = header(headers, "apikey");
  if (!apiKey) throw new ApiError(401, GraphqlMessages.noApiKey);
  const keyRole = roleForApiKey(project, apiKey, nowMs);
  if (!keyRole || keyRole === "authenticated") throw new ApiError(401, GraphqlMessages.invalidApiKey);
  // The JWT-based keys (anon, service_role) are refused while the project has turned them off.
  if (!apiKey.startsWith("sb_") && project.settings?.legacyApiKeysDisabled === true)
    throw new ApiError(401, GraphqlMessages.legacyKeysDisabled);
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(header(headers, "authorization") ?? "")?.[1];
  if (bearer === undefined || bearer === apiKey) {
    // Like the local gateway: a bare API key stands for its role's JWT.
    const v = verifyProjectJwt(apiKey, project, nowMs);
    return { role: keyRole, claims: v.ok ? v.claims : { role: keyRole } };
  }
  const v = verifyProjectJwt(bearer, project, nowMs);
  if (!v.ok || typeof v.claims.role !== "string" || v.claims.role === "")
    throw new ApiError(401, GraphqlMessages.invalidJwt);
  return { role: v.claims.role, claims: v.claims };
}

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
    auth: "none",
    handler: async ({ app, params, headers, body }) => {
      const project = app.requireProject(params.ref);
      const { role, claims } = authenticate(project, headers, app.clock.now());
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
      return { status: res.status, body: res.body, headers: { "x-sql-statements": String(res.statements) } };
    },
  }),
];
