/**
 * ReadReplica provider methods against the emulator, with the API footprint
 * from the request log: the lifecycle, several replicas of one project (one
 * region and two), one list call per organization for a refresh of them all,
 * adoption and import, drift when a replica is removed out of band, the
 * service's refusals, and the partial create a timed-out wait leaves.
 */
import * as runtime from "supabase-pulumi/runtime";
import { readReplicaImporter } from "../../../provider/resources/read-replica/import";
import type { ImportContext } from "../../../provider/importer";
import { registry } from "../../../provider/registry";
import { calls, expectRefused, useSharedProject } from "./config-helpers";

const ctx = useSharedProject("replicas");
const P = () => runtime.provider("readReplica");
const LIST = "GET /v1/organizations/{slug}/projects";
const SETUP = "POST /v1/projects/{ref}/read-replicas/setup";
const REMOVE = "POST /v1/projects/{ref}/read-replicas/remove";
const POOLER = "GET /v1/projects/{ref}/config/database/pooler";
/** The routes called, consecutive polls of the list folded into one. */
const footprint = async () => (await calls(ctx.emu)).filter((r, i, all) => !(r === LIST && all[i - 1] === LIST));

/** The project's replicas as the service lists them. */
async function replicas(): Promise<Array<{ identifier: string; region: string; status: string }>> {
  const { emu, ref } = ctx;
  const slug = (await emu.api("GET", `/v1/projects/${ref}`)).body.organization_slug;
  const page = (await emu.api("GET", `/v1/organizations/${slug}/projects`)).body;
  const project = page.projects.find((p: { ref: string }) => p.ref === ref);
  return project.databases.filter((d: { type: string }) => d.type === "READ_REPLICA");
}

test("create sets up, finds and waits for the replica; refresh, delete, and a delete of one already gone", async () => {
  const { emu, ref } = ctx;
  const { id, outs } = await P().create({ projectRef: ref, region: "us-west-1" });
  expect(id).toMatch(new RegExp(`^${ref}/${ref}-rr-us-west-1-[a-z]{5}$`));
  expect(outs).toEqual({
    projectRef: ref,
    region: "us-west-1",
    identifier: id.split("/")[1],
    status: "ACTIVE_HEALTHY",
    host: "aws-0-us-west-1.pooler.supabase.com",
  });
  // The organization from the shared project list, the databases before and after the set-up, the host once.
  expect(await footprint()).toEqual(["GET /v1/projects", LIST, SETUP, LIST, POOLER]);
  const log = await emu.requests();
  // The replica was not healthy at once: create polled it through COMING_UP and INIT_READ_REPLICA.
  expect(log.filter((r) => r.route === LIST).length).toBeGreaterThan(3);

  await emu.clearRequests();
  const read = await P().read(id, outs!);
  expect(read).toEqual({ id, props: outs });
  expect(await calls(emu)).toEqual([LIST]);
  expect((await P().diff(id, read.props!, { projectRef: ref, region: "us-west-1" })).changes).toBe(false);
  expect(await P().diff(id, read.props!, { projectRef: ref, region: "eu-west-2" })).toMatchObject({
    changes: true,
    replaces: ["region"],
  });

  await emu.clearRequests();
  await P().delete(id, outs!);
  expect(await footprint()).toEqual([LIST, REMOVE, LIST]);
  expect(await replicas()).toEqual([]);
  // Already gone: one look at the list, no remove.
  await emu.clearRequests();
  await P().delete(id, outs!);
  expect(await calls(emu)).toEqual([LIST]);
});

test("several replicas, two in one region set up at once, each get their own; one list refreshes them all", async () => {
  const { emu, ref } = ctx;
  const made = await Promise.all(
    (["eu-west-2", "eu-west-2", "ap-south-1"] as const).map((region) => P().create({ projectRef: ref, region })),
  );
  const ids = made.map((m) => m.id);
  expect(new Set(ids).size).toBe(3);
  expect(made.map((m) => m.outs!.region)).toEqual(["eu-west-2", "eu-west-2", "ap-south-1"]);
  expect((await calls(emu)).filter((c) => c === SETUP)).toHaveLength(3);
  expect((await replicas()).map((r) => r.identifier).sort()).toEqual(made.map((m) => m.outs!.identifier).sort());

  await emu.clearRequests();
  const reads = await Promise.all(made.map((m) => P().read(m.id, m.outs!)));
  expect(reads.map((r) => r.props!.status)).toEqual(["ACTIVE_HEALTHY", "ACTIVE_HEALTHY", "ACTIVE_HEALTHY"]);
  expect(await calls(emu)).toEqual([LIST]);

  await Promise.all(made.map((m) => P().delete(m.id, m.outs!)));
  expect(await replicas()).toEqual([]);
});

