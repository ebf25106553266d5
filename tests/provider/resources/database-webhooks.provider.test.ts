/** DatabaseWebhooks provider methods against the emulator, with the API footprint from the request log. */
import * as runtime from "supabase-pulumi/runtime";
import { calls, expectRefused, useConfigProject } from "./config-helpers";
import { TURN_OFF_REFUSED } from "../../../provider/resources/database-webhooks";

const ctx = useConfigProject("webhooks");
const P = () => runtime.provider("databaseWebhooks");
const GET_PROJECT = "GET /v1/projects/{ref}";
const ENABLE = "POST /v1/projects/{ref}/database/webhooks/enable";
const QUERY = "POST /v1/projects/{ref}/database/query";

const sql = async (query: string) =>
  (await ctx.emu.api("POST", `/v1/projects/${ctx.ref}/database/query`, { query })).body as any[];

test("enable sets up supabase_functions; refresh reads it from the database; delete leaves it on", async () => {
  const { emu, ref } = ctx;
  const { id, outs } = await P().create({ projectRef: ref });
  expect(await calls(emu)).toEqual([GET_PROJECT, ENABLE]);
  expect(outs).toEqual({ projectRef: ref, enabled: true });
  expect(await sql("select count(*)::int as n from supabase_functions.hooks")).toEqual([{ n: 0 }]);

  await emu.clearRequests();
  const read = await P().read(id, outs!);
  expect(await calls(emu)).toEqual([QUERY]);
  expect(read.props).toEqual({ projectRef: ref, enabled: true });
  expect((await P().diff(id, read.props!, { projectRef: ref })).changes).toBe(false);

  // Enabling again (a second stack, or a retry) changes nothing.
  await P().create({ projectRef: ref });

  // Dropped in the database: drift, and up enables them again.
  await sql("drop schema supabase_functions cascade");
  const drifted = await P().read(id, outs!);
  expect(drifted.props).toMatchObject({ enabled: false, drift: { changed: ["enabled"] } });
  expect((await P().diff(id, drifted.props!, { projectRef: ref })).changes).toBe(true);
  await emu.clearRequests();
  await P().update(id, drifted.props!, { projectRef: ref });
  expect(await calls(emu)).toEqual([GET_PROJECT, ENABLE]);
  expect((await P().read(id, outs!)).props!.enabled).toBe(true);

  await emu.clearRequests();
  await P().delete(id, outs!);
  expect(await calls(emu)).toEqual([]);
  expect(await sql("select to_regclass('supabase_functions.hooks')::text as t")).toEqual([
    { t: "supabase_functions.hooks" },
  ]);
});

test("turning webhooks off is refused at check with the reason", async () => {
  const r = await P().check({}, { projectRef: ctx.ref, enabled: false });
  expect(r.failures).toEqual([{ property: "enabled", reason: TURN_OFF_REFUSED }]);
  await expectRefused(ctx.emu, "databaseWebhooks", [
    [{ projectRef: "x" }, "projectRef"],
    [{ projectRef: ctx.ref, enabled: false }, "enabled"],
    [{ projectRef: ctx.ref, hooks: [] }, "hooks"],
  ]);
});
