/**
 * DatabaseMigration: SQL applied once to a project's database through the
 * platform's migration history (`/v1/projects/{ref}/database/migrations`), so
 * the platform and its CLI see it as applied, with its version and name.
 * Its documentation is `databaseMigrationDoc` below.
 */
import { z } from "zod";
import { defineKind, driftOutput } from "../../kind";
import { databaseMigrationImporter } from "./import";
import { invalidateTableSchemas, managementClient, providerContext } from "../../context";
import { withUnknownOutcome, type MigrationEntry, type MigrationListEntry } from "../../client/management";
import { SupabaseError } from "../../errors";
import { whenProjectReady } from "../../poll";
import { usageProjectRef, type ResourceDoc } from "../../resource-doc";
import { checkWith, containsUnknown, type Props, type ResourceImpl } from "../common";
import { withDrift, type Drift } from "../drift";
import { restorePointBeforeMigration } from "../restore-point";
import { DECLARED_SCHEMA_KEY_PREFIX, projectRef, sha256Hex } from "../shared";

export const databaseMigrationInputs = z
  .object({
    projectRef: projectRef
      .describe("The project's reference. A change replaces the migration.")
      .meta({ replaceOnChanges: true }),
    name: z
      .string({ error: "name is required" })
      .regex(
        /^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$/,
        "name must be 1-128 letters, digits, '_', '.' or '-', starting with a letter or digit",
      )
      .describe("The migration's name: 1–128 of `[A-Za-z0-9_.-]`, e.g. `001_plans`. A change replaces it.")
      .meta({ replaceOnChanges: true }),
    sql: z
      .string({ error: "sql is required" })
      .refine((s) => s.trim() !== "", "sql must not be empty")
      .describe(
        "The SQL to run once, through the migration history (`POST /v1/projects/{ref}/database/migrations`), which records it.",
      )
      .meta({ replaceOnChanges: true }),
    downSql: z
      .string({ error: "downSql must be a string" })
      .refine((s) => s.trim() !== "", "downSql must not be empty when given")
      .optional()
      .describe(
        "SQL that undoes `sql`: recorded as the history entry's rollback, and run (removing the entry) on destroy and before a changed `sql` is applied.",
      ),
    restorePointBefore: z
      .boolean({ error: "restorePointBefore must be a boolean" })
      .optional()
      .describe(
        "Take a restore point of the database before applying (named in the `restorePoint` output), to undo to with `POST …/database/backups/undo` (see RestorePoint).",
      ),
  })
  .strict();

export const migrationChecksum = (sql: string) => sha256Hex(sql);

/**
 * A digest of statements that does not depend on how they were split or
 * spaced: the platform's CLI records a file as one entry per statement, this
 * provider sends its `sql` as one. Runs of whitespace collapse, whitespace
 * around `;` and empty statements go away.
 */
export function statementsDigest(statements: readonly string[]): string {
  const text = statements
    .join(";")
    .replace(/\s+/g, " ")
    .replace(/\s*;\s*/g, ";")
    .replace(/;+/g, ";")
    .replace(/^[\s;]+|[\s;]+$/g, "");
  return sha256Hex(text);
}

/**
 * The `Idempotency-Key` of one migration's apply: derived from its identity
 * and its SQL, so a request repeated after a lost answer (or by a later run
 * after a crash) is recognised, while a changed migration is a new one.
 */
export function migrationIdempotencyKey(ref: string, name: string, sql: string): string {
  return `supabase-pulumi-${sha256Hex(`${ref}/${name}/${migrationChecksum(sql)}`).slice(0, 40)}`;
}

/** The history list, shared by the refresh reads of one project (one GET). */
function historyList(ref: string): Promise<MigrationListEntry[]> {
  return providerContext().list("migrations", ref, (c) => c.listMigrations(ref));
}

function historyChanged(ref: string): void {
  providerContext().invalidate("migrations", ref);
  // The schema may have changed: later TableRows in this process introspect again.
  invalidateTableSchemas();
}

/** Versions newest first (numeric when both are digits, as the history orders them). */
function newestFirst(a: MigrationListEntry, b: MigrationListEntry): number {
  return compareVersions(b.version, a.version);
}

