/**
 * `GET …/advisors/security` and `GET …/advisors/performance`: the platform's
 * lints of a project or branch, computed from its live catalog and settings
 * (emulator/advisors/). A project whose database does not serve has nothing
 * to read: the call is refused as the SQL route refuses it (`requireHealthy`).
 */
import { z } from "zod";
import { advisors } from "../advisors";
import { SqlError } from "../db";
import { ApiError } from "../pipeline/errors";
import { defineRoute, type RouteDef, type RouteContext } from "../pipeline/router";
import { postgrestDefaults, authDefaults } from "../settings/config-defaults";
import { projectSettings, requireHealthy } from "../settings/store";
import type { LintCategory } from "../advisors";
import { restrictionsView } from "./network-restrictions";
import { sqlErrorMessage } from "./database";

const SecurityQuery = z.object({ lint_type: z.enum(["sql"]).optional() });

async function answer(ctx: Pick<RouteContext, "app" | "params">, category: LintCategory, sqlOnly: boolean) {
  const { app, params } = ctx;
  const { project, settings } = projectSettings(app, params.ref!);
  requireHealthy(app, project, "run its advisors");
  const config = settings.config;
  const restrictions = restrictionsView(app, settings.restrictions);
  const inForce = "old_config" in restrictions ? restrictions.old_config : restrictions.config;
  const facts = {
    auth: { ...authDefaults(), ...config?.auth },
    sslEnforced: config?.sslEnforced ?? false,
    allowedCidrs: [...inForce.dbAllowedCidrs, ...inForce.dbAllowedCidrsV6],
    pitr: settings.addons?.pitr,
    postgresVersion: await app.db.engineVersion(),
    exposedSchemas: String({ ...postgrestDefaults(), ...config?.postgrest }.db_schema ?? ""),
  };
  try {
    const lints = await advisors(await app.db.forProject(project.ref), facts, { category, sqlOnly });
    return { status: 200, body: { lints } };
  } catch (err) {
    if (err instanceof SqlError) throw new ApiError(500, sqlErrorMessage(err));
    throw err;
  }
}

export const advisorRoutes: RouteDef[] = [
  defineRoute({
    method: "GET",
    path: "/v1/projects/{ref}/advisors/security",
    query: SecurityQuery,
    handler: (ctx) => answer(ctx, "SECURITY", ctx.query.lint_type === "sql"),
  }),
  defineRoute({
    method: "GET",
    path: "/v1/projects/{ref}/advisors/performance",
    handler: (ctx) => answer(ctx, "PERFORMANCE", false),
  }),
];
