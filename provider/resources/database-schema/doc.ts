/** DatabaseSchema's documentation, as data: the docs page, the SDK's descriptions and the usage example come from it. */
import { z } from "zod";
import { driftOutput } from "../../kind";
import { usageProjectRef, type ResourceDoc } from "../../resource-doc";
import { databaseSchemaInputs } from "./inputs";

export const databaseSchemaDoc: ResourceDoc<typeof databaseSchemaInputs> = {
  name: "DatabaseSchema",
  page: "database-schema",
  usage: {
    name: "app-schema",
    inputs: {
      projectRef: usageProjectRef(),
      schemas: ["app"],
      sql: "create schema app;\ncreate table app.todo (id bigint generated always as identity primary key, task text not null, done boolean not null default false);\nalter table app.todo enable row level security;\ncreate policy todo_read on app.todo for select to authenticated using (true);",
    },
  },
  manages:
    "the declared schema of owned schemas (tables, policies, grants...), planned from the live catalog and applied as one migration",
  summary:
    "The database schema as code: SQL files declaring the desired state of the schemas it owns. Preview shows the exact SQL the next `up` runs (`plan`); `up` applies it as one migration of the platform's history, in one transaction; refresh reads the live catalog and names each object that differs (a table, a column, a policy, a grant).",
  inputs: databaseSchemaInputs,
  resourceName: true,
  outputs: z.object({
    projectRef: z.string(),
    schemas: z.array(z.string()),
    hash: z.string().describe("Hex SHA-256 of the declaration: the files' names and text, and the owned schemas."),
    plan: z
      .string()
      .describe(
        "The SQL the next `up` runs, one statement a line: computed by check (so `preview` shows it) and by refresh; empty after `up`.",
      ),
    lastMigrationVersion: z
      .string()
      .optional()
      .describe(
        "The version of the last migration this resource recorded in the history (none until a plan was applied).",
      ),
    appliedStatements: z.number().optional().describe("How many statements the last `up` applied."),
    pendingStatements: z.number().optional().describe("After a refresh: how many statements the next `up` runs."),
    drift: driftOutput(
      'After a refresh that found the live schema different from the declaration: each object that differs, with why, in `changed` (e.g. "policy public.notes.owner_read (missing)", "grants table public.notes (anon SELECT is granted but not declared)", "column public.notes.body (default \'x\'::text → \'y\'::text)"). The repairing SQL is `plan`. Cleared by `up`.',
    ),
  }),
  behaviour: {
    replace: "A change of `projectRef`. Everything else is an in-place update: a new plan applied as a new migration.",
    adopt:
      "Adoption is the model: the first `up` plans from whatever the owned schemas hold to the declaration, so declaring what exists applies nothing (an empty plan records no migration).",
    drift:
      "Refresh reads the live catalog of the owned schemas (one read-only query) and names each object that differs from the declaration in `drift.changed`, with the repairing SQL in `plan`: a policy dropped, a grant revoked, a column added or a default changed out of band. `up` then applies that repair as a migration.",
    destroy:
      "With `onDelete: retain` (the default) the database is left alone. With `onDelete: drop`, the owned objects are dropped (the `public` schema itself stays) in one migration.",
    notes: [
      "The declaration is loaded into a scratch PGlite (PostgreSQL 18 in WebAssembly) that has the platform's roles (`anon`, `authenticated`, `service_role`, ...), `auth.users`, `auth.uid()`, `auth.jwt()`, `storage.objects` and the `extensions` schema. A file that does not parse or load fails check with its file, line and PostgreSQL's message, before any write. Extensions the scratch database lacks (only `pgcrypto`, `uuid-ossp`, `pg_trgm`, `citext`, `btree_gist` load there) fail check too.",
      "Check also reads the live catalog (one read-only `POST …/database/query`) to compute `plan`, so that preview shows the exact SQL: diff stays pure. When the project cannot be read yet (it is being created), `plan` is left out and computed at `up`.",
      "A plan that drops a table, a column or a schema, narrows a column's type or removes an enum value fails check (and `up`) unless `allowDestructive: true`, naming each statement.",
      "A plan that fails on the live database applies nothing (one migration, one transaction); the error carries the service's message and the failing statement (found by one more call that runs the statements in a block that always rolls back).",
      "Owned schemas the platform reserves (`auth`, `pg_catalog`, `graphql`, `extensions`, `supabase_migrations`, ...) are refused with the reason; `storage` may be owned only to declare policies on its tables.",
      "Grants and default privileges are compared for every role but the object's owner; default privileges are those of the role that runs the migrations. Extensions outside the owned schemas are created when declared and never dropped.",
      "Two DatabaseSchemas owning the same schema of one project (or branch) are refused: check fails on `schemas`, naming the other resource and the schema, before any API call, since each would drop what the other declares. Check compares the resources of one run (the plugin knows each by its URN; the TypeScript SDK's class passes its name, a hidden input that is not stored). The policy pack's `schema_owned_twice` finds the same over the whole stack at preview, also when `projectRef` is not known yet but comes from the same resource.",
      "Not covered yet: roles, publications, rules, event triggers, foreign data, partitions and inheritance, ownership.",
    ],
  },
  footprintUnit: "management API calls",
  footprint: [
    { operation: "check", calls: "1 read-only `POST …/database/query` (the catalog), when the project exists" },
    { operation: "diff", calls: "0" },
    { operation: "read (refresh)", calls: "1 read-only `POST …/database/query`" },
    {
      operation: "create, update",
      calls:
        "1 read-only `POST …/database/query`; with a non-empty plan: `GET …/database/migrations`, `POST …/database/migrations`, `GET …/database/migrations` + 1 `GET …/{version}`",
    },
    { operation: "delete", calls: "0 (`retain`); `drop`: the catalog query and a migration as for update" },
  ],
  example: "declarative-schema",
};
