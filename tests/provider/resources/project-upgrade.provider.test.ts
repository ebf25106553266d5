/**
 * Project `postgresVersion`: check reads eligibility only when the declared
 * major changes (a warning naming the targets, a refusal naming the eligible
 * ones, a downgrade refused), up upgrades and follows the status, a failed or
 * timed-out upgrade leaves the state at the old version, refresh reports an
 * out-of-band upgrade, import declares the running major. Footprints from the
 * request log; one emulator for the file.
 */
import * as runtime from "supabase-pulumi/runtime";
import { projectImporter } from "../../../provider/resources/project/import";
import { UNKNOWN } from "../../../provider/resources/common";
import { calls, useConfigProject } from "./config-helpers";

const ctx = useConfigProject("upgrade-host");
const P = () => runtime.provider("project");
const GET_PROJECT = "GET /v1/projects/{ref}";
const LIST = "GET /v1/projects";
const ELIGIBILITY = "GET /v1/projects/{ref}/upgrade/eligibility";
const UPGRADE = "POST /v1/projects/{ref}/upgrade";
const STATUS = "GET /v1/projects/{ref}/upgrade/status";
/** The routes called, repeated polls folded into one. */
const footprint = async () => (await calls(ctx.emu)).filter((r, i, all) => !(r.startsWith("GET") && all[i - 1] === r));
const live = async (ref: string) => (await ctx.emu.api("GET", `/v1/projects/${ref}`)).body;
const setPostgres = (ref: string, body: Record<string, unknown>) =>
  ctx.emu.control("PUT", `/projects/${ref}/postgres`, body);

/** The warnings check logs while `fn` runs. */
async function warnings<T>(fn: () => Promise<T>): Promise<{ result: T; seen: string[] }> {
  const seen: string[] = [];
  const spy = jest.spyOn(console, "warn").mockImplementation((...args: unknown[]) => void seen.push(args.join(" ")));
  const spyErr = jest.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
    if (String(chunk).startsWith("warning:")) seen.push(String(chunk));
    return true;
  });
  try {
    return { result: await fn(), seen };
  } finally {
    spy.mockRestore();
    spyErr.mockRestore();
  }
}

/** A project made on `major` (the platform's default was older then), adopted with that major declared. */
async function adoptedOn(major: string, name = "legacy") {
  const { emu } = ctx;
  const org = (await emu.api("POST", "/v1/organizations", { name: `${name} org` })).body;
  const made = await emu.api("POST", "/v1/projects", {
    name,
    organization_slug: org.slug ?? org.id,
    region_selection: { type: "specific", code: "us-east-1" },
    db_pass: "a-long-password",
  });
  await emu.advanceTime(10_000);
  expect((await setPostgres(made.body.ref, { version: major })).status).toBe(200);
  const inputs = {
    name,
    organizationId: org.slug ?? org.id,
    region: "us-east-1",
    dbPass: "a-long-password",
    adopt: true,
    postgresVersion: major,
  };
  await emu.clearRequests();
  const { id, outs } = await P().create(inputs);
  return { id: id!, outs: outs!, inputs };
}

test("adopt on 15, check warns with the targets, up upgrades to 17; a no-op up and refresh make no change", async () => {
  const { emu } = ctx;
  const { id, outs, inputs } = await adoptedOn("15");
  // Adoption on the declared major: no upgrade, nothing written.
  expect(await footprint()).toEqual([LIST, GET_PROJECT]);
  expect(outs).toMatchObject({ ref: id, postgresVersion: "15", databaseVersion: "15.8.1.085" });

  const next = { ...inputs, postgresVersion: "17" };
  await emu.clearRequests();
  const { result, seen } = await warnings(() => P().check(inputs, next));
  expect(result.failures).toEqual([]);
  expect(await footprint()).toEqual([LIST, ELIGIBILITY]);
  expect(seen).toHaveLength(1);
  expect(seen[0]).toMatch(
    new RegExp(
      `upgrade project ${id} from Postgres 15 \\(supabase-postgres-15.8.1.085\\) to 17 .*Eligible targets: 17`,
    ),
  );
  expect((await P().diff(id, outs, next)).changes).toBe(true);

  await emu.clearRequests();
  const { outs: upgraded } = await P().update(id, outs, next);
  expect(await footprint()).toEqual([GET_PROJECT, ELIGIBILITY, UPGRADE, STATUS, GET_PROJECT]);
  expect(upgraded).toMatchObject({ postgresVersion: "17", databaseVersion: "17.4.1.054", status: "ACTIVE_HEALTHY" });
  expect((await live(id)).database).toMatchObject({ version: "17.4.1.054", postgres_engine: "17" });
  const status = (await emu.api("GET", `/v1/projects/${id}/upgrade/status`)).body.databaseUpgradeStatus;
  expect(status).toMatchObject({ target_version: 17, status: 1, progress: "10_completed_post_physical_backup" });

  // A no-op up: check and diff make zero calls; a refresh finds no drift.
  await emu.clearRequests();
  expect((await P().check(next, next)).failures).toEqual([]);
  expect((await P().diff(id, upgraded!, next)).changes).toBe(false);
  expect(await calls(emu)).toEqual([]);
  const read = await P().read(id, upgraded!);
  expect(read.props!.drift).toBeUndefined();
  expect((await P().diff(id, read.props!, next)).changes).toBe(false);
});

