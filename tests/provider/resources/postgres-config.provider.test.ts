/** PostgresConfig provider methods against the emulator, with the API footprint from the request log. */
import * as runtime from "supabase-pulumi/runtime";
import { calls, expectRefused, useConfigProject } from "./config-helpers";

const ctx = useConfigProject("pg");
const P = () => runtime.provider("postgresConfig");
const GET_PROJECT = "GET /v1/projects/{ref}";
const GET = "GET /v1/projects/{ref}/config/database/postgres";
const PUT = "PUT /v1/projects/{ref}/config/database/postgres";
const overrides = async () => (await ctx.emu.api("GET", `/v1/projects/${ctx.ref}/config/database/postgres`)).body;
const status = async () => (await ctx.emu.api("GET", `/v1/projects/${ctx.ref}`)).body.status;

test("create waits out the restart; equal durations and sizes never diff; others' overrides are kept", async () => {
  const { emu, ref } = ctx;
  await emu.setSettings({ restartDelayMs: 300 });
  await emu.api("PUT", `/v1/projects/${ref}/config/database/postgres`, { work_mem: "8MB", restart_database: false });
  await emu.clearRequests();
  const { id, outs } = await P().create({ projectRef: ref, maxConnections: 120, statementTimeout: "60s" });
  const log = await calls(emu);
  expect(log.slice(0, 3)).toEqual([GET_PROJECT, GET, PUT]);
  // After the PUT, project polls until the restart is over.
  expect(log.slice(3).every((c) => c === GET_PROJECT)).toBe(true);
  expect(log.length).toBeGreaterThan(3);
  expect(await status()).toBe("ACTIVE_HEALTHY");
  expect(await overrides()).toEqual({ work_mem: "8MB", max_connections: 120, statement_timeout: "60s" });
  expect(outs!.previous).toEqual({ max_connections: null, statement_timeout: null });

  await emu.clearRequests();
  const read = await P().read(id, outs!);
  expect(await calls(emu)).toEqual([GET]);
  expect(read.props!.drift).toBeUndefined();
  expect(
    (await P().diff(id, read.props!, { projectRef: ref, maxConnections: 120, statementTimeout: "60000ms" })).changes,
  ).toBe(false);

  // Drift, then update back; adoption of what is there writes nothing.
  await emu.api("PUT", `/v1/projects/${ref}/config/database/postgres`, {
    work_mem: "8MB",
    max_connections: 50,
    statement_timeout: "60s",
    restart_database: false,
  });
  const drifted = await P().read(id, outs!);
  expect(drifted.props).toMatchObject({ maxConnections: 50, drift: { changed: ["maxConnections"] } });
  await P().update(id, drifted.props!, { projectRef: ref, maxConnections: 120, statementTimeout: "60s" });
  expect(await overrides()).toEqual({ work_mem: "8MB", max_connections: 120, statement_timeout: "60s" });
  await emu.clearRequests();
  await P().create({ projectRef: ref, workMem: "8192kB" });
  expect(await calls(emu)).toEqual([GET_PROJECT, GET]);

  await emu.clearRequests();
  await P().delete(id, outs!);
  expect(await calls(emu)).toEqual([]);
});

test("bad inputs are refused at check, naming the field", async () => {
  await expectRefused(ctx.emu, "postgresConfig", [
    [{ projectRef: "x" }, "projectRef"],
    [{ projectRef: ctx.ref, maxConnections: 0 }, "maxConnections"],
    [{ projectRef: ctx.ref, statementTimeout: "soon" }, "statementTimeout"],
    [{ projectRef: ctx.ref, sessionReplicationRole: "primary" }, "sessionReplicationRole"],
    [{ projectRef: ctx.ref, maxWorkerProcesses: 300000 }, "maxWorkerProcesses"],
    [{ projectRef: ctx.ref, restartDatabase: true }, "restartDatabase"],
  ]);
});
