/**
 * Databases on a PostgreSQL server: project `<ref>` gets database
 * `proj_<ref>`, owned by its own login role `proj_<ref>` (not a superuser),
 * and reached through a small pool per project that logs in as that role, so
 * a project's SQL is confined to its database: CONNECT on it is revoked from
 * PUBLIC and granted to the owner and to the project's reader
 * `proj_<ref>_read` (pg_read_all_data, read-only by default), which runs the
 * read-only queries. Their passwords are random, set at each open, and only
 * held in memory. The API roles are cluster-wide and created once if missing.
 */
import { createHash, randomBytes } from "node:crypto";
import { Pool, type PoolClient, type QueryResult as PgResult } from "pg";
import { authSql, DATABASE_SQL, HAS_AUTH_SQL, MEMBERSHIP_SQL, ROLES_SQL } from "./init";
import { runPipeline } from "./pipeline";
import { alterDatabaseSql, classifySettings } from "./settings";
import {
  SqlError,
  type AppliedSettings,
  type BatchStatement,
  type DatabaseManager,
  type ProjectDatabase,
  type QueryResult,
  type SqlExecutor,
} from "./types";

/** SQLSTATEs of a concurrent creator winning a race we can ignore. */
const ALREADY_EXISTS = new Set(["42710", "23505", "42P04"]);

function toResult<R>(r: PgResult): QueryResult<R> {
  return {
    rows: (r.rows ?? []) as R[],
    fields: (r.fields ?? []).map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
    command: r.command ?? undefined,
    rowCount: r.rowCount ?? undefined,
  };
}

async function guard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw SqlError.from(err);
  }
}

type Queryable = Pool | PoolClient;

function executor(target: Queryable): SqlExecutor {
  return {
    query: <R>(sql: string, params?: unknown[]) => guard(async () => toResult<R>(await target.query(sql, params))),
    exec: (sql: string) =>
      guard(async () => {
        // Without parameters pg uses the simple protocol, which returns one result per statement.
        const r = (await target.query(sql)) as PgResult | PgResult[];
        return (Array.isArray(r) ? r : [r]).map((x) => toResult(x));
      }),
  };
}

export function databaseName(ref: string): string {
  return `proj_${ref}`;
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

function withDatabase(url: string, database: string, login?: { user: string; password: string }): string {
  const u = new URL(url);
  u.pathname = `/${encodeURIComponent(database)}`;
  if (login) {
    u.username = encodeURIComponent(login.user);
    u.password = encodeURIComponent(login.password);
  }
  return u.toString();
}

/** The project's owner (its database's name) and its read-only role. */
export const ownerRole = (ref: string) => databaseName(ref);
export const readerRole = (ref: string) => `${databaseName(ref)}_read`;

/** Creates or updates a login role with a fresh password (hex: no quoting needed). */
function loginRoleSql(role: string, password: string): string {
  const lit = role.replace(/'/g, "''");
  return `DO $$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = '${lit}') THEN
    CREATE ROLE ${quoteIdent(role)} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE;
  END IF;
END $$;
ALTER ROLE ${quoteIdent(role)} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS PASSWORD '${password}';`;
}

/** The URL without its password, for banners and logs. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "(invalid URL)";
  }
}

class PostgresDatabase implements ProjectDatabase {
  private readonly direct: SqlExecutor;

  constructor(
    readonly ref: string,
    readonly pool: Pool,
    /** Logs in as the project's reader, which has no write privilege anywhere. */
    readonly readerPool: Pool,
    /** The server's superuser, in this database: for the few statements its owner may not run. */
    private readonly adminUrl: string,
  ) {
    this.direct = executor(pool);
  }

  async readOnly(sql: string, params?: unknown[]): Promise<QueryResult | undefined> {
    const reader = executor(this.readerPool);
    return params && params.length > 0 ? reader.query(sql, params) : (await reader.exec(sql)).at(-1);
  }

  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<R>> {
    return this.direct.query<R>(sql, params);
  }

  exec(sql: string): Promise<QueryResult[]> {
    return this.direct.exec(sql);
  }

  async execPrivileged(sql: string): Promise<QueryResult[]> {
    const pool = new Pool({ connectionString: this.adminUrl, max: 1 });
    pool.on("error", () => undefined);
    try {
      return await executor(pool).exec(sql);
    } finally {
      await pool.end();
    }
  }

  async batch(statements: BatchStatement[]): Promise<QueryResult[]> {
    const client = await guard(() => this.pool.connect());
    let broken = false;
    try {
      return (await guard(() => runPipeline(client, statements))).map((r) => toResult(r as unknown as PgResult));
    } catch (err) {
      // A server error leaves the connection usable (the Sync ended the failed transaction); anything else does not.
      broken = !(err instanceof SqlError);
      throw err;
    } finally {
      client.release(broken);
    }
  }

  async transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    const client = await guard(() => this.pool.connect());
    let broken = false;
    try {
      await guard(() => client.query("BEGIN"));
      const result = await fn(executor(client));
      await guard(() => client.query("COMMIT"));
      return result;
    } catch (err) {
      try {
        await client.query("ROLLBACK");
      } catch {
        broken = true;
      }
      throw err;
    } finally {
      client.release(broken);
    }
  }
}

