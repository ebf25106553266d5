/**
 * DatabaseMigration: SQL applied once to a project's database through the
 * management API's `POST /v1/projects/{ref}/database/query`. Its
 * documentation is `databaseMigrationDoc` below.
 */
import { z } from "zod";
import { invalidateTableSchemas, managementClient } from "../context";
import { withUnknownOutcome } from "../client/outcome";
import { SupabaseError } from "../errors";
import type { ResourceDoc } from "../resource-doc";
import { checkWith, containsUnknown, type Props, type ResourceImpl } from "./common";
import { projectRef, sha256Hex } from "./shared";

export const databaseMigrationInputs = z
  .object({
    projectRef: projectRef.describe("The project's reference. A change replaces the migration."),
    name: z
      .string({ error: "name is required" })
      .regex(
        /^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$/,
        "name must be 1-128 letters, digits, '_', '.' or '-', starting with a letter or digit",
      )
      .describe("The migration's name: 1–128 of `[A-Za-z0-9_.-]`, e.g. `001_plans`. A change replaces it."),
    sql: z
      .string({ error: "sql is required" })
      .refine((s) => s.trim() !== "", "sql must not be empty")
      .describe("The SQL to run once, through `POST /v1/projects/{ref}/database/query`."),
    downSql: z
      .string({ error: "downSql must be a string" })
      .refine((s) => s.trim() !== "", "downSql must not be empty when given")
      .optional()
      .describe("SQL that undoes `sql`: run on destroy, and before a changed `sql` is applied."),
  })
  .strict();

export const migrationChecksum = (sql: string) => sha256Hex(sql);

/**
 * The migration history table the platform itself keeps. Each script the
 * provider runs records (or, for `downSql`, removes) its migration's row in
 * the same implicit transaction, so when a request's outcome is unknown (the
 * connection dropped, a 5xx) a read-only look at the row says whether the
 * script committed, and it is sent again only if it did not.
 */
const HISTORY = "supabase_migrations.schema_migrations";
const HISTORY_DDL =
  "create schema if not exists supabase_migrations;\n" +
  `create table if not exists ${HISTORY} (version text primary key, statements text[], name text);`;

/** A dollar-quote tag that does not occur in the text. */
function dollarQuote(text: string): string {
  let tag = "migration";
  for (let i = 0; text.includes(`$${tag}$`); i++) tag = `migration${i}`;
  return `$${tag}$${text}$${tag}$`;
}

/** The script: the user's SQL, then the history row change, as one implicit transaction. */
function script(name: string, sql: string, direction: "up" | "down"): string {
  // `name` is restricted to [A-Za-z0-9_.-] by the schema, so it is a safe literal.
  const record =
    direction === "up"
      ? `insert into ${HISTORY} (version, statements, name) values ` +
        `(to_char(clock_timestamp() at time zone 'utc', 'YYYYMMDDHH24MISSUS'), array[${dollarQuote(sql)}], '${name}');`
      : `delete from ${HISTORY} where name = '${name}';`;
  return `${sql}\n;\n${HISTORY_DDL}\n${record}`;
}

/** Whether the history holds this migration's row with this SQL (read-only, retryable). */
async function recorded(ref: string, name: string, sql: string | undefined): Promise<boolean> {
  const client = managementClient();
  const exists = await client.runQuery<{ n: number }>(
    ref,
    "select count(*)::int as n from pg_catalog.pg_tables where schemaname = 'supabase_migrations' and tablename = 'schema_migrations'",
    undefined,
    { readOnly: true },
  );
  if (!exists[0] || Number(exists[0].n) === 0) return false;
  const rows = await client.runQuery<{ n: number }>(
    ref,
    sql === undefined
      ? `select count(*)::int as n from ${HISTORY} where name = $1`
      : `select count(*)::int as n from ${HISTORY} where name = $1 and statements[1] = $2`,
    sql === undefined ? [name] : [name, sql],
    { readOnly: true },
  );
  return Number(rows[0]?.n ?? 0) > 0;
}

async function run(ref: string, name: string, what: string, sql: string, direction: "up" | "down"): Promise<void> {
  try {
    await withUnknownOutcome(
      () => managementClient().runQuery(ref, script(name, sql, direction)),
      async () => {
        const present = await recorded(ref, name, direction === "up" ? sql : undefined);
        return present === (direction === "up") ? [] : undefined;
      },
    );
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    throw new SupabaseError(
      SupabaseError.is(err) ? err.code : "API",
      `DatabaseMigration ${name}: ${what} failed: ${why}`,
      { cause: err },
    );
  } finally {
    // The schema may have changed: later TableRows in this process introspect again.
    invalidateTableSchemas();
  }
}

