/**
 * The schema engine's benchmark (not a timed test): plan time for a declared
 * schema of 200 tables, 400 policies and 600 indexes, unchanged and with one
 * change, with the live database on PGlite and on a PostgreSQL server. The
 * live read is ONE catalog query (one API call through the SQL route against
 * the service); the declared side is always the scratch PGlite.
 *
 *   npm run bench:schema
 */
import { Client } from "pg";
import { planMigration, PLATFORM_BASELINE_SQL, readCatalog, ScratchDatabase } from "../pgschema";
import { findPgBin, startTestPostgres } from "../harness/postgres";

const TABLES = 200;

function declared(change: boolean): string {
  const out: string[] = [];
  for (let i = 0; i < TABLES; i++) {
    const b = change && i === 7 ? 2 : 1;
    out.push(
      `create table t${i} (id bigint generated always as identity primary key, owner uuid, a text, b int default ${b}, c timestamptz default now());`,
      `alter table t${i} enable row level security;`,
      `create policy t${i}_read on t${i} for select to authenticated using (owner is not null);`,
      `create policy t${i}_write on t${i} for insert to authenticated with check (owner is not null);`,
      `create index t${i}_a on t${i} (a); create index t${i}_b on t${i} (b); create index t${i}_c on t${i} (c);`,
    );
  }
  return out.join("\n");
}

const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function timed<T>(label: string, fn: () => Promise<T>): Promise<T> {
  const t = Date.now();
  const r = await fn();
  console.log(`${label}: ${secs(Date.now() - t)}`);
  return r;
}

async function main(): Promise<void> {
  const scratch = await ScratchDatabase.open();
  const livePglite = await ScratchDatabase.open();
  try {
    await livePglite.load([{ name: "live.sql", sql: declared(false) }]);
    for (const change of [false, true]) {
      await scratch.reset(["public"]);
      const what = change ? "one change" : "unchanged";
      const desired = await timed(`${what}: load the declaration into the scratch PGlite and read it`, async () => {
        await scratch.load([{ name: "schema.sql", sql: declared(change) }]);
        return scratch.catalog(["public"]);
      });
      const live = await timed(`${what}: read the live catalog on PGlite (1 query = 1 API call)`, () =>
        livePglite.catalog(["public"]),
      );
      const plan = await timed(`${what}: plan`, async () => planMigration(live, desired));
      console.log(
        `${what}: ${plan.statements.length} statements${plan.statements.map((s) => `\n  ${s.sql}`).join("")}`,
      );
    }
    if (!findPgBin()) {
      console.log("no PostgreSQL server binaries: the server run is skipped");
      return;
    }
    const pg = await startTestPostgres();
    const client = new Client({ connectionString: pg.url });
    await client.connect();
    try {
      await client.query(PLATFORM_BASELINE_SQL);
      await client.query(declared(false));
      const run = async (sql: string) => (await client.query(sql)).rows;
      const live = await timed("server: read the live catalog (1 query = 1 API call)", () =>
        readCatalog(run, ["public"]),
      );
      await scratch.reset(["public"]);
      await scratch.load([{ name: "schema.sql", sql: declared(true) }]);
      const desired = await scratch.catalog(["public"]);
      const plan = await timed("server: plan with one change", async () => planMigration(live, desired));
      console.log(
        `server: ${plan.statements.length} statements${plan.statements
          .slice(0, 8)
          .map((s) => `\n  ${s.sql}`)
          .join("")}`,
      );
    } finally {
      await client.end();
      await pg.stop();
    }
  } finally {
    await Promise.all([scratch.close(), livePglite.close()]);
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
