import type { RouteDef } from "../pipeline/router";
import { databaseRoutes } from "./database";
import { migrationRoutes } from "./migrations";
import { organizationRoutes } from "./organizations";
import { projectRoutes } from "./projects";
import { customHostnameRoutes } from "./custom-hostname";
import { functionRoutes } from "./functions";
import { networkBanRoutes } from "./network-bans";
import { networkRestrictionRoutes } from "./network-restrictions";
import { pgsodiumRoutes } from "./pgsodium";
import { secretRoutes } from "./secrets";
import { typesRoutes } from "./types";
import { apiKeyRoutes } from "./api-keys";
import { serviceConfigRoutes } from "./service-config";
import { branchRoutes } from "./branches";
import { branchActionRoutes } from "./branch-actions";
import { storageRoutes } from "./storage";
import { authIntegrationRoutes } from "./auth-integrations";
import { signingKeyRoutes } from "./signing-keys";
import { billingRoutes } from "./billing";
import { vanitySubdomainRoutes } from "./vanity-subdomain";
import { backupRoutes } from "./backups";
import { advisorRoutes } from "./advisors";
import { jitAccessRoutes } from "./jit-access";
import { diskRoutes } from "./disk";
import { pauseRoutes } from "./pause";
import { upgradeRoutes } from "./upgrade";
import { readReplicaRoutes } from "./read-replicas";

/** Every route of the management API (`/v1/...`). New features append their RouteDef arrays here. */
export const managementRoutes: RouteDef[] = [
  ...organizationRoutes,
  ...projectRoutes,
  ...databaseRoutes,
  ...migrationRoutes,
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
  // Branching: branches of a project, each a project of its own.
  ...branchRoutes,
  ...branchActionRoutes,
  // Storage buckets (the list; the buckets themselves are written through the project's Storage API).
  ...storageRoutes,
  // Third-party auth, SSO providers, signing keys.
  ...authIntegrationRoutes,
  ...signingKeyRoutes,
  // Billing add-ons (compute size, PITR, IPv4).
  ...billingRoutes,
  ...vanitySubdomainRoutes,
  ...backupRoutes,
  // The security and performance advisors (lints from the catalog and the settings).
  ...advisorRoutes,
  ...jitAccessRoutes,
  ...diskRoutes,
  ...pauseRoutes,
  ...upgradeRoutes,
  ...readReplicaRoutes,
];
