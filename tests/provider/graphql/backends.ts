/**
 * The two database engines the GraphQL conformance suite runs on: embedded
 * PGlite (in memory) and a PostgreSQL server, either the one in
 * SUPABASE_EMULATOR_TEST_POSTGRES_URL or a throwaway server started from the
 * local PostgreSQL binaries. In CI a missing PostgreSQL fails loudly.
 */
import { Client } from "pg";
import {
  databaseName,
  PgliteManager,
  PostgresManager,
  type DatabaseManager,
  type ProjectDatabase,
} from "../../../emulator/db";
import { handleGraphql, type GraphqlResponse } from "../../../emulator/graphql/execute";
import { randomRef } from "../../../harness/refs";
import { findPgBin, testPostgres, type TestPostgres } from "../../../harness/postgres";

export type BackendKind = "pglite" | "postgres";

/** The backends this run covers; PostgreSQL is left out only outside CI when none can be found. */
export function backends(): BackendKind[] {
  if (process.env.SUPABASE_EMULATOR_TEST_POSTGRES_URL || findPgBin()) return ["pglite", "postgres"];
  if (process.env.CI) throw new Error("CI: no PostgreSQL found (set SUPABASE_EMULATOR_TEST_POSTGRES_URL or PG_BIN)");
  process.stderr.write("[graphql tests] no PostgreSQL binaries found: running on PGlite only\n");
  return ["pglite"];
}

let server: Promise<TestPostgres> | undefined;
let serverUsers = 0;

async function openManager(
  kind: BackendKind,
): Promise<{ manager: DatabaseManager; release: () => Promise<void>; url?: string }> {
  if (kind === "pglite") {
    const manager = new PgliteManager();
    return { manager, release: () => manager.close() };
  }
  // One server shared by the suites of this file's process, stopped with the last.
  server ??= testPostgres();
  serverUsers++;
  const url = (await server).url;
  const manager = new PostgresManager(url);
  await manager.connect();
  return {
    manager,
    url,
    release: async () => {
      await manager.close();
      if (--serverUsers === 0 && server) {
        const s = server;
        server = undefined;
        await (await s).stop();
      }
    },
  };
}

export { randomRef };

export interface GqlOptions {
  role?: string;
  claims?: Record<string, unknown>;
  schemas?: string[];
  operationName?: string;
}

export interface Harness {
  kind: BackendKind;
  db(): ProjectDatabase;
  /** The project's reference and the manager holding its database. */
  ref(): string;
  manager(): DatabaseManager;
  /** Runs SQL as a superuser in the project's database (roles; the owner is not one on a server). */
  superuser(text: string): Promise<void>;
  /** The project database's owner role, as SQL. */
  owner(): string;
  /** Runs SQL as the owner (DDL, seeding, checks). */
  sql<R = Record<string, unknown>>(text: string, params?: unknown[]): Promise<R[]>;
  /** A GraphQL request; the body as pg_graphql would answer it. */

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
  let url: string | undefined;
  beforeAll(async () => {
    const m = await openManager(kind);
    manager = m.manager;
    release = m.release;
    url = m.url;
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
    ref: () => ref,
    manager: () => manager!,
    owner: () => (kind === "postgres" ? `"${databaseName(ref)}"` : "current_user"),
    superuser: async (text) => {
      if (!url) return void (await db!.exec(text));
      const u = new URL(url);
      u.pathname = `/${databaseName(ref)}`;
      const client = new Client({ connectionString: u.toString() });
      await client.connect();
      try {
        await client.query(text);
      } finally {
        await client.end();
      }
    },
    sql: async (text, params) =>
      (params ? (await db!.query(text, params)).rows : ((await db!.exec(text)).at(-1)?.rows ?? [])) as never,
    request,
    gql: async (query, variables, opts) => (await request(query, variables, opts)).body,
  };
}
