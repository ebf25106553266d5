/**
 * Branch provider methods against the emulator: the documented API footprint
 * from the request log, the wait on a virtual clock, a failed migration
 * recorded as a partial failure, an unknown create outcome settled by name,
 * adoption, in-place updates, drift and delete.
 */
import * as runtime from "supabase-pulumi/runtime";
import { waitBranchReady } from "../../../provider/resources/branch";
import { FakeClock } from "../../unit/fake-clock";
import { calls, expectRefused, useConfigProject } from "./config-helpers";

const ctx = useConfigProject("branching");
const branch = runtime.provider("branch");
const LIST = "GET /v1/projects/{ref}/branches";
const BY_NAME = "GET /v1/projects/{ref}/branches/{name}";
const CREATE = "POST /v1/projects/{ref}/branches";
const DETAIL = "GET /v1/branches/{branch_id_or_ref}";

const count = (list: string[], entry: string) => list.filter((c) => c === entry).length;

async function branchesOf(ref: string): Promise<Array<{ name: string; project_ref: string; is_default: boolean }>> {
  const r = await ctx.emu.api("GET", `/v1/projects/${ref}/branches`);
  return r.status === 200 ? r.body : [];
}

test("create is 1 POST, polls by name until ready, reads the detail once; secrets go to the branch only", async () => {
  const { emu, ref } = ctx;
  const { id, outs } = await branch.create({
    projectRef: ref,
    name: "pr-1",
    gitBranch: "feature/one",
    secrets: { PREVIEW_TOKEN: "branch-only-value" },
    __provider: "p",
  });
  const c = await calls(emu);
  expect(count(c, CREATE)).toBe(1);
  expect(c[0]).toBe(CREATE);
  expect(c.at(-1)).toBe(DETAIL);
  expect(c.slice(1, -1).every((x) => x === BY_NAME)).toBe(true);
  expect(id).toMatch(/^[a-z]{20}$/);
  expect(id).not.toBe(ref);
  const base = emu.projectUrlTemplate.replace("{ref}", id);
  expect(outs).toMatchObject({
    projectRef: ref,
    name: "pr-1",
    gitBranch: "feature/one",
    ref: id,
    branchId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    status: "MIGRATIONS_PASSED",
    projectStatus: "ACTIVE_HEALTHY",
    databaseHost: expect.any(String),
    apiUrl: base,
    graphqlUrl: `${base}/graphql/v1`,
  });
  expect(JSON.stringify(outs)).not.toContain("branch-only-value");
  expect(outs).not.toHaveProperty("secrets");
  const names = async (r: string) =>
    ((await emu.api("GET", `/v1/projects/${r}/secrets`)).body as Array<{ name: string }>).map((s) => s.name);
  expect(await names(id)).toContain("PREVIEW_TOKEN");
  expect(await names(ref)).not.toContain("PREVIEW_TOKEN");

  // In place: a rename, persistence and a secret value are one PATCH and one POST; no new branch.
  await emu.clearRequests();
  const news = {
    projectRef: ref,
    name: "pr-1-renamed",
    gitBranch: "feature/one",
    persistent: true,
    secrets: { PREVIEW_TOKEN: "branch-only-value-2" },
  };
  const d = await branch.diff(id, outs!, news);
  expect(d).toMatchObject({ changes: true, replaces: [] });
  const { outs: after } = await branch.update(id, outs!, news);
  const u = await calls(emu);
  expect(u.filter((x) => x !== BY_NAME && x !== DETAIL)).toEqual([
    "PATCH /v1/branches/{branch_id_or_ref}",
    "POST /v1/projects/{ref}/secrets",
  ]);
  expect(after).toMatchObject({ name: "pr-1-renamed", persistent: true, ref: id });
  expect(await branch.diff(id, after!, news)).toMatchObject({ changes: false });
  // What the API cannot change replaces the branch.
  // What the API cannot change replaces the branch, the old one first (its name is unique in the parent).
  expect(await branch.diff(id, after!, { ...news, withData: true, region: "eu-west-1" })).toEqual({
    changes: true,
    replaces: ["withData", "region"],
    deleteBeforeReplace: true,
  });

  // Drift: a setting changed out of band is named; the read is one list call of the parent.
  await emu.api("PATCH", `/v1/branches/${id}`, { git_branch: "feature/theirs" });
  runtime.resetContexts();
  await emu.clearRequests();
  const read = await branch.read(id, after!);
  expect(await calls(emu)).toEqual([LIST]);
  expect(read.props!.drift).toEqual({ changed: ["gitBranch"] });
  expect((await branch.diff(id, read.props!, news)).changes).toBe(true);
  // A branch that is no longer ready shows its status, and diff asks for an update (which waits or says why not).
  await emu.api("PATCH", `/v1/branches/${id}`, { git_branch: "feature/one", status: "MIGRATIONS_FAILED" });
  runtime.resetContexts();
  const failed = await branch.read(id, after!);
  expect(failed.props!.drift).toEqual({ changed: ["status MIGRATIONS_FAILED"] });
  expect(await branch.diff(id, failed.props!, news)).toMatchObject({ changes: true, replaces: [] });

  // Delete: one DELETE, then reads until gone; the parent stays.
  await emu.clearRequests();
  await branch.delete(id, after!);
  const del = await calls(emu);
  expect(del[0]).toBe("DELETE /v1/branches/{branch_id_or_ref}");
  expect(del.slice(1).every((x) => x === DETAIL)).toBe(true);
  expect((await branchesOf(ref)).map((b) => b.name)).not.toContain("pr-1-renamed");
  expect((await emu.api("GET", `/v1/projects/${ref}`)).body.status).toBe("ACTIVE_HEALTHY");
  runtime.resetContexts();
  expect((await branch.read(id, after!)).id).toBe("");
});

