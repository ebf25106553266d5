/**
 * The scratch database: an embedded PGlite (a real PostgreSQL in
 * WebAssembly) in a worker thread, seeded with the platform's baseline, into
 * which declared SQL is loaded statement by statement so that a failure names
 * its file, its line and PostgreSQL's message.
 *
 * PGlite loads parts of itself with dynamic `import()`, which sandboxes such
 * as jest's module VM refuse; a worker thread is a plain Node context. The
 * worker's code is a string so it runs the same from sources and from the
 * compiled package.
 */
import { Worker } from "node:worker_threads";
import { loadModule, parseSync } from "libpg-query";
import { PLATFORM_BASELINE_SQL, SCRATCH_EXTENSIONS } from "./platform";
import { readCatalog, type Catalog } from "./catalog";

const WORKER = String.raw`
const { parentPort, workerData } = require("node:worker_threads");
const path = require("node:path");
const { PGlite } = require(workerData.entry);
const extensions = {};
for (const name of workerData.extensions) {
  try { extensions[name] = require(path.join(path.dirname(workerData.entry), "contrib", name + ".cjs"))[name]; } catch { /* not built */ }
}
const opening = PGlite.create({ extensions });
opening.catch(() => undefined);
parentPort.on("message", async (msg) => {
  try {
    const pg = await opening;
    let result = null;
    if (msg.op === "query") result = (await pg.query(msg.sql)).rows;
    else if (msg.op === "exec") { await pg.exec(msg.sql); }
    else if (msg.op === "close") { await pg.close(); }
    parentPort.postMessage({ id: msg.id, ok: true, result });
  } catch (e) {
    const err = e || {};
    parentPort.postMessage({ id: msg.id, ok: false, error: { message: String(err.message || err), code: err.code, position: err.position ? Number(err.position) : undefined, detail: err.detail, hint: err.hint } });
  }
});
`;

/** Extensions (but plpgsql) go with a reset: the scratch database starts without any, like a new project's owned schemas. */
const DROP_EXTENSIONS = `do $$ declare e text; begin
  for e in select extname from pg_extension where extname <> 'plpgsql' loop execute format('drop extension %I cascade', e); end loop;
end $$;`;

export interface PgError {
  message: string;
  code?: string;
  /** 1-based character offset in the statement, when PostgreSQL gives one. */
  position?: number;
  detail?: string;
  hint?: string;
}

/** A declared file that does not parse or does not load: where, and PostgreSQL's words. */
export class DeclaredSqlError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly pgMessage: string,
    readonly sqlState?: string,
  ) {
    super(`${file}:${line}: ${pgMessage}`);
    this.name = "DeclaredSqlError";
  }
}

export interface DeclaredFile {
  /** The file's name as the user knows it (relative to the source folder), or `sql` for an inline string. */
  name: string;
  sql: string;
}

export class ScratchDatabase {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  private dead?: Error;