test("a target that is not eligible names the eligible ones; a downgrade is refused in check", async () => {
  const { emu } = ctx;
  const { id, inputs } = await adoptedOn("14", "older");
  await emu.clearRequests();
  const notEligible = await P().check(inputs, { ...inputs, postgresVersion: "16" });
  expect(notEligible.failures).toEqual([
    {
      property: "postgresVersion",
      reason: expect.stringMatching(/Postgres 16 is not an eligible .*eligible: 15, 17\./),
    },
  ]);
  // Lower than the project runs: refused, read from the service when the state does not say.
  const lower = await P().check({}, { ...inputs, postgresVersion: "13" });
  expect(lower.failures).toEqual([
    {
      property: "postgresVersion",
      reason: expect.stringMatching(new RegExp(`lower than the 14 the project ${id} runs`)),
    },
  ]);
  // One list call serves every check of the process (its cache).
  expect(await calls(emu)).toEqual([LIST, ELIGIBILITY]);
  // Lower than the state recorded: refused without a call.
  await emu.clearRequests();
  const recorded = await P().check({ ...inputs, postgresVersion: "17" }, { ...inputs, postgresVersion: "15" });
  expect(recorded.failures!.map((f) => f.property)).toEqual(["postgresVersion"]);
  expect(recorded.failures![0].reason).toMatch(/cannot be downgraded/);
  const badFormat = await P().check({}, { ...inputs, postgresVersion: "17.4.1.054" });
  expect(badFormat.failures).toEqual([
    { property: "postgresVersion", reason: expect.stringMatching(/major version such as "17"/) },
  ]);
  expect(await calls(emu)).toEqual([]);
  // A version known only at apply is checked then.
  expect((await P().check(inputs, { ...inputs, postgresVersion: UNKNOWN })).failures).toEqual([]);
  expect(await calls(emu)).toEqual([]);
  // The service itself refuses such a target, naming the eligible ones.
  const refused = await emu.api("POST", `/v1/projects/${id}/upgrade`, { target_version: "16" });
  expect([refused.status, refused.body.message]).toEqual([
    400,
    "Postgres version 16 is not an eligible upgrade target for this project; eligible: 15, 17.",
  ]);
});

