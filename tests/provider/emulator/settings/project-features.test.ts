/**
 * Add-ons, the vanity subdomain, the backup schedule and restore points:
 * persisted with --data-dir across a restart, and undo puts the database back
 * to a restore point, on disk and after the restart too.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startTestEmulator, type TestEmulator } from "../../../../harness/emulator";
import { newProject } from "./helpers";

let dataDir: string;
const running: TestEmulator[] = [];

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "supabase-emulator-features-"));
});

afterAll(async () => {
  await Promise.all(running.map((e) => e.close()));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function start(): Promise<TestEmulator> {
  const emu = await startTestEmulator({
    dataDir,
    provisioningDelayMs: 0,
    accessToken: "sbp_0123456789abcdef0123456789abcdef01234567",
  });
  await emu.setSettings({ restartDelayMs: 0 });
  running.push(emu);
  return emu;
}

async function sql(emu: TestEmulator, ref: string, query: string): Promise<Array<Record<string, unknown>>> {
  const r = await emu.api("POST", `/v1/projects/${ref}/database/query`, { query });
  if (r.status >= 300) throw new Error(`${query}: ${JSON.stringify(r.body)}`);
  return r.body as Array<Record<string, unknown>>;
}

const snapshot = async (emu: TestEmulator, ref: string) => {
  const p = `/v1/projects/${ref}`;
  const addons = (await emu.api("GET", `${p}/billing/addons`)).body as {
    selected_addons: Array<{ type: string; variant: { id: string } }>;
  };
  return {
    addons: addons.selected_addons.map((a) => a.variant.id),
    vanity: (await emu.api("GET", `${p}/vanity-subdomain`)).body,
    schedule: (await emu.api("GET", `${p}/database/backups/schedule`)).body,
    point: (await emu.api("GET", `${p}/database/backups/restore-point?name=before`)).body,
  };
};

test("add-ons, vanity subdomain, schedule and restore points survive a restart; undo restores the database", async () => {
  const first = await start();
  const ref = await newProject(first);
  const p = `/v1/projects/${ref}`;
  await sql(first, ref, "create table notes (id int primary key, body text); insert into notes values (1, 'kept')");
  expect(
    (await first.api("PATCH", `${p}/billing/addons`, { addon_type: "pitr", addon_variant: "pitr_14" })).status,
  ).toBe(200);
  expect(
    (await first.api("PATCH", `${p}/billing/addons`, { addon_type: "compute_instance", addon_variant: "ci_large" }))
      .status,
  ).toBe(200);
  expect((await first.api("POST", `${p}/vanity-subdomain/activate`, { vanity_subdomain: "kept-name" })).status).toBe(
    201,
  );
  expect((await first.api("PATCH", `${p}/database/backups/schedule`, { schedule_for: "04:30:00" })).status).toBe(200);
  const bad = await first.api("PATCH", `${p}/database/backups/schedule`, { schedule_for: "25:00" });
  expect([bad.status, bad.body.message]).toEqual([400, expect.stringMatching(/Invalid schedule_for format/)]);
  const created = await first.api("POST", `${p}/database/backups/restore-point`, { name: "before" });
  expect([created.status, created.body]).toEqual([
    201,
    { name: "before", status: "AVAILABLE", completed_on: expect.any(String) },
  ]);
  expect((await first.api("POST", `${p}/database/backups/restore-point`, { name: "before" })).status).toBe(400);

  // Written after the restore point: undone below.
  await sql(first, ref, "insert into notes values (2, 'lost'); create table later (x int)");
  const before = await snapshot(first, ref);
  expect(before).toMatchObject({
    addons: ["ci_large", "pitr_14"],
    vanity: { status: "active", custom_domain: "kept-name.supabase.co" },
    schedule: { schedule_for: "04:30:00" },
    point: { name: "before", status: "AVAILABLE" },
  });
  await first.close();
  running.splice(running.indexOf(first), 1);

  const second = await start();
  expect(await snapshot(second, ref)).toEqual(before);
  expect(await sql(second, ref, "select count(*)::int n from notes")).toEqual([{ n: 2 }]);
  expect((await second.api("POST", `${p}/database/backups/undo`, { name: "before" })).status).toBe(201);
  expect(await sql(second, ref, "select id, body from notes order by id")).toEqual([{ id: 1, body: "kept" }]);
  expect(await sql(second, ref, "select to_regclass('public.later') is null as gone")).toEqual([{ gone: true }]);
  // The database works on after the undo, and an unknown point is refused.
  await sql(second, ref, "insert into notes values (3, 'after')");
  expect((await second.api("POST", `${p}/database/backups/undo`, { name: "nope" })).status).toBe(404);
  expect((await second.api("GET", `${p}/database/backups/restore-point?name=nope`)).status).toBe(404);

  // Deleting the project removes its restore points' copies.
  expect((await second.api("DELETE", p)).status).toBe(200);
  await second.control("POST", "/time", { advanceMs: 60_000 });
  await second.api("GET", "/v1/projects");
  expect(fs.existsSync(path.join(dataDir, "db", `${ref}.restore-points`))).toBe(false);
});