function outputs(inputs: Props): Props {
  return { ...inputs, checksum: migrationChecksum(inputs.sql), appliedAt: new Date().toISOString() };
}

export const databaseMigration: ResourceImpl = {
  async check(olds, news) {
    const res = checkWith(databaseMigrationInputs, news);
    if ((res.failures?.length ?? 0) > 0 || containsUnknown(news.sql)) return res;
    const applied = typeof olds?.sql === "string" && olds.projectRef === news.projectRef && olds.name === news.name;
    if (applied && migrationChecksum(olds.sql) !== migrationChecksum(news.sql) && !olds.downSql) {
      return {
        inputs: res.inputs,
        failures: [
          {
            property: "sql",
            reason: `migration "${news.name}" is already applied and has no downSql, so its SQL cannot change; add a new migration instead (or give the applied migration a downSql first)`,
          },
        ],
      };
    }
    return { inputs: res.inputs, failures: [] };
  },

  async diff(_id, olds, news) {
    const replaces: string[] = [];
    if (olds.projectRef !== news.projectRef || containsUnknown(news.projectRef)) replaces.push("projectRef");
    if (olds.name !== news.name) replaces.push("name");
    if (containsUnknown(news.sql) || olds.checksum !== migrationChecksum(news.sql)) replaces.push("sql");
    const changes = replaces.length > 0 || (olds.downSql ?? null) !== (news.downSql ?? null);
    // Undo the old version before applying the new one: both usually touch the same objects.
    return { changes, replaces, deleteBeforeReplace: replaces.length > 0 };
  },

  async create(inputs) {
    await run(inputs.projectRef, inputs.name, "applying sql", inputs.sql, "up");
    return { id: `${inputs.projectRef}/${inputs.name}`, outs: outputs(inputs) };
  },

  async read(id, props) {
    return { id, props };
  },

  async update(_id, olds, news) {
    return { outs: { ...news, checksum: olds.checksum, appliedAt: olds.appliedAt } };
  },

  async delete(_id, props) {
    if (props.downSql) await run(props.projectRef, props.name, "running downSql", props.downSql, "down");
  },
};

export const databaseMigrationDoc: ResourceDoc = {
  name: "DatabaseMigration",
  page: "database-migration",
  summary: "SQL applied once to a project's database through the management API.",
  inputs: databaseMigrationInputs,
  outputs: {
    checksum: "Hex SHA-256 of the applied SQL.",
    appliedAt: "When the SQL was applied.",
  },
  behaviour: {
    replace:
      'A change of `projectRef` or `name`, or of the `sql` of an applied migration that has a `downSql` (the old `downSql` runs first, then the new `sql`). Without a `downSql`, preview refuses a changed `sql`: "migration "…" is already applied and has no downSql, so its SQL cannot change; add a new migration instead". Changing only `downSql` is an in-place update.',
    adopt:
      "Not applicable. Declaring an already-applied migration runs its SQL again, so write idempotent SQL (`create table if not exists …`) when taking over an existing database.",
    drift: "None: a migration cannot be observed in the database, so refresh keeps the recorded state.",
    destroy: "Runs `downSql` if there is one. Otherwise it removes the migration from the stack only.",
    notes: [
      "Applies once: the state records the checksum, and an unchanged migration is never run again.",
      "Each script also records its migration in the platform's history table (`supabase_migrations.schema_migrations`) in the same transaction, which is how a request whose outcome is unknown is settled without running the SQL twice.",
      "Order between migrations, and from `TableRows` to the migration that creates its table, comes from ordinary Pulumi `dependsOn`.",
    ],
  },
  footprintUnit: "management API calls",
  footprint: [
    { operation: "check, diff, read (refresh)", calls: "0" },
    {
      operation: "create",
      calls: "1 `POST /v1/projects/{ref}/database/query` (+2 read-only POSTs to settle an unknown outcome)",
    },
    { operation: "update", calls: "0 (only `downSql` changed)" },
    { operation: "delete", calls: "1 `POST …/database/query` with `downSql`; 0 without it" },
  ],
  example: "migration-seed",
};

export default databaseMigration;