function compareVersions(a: string, b: string): number {
  if (/^\d+$/.test(a) && /^\d+$/.test(b)) {
    const x = BigInt(a);
    const y = BigInt(b);
    return x < y ? -1 : x > y ? 1 : 0;
  }
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The newest entry named `name` that `match` accepts, reading each candidate
 * by version (the list has no statements or keys). Read-only and retried.
 */
async function findEntry(
  ref: string,
  entries: MigrationListEntry[],
  name: string,
  match: (e: MigrationEntry) => boolean,
): Promise<MigrationEntry | undefined> {
  const client = managementClient();
  for (const candidate of entries.filter((e) => e.name === name).sort(newestFirst)) {
    const entry = await client.getMigration(ref, candidate.version).catch((err: unknown) => {
      if (SupabaseError.is(err, "NOT_FOUND")) return undefined;
      throw err;
    });
    if (entry && match(entry)) return entry;
  }
  return undefined;
}

const sameStatements = (sql: string) => {
  const want = statementsDigest([sql]);
  return (e: MigrationEntry) => statementsDigest(e.statements ?? []) === want;
};

async function failing<T>(name: string, what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    throw new SupabaseError(
      SupabaseError.is(err) ? err.code : "API",
      `DatabaseMigration ${name}: ${what} failed: ${why}`,
      { cause: err },
    );
  }
}

/**
 * Applies the migration through the history, or adopts the entry the history
 * already has with the same name and statements. Answers the entry's version.
 */
async function applyOrAdopt(inputs: Props): Promise<{ version: string; adopted: boolean }> {
  const ref: string = inputs.projectRef;
  const client = managementClient();
  const before = await client.listMigrations(ref);
  const existing = await findEntry(ref, before, inputs.name, sameStatements(inputs.sql));
  if (existing) {
    // Adopted without running. Record the declared downSql as the entry's rollback.
    if (inputs.downSql && statementsDigest(existing.rollback ?? []) !== statementsDigest([inputs.downSql]))
      await client.patchMigration(ref, existing.version, { rollback: inputs.downSql });
    return { version: existing.version, adopted: true };
  }
  const key = migrationIdempotencyKey(ref, inputs.name, inputs.sql);
  const known = new Set(before.map((e) => e.version));
  /** The entry this apply recorded: new since `before`, with this name and key. */
  const recorded = async () => {
    const after = (await client.listMigrations(ref)).filter((e) => !known.has(e.version));
    return findEntry(ref, after, inputs.name, (e) => e.idempotency_key === key);
  };
  const body = { query: inputs.sql, name: inputs.name, ...(inputs.downSql ? { rollback: inputs.downSql } : {}) };
  try {
    // An unknown outcome is settled by looking for the entry; the write goes again only when it is not there.
    const entry = await withUnknownOutcome(
      async () => {
        await client.applyMigration(ref, body, key);
        return (await recorded()) ?? null;
      },
      async () => (await recorded()) ?? undefined,
    );
    if (!entry)
      throw new SupabaseError(
        "API",
        "the service answered 200 but the history has no entry with this migration's idempotency key",
      );
    return { version: entry.version, adopted: false };
  } finally {
    historyChanged(ref);
  }
}

/** What refresh found: the entry's version (looked up by name for state without one) and the drift. */
async function observe(props: Props): Promise<{ version?: string; drift: Drift }> {
  const ref: string = props.projectRef;
  const label = (v: string | undefined) => (v ? `${v} ${props.name}` : String(props.name));
  const entries = await historyList(ref);
  let version: string | undefined = props.version;
  if (version === undefined) {
    // Recorded before the state kept versions: the newest entry with this name and these statements.
    version = (await findEntry(ref, entries, props.name, sameStatements(props.sql)))?.version;
    return version ? { version, drift: {} } : { drift: { deleted: [`missing from history: ${label(undefined)}`] } };
  }
  if (!entries.some((e) => e.version === version))
    return { version, drift: { deleted: [`missing from history: ${label(version)}`] } };
  const entry = await managementClient()
    .getMigration(ref, version)
    .catch((err: unknown) => {
      if (SupabaseError.is(err, "NOT_FOUND")) return undefined;
      throw err;
    });
  if (!entry) return { version, drift: { deleted: [`missing from history: ${label(version)}`] } };
  const changed: string[] = [];
  if (!sameStatements(props.sql)(entry)) changed.push(`statements changed: ${label(version)}`);
  if ((entry.name ?? "") !== props.name) changed.push(`name changed: ${label(version)}`);
  return { version, drift: { changed } };
}

