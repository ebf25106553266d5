// The policy pack at work (README, "Security gates"). With `fixed` false this
// program opens the database to every address, creates a table in the
// exposed `public` schema without row level security, then seeds it, and
// declares one schema in two DatabaseSchemas:
//
//   pulumi preview --policy-pack node_modules/supabase-pulumi/policy
//
// fails before anything is created, naming each resource, field and fix.
// `pulumi config set fixed true` declares the fixes, and the same preview passes.
// tests/e2e/policy.e2e.test.ts runs both from the packed tarball.
import * as pulumi from "@pulumi/pulumi";
import * as supabase from "supabase-pulumi";

const config = new pulumi.Config();
const fixed = config.getBoolean("fixed") ?? false;

const org = new supabase.Organization("org", { name: "Policy Example" });
const project = new supabase.Project("project", {
  name: "policy-example",
  organizationId: org.organizationId,
  region: "eu-central-1",
  dbPass: config.requireSecret("dbPass"),
});

// network_restrictions_not_set: 0.0.0.0/0 lets every address reach the database.
new supabase.NetworkRestriction("db-access", {
  projectRef: project.ref,
  dbAllowedCidrs: fixed ? ["203.0.113.0/24"] : ["0.0.0.0/0"],
});

// rls_disabled_in_public: a table in an exposed schema needs row level security.
const todos = new supabase.DatabaseMigration("todos-table", {
  projectRef: project.ref,
  name: "001_todos",
  sql: "create table public.todos (id bigint primary key, title text not null, done boolean not null default false);",
});
const migrations = [todos];
if (fixed)
  migrations.push(
    new supabase.DatabaseMigration(
      "todos-rls",
      {
        projectRef: project.ref,
        name: "002_todos_rls",
        sql: `alter table public.todos enable row level security;
              create policy "todos are readable" on public.todos for select using (true);`,
      },
      { dependsOn: [todos] },
    ),
  );

// table_rows_rls_disabled: seeding the open table is flagged too, until the migration above fixes it.
new supabase.TableRows(
  "todos",
  { projectRef: project.ref, table: "public.todos", rows: [{ id: 1, title: "Write the policy", done: true }] },
  { dependsOn: migrations },
);

new supabase.SslEnforcement("ssl", { projectRef: project.ref, database: true });

// schema_owned_twice: two DatabaseSchemas owning one schema of the project would each drop what the other declares.
new supabase.DatabaseSchema("notes-schema", {
  projectRef: project.ref,
  schemas: ["app"],
  sql: "create schema app; create table app.notes (id bigint primary key, body text); alter table app.notes enable row level security;",
});
const tags = fixed ? "tags" : "app";
new supabase.DatabaseSchema("tags-schema", {
  projectRef: project.ref,
  schemas: [tags],
  sql: `create schema ${tags}; create table ${tags}.tag (id bigint primary key, name text); alter table ${tags}.tag enable row level security;`,
});

export const projectRef = project.ref;
