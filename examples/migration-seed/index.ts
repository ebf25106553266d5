// A table created by a migration, and the reference data that lives in it,
// kept exactly as declared through the project's GraphQL API.
import * as pulumi from "@pulumi/pulumi";
import * as supabase from "../../sdk";

const config = new pulumi.Config();

const org = new supabase.Organization("org", { name: "Migration Example" });
const project = new supabase.Project("project", {
  name: "migration-example",
  organizationId: org.organizationId,
  region: "eu-central-1",
  dbPass: config.requireSecret("dbPass"),
});

// Schema first: applied once, undone by `downSql` on destroy.
const plansTable = new supabase.DatabaseMigration("plans-table", {
  projectRef: project.ref,
  name: "001_plans",
  sql: "create table plans (code text primary key, name text not null, price numeric(10,2) not null, features jsonb not null default '{}')",
  downSql: "drop table plans",
});

// Then the rows, which depend on the table.
const plans = new supabase.TableRows(
  "plans",
  {
    projectRef: project.ref,
    table: "public.plans",
    rows: [
      { code: "free", name: "Free", price: "0", features: { seats: 1 } },
      { code: "pro", name: "Pro", price: "25.00", features: { seats: 10 } },
    ],
  },
  { dependsOn: [plansTable] },
);

export const seededPlans = plans.rowCount;
