/**
 * Embedded databases: one PGlite (PostgreSQL compiled to WebAssembly) per
 * project, each in its own worker thread, on disk under `<dataDir>/db/<ref>`
 * or in memory.
 *
 * Running initdb costs seconds, so it runs once per machine: the initialized
 * data directory (roles and grants included) is dumped to a template tarball
 * in a per-user cache directory, keyed by PGlite version and init SQL, with
 * its SHA-256 recorded next to it and checked on load; each new project
 * starts from that tarball in well under a second.
 */
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { Worker } from "node:worker_threads";
import { SCRATCH_EXTENSIONS } from "../../pgschema/platform";
import { authSql, DATABASE_SQL, HAS_AUTH_SQL, MEMBERSHIP_SQL, ROLES_SQL } from "./init";
import { alterDatabaseSql, classifySettings, settingLiteral } from "./settings";
import { WORKER_SOURCE, type WorkerInit, type WorkerRequest, type WorkerResponse } from "./pglite-worker";
import {
  SqlError,
  type AppliedSettings,
  type BatchStatement,
  type DatabaseManager,
  type ProjectDatabase,
  type QueryResult,
  type SqlExecutor,
} from "./types";

type Op = WorkerRequest extends infer R ? (R extends { op: infer O } ? O : never) : never;
type Payload<O extends Op> = Omit<Extract<WorkerRequest, { op: O }>, "id" | "op">;

const PGLITE_ENTRY = require.resolve("@electric-sql/pglite");

/** One PGlite instance in a worker thread, spoken to by messages. */
class PgliteWorker {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  private nextId = 1;
  private dead?: Error;
  private readonly deathListeners: Array<() => void> = [];

  constructor(init: Omit<WorkerInit, "pglitePath">) {
    const workerData: WorkerInit = { pglitePath: PGLITE_ENTRY, extensions: SCRATCH_EXTENSIONS, ...init };
    this.worker = new Worker(WORKER_SOURCE, { eval: true, workerData });
    this.worker.on("message", (msg: WorkerResponse) => {
      const p = this.pending.get(msg.id);
      if (!p) return;
      this.pending.delete(msg.id);
      if (msg.ok) p.resolve(msg.result);
      else {
        const e = msg.error;
        p.reject(e.code ? new SqlError(e.message, e.code, e.severity, e.detail, e.hint) : new Error(e.message));
      }
    });
    const fail = (err: Error) => {
      this.dead ??= err;
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
      for (const listener of this.deathListeners.splice(0)) listener();
    };
    this.worker.on("error", fail);
    this.worker.on("exit", (code) => fail(new Error(`database worker exited (code ${code})`)));
  }

  call<T>(op: "ready" | "dump" | "close"): Promise<T>;
  call<T, O extends Op>(op: O, payload: Payload<O>): Promise<T>;
  call<T>(op: Op, payload: object = {}): Promise<T> {
    if (this.dead) return Promise.reject(this.dead);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ id, op, ...payload });
    });
  }

  /** Called once when the worker exits or crashes. */
  onDeath(listener: () => void): void {
    if (this.dead) listener();
    else this.deathListeners.push(listener);
  }

  /** Whether a call is still running or queued in the worker. */
  get busy(): boolean {
    return this.pending.size > 0;
  }

  /** Ends the thread at once, even in the middle of a statement. */
  async kill(): Promise<void> {
    await this.worker.terminate();
  }

  async stop(): Promise<void> {
    try {
      if (!this.dead) await this.call("close");
    } finally {
      await this.worker.terminate();
    }
  }
}

/** PGlite has one connection: a transaction holds it exclusively until it ends. */
class Mutex {
  private tail: Promise<void> = Promise.resolve();

  async run<T>(fn: () => Promise<T>): Promise<T> {
    const before = this.tail;
    let release!: () => void;
    this.tail = new Promise<void>((resolve) => (release = resolve));
    await before;
    try {
      return await fn();
    } finally {
      release();
    }
  }
}

function executor(worker: PgliteWorker): SqlExecutor {
  return {
    query: <R>(sql: string, params?: unknown[]) => worker.call<QueryResult<R>, "query">("query", { sql, params }),
    exec: (sql: string) => worker.call<QueryResult[], "exec">("exec", { sql }),
  };
}

