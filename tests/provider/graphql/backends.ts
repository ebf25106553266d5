/**
 * The two database engines the GraphQL conformance suite runs on: embedded
 * PGlite (in memory) and a PostgreSQL server, either the one in
 * SUPABASE_EMULATOR_TEST_POSTGRES_URL or a throwaway server started from the
 * local PostgreSQL binaries. In CI a missing PostgreSQL fails loudly.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import * as fs from "node:fs";
import * as net from "node:net";
import * as os from "node:os";
import * as path from "node:path";
import { randomBytes } from "node:crypto";
import { Client } from "pg";
import { PgliteManager, PostgresManager, type DatabaseManager, type ProjectDatabase } from "../../../emulator/db";
import { handleGraphql, type GraphqlResponse } from "../../../emulator/graphql/execute";

export type BackendKind = "pglite" | "postgres";

/** Where PostgreSQL binaries may live: PG_BIN, else the newest of the usual Debian/Ubuntu locations, else PATH. */
function findPgBin(): string | undefined {
  if (process.env.PG_BIN && fs.existsSync(path.join(process.env.PG_BIN, "initdb"))) return process.env.PG_BIN;
  const root = path.join(path.sep, "usr", "lib", "postgresql");
  if (fs.existsSync(root)) {
    const versions = fs.readdirSync(root).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a));
    for (const v of versions) if (fs.existsSync(path.join(root, v, "bin", "initdb"))) return path.join(root, v, "bin");
  }
  const which = spawnSync("sh", ["-c", "command -v initdb"], { encoding: "utf8" });
  return which.status === 0 ? path.dirname(which.stdout.trim()) : undefined;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

interface PgServer {
  url: string;
  stop(): Promise<void>;
}

/** initdb refuses to run as root: run the server as the `postgres` user then. */
function asServerUser(cmd: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ["runuser", ["-u", "postgres", "--", cmd, ...args]] : [cmd, args];
}

async function startThrowawayPostgres(bin: string): Promise<PgServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gql-pg-"));
  const data = path.join(dir, "data");
  if (process.getuid?.() === 0) {
    const pw = spawnSync("id", ["-u", "postgres"], { encoding: "utf8" });
    const gid = spawnSync("id", ["-g", "postgres"], { encoding: "utf8" });
    fs.chownSync(dir, Number(pw.stdout.trim()), Number(gid.stdout.trim()));
  }
  const [initCmd, initArgs] = asServerUser(path.join(bin, "initdb"), ["-D", data, "-U", "postgres", "--auth=trust", "-N", "-E", "UTF8", "--locale=C"]);
  const init = spawnSync(initCmd, initArgs, { encoding: "utf8" });
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr || init.stdout}`);
  const port = await freePort();
  const [cmd, args] = asServerUser(path.join(bin, "postgres"), [
    "-D", data, "-p", String(port), "-k", dir, "-c", "listen_addresses=127.0.0.1",
    "-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off", "-c", "max_connections=50",
  ]);
  const proc: ChildProcess = spawn(cmd, args, { stdio: "ignore" });
  const url = `postgresql://postgres@127.0.0.1:${port}/postgres`;
  const deadline = Date.now() + 30000;
  for (;;) {
    const c = new Client({ connectionString: url });
    try {
      await c.connect();
      await c.end();
      break;
    } catch (err) {
      await c.end().catch(() => undefined);
      if (Date.now() > deadline || proc.exitCode !== null) throw new Error(`PostgreSQL did not start: ${(err as Error).message}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url,
    stop: async () => {
      await new Promise<void>((resolve) => {
        if (proc.exitCode !== null) return resolve();
        proc.once("exit", () => resolve());
        // runuser forwards the signal; SIGINT is PostgreSQL's fast shutdown.
        proc.kill("SIGINT");
      });
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The backends this run covers; PostgreSQL is left out only outside CI when none can be found. */
export function backends(): BackendKind[] {
  if (process.env.SUPABASE_EMULATOR_TEST_POSTGRES_URL || findPgBin()) return ["pglite", "postgres"];
  if (process.env.CI) throw new Error("CI: no PostgreSQL found (set SUPABASE_EMULATOR_TEST_POSTGRES_URL or PG_BIN)");
  process.stderr.write("[graphql tests] no PostgreSQL binaries found: running on PGlite only\n");
  return ["pglite"];
}

let server: Promise<PgServer> | undefined;
let serverUsers = 0;

async function openManager(kind: BackendKind): Promise<{ manager: DatabaseManager; release: () => Promise<void> }> {
  if (kind === "pglite") {
    const manager = new PgliteManager();
    return { manager, release: () => manager.close() };
  }
  const external = process.env.SUPABASE_EMULATOR_TEST_POSTGRES_URL;
  let url: string;
  if (external) url = external;
  else {
    server ??= startThrowawayPostgres(findPgBin()!);
    serverUsers++;
    url = (await server).url;
  }
  const manager = new PostgresManager(url);
  await manager.connect();
  return {
    manager,
    release: async () => {
      await manager.close();
      if (!external && --serverUsers === 0 && server) {
        const s = server;
        server = undefined;
        await (await s).stop();
      }
    },
  };
}

export const randomRef = () => Array.from(randomBytes(20), (b) => String.fromCharCode(97 + (b % 26))).join("");

export interface GqlOptions {
  role?: string;
  claims?: Record<string, unknown>;
  schemas?: string[];
  operationName?: string;
}

export interface Harness {
  kind: BackendKind;
  db(): ProjectDatabase;
  /** Runs SQL as the owner (DDL, seeding, checks). */
  sql<R = Record<string, unknown>>(text: string, params?: unknown[]): Promise<R[]>;
  /** A GraphQL request; the body as pg_graphql would answer it. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  gql(query: string, variables?: unknown, opts?: GqlOptions): Promise<any>;
  /** The full response, with the statement count. */
  request(query: string, variables?: unknown, opts?: GqlOptions): Promise<GraphqlResponse>;
}

/** A fresh project database per describe block, seeded once with `setupSql`. */
export function useDatabase(kind: BackendKind, setupSql: string): Harness {
  let db: ProjectDatabase | undefined;
  let ref = "";
  let release: (() => Promise<void>) | undefined;
  let manager: DatabaseManager | undefined;
  beforeAll(async () => {
    const m = await openManager(kind);
    manager = m.manager;
    release = m.release;
    ref = randomRef();
    db = await manager.forProject(ref);
    await db.exec(setupSql);
  });
  afterAll(async () => {
    if (manager && kind === "postgres") await manager.drop(ref).catch(() => undefined);
    await release?.();
  });
  const request = (query: string, variables?: unknown, opts: GqlOptions = {}) =>
    handleGraphql(db!, {
      role: opts.role ?? "service_role",
      claims: opts.claims ?? { role: opts.role ?? "service_role" },
      schemas: opts.schemas,
      body: { query, variables, operationName: opts.operationName },
    });
  return {
    kind,
    db: () => db!,
    sql: async (text, params) => (await db!.query(text, params)).rows as never,
    request,
    gql: async (query, variables, opts) => (await request(query, variables, opts)).body,
  };
}
