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
import { defineRoute, type RouteDef } from "../pipeline/router";
import { runGraphql } from "./execute";
import { checkBody } from "./request";

export const GraphqlMessages = {
  noApiKey: "No API key found in request",
  invalidApiKey: "Invalid API key",
  invalidJwt: "Invalid JWT",
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
      const res =
        "failed" in checked
          ? { ...checked.failed, statements: 0 }
          : await runGraphql(await app.db.forProject(project.ref), { role, claims, parsed: checked.ok });
      return { status: res.status, body: res.body, headers: { "x-sql-statements": String(res.statements) } };
    },
  }),
];