class PgliteDatabase implements ProjectDatabase {
  private readonly lock = new Mutex();
  private readonly direct: SqlExecutor;

  constructor(
    readonly ref: string,
    readonly worker: PgliteWorker,
  ) {
    this.direct = executor(worker);
  }

  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<R>> {
    return this.lock.run(() => this.direct.query<R>(sql, params));
  }

  exec(sql: string): Promise<QueryResult[]> {
    return this.lock.run(() => this.direct.exec(sql));
  }

  batch(statements: BatchStatement[]): Promise<QueryResult[]> {
    return this.lock.run(() => this.worker.call<QueryResult[], "batch">("batch", { statements }));
  }

  /**
   * One statement only (the extended protocol refuses a script), so a
   * `COMMIT` can end nothing but this read-only transaction: PGlite has a
   * single session, which is a superuser's.
   */
  readOnly(sql: string, params?: unknown[]): Promise<QueryResult | undefined> {
    return this.transaction(async (tx) => {
      await tx.exec("SET TRANSACTION READ ONLY; SET LOCAL ROLE supabase_read_only_user");
      return tx.query(sql, params);
    });
  }

  /** The data directory as a gzipped tarball, between statements (no transaction is open). */
  dump(): Promise<Uint8Array> {
    return this.lock.run(() => this.worker.call<Uint8Array>("dump"));
  }

  transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    return this.lock.run(async () => {
      await this.direct.exec("BEGIN");
      try {
        const result = await fn(this.direct);
        await this.direct.exec("COMMIT");
        return result;
      } catch (err) {
        await this.direct.exec("ROLLBACK").catch(() => undefined);
        throw err;
      }
    });
  }
}

interface Template {
  tarball: Uint8Array;
  version: string;
}

