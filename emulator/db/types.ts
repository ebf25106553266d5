/**
 * What the rest of the emulator sees of a project's PostgreSQL database, the
 * same whether it is an embedded PGlite instance or a database on a server.
 */

export interface QueryField {
  name: string;
  dataTypeID: number;
}

export interface QueryResult<R = Record<string, unknown>> {
  rows: R[];
  fields: QueryField[];
  /** The command tag's verb, e.g. "SELECT", "INSERT". */
  command?: string;
  rowCount?: number;
}

export interface SqlExecutor {
  /** One statement, with optional `$1`… parameters (extended protocol). */
  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<R>>;
  /** Any number of statements without parameters (simple protocol); one result per statement. */
  exec(sql: string): Promise<QueryResult[]>;
}

export interface ProjectDatabase extends SqlExecutor {
  readonly ref: string;
  /**
   * Runs `fn` in one transaction on one connection: committed when it
   * resolves, rolled back when it throws. `set local role …` inside it
   * scopes a role to the transaction.
   */
  transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T>;
  /**
   * Runs the statements in order in one transaction and one round trip (one
   * message to the embedded engine, one network write and one Sync to a
   * server): committed when all succeed, rolled back at the first error,
   * which rejects. `set_config(…, true)` in one statement holds for the
   * statements after it. Statements are prepared once per connection.
   */
  batch(statements: BatchStatement[]): Promise<QueryResult[]>;
  /**
   * Runs SQL as a role that cannot write (`supabase_read_only_user` or the
   * project's reader), in a read-only transaction; answers the last
   * statement's result. A script cannot escape it with `COMMIT` or
   * `SET TRANSACTION READ WRITE`: the role itself has no write privilege.
   */
  readOnly(sql: string, params?: unknown[]): Promise<QueryResult | undefined>;
  /**
   * Statements only a superuser may run in this database (creating an event
   * trigger), run as the server's own superuser; absent where the project's
   * connection already is one (PGlite).
   */
  execPrivileged?(sql: string): Promise<QueryResult[]>;
}

export interface BatchStatement {
  sql: string;
  params?: unknown[];
  /** Its rows are not wanted (a statement run for its effect): where the engine allows, they are not described nor decoded. */
  noRows?: boolean;
}

export interface DatabaseManager {
  readonly kind: "pglite" | "postgres";
  /** The engine's version, e.g. "15.10" or "18.6". */
  engineVersion(): Promise<string>;
  /** The project's database, created and initialized on first use, then kept open. */
  forProject(ref: string): Promise<ProjectDatabase>;
  /**
   * Stops what the project's database is running now (a request past the
   * handler timeout), so the next request gets the database at once.
   */
  cancel(ref: string): Promise<void>;
  /**
   * Applies a project's Postgres configuration to its database (see
   * `settings.ts`): the per-database settings are set, the server-wide rest
   * is only reported. A value PostgreSQL refuses rejects with its SqlError.
   */
  configure(ref: string, settings: Record<string, unknown>): Promise<AppliedSettings>;
  /**
   * Keeps a copy of the project's database as it is now under `name` (a
   * restore point): the data directory's dump embedded, a template copy of
   * the database on a server. A copy already under that name is replaced.
   */
  saveRestorePoint(ref: string, name: string): Promise<void>;
  /** Puts the project's database back to the restore point `name`: everything written since is gone. */
  undoToRestorePoint(ref: string, name: string): Promise<void>;
  /** Closes and deletes the project's database and its restore points (no-op when it never existed). */
  drop(ref: string): Promise<void>;
  /** Starts slow one-time work (the embedded template) early; never rejects. */
  warmUp(): void;
  /** A human description for banners, without credentials. */
  describe(): string;
  close(): Promise<void>;
}

/** What `DatabaseManager.configure` did with each setting. */
export interface AppliedSettings {
  /** Set on the project's database. */
  applied: string[];
  /** Stored and answered, not applied (server-wide settings). */
  stored: string[];
}

/** A PostgreSQL error, normalized from either engine. */
export class SqlError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly severity = "ERROR",
    readonly detail?: string,
    readonly hint?: string,
  ) {
    super(message);
    this.name = "SqlError";
  }

  /** Wraps an engine error when it carries a SQLSTATE; returns other errors unchanged. */
  static from(err: unknown): unknown {
    if (err instanceof SqlError) return err;
    const e = err as { message?: unknown; code?: unknown; severity?: unknown; detail?: unknown; hint?: unknown };
    if (e && typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code) && typeof e.message === "string") {
      const opt = (v: unknown) => (typeof v === "string" && v !== "" ? v : undefined);
      return new SqlError(e.message, e.code, opt(e.severity) ?? "ERROR", opt(e.detail), opt(e.hint));
    }
    return err;
  }
}
