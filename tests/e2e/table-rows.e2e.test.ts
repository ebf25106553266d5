/**
 * TableRows and DatabaseMigration on the real engine: a migration creates the
 * table (with an audit trigger that records every row written), TableRows
 * seeds 1,000 rows after it (dependsOn), a clean preview, rows changed and
 * deleted out of band through GraphQL show as drift on the CLI's refresh
 * (exit 7), `up --refresh` restores them, editing 10 rows touches exactly
 * those (from the audit trail) and its `preview --diff` shows the edited rows
 * and no bookkeeping (no schema cache), destroy deletes or retains per `onDelete`,
 * and no API key appears in the CLI's `stack export` or any output.
 *
 * GraphQL budgets are read from the emulator's request log (`api: "graphql"`).
 * On the engine, `check` of a process that has not seen the table yet makes
 * one introspection request per table; create's own requests (ceil(N/B)) and
 * the 10,000-row budgets are asserted per provider method in the provider tier.
 */
import * as supabase from "supabase-pulumi";
import { readyProject } from "../../harness/emulator";
import { useEmulator } from "../../harness/suite";
import { cleanup, emulatorStack, type TestEmulator } from "./helpers";

type Any = any;

const MIGRATION_SQL = `
create table item (id int primary key, name text not null, price numeric not null, meta jsonb);
create table item_audit (seq serial primary key, op text not null, item_id int not null);
create function item_audit_fn() returns trigger language plpgsql as $fn$
begin
  insert into item_audit (op, item_id) values (lower(tg_op), case when tg_op = 'DELETE' then old.id else new.id end);
  return null;
end $fn$;
create trigger item_audit after insert or update or delete on item for each row execute function item_audit_fn();
`;

let emu: TestEmulator;
let ref: string;
let serviceKey: string;
let anonKey: string;
let graphqlUrl: string;
const dirs: string[] = [];
const captured: string[] = [];
const onOutput = (o: string) => void captured.push(o);

/** What the program declares; the test edits it between updates. */
const program = { edited: new Set<number>() };

function itemRows() {
  return Array.from({ length: 1000 }, (_, i) => ({
    id: i,
    name: program.edited.has(i) ? `item ${i} (edited)` : `item ${i}`,
    price: `${i}.50`,
    meta: { tier: i % 3, tags: ["seed"] },
  }));
}

async function sql(query: string): Promise<Any[]> {
  const r = await emu.api("POST", `/v1/projects/${ref}/database/query`, { query });
  if (r.status >= 300) throw new Error(`SQL failed (${r.status}): ${JSON.stringify(r.body)}`);
  return r.body;
}

