/**
 * The database-lifecycle settings (temporary access, disk, …) live on the
 * project's record: with a data directory they survive a restart.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startTestEmulator, type TestEmulator } from "../../../harness/emulator";

let dataDir: string;
const running: TestEmulator[] = [];

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "supabase-emulator-lifecycle-"));
});

afterAll(async () => {
  await Promise.all(running.map((e) => e.close()));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function start(): Promise<TestEmulator> {
  const emu = await startTestEmulator({ dataDir, provisioningDelayMs: 0 });
  running.push(emu);
  return emu;
}

async function stop(emu: TestEmulator): Promise<void> {
  await emu.close();
  running.splice(running.indexOf(emu), 1);
}

test("temporary access, its unavailability, the disk and its modification count, a pause and a Postgres upgrade survive a restart", async () => {
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
});
