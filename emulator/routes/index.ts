import { Router } from "../router";
import { controlRoutes } from "../control";
import { databaseRoutes } from "./database";
import { organizationRoutes } from "./organizations";
import { projectRoutes } from "./projects";

/** Every route of the emulator. New features append their RouteDef arrays here. */
export function buildRouter(): Router {
  return new Router().add(...organizationRoutes, ...projectRoutes, ...databaseRoutes, ...controlRoutes);
}
