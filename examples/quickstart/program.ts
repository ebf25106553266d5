/**
 * The quickstart stack: an organization and a project in it.
 *
 * Config (namespace `quickstart`): `orgName`, `projectName`, `region`, and
 * `dbPass` (secret, required). Provider config: `supabase:accessToken`
 * (secret), `supabase:apiUrl`, `supabase:projectUrlTemplate` — or the
 * SUPABASE_* environment variables.
 */
import * as pulumi from "@pulumi/pulumi";
import * as supabase from "../../sdk";

export function quickstart() {
  const config = new pulumi.Config("quickstart");
  const org = new supabase.Organization("org", {
    name: config.get("orgName") ?? "Quickstart Org",
  });
  const project = new supabase.Project("project", {
    name: config.get("projectName") ?? "quickstart",
    organizationId: org.organizationId,
    region: (config.get("region") as supabase.Region | undefined) ?? "eu-central-1",
    dbPass: config.requireSecret("dbPass"),
  });
  return {
    organizationId: org.organizationId,
    projectRef: project.ref,
    projectStatus: project.status,
    databaseHost: project.databaseHost,
    apiUrl: project.apiUrl,
    graphqlUrl: project.graphqlUrl,
  };
}