test("a failed upgrade fails the update with the service's status text and leaves the state at the old version", async () => {
  const { emu } = ctx;
  const { id, outs, inputs } = await adoptedOn("15", "fragile");
  await setPostgres(id, { failNextUpgrade: "5_data_upgrade_completion_failed" });
  const next = { ...inputs, postgresVersion: "17" };
  await emu.clearRequests();
  await expect(P().update(id, outs, next)).rejects.toMatchObject({
    code: "UPGRADE_FAILED",
    message: expect.stringMatching(
      /to Postgres 17 failed: 5_data_upgrade_completion_failed \(last step 5_initiated_data_upgrade.*keeps Postgres 15/,
    ),
  });
  expect(await footprint()).toEqual([GET_PROJECT, ELIGIBILITY, UPGRADE, STATUS]);
  // Rolled back: the old version, healthy; the state (the old outputs) still says 15, so the next up tries again.
  expect(await live(id)).toMatchObject({ status: "ACTIVE_HEALTHY", database: { version: "15.8.1.085" } });
  expect((await P().diff(id, outs, next)).changes).toBe(true);
  const { outs: retried } = await P().update(id, outs, next);
  expect(retried).toMatchObject({ postgresVersion: "17" });
});

test("while it upgrades the project reads UPGRADING and refuses other work; a wait that times out records the old version and the next up follows the same upgrade", async () => {
  const { emu } = ctx;
  const { id, outs, inputs } = await adoptedOn("15", "slow");
  await emu.setSettings({ provisioningDelayMs: 3_600_000 });
  const next = { ...inputs, postgresVersion: "17", upgradeTimeoutSeconds: 1 };
  await expect(P().update(id, outs, next)).rejects.toMatchObject({ code: "TIMEOUT" });
  expect((await live(id)).status).toBe("UPGRADING");
  const busy = await emu.api("POST", `/v1/projects/${id}/database/query`, { query: "select 1" });
  expect([busy.status, busy.body.message]).toEqual([
    400,
    "Project is not ready to run queries: its status is UPGRADING.",
  ]);
  const again = await emu.api("POST", `/v1/projects/${id}/upgrade`, { target_version: "17" });
  expect(again.status).toBe(400);
  // Refresh reports the upgrade as a status that is not the declared one.
  expect((await P().read(id, outs)).props!.drift).toEqual({ changed: ["status UPGRADING"] });

  // A create that adopts a project and times out while upgrading it still records it, at the version it had.
  const adopting = { ...next, adopt: true, createTimeoutSeconds: 1 };
  await expect(P().create(adopting)).rejects.toMatchObject({
    id,
    properties: expect.objectContaining({ ref: id, postgresVersion: "15" }),
  });

  await emu.clearRequests();
  const following = P().update(id, outs, { ...next, upgradeTimeoutSeconds: 600 });
  await emu.advanceTime(3_600_000);
  const { outs: done } = await following;
  expect(done).toMatchObject({ postgresVersion: "17", status: "ACTIVE_HEALTHY" });
  expect(await calls(emu)).not.toContain(UPGRADE);
});

test("refresh reports an upgrade made out of band; import declares the running major and its first up writes nothing", async () => {
  const { emu } = ctx;
  const { id, outs, inputs } = await adoptedOn("15", "drifting");
  expect((await emu.api("POST", `/v1/projects/${id}/upgrade`, { target_version: "17" })).status).toBe(201);
  await emu.advanceTime(10_000);
  const read = await P().read(id, outs);
  expect(read.props).toMatchObject({ postgresVersion: "17", drift: { changed: ["postgresVersion"] } });
  // Still declaring 15 is a downgrade: up refuses it with the version the project runs.
  await expect(P().update(id, read.props!, inputs)).rejects.toThrow(/lower than the 17 the project .* runs/);

  const project = await live(id);
  const importCtx = {
    ref: id,
    project,
    names: { organization: "org", project: "drifting" },
    secret: (k: string) => `drifting-${k}`,
  } as unknown as Parameters<typeof projectImporter.read>[0];
  const [declared] = await projectImporter.read(importCtx);
  expect(declared.inputs).toMatchObject({ adopt: true, postgresVersion: "17" });
  const imported = { ...inputs, postgresVersion: "17" };
  await emu.clearRequests();
  expect((await P().check({}, imported)).failures).toEqual([]);
  await P().create(imported);
  expect((await calls(emu)).every((r) => r.startsWith("GET "))).toBe(true);
});

test("a paused project: check warns that it cannot be upgraded now, and up refuses with the service's reason", async () => {
  const { emu } = ctx;
  const { id, outs, inputs } = await adoptedOn("15", "asleep");
  expect((await emu.api("POST", `/v1/projects/${id}/pause`)).status).toBe(200);
  await emu.advanceTime(10_000);
  const next = { ...inputs, postgresVersion: "17", paused: true };
  const { result, seen } = await warnings(() => P().check({ ...inputs, paused: true }, next));
  expect(result.failures).toEqual([]);
  expect(seen[0]).toMatch(/cannot be upgraded to Postgres 17 now: the service reports project_hibernating/);
  await expect(P().update(id, { ...outs, paused: true, status: "INACTIVE" }, next)).rejects.toMatchObject({
    code: "CONFLICT",
    message: expect.stringMatching(/project_hibernating/),
  });
  expect(await calls(emu)).not.toContain(UPGRADE);
  expect((await live(id)).database.version).toBe("15.8.1.085");
});
