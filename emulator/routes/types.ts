/** `GET …/types/typescript`: types generated from the project's live database. */
import { z } from "zod";
import { defineRoute, type RouteDef } from "../pipeline/router";
import { requireHealthy, requireLiveProject } from "../settings/store";
import { generateTypescript } from "../catalog/typescript";

const TypesQuery = z.object({ included_schemas: z.string().optional() });

export const typesRoutes: RouteDef[] = [
  defineRoute({
    method: "GET",
    path: "/v1/projects/{ref}/types/typescript",
    query: TypesQuery,
    handler: async ({ app, params, query }) => {
      const p = requireLiveProject(app, params.ref);
      // Like database/query: there is no database to read before provisioning ends.
      requireHealthy(app, p, "generate types");
      const schemas = [
        ...new Set(
          (query.included_schemas ?? "public")
            .split(",")
            .map((s) => s.trim())
            // A name with a NUL byte names no schema (PostgreSQL text cannot hold one): it matches nothing.
            .filter((s) => s !== "" && !s.includes("\u0000")),
        ),
      ];
      const db = await app.db.forProject(p.ref);
      return { status: 200, body: { types: await generateTypescript(db, schemas.length > 0 ? schemas : ["public"]) } };
    },
  }),
];
