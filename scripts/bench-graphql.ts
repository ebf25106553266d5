/**
 * GraphQL data API benchmark (`npm run bench:graphql`): requests per second
 * and SQL statements per request for three workloads, on embedded PGlite and
 * on a throwaway PostgreSQL server (or SUPABASE_EMULATOR_TEST_POSTGRES_URL).
 *
 *   1. a collection page of 10 rows
 *   2. a two-level nested relation (10 accounts → 5 blogs each → their posts)
 *   3. an insert of 100 rows in one mutation
 *
 * Each workload runs a bounded number of requests with 4 in flight, after a
 * warm-up request (which also builds the cached schema).
 */
import { PgliteManager, PostgresManager, type DatabaseManager, type ProjectDatabase } from "../emulator/db";
import { handleGraphql } from "../emulator/graphql/execute";
import { randomRef } from "../harness/refs";
import { findPgBin, testPostgres, type TestPostgres } from "../harness/postgres";

const SEED = `
create table account (id serial primary key, email text not null, created_at timestamptz default now());
create table blog (id serial primary key, owner_id int not null references account(id), title text not null);
create table post (id serial primary key, blog_id int not null references blog(id), body text not null);
insert into account (email) select 'user' || g || '@x.com' from generate_series(1, 200) g;
insert into blog (owner_id, title) select a, 'blog ' || a || '.' || b from generate_series(1, 200) a, generate_series(1, 5) b;
insert into post (blog_id, body) select bl, 'post ' || p from generate_series(1, 1000) bl, generate_series(1, 3) p;
create index on blog (owner_id);
create index on post (blog_id);
analyze;
create table event (id bigserial primary key, name text not null, payload jsonb);
`;

const PAGE = `{ accountCollection(first: 10) { edges { cursor node { id email created_at } } pageInfo { hasNextPage endCursor } } }`;
const NESTED = `{ accountCollection(first: 10) { edges { node { id email blogCollection(first: 5) { edges { node { id title postCollection { edges { node { id body } } } } } } } } } }`;
const INSERT = `mutation($o: [eventInsertInput!]!) { insertIntoeventCollection(objects: $o) { affectedCount } }`;
const objects = Array.from({ length: 100 }, (_, i) => ({ name: `event ${i}`, payload: JSON.stringify({ i }) }));

interface Workload {
  name: string;
  query: string;
  variables?: unknown;
  requests: number;
}

const WORKLOADS: Workload[] = [
  { name: "collection page (10 rows)", query: PAGE, requests: 400 },
  { name: "two-level nested relation", query: NESTED, requests: 200 },
  { name: "insert 100 rows", query: INSERT, variables: { o: objects }, requests: 100 },
];

interface Row {
  backend: string;
  workload: string;
  requests: number;
  rps: number;
  meanMs: number;
  statements: number;
}

async function run(db: ProjectDatabase, w: Workload, backend: string): Promise<Row> {
  const one = async () => {
    const res = await handleGraphql(db, {
      role: "service_role",
      claims: { role: "service_role" },
      body: { query: w.query, variables: w.variables },
    });
    const body = res.body as { errors?: unknown };
    if (res.status !== 200 || body.errors) throw new Error(`${w.name}: ${JSON.stringify(res.body).slice(0, 300)}`);
    return res.statements;
  };
  await one();
  let next = 0;
  let statements = 0;
  const started = process.hrtime.bigint();
  const worker = async () => {
    while (next < w.requests) {
      next++;
      const n = await one();
      statements += n;
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return {
    backend,
    workload: w.name,
    requests: w.requests,
    rps: w.requests / seconds,
    meanMs: (seconds * 1000) / w.requests,
    statements: statements / w.requests,
  };
}

async function bench(backend: string, manager: DatabaseManager): Promise<Row[]> {
  const db = await manager.forProject(randomRef());
  await db.exec(SEED);
  const rows: Row[] = [];
  for (const w of WORKLOADS) rows.push(await run(db, w, backend));
  return rows;
}

async function main(): Promise<void> {
  const rows: Row[] = [];
  const pglite = new PgliteManager();
  try {
    rows.push(...(await bench("pglite", pglite)));
  } finally {
    await pglite.close();
  }
  let server: TestPostgres | undefined;
  const url =
    process.env.SUPABASE_EMULATOR_TEST_POSTGRES_URL || findPgBin() ? (server = await testPostgres()).url : undefined;
  if (url) {
    const pg = new PostgresManager(url);
    try {
      await pg.connect();
      rows.push(...(await bench("postgres", pg)));
    } finally {
      await pg.close();
      await server?.stop();
    }
  } else {
    process.stderr.write("no PostgreSQL found (set SUPABASE_EMULATOR_TEST_POSTGRES_URL or PG_BIN): PGlite only\n");
  }
  const header = ["backend", "workload", "requests", "req/s", "mean ms", "SQL statements/request"];
  const table = rows.map((r) => [
    r.backend,
    r.workload,
    String(r.requests),
    r.rps.toFixed(0),
    r.meanMs.toFixed(2),
    r.statements.toFixed(2),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((t) => t[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join("  ");
  console.log(line(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const t of table) console.log(line(t));
  console.log("(statements exclude begin/commit and the per-request role/claims/catalog-fingerprint query)");
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
