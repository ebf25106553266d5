/**
 * Seeding benchmark (`npm run bench:seed`): 1,000 rows through TableRows'
 * provider methods against the emulator's GraphQL API, once with one request
 * per row (batchSize 1) and once in batches (batchSize 500), in the same run.
 * Prints both times, the GraphQL request counts (from the emulator's request
 * log) and the ratio. The provider tier runs `benchSeed` and gates on the ratio.
 *
 *   npm run bench:seed [-- --rows 1000 --batch 500]
 */
import * as runtime from "../provider/runtime";
import { startTestEmulator, type TestEmulator } from "../harness/emulator";

export interface SeedBench {
  rows: number;
  batchSize: number;
  perRow: { ms: number; requests: number };
  batched: { ms: number; requests: number };
  ratio: number;
}

async function sql(emu: TestEmulator, ref: string, query: string): Promise<void> {
  const r = await emu.api("POST", `/v1/projects/${ref}/database/query`, { query });
  if (r.status >= 300) throw new Error(`SQL failed (${r.status}): ${JSON.stringify(r.body)}`);
}

/** Seeds `rows` rows twice into fresh tables of project `ref` (runtime already configured for `emu`). */
export async function benchSeed(emu: TestEmulator, ref: string, rows = 1000, batchSize = 500): Promise<SeedBench> {
  const suffix = Date.now().toString(36);
  const tables = [`seed_one_${suffix}`, `seed_batch_${suffix}`];
  await sql(
    emu,
    ref,
    tables
      .map((t) => `create table ${t} (id int primary key, name text not null, price numeric, meta jsonb);`)
      .join("\n"),
  );
  const data = Array.from({ length: rows }, (_, i) => ({ id: i, name: `row ${i}`, price: `${i}.25`, meta: { i } }));
  const P = runtime.provider("tableRows");
  const seed = async (table: string, batch: number) => {
    const checked = await P.check({}, { projectRef: ref, table, rows: data, batchSize: batch });
    if ((checked.failures ?? []).length > 0) throw new Error(JSON.stringify(checked.failures));
    await emu.clearRequests();
    const t = performance.now();
    await P.create(checked.inputs!);
    const ms = performance.now() - t;
    return { ms: Math.round(ms), requests: (await emu.requests({ api: "graphql" })).length };
  };
  const perRow = await seed(tables[0], 1);
  const batched = await seed(tables[1], batchSize);
  return { rows, batchSize, perRow, batched, ratio: perRow.ms / Math.max(1, batched.ms) };
}

async function main(): Promise<void> {
  const arg = (name: string, dflt: number) => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? Number(process.argv[i + 1]) : dflt;
  };
  const emu = await startTestEmulator();
  try {
    runtime.configure({ accessToken: emu.accessToken, apiUrl: emu.apiUrl, projectUrlTemplate: emu.projectUrlTemplate });
    const org = await emu.api("POST", "/v1/organizations", { name: "bench" });
    const project = await emu.api("POST", "/v1/projects", {
      name: "bench",
      organization_id: org.body.id,
      region: "us-east-1",
      db_pass: "bench-password-1",
    });
    await emu.advanceTime(10_000);
    const r = await benchSeed(emu, project.body.id, arg("rows", 1000), arg("batch", 500));
    console.log(`seeding ${r.rows} rows through GraphQL (embedded PGlite):`);
    console.log(`  one request per row: ${r.perRow.ms} ms, ${r.perRow.requests} requests`);
    console.log(`  batches of ${r.batchSize}:      ${r.batched.ms} ms, ${r.batched.requests} requests`);
    console.log(`  ratio: ${r.ratio.toFixed(1)}×`);
  } finally {
    await emu.close();
  }
}

if (require.main === module) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
