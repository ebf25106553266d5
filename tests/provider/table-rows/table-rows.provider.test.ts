/**
 * TableRows provider methods (and a DatabaseMigration creating its table) in-process against the
 * emulator. GraphQL request budgets are counted from the emulator's request
 * log (`api: "graphql"` entries), per provider method: `check` (which
 * introspects the table once per process) is counted apart from `create`,
 * `read`, `update` and `delete`, so each step's own requests are asserted.
 */
import * as runtime from "supabase-pulumi/runtime";
import { readyProject, startTestEmulator } from "../../../harness/emulator";
import { useEmulator } from "../../../harness/suite";
import { benchSeed } from "../../../scripts/bench-seed";

type Emu = Awaited<ReturnType<typeof startTestEmulator>>;

type Any = any;
let emu: Emu;
let ref: string;
let serviceKey: string;
let anonKey: string;
let graphqlUrl: string;

const rowsP = () => runtime.provider("tableRows");
const migP = () => runtime.provider("databaseMigration");

async function sql(query: string): Promise<Any[]> {
  const r = await emu.api("POST", `/v1/projects/${ref}/database/query`, { query });
  if (r.status >= 300) throw new Error(`SQL failed (${r.status}): ${JSON.stringify(r.body)}`);
  return r.body;
}

async function gql(query: string, variables: Record<string, unknown> = {}, key = serviceKey): Promise<Any> {
  const res = await fetch(graphqlUrl, {
    method: "POST",
    headers: { "content-type": "application/json", apikey: key },
    body: JSON.stringify({ query, variables }),
  });
  return res.json();
}

async function graphqlRequests(): Promise<number> {
  return (await emu.requests({ api: "graphql" })).length;
}

/** Runs `step` from a clean request log and answers its GraphQL request count. */
async function counted<T>(step: () => Promise<T>): Promise<{ value: T; requests: number; ms: number }> {
  await emu.clearRequests();
  const t = Date.now();
  const value = await step();
  return { value, ms: Date.now() - t, requests: await graphqlRequests() };
}

useEmulator({
  runtime,
  setup: async (started) => {
    emu = started;
    ({ ref, serviceKey, anonKey, graphqlUrl } = await readyProject(emu, "rows"));
  },
  beforeEach: (e) => e.clearFaults(),
});

const ceil = Math.ceil;

describe("TableRows request budgets (10,000 rows)", () => {
  test("check 1, create ceil(N/B), no-op check 0, refresh ≤10, 100 changed rows ≤2, delete ceil(N/B)", async () => {
    await sql("create table big (id int primary key, name text not null, price numeric, meta jsonb)");
    const N = 10_000;
    const B = 500;
    const rows = Array.from({ length: N }, (_, i) => ({ id: i, name: `n${i}`, price: "1.50", meta: { i } }));
    const props = { projectRef: ref, table: "big", rows, batchSize: B };

    const check = await counted(() => rowsP().check({}, props));
    expect(check.value.failures).toEqual([]);
    expect(check.requests).toBe(1); // the introspection, once per process
    const inputs = check.value.inputs!;

    const create = await counted(() => rowsP().create(inputs));
    expect(create.requests).toBeLessThanOrEqual(ceil(N / B));
    expect(create.requests).toBe(20);
    expect((await sql("select count(*)::int as n from big"))[0].n).toBe(N);
    const outs = create.value.outs!;
    expect(outs.rowCount).toBe(N);
    expect(outs).not.toHaveProperty("rows");

    // A no-op `up`: check reuses the recorded schema, diff is pure.
    runtime.resetContexts();
    const again = await counted(async () => {
      const c = await rowsP().check(inputs, props);
      return { c, d: await rowsP().diff(create.value.id, outs, c.inputs!) };
    });
    expect(again.requests).toBe(0);
    expect(again.value.d.changes).toBe(false);

    runtime.resetContexts();
    const read = await counted(() => rowsP().read(create.value.id, outs));
    expect(read.requests).toBeLessThanOrEqual(10);
    expect(read.value.props!.rowDigests).toEqual(outs.rowDigests);

    // 100 changed rows: check (no introspection: the rows validate against the recorded schema) + one document.
    runtime.resetContexts();
    const edited = rows.map((r) => (r.id % 100 === 7 ? { ...r, name: `${r.name}-v2` } : r));
    const upd = await counted(async () => {
      const c = await rowsP().check(inputs, { ...props, rows: edited });
      const d = await rowsP().diff(create.value.id, outs, c.inputs!);
      expect(d.changes).toBe(true);
      return rowsP().update(create.value.id, outs, c.inputs!);
    });
    expect(upd.requests).toBeLessThanOrEqual(2);
    expect(upd.requests).toBe(1);
    expect((await sql("select count(*)::int as n from big where name like '%-v2'"))[0].n).toBe(100);

    const del = await counted(() => rowsP().delete(create.value.id, upd.value.outs!));
    expect(del.requests).toBe(ceil(N / B));
    expect((await sql("select count(*)::int as n from big"))[0].n).toBe(0);
    console.log(
      `budgets for ${N} rows: check ${check.requests}, create ${create.requests} (${create.ms} ms), no-op ${again.requests}, refresh ${read.requests} (${read.ms} ms), 100-row update ${upd.requests}, delete ${del.requests}`,
    );
  });
});