function pgliteVersion(): string {
  let dir = path.dirname(PGLITE_ENTRY);
  while (!fs.existsSync(path.join(dir, "package.json")) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return (JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")) as { version: string }).version;
}

/**
 * The per-user cache of the template: `$XDG_CACHE_HOME/supabase-emulator`
 * (default `~/.cache/supabase-emulator`), or, without a usable home,
 * `$TMPDIR/supabase-emulator-<uid>`. Never a directory another user can
 * write: see `privateDir`.
 */
export function templateCacheDir(): string {
  const cacheHome = process.env.XDG_CACHE_HOME || path.join(os.homedir(), ".cache");
  if (path.isAbsolute(cacheHome) && cacheHome !== path.join("/", ".cache"))
    return path.join(cacheHome, "supabase-emulator");
  return path.join(os.tmpdir(), `supabase-emulator-${process.getuid?.() ?? "user"}`);
}

/** Creates `dir` (mode 0700) and answers whether only this user can write it. */
function privateDir(dir: string): boolean {
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const st = fs.lstatSync(dir);
    if (!st.isDirectory()) return false;
    if (process.getuid && st.uid !== process.getuid()) return false;
    return (st.mode & 0o022) === 0;
  } catch {
    return false;
  }
}

const sha256 = (data: Uint8Array) => createHash("sha256").update(data).digest("hex");

function writeAtomic(file: string, data: Uint8Array | string): void {
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  fs.writeFileSync(tmp, data, { mode: 0o600 });
  fs.renameSync(tmp, file);
}

async function buildTemplate(): Promise<Template> {
  const initSql = ROLES_SQL + MEMBERSHIP_SQL + DATABASE_SQL + authSql();
  const key = `pglite-${pgliteVersion()}-${createHash("sha256").update(initSql).digest("hex").slice(0, 12)}`;
  const dir = templateCacheDir();
  const tarFile = path.join(dir, `${key}.tar.gz`);
  const metaFile = path.join(dir, `${key}.json`);
  // Only a private directory is trusted, and only a tarball whose digest matches the one recorded with it.
  const usable = privateDir(dir);
  if (usable) {
    try {
      const meta = JSON.parse(fs.readFileSync(metaFile, "utf8")) as { version: string; sha256?: string };
      const tarball = fs.readFileSync(tarFile);
      if (typeof meta.sha256 === "string" && meta.sha256 === sha256(tarball)) return { tarball, version: meta.version };
    } catch {
      // Not cached yet (or unreadable): build it below.
    }
  }
  const worker = new PgliteWorker({});
  try {
    await worker.call("exec", { sql: initSql });
    const rows = await worker.call<QueryResult<{ v: string }>, "query">("query", {
      sql: "SELECT current_setting('server_version') AS v",
    });
    const version = rows.rows[0].v.split(" ")[0];
    const tarball = await worker.call<Uint8Array>("dump");
    if (usable) {
      try {
        // Tarball first, metadata (with its digest) last.
        writeAtomic(tarFile, tarball);
        writeAtomic(metaFile, JSON.stringify({ version, sha256: sha256(tarball) }));
      } catch {
        // A read-only cache only costs the next process another initdb.
      }
    }
    return { tarball, version };
  } finally {
    await worker.stop();
  }
}

export class PgliteManager implements DatabaseManager {
  readonly kind = "pglite" as const;
  private template?: Promise<Template>;
  private readonly open = new Map<string, Promise<PgliteDatabase>>();
  /** The databases whose worker is up, for `cancel`. */
  private readonly ready = new Map<string, PgliteDatabase>();

  /** Restore points of in-memory databases: ref → name → data-directory tarball. */
  private readonly memoryPoints = new Map<string, Map<string, Uint8Array>>();
  /** A tarball the next open of a project starts from (an undo), instead of its data directory. */
  private readonly startFrom = new Map<string, Uint8Array>();

  /** @param dataDir the emulator's data directory; omitted: databases live in memory. */
  constructor(private readonly dataDir?: string) {}

  /** Where a durable project's restore points live: `<dataDir>/db/<ref>.restore-points/<hex name>.tar.gz`. */
  private pointsDir(ref: string): string | undefined {
    return this.dataDir ? path.join(this.dataDir, "db", `${ref}.restore-points`) : undefined;
  }

  private pointFile(ref: string, name: string): string | undefined {
    const dir = this.pointsDir(ref);
    return dir ? path.join(dir, `${Buffer.from(name, "utf8").toString("hex")}.tar.gz`) : undefined;
  }

  async saveRestorePoint(ref: string, name: string): Promise<void> {
    const db = (await this.forProject(ref)) as PgliteDatabase;
    const tarball = await db.dump();
    const file = this.pointFile(ref, name);
    if (file) {
      fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
      writeAtomic(file, tarball);
    } else {
      const points = this.memoryPoints.get(ref) ?? new Map<string, Uint8Array>();
      points.set(name, tarball);
      this.memoryPoints.set(ref, points);
    }
  }

  async undoToRestorePoint(ref: string, name: string): Promise<void> {
    const file = this.pointFile(ref, name);
    const tarball = file ? fs.readFileSync(file) : this.memoryPoints.get(ref)?.get(name);
    if (!tarball) throw new Error(`no restore point ${name} for project ${ref}`);
    await this.closeOne(ref);
    const dir = this.projectDir(ref);
    // The data directory starts over from the restore point's tarball.
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    this.startFrom.set(ref, tarball);
    await this.forProject(ref);
  }

  private loadTemplate(): Promise<Template> {
    if (!this.template) {
      this.template = buildTemplate();
      this.template.catch(() => (this.template = undefined));
    }
    return this.template;
  }

  warmUp(): void {
    this.loadTemplate().catch(() => undefined);
  }

  async engineVersion(): Promise<string> {
    return (await this.loadTemplate()).version;
  }

  describe(): string {
    return this.dataDir ? `pglite (embedded, ${path.join(this.dataDir, "db")})` : "pglite (embedded, in memory)";
  }

  private projectDir(ref: string): string | undefined {
    return this.dataDir ? path.join(this.dataDir, "db", ref) : undefined;
  }

  forProject(ref: string): Promise<ProjectDatabase> {
    let db = this.open.get(ref);
    if (!db) {
      const opening = this.create(ref);
      this.open.set(ref, opening);
      // A crashed worker is forgotten, so the next use reopens the database from disk.
      const forget = () => {
        if (this.open.get(ref) === opening) this.open.delete(ref);
      };
      opening.then((d) => {
        this.ready.set(ref, d);
        d.worker.onDeath(() => {
          if (this.ready.get(ref) === d) this.ready.delete(ref);
          forget();
        });
      }, forget);
      db = opening;
    }
    return db;
  }

  private async create(ref: string): Promise<PgliteDatabase> {
    const dir = this.projectDir(ref);
    let init: Omit<WorkerInit, "pglitePath">;
    let upgrade = false;
    const restored = this.startFrom.get(ref);
    this.startFrom.delete(ref);
    if (restored) {
      if (dir) fs.mkdirSync(path.dirname(dir), { recursive: true });
      init = { dataDir: dir, template: restored };
    } else if (dir && fs.existsSync(path.join(dir, "PG_VERSION"))) {
      init = { dataDir: dir };
      upgrade = true;
    } else {
      const { tarball } = await this.loadTemplate();
      if (dir) {
        // A directory without PG_VERSION is a half-created database; start it over.
        fs.rmSync(dir, { recursive: true, force: true });
        fs.mkdirSync(path.dirname(dir), { recursive: true });
      }
      init = { dataDir: dir, template: tarball };
    }
    const worker = new PgliteWorker(init);
    try {
      await worker.call("ready");
      // A database created by an older emulator gets the roles added since (idempotent), and the auth schema.
      if (upgrade) {
        await worker.call("exec", { sql: ROLES_SQL + MEMBERSHIP_SQL });
        const auth = await worker.call<QueryResult<{ has: boolean }>, "query">("query", { sql: HAS_AUTH_SQL });
        if (!auth.rows[0]?.has) await worker.call("exec", { sql: authSql() });
      }
    } catch (err) {
      await worker.stop().catch(() => undefined);
      throw err;
    }
    return new PgliteDatabase(ref, worker);
  }

  private async closeOne(ref: string): Promise<void> {
    const db = this.open.get(ref);
    this.open.delete(ref);
    if (!db) return;
    try {
      await (await db).worker.stop();
    } catch {
      // It failed to open or is already gone: nothing left to release.
    }
  }

  /**
   * `ALTER DATABASE … SET` keeps the settings for later opens; PGlite's one
   * session, already open, takes them with `SET` at once.
   */
  async configure(ref: string, settings: Record<string, unknown>): Promise<AppliedSettings> {
    const db = await this.forProject(ref);
    const split = await classifySettings(db, settings);
    const { rows } = await db.query<{ d: string }>("SELECT current_database() AS d");
    await db.exec(
      [
        alterDatabaseSql(rows[0].d, settings, split.applied),
        "RESET ALL",
        ...split.applied.map((n) => `SET ${n} = ${settingLiteral(settings[n])}`),
      ].join(";\n"),
    );
    return split;
  }

  /**
   * PGlite runs a statement to its end without looking at timers
   * (statement_timeout never fires in WebAssembly), so a statement past the
   * handler timeout is stopped by ending its worker. A durable database is
   * reopened from its data directory (PostgreSQL's crash recovery keeps every
   * committed transaction); an in-memory one starts over from the template.
   */
  async cancel(ref: string): Promise<void> {
    // A database still opening runs no statement of the caller's yet: opening is left to finish.
    const opened = this.ready.get(ref);
    const db = this.open.get(ref);
    if (!opened || !db || !opened.worker.busy) return;
    process.stderr.write(`[emulator] project ${ref}: stopping its database, which overran the handler timeout\n`);
    if (this.open.get(ref) === db) this.open.delete(ref);
    await opened.worker.kill().catch(() => undefined);
  }

  async drop(ref: string): Promise<void> {
    await this.closeOne(ref);
    const dir = this.projectDir(ref);
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    const points = this.pointsDir(ref);
    if (points) fs.rmSync(points, { recursive: true, force: true });
    this.memoryPoints.delete(ref);
  }

  async close(): Promise<void> {
    await Promise.all([...this.open.keys()].map((ref) => this.closeOne(ref)));
    await this.template?.catch(() => undefined);
  }
}
