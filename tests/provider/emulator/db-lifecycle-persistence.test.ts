/**
 * The database-lifecycle settings (temporary access, disk, …) live on the
 * project's record: with a data directory they survive a restart.
 */
import { usePersistentEmulators } from "../../../harness/suite";
import { type TestEmulator } from "../../../harness/emulator";

const persistent = usePersistentEmulators("lifecycle");
const { start, stop } = persistent;

test("temporary access, its unavailability, the disk and its modification count, a pause, a Postgres upgrade and read replicas survive a restart", async () => {
  const first = await start();
  const org = (await first.api("POST", "/v1/organizations", { name: "Durable" })).body;
  const ref = (
    await first.api("POST", "/v1/projects", {
      name: "keeper",
      organization_slug: org.slug,
      region: "eu-west-1",
      db_pass: "very-secret-pw",
    })
  ).body.id as string;
  const other = (
    await first.api("POST", "/v1/projects", {
      name: "other",
      organization_slug: org.slug,
      region: "eu-west-1",
      db_pass: "very-secret-pw",
    })
  ).body.id as string;
  expect((await first.api("PUT", `/v1/projects/${ref}/jit-access`, { state: "enabled" })).status).toBe(200);
  await first.control("PUT", `/projects/${other}/jit-access/unavailable`, { reason: "manual_migration_required" });
  for (const size of [10, 12, 14, 16]) {
    const body = { attributes: { type: "gp3", size_gb: size, iops: 3000 } };
    expect((await first.api("POST", `/v1/projects/${ref}/config/disk`, body)).status).toBe(201);
    // Past RESIZING before the next one.
    await first.advanceTime(5_000);
  }
  // The project was made on 15 and is upgraded to 17; the next upgrade is set to fail.
  await first.control("PUT", `/projects/${ref}/postgres`, { version: "15" });
  expect((await first.api("POST", `/v1/projects/${ref}/upgrade`, { target_version: "17" })).status).toBe(201);
  await first.advanceTime(5_000);
  await first.control("PUT", `/projects/${ref}/postgres`, { failNextUpgrade: "1_upgraded_instance_launch_failed" });
  // The other project is paused, and stays paused.
  expect((await first.api("POST", `/v1/projects/${other}/pause`)).status).toBe(200);
  await first.advanceTime(5_000);
  // Read replicas: one serving, one coming up, one going down, each in the middle of its states at the restart.
  const setup = (region: string) =>
    first.api("POST", `/v1/projects/${ref}/read-replicas/setup`, { read_replica_region: region });
  expect((await setup("us-east-1")).status).toBe(201);
  expect((await setup("ap-south-1")).status).toBe(201);
  await first.setSettings({ provisioningDelayMs: 60_000, deletionDelayMs: 60_000 });
  expect((await setup("eu-west-2")).status).toBe(201);
  const before = await databases(first, org.slug, ref);
  const leaving = before.find((d) => d.region === "ap-south-1")!.identifier;
  expect(
    (await first.api("POST", `/v1/projects/${ref}/read-replicas/remove`, { database_identifier: leaving })).status,
  ).toBe(201);
  await stop(first);

  const second = await start();
  expect((await second.api("GET", `/v1/projects/${ref}/jit-access`)).body).toEqual({
    state: "enabled",
    appliedSuccessfully: true,
  });
  expect((await second.api("GET", `/v1/projects/${other}/jit-access`)).body).toEqual({
    state: "unavailable",
    unavailableReason: "manual_migration_required",
  });
  expect((await second.api("GET", `/v1/projects/${ref}/config/disk`)).body.attributes).toEqual({
    type: "gp3",
    size_gb: 16,
    iops: 3000,
    throughput_mibps: 125,
  });
  // The day's four modifications are remembered: a fifth is still refused.
  const fifth = await second.api("POST", `/v1/projects/${ref}/config/disk`, {
    attributes: { type: "gp3", size_gb: 18, iops: 3000 },
  });
  expect(fifth.status).toBe(400);
  expect(fifth.body.message).toMatch(/next modification is allowed after/);
  expect((await second.api("GET", `/v1/projects/${other}`)).body.status).toBe("INACTIVE");
  expect((await second.api("GET", `/v1/projects/${ref}`)).body.database).toMatchObject({
    version: "17.4.1.054",
    postgres_engine: "17",
  });
  expect((await second.api("GET", `/v1/projects/${ref}/upgrade/status`)).body.databaseUpgradeStatus).toMatchObject({
    target_version: 17,
    status: 1,
  });
  expect((await second.control("PUT", `/projects/${ref}/postgres`, {})).body).toEqual({
    version: "17.4.1.054",
    failNextUpgrade: "1_upgraded_instance_launch_failed",
  });
  const after = (await databases(second, org.slug, ref)).map((d) => [d.type, d.region, d.status]);
  expect(after).toEqual([
    ["PRIMARY", "eu-west-1", "ACTIVE_HEALTHY"],
    ["READ_REPLICA", "us-east-1", "ACTIVE_HEALTHY"],
    ["READ_REPLICA", "ap-south-1", "GOING_DOWN"],
    ["READ_REPLICA", "eu-west-2", "COMING_UP"],
  ]);
  // Their states go on on the emulator clock: the new one serves, the removed one is gone.
  await second.advanceTime(120_000);
  expect((await databases(second, org.slug, ref)).map((d) => [d.region, d.status])).toEqual([
    ["eu-west-1", "ACTIVE_HEALTHY"],
    ["us-east-1", "ACTIVE_HEALTHY"],
    ["eu-west-2", "ACTIVE_HEALTHY"],
  ]);
});

async function databases(emu: TestEmulator, slug: string, ref: string) {
  const page = (await emu.api("GET", `/v1/organizations/${slug}/projects`)).body as {
    projects: Array<{
      ref: string;
      databases: Array<{ identifier: string; type: string; region: string; status: string }>;
    }>;
  };
  return page.projects.find((p) => p.ref === ref)!.databases;
}
