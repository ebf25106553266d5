// Edge functions from a folder: every subfolder of functions/ is one function, named after the subfolder, deployed
// through functions/deploy with its sibling modules and its import map. Only a hash per function is kept in state, so
// an unchanged folder is never sent again, and a changed file redeploys just its function; with prune, a removed
// subfolder's function is deleted.
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import * as supabase from "../../sdk";

const config = new pulumi.Config();

const org = new supabase.Organization("org", { name: "Functions Example" });
const project = new supabase.Project("project", {
  name: "functions-example",
  organizationId: org.organizationId,
  region: "eu-central-1",
  dbPass: config.requireSecret("dbPass"),
});

const functions = new supabase.Functions("functions", {
  projectRef: project.ref,
  // Relative to the program's directory, so state holds no machine path.
  sourceDir: path.relative(process.cwd(), path.join(__dirname, "functions")),
  // Used by each function whose folder has one.
  importMapPath: "deno.json",
  verifyJwt: false,
  prune: true,
});

export const slugs = functions.slugs;
export const versions = functions.versions;
