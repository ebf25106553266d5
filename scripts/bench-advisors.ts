/**
 * Advisors benchmark (`npm run bench:advisors`): the emulator's advisors on a
 * schema of 500 tables, each with a foreign key to the one before (half of
 * them indexed), an index and, on every other table, row level security with
 * two policies; on embedded PGlite and on a throwaway PostgreSQL server. It
 * calls the function the advisors route calls, on a database wrapper that
 * counts the SQL statements sent, and prints the milliseconds per call
 * (median of BENCH_RUNS, default 5) and the statements per call. Not a test:
 * nothing is asserted about time.
 */
import { performance } from "node:perf_hooks";
import { PgliteManager, PostgresManager, type DatabaseManager, type ProjectDatabase } from "../emulator/db";
import { advisors } from "../emulator/advisors";
import { randomRef } from "../harness/refs";
import { findPgBin, testPostgres } from "../harness/postgres";

const TABLES = Number(process.env.BENCH_TABLES ?? 500);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

function schemaSql(): string {
  const out = ["create table t0 (id int primary key, a int, b text)"];
  for (let i = 1; i < TABLES; i++) {
    out.push(`create table t${i} (id int primary key, parent int references t${i - 1} (id), a int, b text)`);
    out.push(`create index t${i}_a on t${i} (a)`);
    if (i % 2 === 0) out.push(`create index t${i}_parent on t${i} (parent)`);
    if (i % 2 === 1) {
      out.push(`alter table t${i} enable row level security`);
      out.push(`create policy r${i} on t${i} for select to authenticated using (a > 0)`);
      out.push(`create policy w${i} on t${i} for all to authenticated using (b is not null)`);
    }
  }
  return out.join(";\n") + ";";
}

/** The database with every statement counted. */
function counting(db: ProjectDatabase): { db: ProjectDatabase; count: () => number } {
  let n = 0;
  const wrapped: ProjectDatabase = Object.create(db) as ProjectDatabase;
  wrapped.query = ((sql: string, params?: unknown[]) => (n++, db.query(sql, params))) as ProjectDatabase["query"];
  wrapped.exec = (sql: string) => (n++, db.exec(sql));
  wrapped.batch = (statements) => ((n += statements.length), db.batch(statements));
  wrapped.readOnly = (sql, params) => (n++, db.readOnly(sql, params));
  return { db: wrapped, count: () => n };
}

const FACTS = {
  auth: {},
  sslEnforced: false,
  allowedCidrs: ["0.0.0.0/0"],
  postgresVersion: "17.4",
  exposedSchemas: "public, graphql_public",
};

async function bench(label: string, manager: DatabaseManager): Promise<void> {
  const ref = randomRef();
  const db = await manager.forProject(ref);
  await db.exec(schemaSql());
  const { db: counted, count } = counting(db);
  for (const category of ["SECURITY", "PERFORMANCE"] as const) {
    await advisors(counted, FACTS, { category }); // warm-up
    const times: number[] = [];
    let statements = 0;
    let lints = 0;
    for (let i = 0; i < RUNS; i++) {
      const before = count();
      const t = performance.now();
      lints = (await advisors(counted, FACTS, { category })).length;
      times.push(performance.now() - t);
      statements = count() - before;
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)]!;
    console.log(
      `${label.padEnd(8)} ${category.toLowerCase().padEnd(11)} ${TABLES} tables: ${median.toFixed(1)} ms/call (median of ${RUNS}), ${statements} SQL statement(s)/call, ${lints} lints`,
    );
  }
  if (manager.kind === "postgres") await manager.drop(ref).catch(() => undefined);
}

async function main(): Promise<void> {
  const pglite = new PgliteManager();
  try {
    await bench("pglite", pglite);
  } finally {
    await pglite.close();
  }
  if (!process.env.SUPABASE_EMULATOR_TEST_POSTGRES_URL && !findPgBin()) {
    console.log("postgres: no PostgreSQL binaries found, skipped");
    return;
  }
  const server = await testPostgres();
  const pg = new PostgresManager(server.url);
  try {
    await pg.connect();
    await bench("postgres", pg);
  } finally {
    await pg.close();
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
