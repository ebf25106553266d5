/**
 * supabase-pulumi: Pulumi resources for the management API and the per-project
 * GraphQL data API.
 */
export { Organization, type OrganizationArgs } from "./organization";
export { Project, type ProjectArgs, type Region } from "./project";
export { dynamicProvider } from "./provider";