test("adoption by identifier and `pulumi import` set up nothing; the importer declares each replica", async () => {
  const { emu, ref } = ctx;
  expect(
    (await emu.api("POST", `/v1/projects/${ref}/read-replicas/setup`, { read_replica_region: "ca-central-1" })).status,
  ).toBe(201);
  const [live] = await replicas();
  await emu.advanceTime(10_000);
  // A new provider process, as `pulumi import` starts.
  runtime.resetContexts();
  await emu.clearRequests();

  const imported = await P().read(`${ref}/${live!.identifier}`, {});
  expect(imported.props).toMatchObject({
    projectRef: ref,
    region: "ca-central-1",
    identifier: live!.identifier,
    status: "ACTIVE_HEALTHY",
    host: "aws-0-ca-central-1.pooler.supabase.com",
  });
  expect(await calls(emu)).toEqual([LIST, POOLER]);

  await emu.clearRequests();
  const inputs = { projectRef: ref, region: "ca-central-1", identifier: live!.identifier };
  const { id, outs } = await P().create(inputs);
  expect(id).toBe(`${ref}/${live!.identifier}`);
  expect(await calls(emu)).toEqual([LIST, LIST, POOLER]);
  expect((await P().diff(id, outs!, inputs)).changes).toBe(false);
  // The identifier without the project's ref (what the importer writes) names the same replica.
  const short = { ...inputs, identifier: live!.identifier.slice(ref.length + 1) };
  expect((await P().check({}, short)).failures).toEqual([]);
  expect((await P().diff(id, outs!, short)).changes).toBe(false);
  expect((await P().diff(id, outs!, { ...short, identifier: "rr-ca-central-1-zzzzz" })).replaces).toEqual([
    "identifier",
  ]);
  // The same inputs without the identifier are no change either: the replica is the one the state records.
  expect((await P().diff(id, outs!, { projectRef: ref, region: "ca-central-1" })).changes).toBe(false);

  const declared = await readReplicaImporter.read({
    ref,
    names: { organization: "org", project: "app" },
    name: (what: string) => `app-${what}`,
  } as unknown as ImportContext);
  expect(declared).toEqual([
    {
      name: `app-replica-${live!.identifier.slice(ref.length + 4)}`,
      inputs: {
        projectRef: expect.anything(),
        region: "ca-central-1",
        identifier: live!.identifier.slice(ref.length + 1),
      },
    },
  ]);
  await P().delete(id, outs!);
});

test("a replica removed out of band reads as deleted, and recover lists what a killed create left", async () => {
  const { emu, ref } = ctx;
  const { id, outs } = await P().create({ projectRef: ref, region: "sa-east-1" });
  const def = registry.readReplica.recover!;
  if (!("findCreated" in def)) throw new Error("ReadReplica's recover hook finds what a create made");
  expect(await def.findCreated({ projectRef: ref, region: "sa-east-1" }, new Set())).toEqual([
    { id, label: expect.stringContaining(outs!.identifier as string) },
  ]);
  expect(await def.findCreated({ projectRef: ref, region: "sa-east-1" }, new Set([id]))).toEqual([]);
  expect(def.uncertain!({ projectRef: ref, region: "sa-east-1" })).toBe(true);

  const removed = await emu.api("POST", `/v1/projects/${ref}/read-replicas/remove`, {
    database_identifier: outs!.identifier,
  });
  expect(removed.status).toBe(201);
  // Going down, then gone: both read as deleted (by a refresh after the provider's shared list expired).
  runtime.resetContexts();
  expect(await P().read(id, outs!)).toEqual({ id: "", props: {} });
  await emu.advanceTime(10_000);
  runtime.resetContexts();
  await emu.clearRequests();
  expect(await P().read(id, outs!)).toEqual({ id: "", props: {} });
  expect(await calls(emu)).toEqual([LIST]);
});