export class PostgresManager implements DatabaseManager {
  readonly kind = "postgres" as const;
  private readonly admin: Pool;
  private roles?: Promise<void>;
  private version?: Promise<string>;
  private readonly open = new Map<string, Promise<PostgresDatabase>>();

  constructor(private readonly url: string) {
    this.admin = new Pool({ connectionString: url, max: 2 });
    // An idle client losing its server must not crash the emulator.
    this.admin.on("error", () => undefined);
  }

  /** Checks the server is reachable; called once at start so a bad URL fails fast. */
  async connect(): Promise<void> {
    await this.engineVersion();
  }

  warmUp(): void {
    this.engineVersion().catch(() => undefined);
  }

  engineVersion(): Promise<string> {
    if (!this.version) {
      this.version = this.admin
        .query<{ v: string }>("SELECT current_setting('server_version') AS v")
        .then((r) => r.rows[0].v.split(" ")[0]);
      this.version.catch(() => (this.version = undefined));
    }
    return this.version;
  }

  describe(): string {
    return `postgres (${redactUrl(this.url)})`;
  }

  private ensureRoles(): Promise<void> {
    if (!this.roles) {
      this.roles = (async () => {
        for (const sql of [ROLES_SQL, MEMBERSHIP_SQL]) {
          try {
            await this.admin.query(sql);
          } catch (err) {
            if (!ALREADY_EXISTS.has(String((err as { code?: unknown }).code))) throw SqlError.from(err);
          }
        }
      })();
      this.roles.catch(() => (this.roles = undefined));
    }
    return this.roles;
  }

  forProject(ref: string): Promise<ProjectDatabase> {
    let db = this.open.get(ref);
    if (!db) {
      db = this.create(ref);
      this.open.set(ref, db);
      db.catch(() => this.open.delete(ref));
    }
    return db;
  }

  private async create(ref: string): Promise<PostgresDatabase> {
    await this.ensureRoles();
    const name = databaseName(ref);
    const exists = await this.admin.query("SELECT 1 FROM pg_catalog.pg_database WHERE datname = $1", [name]);
    if (exists.rowCount === 0) {
      try {
        await this.admin.query(`CREATE DATABASE ${quoteIdent(name)}`);
      } catch (err) {
        if (!ALREADY_EXISTS.has(String((err as { code?: unknown }).code))) throw SqlError.from(err);
      }
    }
    const owner = { user: ownerRole(ref), password: randomBytes(24).toString("hex") };
    const reader = { user: readerRole(ref), password: randomBytes(24).toString("hex") };
    const db = quoteIdent(name);
    try {
      await this.admin.query(
        `${loginRoleSql(owner.user, owner.password)}
         ${loginRoleSql(reader.user, reader.password)}
         ALTER ROLE ${quoteIdent(reader.user)} SET default_transaction_read_only = on;
         GRANT anon, authenticated, service_role TO ${quoteIdent(owner.user)};
         DO $$ BEGIN
           IF EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = 'pg_read_all_data') THEN
             GRANT pg_read_all_data TO ${quoteIdent(reader.user)};
           END IF;
         END $$;
         ALTER DATABASE ${db} OWNER TO ${quoteIdent(owner.user)};
         REVOKE ALL ON DATABASE ${db} FROM PUBLIC;
         GRANT CONNECT, TEMPORARY ON DATABASE ${db} TO ${quoteIdent(owner.user)};
         GRANT CONNECT ON DATABASE ${db} TO ${quoteIdent(reader.user)};`,
      );
    } catch (err) {
      throw SqlError.from(err);
    }
    const pool = new Pool({ connectionString: withDatabase(this.url, name, owner), max: 4 });
    const readerPool = new Pool({ connectionString: withDatabase(this.url, name, reader), max: 2 });
    pool.on("error", () => undefined);
    readerPool.on("error", () => undefined);
    const opened = new PostgresDatabase(ref, pool, readerPool, withDatabase(this.url, name));
    try {
      const results = (await pool.query(`${DATABASE_SQL};${HAS_AUTH_SQL}`)) as unknown as PgResult[];
      // The auth schema is owned by supabase_auth_admin, which the project's owner may not act as: the server's superuser makes it.
      if (!(results.at(-1)?.rows[0] as { has?: boolean } | undefined)?.has)
        await opened.execPrivileged(authSql(quoteIdent(owner.user)));
    } catch (err) {
      await Promise.all([pool.end(), readerPool.end()]);
      throw SqlError.from(err);
    }
    return opened;
  }

