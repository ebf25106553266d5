// A project with its settings: the encryption root key (adopted, only observed)
// and the network restrictions of its database.
import * as pulumi from "@pulumi/pulumi";
import * as supabase from "../../sdk";

const config = new pulumi.Config();

const org = new supabase.Organization("org", { name: "Settings Example" });
const project = new supabase.Project("project", {
  name: "settings-example",
  organizationId: org.organizationId,
  region: "eu-central-1",
  dbPass: config.requireSecret("dbPass"),
  createTimeoutSeconds: 900,
});

// Without `rootKey`, the current key is adopted and exposed only as a secret output.
const rootKey = new supabase.Pgsodium("root-key", { projectRef: project.ref });

// Written in any form: the lists are normalized, so this never shows a diff.
const network = new supabase.NetworkRestriction("network", {
  projectRef: project.ref,
  dbAllowedCidrs: ["203.0.113.0/24", "198.51.100.7/32"],
  dbAllowedCidrsV6: ["2001:db8::/48"],
});

export const projectRef = project.ref;
export const graphqlUrl = project.graphqlUrl;
export const currentRootKey = rootKey.currentRootKey;
export const allowedCidrs = network.dbAllowedCidrs;
