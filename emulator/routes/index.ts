import { Router } from "../pipeline/router";
import { controlRoutes } from "../control/emulator";
import { databaseRoutes } from "./database";
import { migrationRoutes } from "./migrations";
import { organizationRoutes } from "./organizations";
import { projectRoutes } from "./projects";
import { settingsControlRoutes } from "../control/settings";
import { customHostnameRoutes } from "./custom-hostname";
import { functionRoutes } from "./functions";
import { networkBanRoutes } from "./network-bans";
import { networkRestrictionRoutes } from "./network-restrictions";
import { pgsodiumRoutes } from "./pgsodium";
import { secretRoutes } from "./secrets";
import { typesRoutes } from "./types";
import { apiKeyRoutes } from "./api-keys";
import { serviceConfigRoutes } from "./service-config";
import { graphqlRoutes } from "../graphql/route";

/** Every route of the emulator. New features append their RouteDef arrays here. */
export function buildRouter(): Router {
  return new Router().add(
    ...organizationRoutes,
    ...projectRoutes,
    ...databaseRoutes,
    ...migrationRoutes,
    ...controlRoutes,
    // Project settings: secrets, functions, custom hostname, pgsodium, network bans and restrictions, types.
    ...secretRoutes,
    ...functionRoutes,
    ...customHostnameRoutes,
    ...pgsodiumRoutes,
    ...networkBanRoutes,
    ...networkRestrictionRoutes,
    ...typesRoutes,
    // Service configuration, API keys and the database password.
    ...serviceConfigRoutes,
    ...apiKeyRoutes,
    ...settingsControlRoutes,
    // Each project's GraphQL data API (POST /project/{ref}/graphql/v1).
    ...graphqlRoutes,
  );
}
