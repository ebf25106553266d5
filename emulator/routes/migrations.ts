/**
 * The migration history of a project's database: the platform keeps it in
 * `supabase_migrations.schema_migrations` (the table its CLI reads), and the
 * management API lists, applies, upserts, patches and rolls back its entries.
 * Applying runs the statements and records the entry in one transaction; an
 * `Idempotency-Key` already recorded answers as the first request did,
 * without running anything. SQL run through `/database/query` never touches
 * the history, as on the service.
 */
import { z } from "zod";
import { SqlError, type ProjectDatabase, type SqlExecutor } from "../db";
import type { EmulatorContext } from "../store/context";
import { ApiError, Messages } from "../pipeline/errors";
import { defineRoute, type RouteContext, type RouteDef } from "../pipeline/router";
import { requireHealthy } from "../settings/store";
import { sqlErrorMessage } from "./database";

export const HISTORY = "supabase_migrations.schema_migrations";

/** The table as the CLI creates it, plus the columns the API's answers carry; safe to run again. */
export const HISTORY_DDL = `
create schema if not exists supabase_migrations;
create table if not exists ${HISTORY} (version text primary key, statements text[], name text);
alter table ${HISTORY} add column if not exists created_by text;
alter table ${HISTORY} add column if not exists idempotency_key text;
alter table ${HISTORY} add column if not exists rollback text[];
create unique index if not exists schema_migrations_idempotency_key_key on ${HISTORY} (idempotency_key);
`;

const MigrationBody = z.strictObject({
  query: z.string().min(1),
  name: z.string().optional(),
  rollback: z.string().optional(),
});

const PatchBody = z.strictObject({
  name: z.string().optional(),
  rollback: z.string().optional(),
});

const RollbackQuery = z.looseObject({
  gte: z.string({ error: "gte is required" }).regex(/^\d+$/, "gte must be a version: digits only"),
});

export interface HistoryRow {
  version: string;
  name: string | null;
  statements: string[] | null;
  rollback: string[] | null;
  created_by: string | null;
  idempotency_key: string | null;
}

/** The project's database, once the project can run queries (the same rules as `/database/query`). */
async function projectDatabase(app: EmulatorContext, ref: string): Promise<ProjectDatabase> {
  const p = app.requireProject(ref);
  if (app.status(p) === "GOING_DOWN") throw new ApiError(400, Messages.resourceRemoved);
  requireHealthy(app, p, "run queries");
  return app.db.forProject(p.ref);
}

/** SQL errors become the service's 400 text; anything else passes through. */
export async function sqlErrors<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof SqlError) throw new ApiError(400, sqlErrorMessage(err));
    throw err;
  }
}

/** Writes to one project's history run one at a time, so versions stay unique and ordered. */
const writeQueues = new WeakMap<EmulatorContext, Map<string, Promise<unknown>>>();

export function serialized<T>(app: EmulatorContext, ref: string, fn: () => Promise<T>): Promise<T> {
  let queues = writeQueues.get(app);
  if (!queues) writeQueues.set(app, (queues = new Map()));
  const prev = queues.get(ref) ?? Promise.resolve();
  const next = prev.then(fn, fn);
  const settled = next.then(
    () => undefined,
    () => undefined,
  );
  queues.set(ref, settled);
  void settled.then(() => {
    if (queues.get(ref) === settled) queues.delete(ref);
  });
  return next;
}

export async function historyExists(db: SqlExecutor): Promise<boolean> {
  const r = await db.query<{ t: string | null }>(`select to_regclass('${HISTORY}')::text as t`);
  return r.rows[0]?.t != null;
}

export async function readRows(db: SqlExecutor, version?: string): Promise<HistoryRow[]> {
  if (!(await historyExists(db))) return [];
  const cols = await db.query<{ column_name: string }>(
    "select column_name from information_schema.columns where table_schema = 'supabase_migrations' and table_name = 'schema_migrations'",
  );
  // A table made by an older CLI may lack the newer columns: read them as null.
  const have = new Set(cols.rows.map((c) => c.column_name));
  const col = (name: string, type: string) => (have.has(name) ? name : `null::${type} as ${name}`);
  const select =
    `select version, ${col("name", "text")}, ${col("statements", "text[]")}, ${col("rollback", "text[]")}, ` +
    `${col("created_by", "text")}, ${col("idempotency_key", "text")} from ${HISTORY}`;
  const r =
    version === undefined
      ? await db.query<HistoryRow>(`${select} order by version`)
      : await db.query<HistoryRow>(`${select} where version = $1`, [version]);
  return r.rows;
}

/** A 14-digit UTC timestamp on the emulator clock, after every version already recorded. */
async function nextVersion(tx: SqlExecutor, now: number): Promise<string> {
  const stamp = new Date(now).toISOString().replace(/\D/g, "").slice(0, 14);
  const r = await tx.query<{ v: string | null }>(
    `select max(version::numeric)::text as v from ${HISTORY} where version ~ '^[0-9]+$'`,
  );
  const max = r.rows[0]?.v;
  return max != null && BigInt(max) >= BigInt(stamp) ? (BigInt(max) + 1n).toString() : stamp;
}

function idempotencyKey(ctx: RouteContext): string | undefined {
  const v = ctx.headers["idempotency-key"];
  const key = Array.isArray(v) ? v[0] : v;
  return key === undefined || key === "" ? undefined : key;
}

