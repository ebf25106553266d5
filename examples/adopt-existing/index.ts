// Taking over an organization and a project that already exist (created in
// the dashboard, or by another tool). Pulumi's `import` option does not work
// for dynamic resources, so each resource adopts instead: matched by name, it
// is recorded in the stack rather than created a second time.
import * as pulumi from "@pulumi/pulumi";
import * as supabase from "../../sdk";

const config = new pulumi.Config();

const org = new supabase.Organization("org", { name: config.require("orgName"), adopt: true });
const project = new supabase.Project("project", {
  name: config.require("projectName"),
  organizationId: org.organizationId,
  region: "eu-central-1",
  // Used only when the project has to be created; an adopted project keeps its password.
  dbPass: config.requireSecret("dbPass"),
  adopt: true,
});

// The encryption root key is adopted by default: without `rootKey` it is only observed.
const rootKey = new supabase.Pgsodium("root-key", { projectRef: project.ref });

export const projectRef = project.ref;
export const currentRootKey = rootKey.currentRootKey;
