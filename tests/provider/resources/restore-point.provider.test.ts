/**
 * RestorePoint provider methods against the emulator, with the API footprint
 * from the request log; DatabaseMigration's `restorePointBefore`, and the
 * documented undo through the client putting the database back.
 */
import * as runtime from "supabase-pulumi/runtime";
import { createClientFromEnv } from "supabase-pulumi/client";
import { calls, expectRefused, useConfigProject } from "./config-helpers";

const ctx = useConfigProject("points");
const P = () => runtime.provider("restorePoint");
const GET_PROJECT = "GET /v1/projects/{ref}";
const GET = "GET /v1/projects/{ref}/database/backups/restore-point";
const POST = "POST /v1/projects/{ref}/database/backups/restore-point";
const saved = { ...process.env };

beforeAll(() => {
  process.env.SUPABASE_ACCESS_TOKEN = ctx.emu.accessToken;
  process.env.SUPABASE_API_URL = ctx.emu.apiUrl;
});
afterAll(() => {
  process.env = saved;
});

async function sql(query: string): Promise<Array<Record<string, unknown>>> {
  const r = await ctx.emu.api("POST", `/v1/projects/${ctx.ref}/database/query`, { query });
  if (r.status >= 300) throw new Error(`${query}: ${JSON.stringify(r.body)}`);
  return r.body as Array<Record<string, unknown>>;
}

test("create takes the point, refresh reads it, a second create adopts it, destroy forgets", async () => {
  const { emu, ref } = ctx;
  const inputs = { projectRef: ref, name: "before-upgrade" };
  const { id, outs } = await P().create(inputs);
  expect(await calls(emu)).toEqual([GET_PROJECT, GET, POST]);
  expect(id).toBe(`${ref}/before-upgrade`);
  expect(outs).toEqual({ ...inputs, status: "AVAILABLE", completedOn: expect.any(String) });

  await emu.clearRequests();
  const read = await P().read(id, outs!);
  expect(await calls(emu)).toEqual([GET]);
  expect(read.props).toEqual(outs);
  const d = await P().diff(id, read.props!, { ...inputs, name: "other" });
  expect([d.changes, d.replaces]).toEqual([true, ["name"]]);

  await emu.clearRequests();
  expect((await P().create(inputs)).outs).toEqual(outs);
  expect(await calls(emu)).toEqual([GET_PROJECT, GET]);
  await emu.clearRequests();
  await P().delete(id, outs!);
  expect(await calls(emu)).toEqual([]);
  // A point the project does not have is gone from a refresh.
  expect((await P().read(`${ref}/never-taken`, {})).id).toBe("");
});

test("DatabaseMigration with restorePointBefore takes a point first; undo puts the database back", async () => {
  const { emu, ref } = ctx;
  await sql("create table plans (code text primary key); insert into plans values ('free')");
  await emu.clearRequests();
  const M = runtime.provider("databaseMigration");
  const inputs = {
    projectRef: ref,
    name: "002_drop_free",
    sql: "delete from plans where code = 'free'; create table seats (n int)",
    restorePointBefore: true,
  };
  const { outs } = await M.create(inputs);
  const log = await calls(emu);
  expect(log.slice(0, 2)).toEqual([GET, POST]);
  expect(log).toContain("POST /v1/projects/{ref}/database/migrations");
  expect(outs!.restorePoint).toMatch(/^pre-[0-9a-f]{16}$/);
  expect(await sql("select count(*)::int n from plans")).toEqual([{ n: 0 }]);

  // The documented undo, through the exported client.
  await createClientFromEnv().undoToRestorePoint(ref, outs!.restorePoint as string);
  expect(await sql("select code from plans")).toEqual([{ code: "free" }]);
  expect(await sql("select to_regclass('public.seats') is null as gone")).toEqual([{ gone: true }]);
  // The history entry went with it: a refresh of the migration reports it missing.
  const refreshed = await M.read(`${ref}/002_drop_free`, outs!);
  expect(refreshed.props!.drift).toMatchObject({ deleted: [expect.stringMatching(/missing from history/)] });
});

test("bad inputs are refused at check, naming the field", async () => {
  await expectRefused(ctx.emu, "restorePoint", [
    [{ projectRef: "X", name: "a" }, "projectRef"],
    [{ projectRef: ctx.ref }, "name"],
    [{ projectRef: ctx.ref, name: "x".repeat(21) }, "name"],
    [{ projectRef: ctx.ref, name: "with space" }, "name"],
    [{ projectRef: ctx.ref, name: "ok", undo: true }, "undo"],
  ]);
});