async function gql(query: string): Promise<Any> {
  const res = await fetch(graphqlUrl, {
    method: "POST",
    headers: { "content-type": "application/json", apikey: serviceKey },
    body: JSON.stringify({ query }),
  });
  const body = (await res.json()) as Any;
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

const graphqlCount = async () => (await emu.requests({ api: "graphql" })).length;

useEmulator({
  setup: async (started) => {
    emu = started;
    ({ ref, serviceKey, anonKey, graphqlUrl } = await readyProject(emu, "rows"));
  },
  teardown: () => {
    for (const d of dirs) cleanup(d);
  },
});

test("migration, 1,000 rows, clean preview, drift through GraphQL, restore, 10 edits touch 10 rows, destroy deletes or retains", async () => {
  const s = await emulatorStack(emu, async () => {
    const items = new supabase.DatabaseMigration("m-items", { projectRef: ref, name: "001_items", sql: MIGRATION_SQL });
    const notes = new supabase.DatabaseMigration(
      "m-notes",
      { projectRef: ref, name: "002_notes", sql: "create table note (id int primary key, body text not null)" },
      { dependsOn: [items] },
    );
    const itemRowsRes = new supabase.TableRows(
      "items",
      { projectRef: ref, table: "item", rows: itemRows(), onDelete: "delete" },
      { dependsOn: [items] },
    );
    const noteRows = new supabase.TableRows(
      "notes",
      {
        projectRef: ref,
        table: "public.note",
        rows: [1, 2, 3, 4, 5].map((id) => ({ id, body: `note ${id}` })),
        onDelete: "retain",
      },
      { dependsOn: [notes] },
    );
    return {
      itemCount: itemRowsRes.rowCount,
      itemKey: itemRowsRes.key,
      noteCount: noteRows.rowCount,
      checksum: items.checksum,
    };
  });
  dirs.push(s.dir);

  // (1) migrations, then 1,000 rows.
  await emu.clearRequests();
  const up = await s.stack.up({ parallel: 8, onOutput });
  expect(up.summary.result).toBe("succeeded");
  expect(up.outputs.itemCount.value).toBe(1000);
  expect(up.outputs.itemKey.value).toEqual(["id"]);
  expect(up.outputs.noteCount.value).toBe(5);
  expect(up.outputs.checksum.value).toMatch(/^[0-9a-f]{64}$/);
  const firstUp = await graphqlCount();
  expect((await sql("select count(*)::int as n from item"))[0].n).toBe(1000);
  expect(await sql("select op, count(*)::int as n from item_audit group by op")).toEqual([{ op: "insert", n: 1000 }]);
  // Per table: 1 introspection at check + ceil(N/500) inserts (items: 1 + 2, notes: 1 + 1).
  expect(firstUp).toBeLessThanOrEqual(5);

  // (2) a clean preview, and a no-op up, make no GraphQL request.
  await emu.clearRequests();
  await s.stack.preview({ expectNoChanges: true, onOutput });
  const noop = await s.stack.up({ parallel: 8, onOutput });
  expect(noop.summary.resourceChanges).toEqual({ same: 5 });
  expect(await graphqlCount()).toBe(0);

  // (3) rows changed and deleted out of band through GraphQL.
  await gql(`mutation {
    a: updateitemCollection(set: {name: "changed elsewhere"}, filter: {id: {in: [10, 11, 12]}}, atMost: 3) { affectedCount }
    b: deleteFromitemCollection(filter: {id: {in: [20, 21]}}, atMost: 2) { affectedCount }
  }`);

  // (4) the CLI's refresh reports the drift.
  await emu.clearRequests();
  const drift = await s.cli(["refresh", "--preview-only", "--expect-no-changes"]);
  captured.push(drift.stdout, drift.stderr);
  expect(drift.code).toBe(7);
  expect(drift.stdout).toContain("supabase:TableRows");
  const refreshRequests = await graphqlCount();
  expect(refreshRequests).toBeLessThanOrEqual(2); // one aliased read per table (1,000 rows = 34 key filters)

  // (5) up with refresh restores the rows.
  await sql("delete from item_audit");
  const restore = await s.stack.up({ refresh: true, parallel: 8, onOutput });
  expect(restore.summary.result).toBe("succeeded");
  expect(await sql("select id, name from item where id in (10, 11, 12, 20, 21) order by id")).toEqual(
    [10, 11, 12, 20, 21].map((id) => ({ id, name: `item ${id}` })),
  );
  expect(await sql("select op, item_id from item_audit order by item_id")).toEqual([
    { op: "update", item_id: 10 },
    { op: "update", item_id: 11 },
    { op: "update", item_id: 12 },
    { op: "insert", item_id: 20 },
    { op: "insert", item_id: 21 },
  ]);
  const clean = await s.cli(["refresh", "--preview-only", "--expect-no-changes"]);
  captured.push(clean.stdout, clean.stderr);
  expect(clean.code).toBe(0);

  // (6) 10 rows edited in the program: the next up writes exactly those, in one request.
  program.edited = new Set([3, 99, 150, 301, 302, 480, 555, 777, 900, 999]);
  // The user-facing diff of that edit shows what was declared and changed, and no bookkeeping (no schema cache).
  const diff = await s.stack.preview({ diff: true, onOutput });
  expect(diff.changeSummary).toEqual({ same: 4, update: 1 });
  expect(diff.stdout).toContain('"item 3 (edited)"');
  expect(diff.stdout).not.toMatch(/schemaCache|resolved|declaredKey|v1:[A-Za-z0-9+/]{16}/);
  await sql("delete from item_audit");
  await emu.clearRequests();
  const edit = await s.stack.up({ parallel: 8, onOutput });
  expect(edit.summary.resourceChanges).toEqual({ same: 4, update: 1 });
  expect(await graphqlCount()).toBe(1);
  const audit = await sql("select op, item_id from item_audit order by item_id");
  expect(audit).toEqual([...program.edited].sort((a, b) => a - b).map((item_id) => ({ op: "update", item_id })));
  expect((await sql("select count(*)::int as n from item where name like '%(edited)'"))[0].n).toBe(10);

  // Secrets: no API key or token in the CLI's export or in any output. State size of 1,000 rows.
  const exported = await s.cli(["stack", "export"]);
  captured.push(exported.stdout);
  expect(exported.code).toBe(0);
  const everything = captured.join("\n");
  for (const secret of [serviceKey, anonKey, emu.accessToken]) expect(everything).not.toContain(secret);
  const resources = JSON.parse(exported.stdout).deployment.resources as Any[];
  const itemsState = resources.find((r) => /supabase:TableRows::items$/.test(r.urn));
  expect(itemsState).toBeDefined();
  const bytes = Buffer.byteLength(JSON.stringify(itemsState));
  const outBytes = Buffer.byteLength(JSON.stringify(itemsState.outputs));
  console.log(
    resources
      .map(
        (r) =>
          `${r.urn.split("::").pop()}: ${JSON.stringify(r).length} (inputs ${JSON.stringify(r.inputs ?? {}).length}, outputs ${JSON.stringify(r.outputs ?? {}).length}; ${Object.keys(r).join(",")})`,
      )
      .join("\n"),
  );
  console.log(
    `1,000 rows: first up ${firstUp} GraphQL requests; refresh ${refreshRequests}; state of the TableRows resource ${bytes} bytes (outputs ${outBytes}); export ${exported.stdout.length} bytes`,
  );
  expect(outBytes).toBeLessThan(100_000);

  // (7) destroy: onDelete "delete" removes the rows, "retain" keeps them.
  await sql("delete from item_audit");
  await emu.clearRequests();
  const destroy = await s.stack.destroy({ parallel: 8, onOutput });
  expect(destroy.summary.result).toBe("succeeded");
  expect((await sql("select count(*)::int as n from item"))[0].n).toBe(0);
  expect(await sql("select op, count(*)::int as n from item_audit group by op")).toEqual([{ op: "delete", n: 1000 }]);
  expect((await sql("select count(*)::int as n from note"))[0].n).toBe(5);
  expect(await graphqlCount()).toBe(2); // ceil(1000/500) deletes; retain makes none
});