describe("TableRows seeding requests (speed: npm run bench:seed)", () => {
  test("1,000 rows in batches of 500 take 2 requests where one request per row takes 1,000", async () => {
    const r = await benchSeed(emu, ref, 1000, 500);
    expect(r.perRow.requests).toBe(1000);
    expect(r.batched.requests).toBe(2);
    console.log(
      `seeding 1,000 rows: one request per row ${r.perRow.ms} ms, batches of 500 ${r.batched.ms} ms, ratio ${r.ratio.toFixed(1)}×`,
    );
  }, 60_000);
});

describe("TableRows check against the live schema", () => {
  beforeAll(async () => {
    await sql(
      "create table plan (code text primary key, price numeric not null, seats int, meta jsonb); create table nokey (code text, price numeric); create table legacy_plan (code varchar(8) primary key, price numeric not null)",
    );
  });

  test.each([
    [
      "an unknown column",
      [{ code: "a", price: "1", colour: "red" }],
      "rows[0].colour",
      /unknown column "colour" on public\.plan \(columns: code, price, seats, meta\)/,
    ],
    [
      "a string in an Int column",
      [
        { code: "a", price: "1" },
        { code: "b", price: "2", seats: "ten" },
      ],
      "rows[1].seats",
      /seats: expected Int .* got the string "ten"/,
    ],
    ["a non-numeric BigFloat", [{ code: "a", price: "cheap" }], "rows[0].price", /price: expected BigFloat/],
    ["null in a NOT NULL column", [{ code: "a", price: null }], "rows[0].price", /must not be null/],
    ["a missing primary key value", [{ price: "1" }], "rows[0].code", /key column "code" is missing/],
  ])("refuses %s, naming the row and column", async (_t, rows, property, reason) => {
    const res = await rowsP().check({}, { projectRef: ref, table: "plan", rows });
    const f = res.failures?.find((x) => x.property === property);
    expect(f).toBeDefined();
    expect(f!.reason).toMatch(reason);
  });

  test("refuses a table without a primary key, saying so", async () => {
    const res = await rowsP().check({}, { projectRef: ref, table: "nokey", rows: [{ code: "a" }] });
    expect(res.failures).toEqual([
      {
        property: "table",
        reason: expect.stringMatching(/table public\.nokey has no primary key, so the GraphQL API does not expose it/),
      },
    ]);
  });

  test("discovers the primary key from the catalog and accepts good rows", async () => {
    const res = await rowsP().check(
      {},
      { projectRef: ref, table: "plan", rows: [{ code: "a", price: 1.5, meta: { b: 1 } }] },
    );
    expect(res.failures).toEqual([]);
    expect(res.inputs!.key).toEqual(["code"]);
    expect(res.inputs!.rows).toEqual([{ code: "a", price: "1.5", meta: { b: 1 } }]);
  });

  test("edited rows are validated against the recorded schema without a request; a failure is confirmed live", async () => {
    await sql("create table grow (id int primary key, v text)");
    const first = (await rowsP().check({}, { projectRef: ref, table: "grow", rows: [{ id: 1, v: "a" }] })).inputs!;
    runtime.resetContexts();
    const edited = await counted(() =>
      rowsP().check(first, {
        projectRef: ref,
        table: "grow",
        rows: [
          { id: 1, v: "b" },
          { id: 2, v: "c" },
        ],
      }),
    );
    expect(edited.value.failures).toEqual([]);
    expect(edited.requests).toBe(0);
    // A column added out of band: the recorded schema refuses it, the live one accepts it.
    await sql("alter table grow add column n int");
    const grown = await counted(() =>
      rowsP().check(first, { projectRef: ref, table: "grow", rows: [{ id: 1, v: "b", n: 3 }] }),
    );
    expect(grown.value.failures).toEqual([]);
    expect(grown.requests).toBe(1);
    const wrong = await rowsP().check(first, { projectRef: ref, table: "grow", rows: [{ id: 1, n: "three" }] });
    expect(wrong.failures).toEqual([{ property: "rows[0].n", reason: expect.stringMatching(/n: expected Int/) }]);
  });

  test("without projectRef, the key comes from the table's ByPk entry", async () => {
    const res = await rowsP().check(
      {},
      { graphqlUrl, apiKey: serviceKey, table: "plan", rows: [{ code: "a", price: "1" }] },
    );
    expect(res.failures).toEqual([]);
  });

  test("without projectRef and without a ByPk entry (a varchar(n) key has none), the key must be declared", async () => {
    const res = await rowsP().check(
      {},
      { graphqlUrl, apiKey: serviceKey, table: "legacy_plan", rows: [{ code: "a", price: "1" }] },
    );
    expect(res.failures).toEqual([
      {
        property: "key",
        reason: expect.stringMatching(/primary key of public\.legacy_plan could not be discovered .*; declare key/),
      },
    ]);
  });

  test("a rejected API key fails check with the table named", async () => {
    await expect(
      rowsP().check({}, { graphqlUrl, apiKey: "not-a-key", table: "plan", rows: [{ code: "a", price: "1" }] }),
    ).rejects.toThrow(/^TableRows plan: introspecting the table failed: .*401: Invalid API key$/);
  });
});