test("the wait polls on the clock it is given: one wait per poll until ready", async () => {
  const { emu, ref } = ctx;
  const created = await emu.api("POST", `/v1/projects/${ref}/branches`, { branch_name: "clocked" });
  expect(created.status).toBe(201);
  await emu.clearRequests();
  const clock = new FakeClock();
  const done = waitBranchReady(ref, "clocked", 60, clock);
  await clock.untilTimer();
  expect(clock.requested).toEqual([250]);
  await emu.advanceTime(10_000);
  clock.advance(250);
  const ready = await done;
  expect(ready.status).toBe("MIGRATIONS_PASSED");
  expect(clock.requested).toEqual([250]);
  expect(await calls(emu)).toEqual([BY_NAME, BY_NAME]);
});

test("a failed migration fails the create with the branch's error, recorded as a partial failure", async () => {
  const { emu, ref } = ctx;
  // Recorded in the parent's history without running: replayed on the branch, it fails there.
  const put = await emu.api(
    "PUT",
    `/v1/projects/${ref}/database/migrations`,
    { query: "insert into no_such_table values (1)", name: "broken" },
    { "Idempotency-Key": "broken-1" },
  );
  expect(put.status).toBeLessThan(300);
  const err = (await branch.create({ projectRef: ref, name: "broken", createTimeoutSeconds: 30, __provider: "p" }).then(
    () => undefined,
    (e: unknown) => e,
  )) as Error & { id: string; properties: Record<string, unknown> };
  expect(err.message).toMatch(/MIGRATIONS_FAILED/);
  expect(err.message).toMatch(/no_such_table/);
  expect(err.id).toMatch(/^[a-z]{20}$/);
  expect(err.properties).toMatchObject({ projectRef: ref, name: "broken", ref: err.id, __provider: "p" });
  expect((await branchesOf(ref)).map((b) => b.project_ref)).toContain(err.id);
  // Recorded, so destroy removes it.
  await branch.delete(err.id, err.properties);
  expect((await branchesOf(ref)).map((b) => b.project_ref)).not.toContain(err.id);
});

test("an unknown create outcome is settled by looking the branch up by name, never by a second POST", async () => {
  const { emu, ref } = ctx;
  await emu.addFault({ method: "POST", path: "/v1/projects/{ref}/branches", reset: "after", times: 1 });
  const { id } = await branch.create({ projectRef: ref, name: "settled", __provider: "p" });
  const c = await calls(emu);
  expect(count(c, CREATE)).toBe(1);
  expect(c[1]).toBe(BY_NAME);
  expect((await branchesOf(ref)).filter((b) => b.name === "settled").map((b) => b.project_ref)).toEqual([id]);
});

test("adopt takes over the branch of the same name without a POST", async () => {
  const { emu, ref } = ctx;
  const existing = await emu.api("POST", `/v1/projects/${ref}/branches`, { branch_name: "kept" });
  await emu.advanceTime(10_000);
  await emu.clearRequests();
  const { id } = await branch.create({ projectRef: ref, name: "kept", adopt: true, __provider: "p" });
  expect(id).toBe(existing.body.project_ref);
  expect(count(await calls(emu), CREATE)).toBe(0);
});

test("check names each bad field, without an API call", async () => {
  const ok = { projectRef: ctx.ref, name: "pr-2" };
  await expectRefused(ctx.emu, "branch", [
    [{ ...ok, projectRef: "short" }, "projectRef"],
    [{ ...ok, name: "" }, "name"],
    [{ ...ok, name: "feature/x" }, "name"],
    [{ ...ok, gitBranch: 7 }, "gitBranch"],
    [{ ...ok, persistent: "yes" }, "persistent"],
    [{ ...ok, withData: 1 }, "withData"],
    [{ ...ok, region: "mars-1" }, "region"],
    [{ ...ok, desiredInstanceSize: "huge" }, "desiredInstanceSize"],
    [{ ...ok, secrets: { SUPABASE_X: "v" } }, "secrets.SUPABASE_X"],
    [{ ...ok, createTimeoutSeconds: -1 }, "createTimeoutSeconds"],
    [{ ...ok, colour: "red" }, "colour"],
  ]);
});