const VERSION = /^\d+$/;

function entry(row: HistoryRow, full: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = { version: row.version };
  if (row.name != null) out.name = row.name;
  if (!full) return out;
  out.statements = row.statements ?? [];
  if (row.rollback != null) out.rollback = row.rollback;
  if (row.created_by != null) out.created_by = row.created_by;
  if (row.idempotency_key != null) out.idempotency_key = row.idempotency_key;
  return out;
}

/** Apply (run and record) or upsert (record only) one migration. */
function write(mode: "apply" | "upsert") {
  return async (ctx: RouteContext<z.infer<typeof MigrationBody>>) => {
    const { app, params, body } = ctx;
    const db = await projectDatabase(app, params.ref);
    const key = idempotencyKey(ctx);
    const rollback = body.rollback === undefined ? null : [body.rollback];
    await serialized(app, params.ref, () =>
      sqlErrors(() =>
        db.transaction(async (tx) => {
          await tx.exec(HISTORY_DDL);
          if (key !== undefined) {
            const seen = await tx.query<{ version: string }>(
              `select version from ${HISTORY} where idempotency_key = $1`,
              [key],
            );
            const version = seen.rows[0]?.version;
            if (version !== undefined) {
              // Apply: the first request's outcome stands. Upsert: the entry takes the new content.
              if (mode === "upsert")
                await tx.query(`update ${HISTORY} set statements = $2, name = $3, rollback = $4 where version = $1`, [
                  version,
                  [body.query],
                  body.name ?? null,
                  rollback,
                ]);
              return;
            }
          }
          if (mode === "apply") await tx.exec(body.query);
          const version = await nextVersion(tx, app.clock.now());
          await tx.query(
            `insert into ${HISTORY} (version, statements, name, rollback, created_by, idempotency_key) values ($1, $2, $3, $4, $5, $6)`,
            [version, [body.query], body.name ?? null, rollback, app.tokenOwner, key ?? null],
          );
        }),
      ),
    );
    return { status: 200 };
  };
}

function requireVersion(version: string): string {
  if (!VERSION.test(version)) throw new ApiError(404, `Migration ${version} not found`);
  return version;
}

export const migrationRoutes: RouteDef[] = [
  defineRoute({
    method: "GET",
    path: "/v1/projects/{ref}/database/migrations",
    handler: async ({ app, params }) => {
      const db = await projectDatabase(app, params.ref);
      const rows = await sqlErrors(() => readRows(db));
      return { status: 200, body: rows.map((r) => entry(r, false)) };
    },
  }),
  defineRoute({
    method: "POST",
    path: "/v1/projects/{ref}/database/migrations",
    body: MigrationBody,
    handler: write("apply"),
  }),
  defineRoute({
    method: "PUT",
    path: "/v1/projects/{ref}/database/migrations",
    body: MigrationBody,
    handler: write("upsert"),
  }),
  defineRoute({
    method: "DELETE",
    path: "/v1/projects/{ref}/database/migrations",
    query: RollbackQuery,
    handler: async ({ app, params, query }) => {
      const db = await projectDatabase(app, params.ref);
      await serialized(app, params.ref, () =>
        sqlErrors(() =>
          db.transaction(async (tx) => {
            if (!(await historyExists(tx))) return;
            const rows = (await readRows(tx)).filter(
              (r) => VERSION.test(r.version) && BigInt(r.version) >= BigInt(query.gte),
            );
            // Newest first: each rollback undoes a state the later ones no longer depend on.
            for (const row of rows.reverse()) {
              for (const stmt of row.rollback ?? []) await tx.exec(stmt);
              await tx.query(`delete from ${HISTORY} where version = $1`, [row.version]);
            }
          }),
        ),
      );
      return { status: 200 };
    },
  }),
  defineRoute({
    method: "GET",
    path: "/v1/projects/{ref}/database/migrations/{version}",
    handler: async ({ app, params }) => {
      const version = requireVersion(params.version);
      const db = await projectDatabase(app, params.ref);
      const row = (await sqlErrors(() => readRows(db, version)))[0];
      if (!row) throw new ApiError(404, `Migration ${version} not found`);
      return { status: 200, body: entry(row, true) };
    },
  }),
  defineRoute({
    method: "PATCH",
    path: "/v1/projects/{ref}/database/migrations/{version}",
    body: PatchBody,
    handler: async ({ app, params, body }) => {
      const version = requireVersion(params.version);
      const db = await projectDatabase(app, params.ref);
      const found = await serialized(app, params.ref, () =>
        sqlErrors(() =>
          db.transaction(async (tx) => {
            if (!(await historyExists(tx))) return false;
            await tx.exec(HISTORY_DDL);
            const r = await tx.query(
              `update ${HISTORY} set name = case when $2::boolean then $3 else name end, ` +
                `rollback = case when $4::boolean then $5::text[] else rollback end where version = $1 returning version`,
              [
                version,
                body.name !== undefined,
                body.name ?? null,
                body.rollback !== undefined,
                body.rollback === undefined ? null : [body.rollback],
              ],
            );
            return r.rows.length > 0;
          }),
        ),
      );
      if (!found) throw new ApiError(404, `Migration ${version} not found`);
      return { status: 200 };
    },
  }),
];