test("refusals: bad input in check, the service's refusals, a paused project", async () => {
  const { emu, ref } = ctx;
  await expectRefused(emu, "readReplica", [
    [{ projectRef: ref, region: "mars-north-1" }, "region"],
    [{ projectRef: "nope", region: "us-east-1" }, "projectRef"],
    [{ projectRef: ref, region: "us-east-1", identifier: `${ref}-rr-eu-west-1-abcde` }, "identifier"],
    [{ projectRef: ref, region: "us-east-1", createTimeoutSeconds: 0 }, "createTimeoutSeconds"],
  ]);
  const bad = await emu.api("POST", `/v1/projects/${ref}/read-replicas/setup`, { read_replica_region: "mars-north-1" });
  expect(bad.status).toBe(400);
  const unknown = await emu.api("POST", `/v1/projects/${ref}/read-replicas/remove`, {
    database_identifier: `${ref}-rr-us-east-1-zzzzz`,
  });
  expect(unknown).toMatchObject({
    status: 404,
    body: { message: `Read replica ${ref}-rr-us-east-1-zzzzz not found.` },
  });
  const primary = await emu.api("POST", `/v1/projects/${ref}/read-replicas/remove`, { database_identifier: ref });
  expect(primary.status).toBe(400);
  await expect(
    P().create({ projectRef: ref, region: "us-east-1", identifier: `${ref}-rr-us-east-1-zzzzz` }),
  ).rejects.toThrow(/has no read replica/);

  expect((await emu.api("POST", `/v1/projects/${ref}/pause`)).status).toBe(200);
  await emu.clearRequests();
  await expect(P().create({ projectRef: ref, region: "us-east-1" })).rejects.toThrow(
    /Project is not ready to set up a read replica: its status is (PAUSING|INACTIVE)/,
  );
  expect((await calls(emu)).filter((c) => c === SETUP)).toHaveLength(1);
  await emu.advanceTime(10_000);
  expect((await emu.api("POST", `/v1/projects/${ref}/restore`)).status).toBe(200);
  await emu.advanceTime(10_000);
  expect(await replicas()).toEqual([]);
});

test("a set-up refused while the project restarts is asked again once it serves", async () => {
  const { emu, ref } = ctx;
  await emu.setSettings({ restartDelayMs: 1500 });
  try {
    expect(
      (await emu.api("PUT", `/v1/projects/${ref}/config/database/postgres`, { statement_timeout: "31s" })).status,
    ).toBe(200);
    expect((await emu.api("GET", `/v1/projects/${ref}`)).body.status).toBe("RESTARTING");
    await emu.clearRequests();
    const { id, outs } = await P().create({ projectRef: ref, region: "eu-north-1" });
    expect(outs).toMatchObject({ region: "eu-north-1", status: "ACTIVE_HEALTHY" });
    const setups = (await emu.requests()).filter((r) => r.route === SETUP).map((r) => r.status);
    expect(setups[0]).toBe(400);
    expect(setups.at(-1)).toBe(201);
    expect(setups.filter((s) => s === 201)).toHaveLength(1);
    await P().delete(id, outs!);
  } finally {
    await emu.setSettings({ restartDelayMs: 1000 });
  }
});