describe("TableRows drift and restore", () => {
  test("out-of-band change and delete through GraphQL show on read; update restores both in one request", async () => {
    await sql("create table drift (id int primary key, name text not null)");
    const rows = Array.from({ length: 50 }, (_, i) => ({ id: i, name: `n${i}` }));
    const props = { projectRef: ref, table: "drift", rows };
    const inputs = (await rowsP().check({}, props)).inputs!;
    const { id, outs } = await rowsP().create(inputs);
    const changed = await gql(
      `mutation { updatedriftCollection(set: {name: "theirs"}, filter: {id: {eq: 3}}) { affectedCount } deleteFromdriftCollection(filter: {id: {in: [5, 6]}}, atMost: 2) { affectedCount } }`,
    );
    expect(changed.errors).toBeUndefined();
    runtime.resetContexts();
    const read = await rowsP().read(id, outs!);
    expect(read.props!.rowCount).toBe(48);
    expect(read.props!.rowDigests["[3]"]).not.toBe(outs!.rowDigests["[3]"]);
    expect(read.props!.rowDigests).not.toHaveProperty("[5]");
    // The drift detail names the rows and the column, never a value.
    expect(read.props!.drift).toEqual({ changed: { "id=3": ["name"] }, deleted: ["id=5", "id=6"] });
    expect(JSON.stringify(read.props!.drift)).not.toContain("theirs");
    expect((await rowsP().diff(id, read.props!, inputs)).changes).toBe(true);
    const restore = await counted(() => rowsP().update(id, read.props!, inputs));
    expect(restore.requests).toBe(1);
    expect(await sql("select id, name from drift where id in (3, 5, 6) order by id")).toEqual([
      { id: 3, name: "n3" },
      { id: 5, name: "n5" },
      { id: 6, name: "n6" },
    ]);
    runtime.resetContexts();
    expect(restore.value.outs).not.toHaveProperty("drift");
    const after = await rowsP().read(id, restore.value.outs!);
    expect(after.props).not.toHaveProperty("drift");
    expect((await rowsP().diff(id, after.props!, inputs)).changes).toBe(false);
  });

  test("onDelete retain keeps the rows; delete removes them", async () => {
    await sql("create table keep (id int primary key, v text)");
    const retain = (
      await rowsP().check({}, { projectRef: ref, table: "keep", rows: [{ id: 1, v: "a" }], onDelete: "retain" })
    ).inputs!;
    const r = await rowsP().create(retain);
    const del = await counted(() => rowsP().delete(r.id, r.outs!));
    expect(del.requests).toBe(0);
    expect((await sql("select count(*)::int as n from keep"))[0].n).toBe(1);
  });
});