/** Rollbacks in flight in this process, per project: version → its promise. */
const rollbacks = new Map<string, Map<string, Promise<unknown>>>();

/**
 * Rolls the migration back through the history: its entry's rollback is set
 * to `downSql`, then `DELETE …?gte=<version>` runs it and removes the entry.
 * That call also rolls back every later version, so later entries must be
 * gone first: rollbacks of later migrations running in this process are
 * waited for; any other later entry stops the destroy with its versions.
 */
async function rollBack(props: Props): Promise<void> {
  const ref: string = props.projectRef;
  const inFlight = rollbacks.get(ref) ?? new Map<string, Promise<unknown>>();
  rollbacks.set(ref, inFlight);
  // Announced before the first call, so an earlier migration destroyed at the same time waits for this one.
  const known: string | undefined = props.version;
  let done!: () => void;
  const announced = new Promise<void>((resolve) => (done = resolve));
  if (known !== undefined) inFlight.set(known, announced);
  try {
    await rollBackNow(ref, props, inFlight);
  } finally {
    if (known !== undefined && inFlight.get(known) === announced) inFlight.delete(known);
    done();
  }
}

async function rollBackNow(ref: string, props: Props, inFlight: Map<string, Promise<unknown>>): Promise<void> {
  const client = managementClient();
  const entries = await client.listMigrations(ref);
  const version: string | undefined =
    props.version ?? (await findEntry(ref, entries, props.name, sameStatements(props.sql)))?.version;
  // No entry: it was rolled back or removed out of band, so there is nothing of ours to undo.
  if (version === undefined || !entries.some((e) => e.version === version)) return;
  let later = entries.filter((e) => compareVersions(e.version, version) > 0);
  const waits = later.map((e) => inFlight.get(e.version)).filter((p) => p !== undefined);
  if (waits.length > 0) {
    await Promise.allSettled(waits);
    later = (await client.listMigrations(ref)).filter((e) => compareVersions(e.version, version) > 0);
  }
  // A DatabaseSchema's later entries run nothing when rolled back (they have no rollback): they go with
  // this one and are recorded again after, so the history keeps them and the declared objects stay.
  const fetched = await Promise.all(later.map((e) => client.getMigration(ref, e.version)));
  const keep = fetched.filter(isDeclaredSchemaEntry);
  const blocking = later.filter((e) => !keep.some((k) => k.version === e.version));
  if (blocking.length > 0) {
    const names = blocking.map((e) => (e.name ? `${e.version} ${e.name}` : e.version));
    throw new SupabaseError(
      "CONFLICT",
      `the history has later migrations (${names.join(", ")}); rolling back version ${version} would undo them too. Roll those back first (declare dependsOn so destroy orders them), or add a new migration instead of changing this one.`,
    );
  }
  try {
    await client.patchMigration(ref, version, { rollback: props.downSql });
    await client.rollbackMigrations(ref, version);
    for (const e of keep.sort((a, b) => compareVersions(a.version, b.version)))
      await client.upsertMigration(
        ref,
        { query: (e.statements ?? []).map((s) => `${s.trim().replace(/;$/, "")};\n`).join(""), name: e.name },
        e.idempotency_key!,
      );
  } finally {
    historyChanged(ref);
  }
}

/** An entry a DatabaseSchema wrote: known by its key, with no rollback to run. */
function isDeclaredSchemaEntry(e: MigrationEntry): boolean {
  return (e.idempotency_key ?? "").startsWith(DECLARED_SCHEMA_KEY_PREFIX) && (e.rollback ?? []).every((s) => !s.trim());
}

