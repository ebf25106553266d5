// Edge-function secrets whose values come from stack config, set with
// `pulumi config set --secret stripeKey …`: they stay encrypted in the stack
// file and in state, and only their digests are outputs.
import * as pulumi from "@pulumi/pulumi";
import * as supabase from "../../sdk";

const config = new pulumi.Config();

const org = new supabase.Organization("org", { name: "Secrets Example" });
const project = new supabase.Project("project", {
  name: "secrets-example",
  organizationId: org.organizationId,
  region: "eu-central-1",
  dbPass: config.requireSecret("dbPass"),
});

// One secret per resource: writes of many of them share one bulk request.
const stripeKey = new supabase.Secret("stripe-key", {
  projectRef: project.ref,
  name: "STRIPE_KEY",
  value: config.requireSecret("stripeKey"),
});

// A map managed as a whole: names removed from it are deleted.
const settings = new supabase.Secrets("settings", {
  projectRef: project.ref,
  secrets: { GREETING: "hello", LOG_LEVEL: "info" },
});

export const stripeKeyDigest = stripeKey.digest;
export const settingNames = settings.names;
