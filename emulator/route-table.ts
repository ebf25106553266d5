/**
 * The emulator's whole route table, and the one place that joins its
 * surfaces: the management API (routes/), the control plane (control/),
 * each project's GraphQL data API (graphql/) and its Storage API (storage/). The surfaces never import each
 * other; what two of them share lives below them (settings/, auth/, store/).
 */
import { controlRoutes } from "./control/emulator";
import { settingsControlRoutes } from "./control/settings";
import { graphqlRoutes } from "./graphql/route";
import { Router } from "./pipeline/router";
import { managementRoutes } from "./routes";
import { storageRoutes } from "./storage/route";

/** Every route of the emulator. */
export function buildRouter(): Router {
  return new Router().add(
    ...managementRoutes,
    ...controlRoutes,
    ...settingsControlRoutes,
    ...graphqlRoutes,
    ...storageRoutes,
  );
}