function outputs(inputs: Props, found: { version: string; adopted: boolean }): Props {
  return {
    ...inputs,
    checksum: migrationChecksum(inputs.sql),
    appliedAt: new Date().toISOString(),
    version: found.version,
    adopted: found.adopted,
  };
}

/** Whether a refresh found the history out of step with the state (then `up` records it again). */
function drifted(props: Props): boolean {
  const d = props.drift as Drift | undefined;
  return !!d && ((d.deleted?.length ?? 0) > 0 || (Array.isArray(d.changed) && d.changed.length > 0));
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
    const changes = replaces.length > 0 || (olds.downSql ?? null) !== (news.downSql ?? null) || drifted(olds);
    // Undo the old version before applying the new one: both usually touch the same objects.
    return { changes, replaces, deleteBeforeReplace: replaces.length > 0 };
  },

  async create(inputs) {
    const point = inputs.restorePointBefore
      ? await whenProjectReady(inputs.projectRef, "take a restore point", () =>
          restorePointBeforeMigration(inputs.projectRef, inputs.name, inputs.sql),
        )
      : undefined;
    const found = await failing(inputs.name, "applying sql", () =>
      whenProjectReady(inputs.projectRef, "accept queries", () => applyOrAdopt(inputs)),
    );
    return {
      id: `${inputs.projectRef}/${inputs.name}`,
      outs: { ...outputs(inputs, found), ...(point ? { restorePoint: point } : {}) },
    };
  },

  async read(id, props) {
    const { version, drift } = await observe(props);
    return { id, props: withDrift(version === undefined ? props : { ...props, version }, drift) };
  },

  async update(_id, olds, news) {
    const ref: string = news.projectRef;
    const client = managementClient();
    let version: string | undefined = olds.version;
    await failing(news.name, "updating the history entry", async () => {
      if (drifted(olds)) {
        // Refresh found the entry missing or changed: record it again, without running the SQL.
        const key = migrationIdempotencyKey(ref, news.name, news.sql);
        const body = { query: news.sql, name: news.name, ...(news.downSql ? { rollback: news.downSql } : {}) };
        // The upsert is keyed and safe to repeat. A project that is restarting (a Postgres setting
        // applied in the same up) refuses queries for a while: wait that out instead of failing.
        const entry = await whenProjectReady(ref, "accept queries", async () => {
          await client.upsertMigration(ref, body, key);
          historyChanged(ref);
          return findEntry(ref, await client.listMigrations(ref), news.name, (e) => e.idempotency_key === key);
        });
        version = entry?.version;
      } else if (version !== undefined && news.downSql) {
        await client.patchMigration(ref, version, { rollback: news.downSql });
      }
    });
    const { drift: _drift, ...rest } = olds;
    return {
      outs: {
        ...news,
        checksum: rest.checksum,
        appliedAt: rest.appliedAt,
        version,
        adopted: rest.adopted ?? false,
      },
    };
  },

  async delete(_id, props) {
    if (props.downSql) await failing(props.name, "running downSql", () => rollBack(props));
  },
};

