// The database schema as code (README, "The database schema as code"): the desired state of the `public` schema
// is the SQL files in schemas/, loaded in lexicographic order. `pulumi preview` shows the exact SQL the next `up`
// runs (the `plan` output); `up` applies it as one migration of the project's history; `supabase-pulumi drift`
// names a policy dropped or a grant revoked in the dashboard, and the next `up` repairs it.
// tests/e2e/database-schema.e2e.test.ts runs it from the packed tarball.
import * as pulumi from "@pulumi/pulumi";
import * as supabase from "supabase-pulumi";

const config = new pulumi.Config();

const org = new supabase.Organization("org", { name: "Declarative Schema Example" });
const project = new supabase.Project("project", {
  name: "declarative-schema",
  organizationId: org.organizationId,
  region: "eu-central-1",
  dbPass: config.requireSecret("dbPass"),
});

// Everything else at its default: it owns `public`, refuses a plan that loses data, names its migrations
// `declarative_schema_<digest>`, and leaves the database alone on destroy.
const schema = new supabase.DatabaseSchema("app-schema", {
  projectRef: project.ref,
  sourceDir: "schemas",
});

export const projectRef = project.ref;
export const schemaHash = schema.hash;
export const lastMigrationVersion = schema.lastMigrationVersion;