  private constructor(private readonly worker: Worker) {
    worker.on("message", (msg: { id: number; ok: boolean; result?: unknown; error?: PgError }) => {
      const p = this.pending.get(msg.id);
      if (!p) return;
      this.pending.delete(msg.id);
      if (msg.ok) p.resolve(msg.result);
      else p.reject(Object.assign(new Error(msg.error!.message), msg.error));
    });
    const fail = (err: Error) => {
      this.dead ??= err;
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
    };
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`scratch database exited (code ${code})`)));
  }

  /** Starts a scratch database with the platform's baseline in place. */
  static async open(): Promise<ScratchDatabase> {
    const entry = require.resolve("@electric-sql/pglite");
    const worker = new Worker(WORKER, { eval: true, workerData: { entry, extensions: [...SCRATCH_EXTENSIONS] } });
    worker.unref();
    const db = new ScratchDatabase(worker);
    await db.exec(PLATFORM_BASELINE_SQL);
    return db;
  }

  private call<T>(op: string, sql?: string): Promise<T> {
    if (this.dead) return Promise.reject(this.dead);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ id, op, sql });
    });
  }

  /** One statement's rows; rejects with a `PgError`-shaped error. */
  query(sql: string): Promise<Array<Record<string, unknown>>> {
    return this.call("query", sql);
  }

  /** Any number of statements, no rows. */
  exec(sql: string): Promise<void> {
    return this.call("exec", sql);
  }

  /** Drops `schemas` (and what is in them) and every extension, and creates the schemas again empty, `public` with its platform grants. */
  async reset(schemas: readonly string[]): Promise<void> {
    const sql = schemas
      .map((s) => {
        const q = `"${s.replace(/"/g, '""')}"`;
        const again =
          s === "public"
            ? `create schema public; grant usage on schema public to anon, authenticated, service_role; grant all on schema public to public; ` +
              `alter default privileges in schema public grant all on tables to anon, authenticated, service_role; ` +
              `alter default privileges in schema public grant all on sequences to anon, authenticated, service_role; ` +
              `alter default privileges in schema public grant all on functions to anon, authenticated, service_role;`
            : "";
        return `drop schema if exists ${q} cascade; ${again}`;
      })
      .join("\n");
    // The platform's schemas (storage, auth...) come back as the baseline has them.
    await this.exec(`${DROP_EXTENSIONS}\n${sql}\n${PLATFORM_BASELINE_SQL}`);
  }

  /** Loads declared files in order; the first failure throws a `DeclaredSqlError` naming file and line. */
  async load(files: readonly DeclaredFile[]): Promise<void> {
    for (const file of files) {
      const statements = await statementsOf(file);
      // Fast path: the whole file at once (one implicit transaction: a failure leaves nothing behind),
      // then statement by statement only to say where it failed.
      if (
        statements.length === 0 ||
        (await this.exec(file.sql).then(
          () => true,
          () => false,
        ))
      )
        continue;
      await this.exec("BEGIN");
      for (const stmt of statements) {
        try {
          await this.exec(stmt.sql);
        } catch (err) {
          await this.exec("ROLLBACK");
          const e = err as PgError;
          const offset = e.position ? stmt.offset + e.position - 1 : stmt.offset + leadingSpace(stmt.sql);
          throw new DeclaredSqlError(file.name, lineAt(file.sql, offset), e.message, e.code);
        }
      }
      // Each statement ran alone (the file as a whole did not): keep what it made.
      await this.exec("COMMIT");
    }
  }

  /** The catalog of `schemas` in this database. */
  catalog(schemas: readonly string[]): Promise<Catalog> {
    return readCatalog((sql) => this.query(sql), schemas);
  }

  async close(): Promise<void> {
    try {
      if (!this.dead) await this.call("close");
    } finally {
      await this.worker.terminate();
    }
  }
}

const leadingSpace = (s: string) => s.length - s.trimStart().length;

function lineAt(text: string, charOffset: number): number {
  let line = 1;
  for (let i = 0; i < charOffset && i < text.length; i++) if (text[i] === "\n") line++;
  return line;
}

let parserReady: Promise<void> | undefined;

/** Splits a file into statements with PostgreSQL's parser; a syntax error names its line. */
export async function statementsOf(file: DeclaredFile): Promise<Array<{ sql: string; offset: number }>> {
  await (parserReady ??= loadModule());
  if (file.sql.trim() === "") return [];
  let parsed: { stmts?: Array<{ stmt_location?: number; stmt_len?: number }> };
  try {
    parsed = parseSync(file.sql) as typeof parsed;
  } catch (err) {
    const e = err as { message?: string; sqlDetails?: { cursorPosition?: number } };
    const bytePos = e.sqlDetails?.cursorPosition ?? 0;
    const offset = Buffer.from(file.sql, "utf8").subarray(0, bytePos).toString("utf8").length;
    throw new DeclaredSqlError(file.name, lineAt(file.sql, offset), e.message ?? String(err), "42601");
  }
  // Locations are byte offsets into the UTF-8 text.
  const bytes = Buffer.from(file.sql, "utf8");
  const out: Array<{ sql: string; offset: number }> = [];
  for (const s of parsed.stmts ?? []) {
    const start = s.stmt_location ?? 0;
    const end = s.stmt_len ? start + s.stmt_len : bytes.length;
    const text = bytes.subarray(start, end).toString("utf8");
    if (text.trim() === "") continue;
    out.push({ sql: text, offset: bytes.subarray(0, start).toString("utf8").length });
  }
  return out;
}