  async configure(ref: string, settings: Record<string, unknown>): Promise<AppliedSettings> {
    const split = await classifySettings(await this.forProject(ref), settings);
    await guard(() => this.admin.query(alterDatabaseSql(databaseName(ref), settings, split.applied)));
    // Settings of a database apply to its new sessions: the project's pools start over.
    await this.closeOne(ref);
    return split;
  }

  /** Cancels the statements running on the project's database now. */
  async cancel(ref: string): Promise<void> {
    if (!this.open.has(ref)) return;
    await this.admin
      .query(
        "SELECT pg_catalog.pg_cancel_backend(pid) FROM pg_catalog.pg_stat_activity " +
          "WHERE datname = $1 AND state = 'active' AND pid <> pg_catalog.pg_backend_pid()",
        [databaseName(ref)],
      )
      .catch(() => undefined);
  }

  private async closeOne(ref: string): Promise<void> {
    const db = this.open.get(ref);
    this.open.delete(ref);
    if (!db) return;
    try {
      const opened = await db;
      await Promise.all([opened.pool.end(), opened.readerPool.end()]);
    } catch {
      // Never opened: nothing to release.
    }
  }

  /** A restore point is a database of its own, `proj_<ref>_rp_<digest of the name>`, copied with TEMPLATE. */
  private pointName(ref: string, name: string): string {
    return `${databaseName(ref)}_rp_${createHash("sha256").update(name).digest("hex").slice(0, 16)}`;
  }

  /** Copies `from` into a new database `to` (the project's sessions end first: a template must have none). */
  private async copyDatabase(ref: string, from: string, to: string): Promise<void> {
    await this.closeOne(ref);
    await guard(() => this.admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(to)} WITH (FORCE)`));
    await guard(() => this.admin.query(`CREATE DATABASE ${quoteIdent(to)} TEMPLATE ${quoteIdent(from)}`));
  }

  async saveRestorePoint(ref: string, name: string): Promise<void> {
    await this.forProject(ref);
    const point = this.pointName(ref, name);
    await this.copyDatabase(ref, databaseName(ref), point);
    // Nobody logs in to a restore point.
    await guard(() => this.admin.query(`REVOKE ALL ON DATABASE ${quoteIdent(point)} FROM PUBLIC`));
  }

  async undoToRestorePoint(ref: string, name: string): Promise<void> {
    const point = this.pointName(ref, name);
    const found = await this.admin.query("SELECT 1 FROM pg_catalog.pg_database WHERE datname = $1", [point]);
    if (found.rowCount === 0) throw new Error(`no restore point ${name} for project ${ref}`);
    await this.copyDatabase(ref, point, databaseName(ref));
    // The next open makes the project's roles owners of the copy again.
    await this.forProject(ref);
  }

  async drop(ref: string): Promise<void> {
    await this.closeOne(ref);
    const points = await this.admin
      .query<{ d: string }>("SELECT datname AS d FROM pg_catalog.pg_database WHERE starts_with(datname, $1)", [
        `${databaseName(ref)}_rp_`,
      ])
      .catch(() => ({ rows: [] as Array<{ d: string }> }));
    for (const { d } of points.rows)
      await this.admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(d)} WITH (FORCE)`).catch(() => undefined);
    await this.admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(databaseName(ref))} WITH (FORCE)`);
    for (const role of [readerRole(ref), ownerRole(ref)])
      await this.admin.query(`DROP ROLE IF EXISTS ${quoteIdent(role)}`).catch(() => undefined);
  }

  async close(): Promise<void> {
    await Promise.all([...this.open.keys()].map((ref) => this.closeOne(ref)));
    await this.admin.end();
  }
}