export const databaseMigrationDoc: ResourceDoc<typeof databaseMigrationInputs> = {
  name: "DatabaseMigration",
  page: "database-migration",
  usage: {
    name: "plans-table",
    inputs: {
      projectRef: usageProjectRef(),
      name: "001_plans",
      sql: "create table plans (code text primary key, name text not null, price numeric(10,2) not null)",
      downSql: "drop table plans",
    },
  },
  manages: "SQL applied once through the platform's migration history, with an optional `downSql`",
  summary:
    "SQL applied once to a project's database through the platform's migration history, which records it with its version and name.",
  inputs: databaseMigrationInputs,
  outputs: z.object({
    projectRef: z.string(),
    name: z.string(),
    checksum: z.string().describe("Hex SHA-256 of the applied SQL."),
    appliedAt: z.string().describe("When the SQL was applied (or the entry adopted)."),
    version: z
      .string()
      .describe("The migration's version in the platform's history (a 14-digit UTC timestamp the service assigns)."),
    adopted: z
      .boolean()
      .describe(
        "True when the history already had this migration (same name and statements) and it was not run again.",
      ),
    restorePoint: z
      .string()
      .optional()
      .describe("With `restorePointBefore`: the name of the restore point taken before the SQL ran."),
    drift: driftOutput(
      'After a refresh that found drift: "missing from history: <version> <name>" (in `deleted`), or "statements changed: …" / "name changed: …" (in `changed`). Never the SQL. Cleared by `up`.',
    ),
  }),
  behaviour: {
    replace:
      'A change of `projectRef` or `name`, or of the `sql` of an applied migration that has a `downSql` (the old `downSql` runs first, then the new `sql`). Without a `downSql`, preview refuses a changed `sql`: "migration "…" is already applied and has no downSql, so its SQL cannot change; add a new migration instead". A replacement rolls back through the history, so it fails (code CONFLICT) while later migrations are recorded; add a new migration instead. Changing only `downSql` is an in-place update that sets the entry\'s rollback.',
    adopt:
      "Declaring a migration the history already has (an entry with the same name and the same statements, compared ignoring whitespace and how they were split into statements, e.g. one applied by the platform's CLI) adopts that entry without running it again, and records `downSql` as its rollback. A same-named entry with other statements is not adopted: the SQL is applied as a new entry.",
    drift:
      "Refresh reads the history: an entry removed out of band is drift (`missing from history`), and so is an entry whose statements or name changed. Entries applied by anyone else are left alone. `up` after such a refresh records the entry again (`PUT …/database/migrations`, without running the SQL); to run the SQL again, replace the resource (`pulumi up --replace <urn>`).",
    destroy:
      "With `downSql`: sets it as the entry's rollback, then `DELETE …/database/migrations?gte=<version>` runs it and removes the entry. That call also rolls back every later version, so a destroy fails (code CONFLICT) while later entries exist, except later migrations being destroyed at the same time in this run, which it waits for; an entry already gone means there is nothing to undo. Without `downSql`: the database and the history are left alone, and the migration leaves the stack only.",
    notes: [
      "Applies once: the state records the checksum, and an unchanged migration is never run again. The platform's CLI sees it as applied.",
      "Each apply carries an `Idempotency-Key` derived from the project, the name and the SQL, so the service runs a repeated request only once; when an answer is lost, the provider looks for the entry with that key before sending anything again.",
      "SQL run through `POST …/database/query` is not in the history; migrations applied by an older version of this provider (which wrote the history table itself) are found by name and statements on refresh.",
      "Order between migrations, and from `TableRows` to the migration that creates its table, comes from ordinary Pulumi `dependsOn`.",
      'With `restorePointBefore: true`, create first takes a restore point (`pre-` and 16 hex digits; +1 `GET` and 1 `POST …/database/backups/restore-point`). To undo the migration and everything written after it: `POST /v1/projects/{ref}/database/backups/undo` with `{ "name": <the restorePoint output> }` (see RestorePoint), then `pulumi refresh`.',
    ],
  },
  footprintUnit: "management API calls",
  footprint: [
    { operation: "check, diff", calls: "0" },
    {
      operation: "read (refresh)",
      calls:
        "≤1 `GET /v1/projects/{ref}/database/migrations` per project, shared by all reads, + 1 `GET …/database/migrations/{version}` per migration still listed",
    },
    {
      operation: "create",
      calls:
        "`GET …/database/migrations`, 1 `GET …/{version}` per entry of the same name, 1 `POST …/database/migrations`, then `GET …/database/migrations` + 1 `GET …/{version}` to learn the version (4 for a new name); adopting: the first two, + 1 `PATCH` when `downSql` differs",
    },
    {
      operation: "update",
      calls: "1 `PATCH …/{version}` (only `downSql` changed); after drift: `PUT`, `GET` list, `GET …/{version}`",
    },
    {
      operation: "delete",
      calls:
        "with `downSql`: `GET …/database/migrations`, `PATCH …/{version}`, `DELETE …/database/migrations?gte=…`; 0 without it",
    },
  ],
  example: "migration-seed",
};

export default defineKind(databaseMigration, databaseMigrationDoc, {
  recover: {
    adopts: "create adopts a history entry of the same name and statements instead of running it again",
  },
  importer: databaseMigrationImporter,
});
