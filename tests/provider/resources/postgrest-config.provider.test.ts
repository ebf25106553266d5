/**
 * PostgrestConfig provider methods in-process against the emulator: create,
 * no-op, update, drift, adoption and destroy, each with its API footprint
 * from the request log; bad inputs refused at check.
 */
import * as runtime from "supabase-pulumi/runtime";
import { calls, useConfigProject } from "./config-helpers";

const ctx = useConfigProject("rest");
const P = () => runtime.provider("postgrestConfig");

const GET_PROJECT = "GET /v1/projects/{ref}";
const GET = "GET /v1/projects/{ref}/postgrest";
const PATCH = "PATCH /v1/projects/{ref}/postgrest";
const cfg = async () => (await ctx.emu.api("GET", `/v1/projects/${ctx.ref}/postgrest`)).body;

test("create writes the declared fields; no jwt secret in state; a repeat is a no-op", async () => {
  const { id, outs } = await P().create({ projectRef: ctx.ref, dbSchema: "public, api", maxRows: 500 });
  expect(await calls(ctx.emu)).toEqual([GET_PROJECT, GET, PATCH]);
  expect(outs).toEqual({
    projectRef: ctx.ref,
    dbSchema: "public, api",
    maxRows: 500,
    previous: { db_schema: "public, graphql_public", max_rows: 1000 },
  });
  expect(await cfg()).toMatchObject({
    db_schema: "public, api",
    max_rows: 500,
    db_extra_search_path: "public, extensions",
  });

  await ctx.emu.clearRequests();
  const read = await P().read(id, outs!);
  expect(await calls(ctx.emu)).toEqual([GET]);
  expect(read.props!.drift).toBeUndefined();
  // The service answers with its JWT secret; neither its name nor its value reaches the state.
  const jwtSecret = ((await ctx.emu.api("GET", `/v1/projects/${ctx.ref}/postgrest`)).body as { jwt_secret: string })
    .jwt_secret;
  expect(JSON.stringify(read.props)).not.toMatch(/jwt_?secret/i);
  expect(JSON.stringify(read.props)).not.toContain(jwtSecret);
  // Spacing does not matter; order does.
  expect((await P().diff(id, read.props!, { projectRef: ctx.ref, dbSchema: "public,api", maxRows: 500 })).changes).toBe(
    false,
  );
  expect((await P().diff(id, read.props!, { projectRef: ctx.ref, dbSchema: "api,public", maxRows: 500 })).changes).toBe(
    true,
  );
});

test("update, drift and adoption write only what differs", async () => {
  const { id, outs } = await P().create({ projectRef: ctx.ref, maxRows: 500 });
  await ctx.emu.clearRequests();
  const { outs: updated } = await P().update(id, outs!, { projectRef: ctx.ref, maxRows: 250 });
  expect(await calls(ctx.emu)).toEqual([GET_PROJECT, GET, PATCH]);
  expect((await cfg()).max_rows).toBe(250);

  await ctx.emu.api("PATCH", `/v1/projects/${ctx.ref}/postgrest`, { max_rows: 9, db_pool: 7 });
  await ctx.emu.clearRequests();
  const read = await P().read(id, updated!);
  expect(await calls(ctx.emu)).toEqual([GET]);
  expect(read.props!.drift).toEqual({ changed: ["maxRows"] });
  expect(read.props!.maxRows).toBe(9);
  await P().update(id, read.props!, { projectRef: ctx.ref, maxRows: 250 });
  expect(await cfg()).toMatchObject({ max_rows: 250, db_pool: 7 });

  // Adoption of what is already there: no write.
  await ctx.emu.clearRequests();
  await P().create({ projectRef: ctx.ref, maxRows: 250, dbPool: 7 });
  expect(await calls(ctx.emu)).toEqual([GET_PROJECT, GET]);
});

test("destroy forgets by default, restores with restoreOnDestroy", async () => {
  const a = await P().create({ projectRef: ctx.ref, maxRows: 500 });
  await ctx.emu.clearRequests();
  await P().delete(a.id, a.outs!);
  expect(await calls(ctx.emu)).toEqual([]);
  expect((await cfg()).max_rows).toBe(500);

  await ctx.emu.api("PATCH", `/v1/projects/${ctx.ref}/postgrest`, { max_rows: 1000 });
  const b = await P().create({ projectRef: ctx.ref, maxRows: 42, restoreOnDestroy: true });
  await ctx.emu.clearRequests();
  await P().delete(b.id, b.outs!);
  expect(await calls(ctx.emu)).toEqual([GET_PROJECT, GET, PATCH]);
  expect((await cfg()).max_rows).toBe(1000);
});

test("bad inputs are refused at check, naming the field", async () => {
  const bad: Array<[Record<string, unknown>, string]> = [
    [{ projectRef: "x" }, "projectRef"],
    [{ projectRef: ctx.ref, maxRows: -1 }, "maxRows"],
    [{ projectRef: ctx.ref, maxRows: 1.5 }, "maxRows"],
    [{ projectRef: ctx.ref, dbPool: 1001 }, "dbPool"],
    [{ projectRef: ctx.ref, dbSchema: 3 }, "dbSchema"],
    [{ projectRef: ctx.ref, restoreOnDestroy: "no" }, "restoreOnDestroy"],
    [{ projectRef: ctx.ref, jwtSecret: "nope" }, "jwtSecret"],
  ];
  for (const [inputs, field] of bad) {
    const r = await P().check({}, inputs);
    expect({ field, failed: r.failures!.map((f) => f.property) }).toEqual({ field, failed: [field] });
  }
  expect(await calls(ctx.emu)).toEqual([]);
});
