/**
 * The backups list (`GET …/database/backups`, v1-list-all-backups): what the
 * project's state implies on the emulator clock, each answer checked against
 * the service's document by the test emulator. Daily backups at the
 * scheduled time (the schedule in force that day), seven days kept, restore
 * points, the PITR window; the same list after a restart on the data
 * directory.
 */
import { usePersistentEmulators } from "../../../../harness/suite";
import { type TestEmulator } from "../../../../harness/emulator";
import { newProject } from "./helpers";

const persistent = usePersistentEmulators("backups");
const { start, stop } = persistent;

const DAY = 24 * 3600 * 1000;

interface Backups {
  region: string;
  walg_enabled: boolean;
  pitr_enabled: boolean;
  backups: Array<{ id: number; is_physical_backup: boolean; status: string; inserted_at: string }>;
  physical_backup_data: { earliest_physical_backup_date_unix?: number; latest_physical_backup_date_unix?: number };
}

async function list(emu: TestEmulator, ref: string): Promise<Backups> {
  const res = await emu.api("GET", `/v1/projects/${ref}/database/backups`);
  expect(res.status).toBe(200);
  return res.body as Backups;
}

const now = async (emu: TestEmulator) => ((await emu.control("GET", "/time")).body as { nowMs: number }).nowMs;
const seconds = (ms: number) => Math.floor(ms / 1000);

/** The next instant of a UTC time of day after `ms`. */
function nextAt(ms: number, hh: number, mm = 0): number {
  const day = Math.floor(ms / DAY) * DAY + (hh * 60 + mm) * 60_000;
  return day > ms ? day : day + DAY;
}

test("the list follows the schedule, restore points and PITR on the clock, and survives a restart", async () => {
  const first = await start();
  const ref = await newProject(first);

  // A new project: nothing backed up yet, no PITR.
  expect(await list(first, ref)).toEqual({
    region: "eu-west-1",
    walg_enabled: true,
    pitr_enabled: false,
    backups: [],
    physical_backup_data: {},
  });

  // Three midnights later: three daily physical backups at 00:00 UTC (the default schedule).
  const t0 = await now(first);
  await first.advanceTime(nextAt(t0, 0) - t0 + 2 * DAY + 60_000);
  const daily = (await list(first, ref)).backups;
  expect(daily.map((b) => b.inserted_at)).toEqual(
    [0, 1, 2].map((d) => new Date(nextAt(t0, 0) + d * DAY).toISOString()),
  );
  expect(daily.every((b) => b.is_physical_backup && b.status === "COMPLETED")).toBe(true);
  expect(new Set(daily.map((b) => b.id)).size).toBe(3);

  // A new schedule applies from the next day on; the days behind keep their time.
  expect(
    (await first.api("PATCH", `/v1/projects/${ref}/database/backups/schedule`, { schedule_for: "04:30:00" })).status,
  ).toBe(200);
  const t1 = await now(first);
  await first.advanceTime(nextAt(t1, 4, 30) - t1 + 60_000);
  const afterChange = (await list(first, ref)).backups.map((b) => b.inserted_at);
  expect(afterChange.slice(0, 3)).toEqual(daily.map((b) => b.inserted_at));
  expect(afterChange.slice(3)).toEqual([new Date(nextAt(t1, 4, 30)).toISOString()]);

  // A restore point is listed as it is taken, and PITR shows its window.
  const point = await first.api("POST", `/v1/projects/${ref}/database/backups/restore-point`, { name: "before" });
  expect(point.status).toBe(201);
  const beforePitr = await now(first);
  expect(
    (await first.api("PATCH", `/v1/projects/${ref}/billing/addons`, { addon_type: "pitr", addon_variant: "pitr_7" }))
      .status,
  ).toBe(200);
  const withPoint = await list(first, ref);
  const afterPitr = await now(first);
  expect(withPoint.backups).toHaveLength(5);
  expect(withPoint.backups.at(-1)).toMatchObject({ is_physical_backup: true, status: "COMPLETED" });
  expect(Date.parse(withPoint.backups.at(-1)!.inserted_at)).toBe(Date.parse(point.body.completed_on));
  expect(withPoint.pitr_enabled).toBe(true);
  const window = withPoint.physical_backup_data;
  expect(window.earliest_physical_backup_date_unix).toBeGreaterThanOrEqual(seconds(beforePitr));
  expect(window.latest_physical_backup_date_unix).toBeGreaterThanOrEqual(window.earliest_physical_backup_date_unix!);
  expect(window.latest_physical_backup_date_unix).toBeLessThanOrEqual(seconds(afterPitr));

  // Ten days on: seven daily backups kept, all at 04:30; PITR reaches seven days back.
  await first.advanceTime(10 * DAY);
  const t2 = await now(first);
  const later = await list(first, ref);
  const t3 = await now(first);
  const dailyLater = later.backups.filter((b) => b.id !== withPoint.backups.at(-1)!.id);
  expect(dailyLater).toHaveLength(7);
  expect(dailyLater.every((b) => b.inserted_at.endsWith("T04:30:00.000Z"))).toBe(true);
  expect(dailyLater.every((b) => Date.parse(b.inserted_at) > t2 - 7 * DAY)).toBe(true);
  const { earliest_physical_backup_date_unix: earliest, latest_physical_backup_date_unix: latest } =
    later.physical_backup_data;
  expect(earliest).toBeGreaterThanOrEqual(seconds(t2 - 7 * DAY));
  expect(earliest).toBeLessThanOrEqual(seconds(t3 - 7 * DAY));
  expect(latest).toBeGreaterThanOrEqual(seconds(t2));
  expect(latest).toBeLessThanOrEqual(seconds(t3));

  // An expired restore point reads REMOVED.
  expect((await first.control("POST", `/projects/${ref}/restore-points/expire`, { name: "before" })).status).toBe(200);
  expect((await list(first, ref)).backups.find((b) => b.id === withPoint.backups.at(-1)!.id)?.status).toBe("REMOVED");
  const before = await list(first, ref);
  const { physical_backup_data: _moving, ...lasting } = before;
  await stop(first);

  // The same list after a restart on the data directory.
  const second = await start();
  // (The PITR window's end is now, so it moves; the rest is the same.)
  const { physical_backup_data: window2, ...lasting2 } = await list(second, ref);
  expect(lasting2).toEqual(lasting);
  expect(window2.earliest_physical_backup_date_unix).toBeGreaterThanOrEqual(earliest!);

  // Without PITR the window is gone again.
  expect((await second.api("DELETE", `/v1/projects/${ref}/billing/addons/pitr_7`)).status).toBe(200);
  const off = await list(second, ref);
  expect(off.pitr_enabled).toBe(false);
  expect(off.physical_backup_data).toEqual({});
});

test("an unknown project is 404, as for every project route", async () => {
  const emu = persistent.running[0] ?? (await start());
  const res = await emu.api("GET", "/v1/projects/abcdefghijklmnopqrst/database/backups");
  expect(res).toMatchObject({ status: 404, body: { message: "Project not found" } });
});