test("a wait that times out still records the replica (id and properties); the next up waits for it", async () => {
  const { emu, ref } = ctx;
  await emu.setSettings({ provisioningDelayMs: 600_000 });
  try {
    const err = await P()
      .create({ projectRef: ref, region: "eu-central-1", createTimeoutSeconds: 1, __provider: "p" })
      .then(
        () => undefined,
        (e: unknown) => e as { id: string; properties: Record<string, unknown>; message: string },
      );
    expect(err?.message).toMatch(/Timed out/);
    expect(err?.id).toMatch(new RegExp(`^${ref}/${ref}-rr-eu-central-1-[a-z]{5}$`));
    expect(err?.properties).toMatchObject({
      projectRef: ref,
      region: "eu-central-1",
      identifier: err!.id.split("/")[1],
      status: expect.stringMatching(/^(COMING_UP|INIT_READ_REPLICA)$/),
      __provider: "p",
    });
    const news = { projectRef: ref, region: "eu-central-1" };
    expect((await P().diff(err!.id, err!.properties, news)).changes).toBe(true);
    await emu.advanceTime(600_000);
    const { outs } = await P().update(err!.id, err!.properties, news);
    expect(outs).toMatchObject({ status: "ACTIVE_HEALTHY", host: "aws-0-eu-central-1.pooler.supabase.com" });
    expect((await calls(emu)).filter((c) => c === SETUP)).toHaveLength(1);
    await P().delete(err!.id, outs!);
  } finally {
    await emu.setSettings({ provisioningDelayMs: 200 });
  }
});

test("the emulator's organization project list pages, searches, sorts and filters; the pooler lists each replica", async () => {
  const { emu, ref } = ctx;
  const slug = (await emu.api("GET", `/v1/projects/${ref}`)).body.organization_slug as string;
  const made: string[] = [];
  for (const name of ["alpha", "beta"]) {
    const r = await emu.api("POST", "/v1/projects", {
      name,
      organization_slug: slug,
      region: "us-east-1",
      db_pass: "very-secret-pw",
    });
    expect(r.status).toBe(201);
    made.push(r.body.id as string);
  }
  await emu.control("PUT", `/projects/${made[1]}/status`, { status: "INACTIVE" });
  const list = async (query: string) => (await emu.api("GET", `/v1/organizations/${slug}/projects?${query}`)).body;
  const names = (body: { projects: Array<{ name: string }> }) => body.projects.map((p) => p.name);
  expect(names(await list(""))).toEqual(["alpha", "beta", "replicas"]);
  expect(names(await list("sort=created_desc"))).toEqual(["beta", "alpha", "replicas"]);
  const page = await list("offset=1&limit=1");
  expect({ names: names(page), pagination: page.pagination }).toEqual({
    names: ["beta"],
    pagination: { count: 3, limit: 1, offset: 1 },
  });
  expect(names(await list("search=ALP"))).toEqual(["alpha"]);
  expect(names(await list("statuses=INACTIVE"))).toEqual(["beta"]);
  expect((await list("limit=101")).message).toBeDefined();
  expect((await emu.api("GET", "/v1/organizations/nosuchorganization/projects")).status).toBe(404);

  expect(
    (await emu.api("POST", `/v1/projects/${ref}/read-replicas/setup`, { read_replica_region: "us-east-2" })).status,
  ).toBe(201);
  const poolers = (await emu.api("GET", `/v1/projects/${ref}/config/database/pooler`)).body as Array<{
    identifier: string;
    database_type: string;
    db_host: string;
  }>;
  expect(poolers.map((p) => [p.database_type, p.db_host])).toEqual([
    ["PRIMARY", expect.stringMatching(/pooler\.supabase\.com$/)],
    ["READ_REPLICA", "aws-0-us-east-2.pooler.supabase.com"],
  ]);
  const [replica] = await replicas();
  expect(poolers[1]!.identifier).toBe(replica!.identifier);
  // The platform fails it: the list says so, and a refresh reports the status as drift.
  await emu.advanceTime(10_000);
  const { id, outs } = await P().create({ projectRef: ref, region: "us-east-2", identifier: replica!.identifier });
  expect(
    (
      await emu.control("PUT", `/projects/${ref}/read-replicas/status`, {
        identifier: replica!.identifier,
        status: "INIT_READ_REPLICA_FAILED",
      })
    ).status,
  ).toBe(200);
  runtime.resetContexts();
  const failed = await P().read(id, outs!);
  expect(failed.props).toMatchObject({ status: "INIT_READ_REPLICA_FAILED", drift: { changed: ["status"] } });
  // The next up waits for it and stops at a status it will not leave, naming it.
  await expect(P().update(id, failed.props!, { projectRef: ref, region: "us-east-2" })).rejects.toThrow(
    /reached status INIT_READ_REPLICA_FAILED/,
  );
  await P().delete(id, outs!);
});