describe("TableRows failures name the table, the operation and the keys; nothing is half-applied", () => {
  beforeAll(async () => {
    await sql("create table guarded (id int primary key, qty int not null check (qty >= 0))");
  });
  afterEach(async () => {
    await sql("delete from guarded");
  });

  test("a 200 with errors (a check constraint) in an insert batch: no row of the batch is written", async () => {
    const rows = Array.from({ length: 10 }, (_, i) => ({ id: i, qty: i === 5 ? -1 : i }));
    const inputs = (await rowsP().check({}, { projectRef: ref, table: "guarded", rows })).inputs!;
    await expect(rowsP().create(inputs)).rejects.toThrow(
      /TableRows public\.guarded: insert of keys \[0\], \[1\].*failed, nothing in that request was applied: .*guarded_qty_check/,
    );
    expect((await sql("select count(*)::int as n from guarded"))[0].n).toBe(0);
  });

  test("a later batch failing records the committed batches as a partial result", async () => {
    const rows = Array.from({ length: 10 }, (_, i) => ({ id: i, qty: i === 7 ? -1 : i }));
    const inputs = (await rowsP().check({}, { projectRef: ref, table: "guarded", rows, batchSize: 5 })).inputs!;
    const err: Any = await rowsP()
      .create(inputs)
      .catch((e) => e);
    expect(String(err?.message ?? err)).toMatch(/insert of keys \[5\], \[6\], \[7\], \[8\], \[9\] failed/);
    expect((await sql("select count(*)::int as n from guarded"))[0].n).toBe(5);
    expect(JSON.stringify(err)).toContain("rowDigests");
  });

  test("an update document is atomic: a failing insert rolls back the updates sent with it", async () => {
    const inputs = (
      await rowsP().check(
        {},
        {
          projectRef: ref,
          table: "guarded",
          rows: [
            { id: 1, qty: 1 },
            { id: 2, qty: 2 },
          ],
        },
      )
    ).inputs!;
    const { id, outs } = await rowsP().create(inputs);
    const news = (
      await rowsP().check(inputs, {
        projectRef: ref,
        table: "guarded",
        rows: [
          { id: 1, qty: 10 },
          { id: 3, qty: -3 },
        ],
      })
    ).inputs!;
    await expect(rowsP().update(id, outs!, news)).rejects.toThrow(
      /TableRows public\.guarded: update of keys \[2\], \[1\], \[3\] failed, nothing in that request was applied: .*guarded_qty_check/,
    );
    expect(await sql("select id, qty from guarded order by id")).toEqual([
      { id: 1, qty: 1 },
      { id: 2, qty: 2 },
    ]);
  });

  test("a rejected key fails the write with the table, operation and keys named", async () => {
    const checked = await rowsP().check(
      {},
      { graphqlUrl, apiKey: serviceKey, table: "guarded", key: ["id"], rows: [{ id: 1, qty: 1 }] },
    );
    expect(checked.failures).toEqual([]);
    const inputs = checked.inputs!;
    await expect(rowsP().create({ ...inputs, apiKey: "sb_secret_not-the-key" })).rejects.toThrow(
      /TableRows public\.guarded: insert of key \[1\] failed, nothing in that request was applied: .*Invalid API key/,
    );
    await expect(rowsP().create({ ...inputs, apiKey: "sb_secret_not-the-key" })).rejects.not.toThrow(
      /sb_secret_not-the-key/,
    );
  });

  test("an RLS denial names the table, the operation and the keys", async () => {
    await sql(
      "create table locked (id int primary key, v text); alter table locked enable row level security; create policy anon_read on locked for select to anon using (true)",
    );
    const inputs = (
      await rowsP().check(
        {},
        {
          graphqlUrl,
          apiKey: anonKey,
          table: "locked",
          rows: [
            { id: 1, v: "a" },
            { id: 2, v: "b" },
          ],
          key: ["id"],
        },
      )
    ).inputs!;
    expect(inputs.key).toEqual(["id"]);
    await expect(rowsP().create(inputs)).rejects.toThrow(
      /TableRows public\.locked: insert of keys \[1\], \[2\] failed, nothing in that request was applied: .*row-level security/,
    );
    expect((await sql("select count(*)::int as n from locked"))[0].n).toBe(0);
  });

  test("an atMost overflow names the keys that match several rows, and deletes nothing", async () => {
    await sql("create table tag (id int primary key, label text not null)");
    const inputs = (
      await rowsP().check(
        {},
        {
          projectRef: ref,
          table: "tag",
          key: ["label"],
          rows: [
            { id: 1, label: "dup" },
            { id: 2, label: "solo" },
          ],
        },
      )
    ).inputs!;
    const { id, outs } = await rowsP().create(inputs);
    await sql("insert into tag values (3, 'dup')");
    await expect(rowsP().delete(id, outs!)).rejects.toThrow(
      /TableRows public\.tag: delete of key \["dup"\] failed, nothing in that request was applied: delete impacts too many records \(each of these keys matches more than one row/,
    );
    expect((await sql("select count(*)::int as n from tag"))[0].n).toBe(3);
  });
});

describe("TableRows unknown outcomes are settled by reading back, never by blind resending", () => {
  beforeAll(async () => {
    await sql("create table settle (id int primary key, v text)");
  });

  test("a connection lost after the insert committed: read back, not resent", async () => {
    const inputs = (
      await rowsP().check(
        {},
        {
          projectRef: ref,
          table: "settle",
          rows: [
            { id: 1, v: "a" },
            { id: 2, v: "b" },
          ],
        },
      )
    ).inputs!;
    await emu.addFault({ method: "POST", path: "/project/{ref}/graphql/v1", reset: "after", times: 1 });
    const res = await counted(() => rowsP().create(inputs));
    expect(res.requests).toBe(2); // the insert, then one read
    expect((await sql("select count(*)::int as n from settle"))[0].n).toBe(2);
  });

  test("a connection lost before the insert ran: read back, then sent once more", async () => {
    const inputs = (await rowsP().check({}, { projectRef: ref, table: "settle", rows: [{ id: 3, v: "c" }] })).inputs!;
    await emu.addFault({ method: "POST", path: "/project/{ref}/graphql/v1", reset: "before", times: 1 });
    const res = await counted(() => rowsP().create(inputs));
    expect(res.requests).toBe(3);
    expect(await sql("select v from settle where id = 3")).toEqual([{ v: "c" }]);
  });
});

describe("DatabaseMigration and TableRows", () => {
  test("a failing migration names itself; a table it creates is seen by TableRows in the same process", async () => {
    await expect(migP().create({ projectRef: ref, name: "003_bad", sql: "create tabel oops" })).rejects.toThrow(
      /DatabaseMigration 003_bad: applying sql failed/,
    );
    // TableRows checked before the table exists (preview of a first run) validates at create instead.
    const early = await rowsP().check({}, { projectRef: ref, table: "later", rows: [{ id: 1, v: "a" }] });
    expect(early.failures).toEqual([]);
    await migP().create({ projectRef: ref, name: "004_later", sql: "create table later (id int primary key, v text)" });
    const { outs } = await rowsP().create(early.inputs!);
    expect(outs!.rowCount).toBe(1);
    const bad = await rowsP().check({}, { projectRef: ref, table: "later2", rows: [{ id: 1, nope: "a" }] });
    await migP().create({
      projectRef: ref,
      name: "005_later2",
      sql: "create table later2 (id int primary key, v text)",
    });
    await expect(rowsP().create(bad.inputs!)).rejects.toThrow(
      /TableRows later2: rows\[0\]\.nope: unknown column "nope"/,
    );
    expect((await sql("select count(*)::int as n from later2"))[0].n).toBe(0);
  });
});
