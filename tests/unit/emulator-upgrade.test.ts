/**
 * The emulator's upgrade model (emulator/settings/postgres.ts), read off a
 * virtual time: the progress steps in order, UPGRADING until the end, the
 * target version only after a completed upgrade, and each error stopping the
 * upgrade at its own step with the old version kept.
 */
import {
  APP_VERSIONS,
  appVersion,
  eligibleTargets,
  startUpgrade,
  UPGRADE_ERRORS,
  UPGRADE_PROGRESS,
  upgradeEndMs,
  upgradeStatusView,
  upgrading,
} from "../../emulator/settings/postgres";
import type { ProjectRecord } from "../../emulator/store/records";

const iso = (ms: number) => new Date(ms).toISOString();
const project = (version?: string) => ({ ref: "abcdefghijklmnopqrst", ...(version ? { postgres: { version } } : {}) });
const DURATION = 10_000;

function upgradeFrom15(error?: string) {
  const p = project(APP_VERSIONS["15"]) as ProjectRecord;
  if (error) p.postgres!.failNextUpgrade = error;
  const u = startUpgrade(p, 1_000, { trackingId: "t", targetMajor: "17", releaseChannel: "ga", durationMs: DURATION });
  return { p, u };
}

test("a new project runs the default image; the targets are the higher majors among 15 and 17", () => {
  expect(appVersion(project() as ProjectRecord, 0)).toBe(APP_VERSIONS["17"]);
  expect(eligibleTargets(project(APP_VERSIONS["14"]) as ProjectRecord, 0)).toEqual(["15", "17"]);
  expect(eligibleTargets(project(APP_VERSIONS["15"]) as ProjectRecord, 0)).toEqual(["17"]);
  expect(eligibleTargets(project() as ProjectRecord, 0)).toEqual([]);
});

test("a completed upgrade passes every step in order and runs the target only at its end", () => {
  const { p, u } = upgradeFrom15();
  const seen = new Set<string>();
  for (let t = 1_000; t < 1_000 + DURATION; t += 250) {
    const v = upgradeStatusView(u, t, iso);
    expect(v.status).toBe(0);
    expect(upgrading(p, t)).toBe(true);
    expect(appVersion(p, t)).toBe(APP_VERSIONS["15"]);
    seen.add(v.progress!);
  }
  expect([...seen]).toEqual(UPGRADE_PROGRESS.slice(0, -1));
  const end = upgradeEndMs(u);
  expect(end).toBe(1_000 + DURATION);
  expect(upgradeStatusView(u, end, iso)).toMatchObject({
    status: 1,
    progress: "10_completed_post_physical_backup",
    target_version: 17,
    latest_status_at: iso(end),
  });
  expect(upgrading(p, end)).toBe(false);
  expect(appVersion(p, end)).toBe(APP_VERSIONS["17"]);
});

test.each(UPGRADE_ERRORS.map((e) => [e]))(
  "error %s stops the upgrade at its step and keeps the old version",
  (error) => {
    const { p, u } = upgradeFrom15(error);
    // The switch is used once.
    expect(p.postgres!.failNextUpgrade).toBeUndefined();
    const n = Number(error.split("_")[0]);
    const end = upgradeEndMs(u);
    expect(end).toBe(1_000 + (DURATION * Math.min(n + 1, 10)) / 10);
    expect(upgradeStatusView(u, end - 1, iso)).toMatchObject({ status: 0 });
    expect(upgradeStatusView(u, end + 60_000, iso)).toMatchObject({
      status: 2,
      error,
      progress: UPGRADE_PROGRESS[n],
      latest_status_at: iso(end),
    });
    expect(upgrading(p, end)).toBe(false);
    expect(appVersion(p, end + 60_000)).toBe(APP_VERSIONS["15"]);
  },
);
