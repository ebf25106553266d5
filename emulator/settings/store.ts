/**
 * The per-project settings the management API exposes besides the project
 * itself: secrets, functions, the custom hostname, the pgsodium root key,
 * network bans and network restrictions. They live on the project's record in
 * the durable store, so they persist with `--data-dir` and disappear together
 * with the project when its deletion completes.
 *
 * Time-driven transitions (hostname DNS verification, restrictions being
 * applied) are stored as deadlines on the emulator clock and evaluated when
 * read, like project provisioning: no timers, and advancing the clock moves
 * them all.
 */
import { randomBytes } from "node:crypto";
import type { EmulatorContext, ProjectStatus } from "../store/context";
import { ApiError, Messages } from "../pipeline/errors";
import type { CidrConfig, ProjectRecord, ProjectSettingsRecord } from "../store/records";

export type {
  CidrConfig,
  CustomHostnameRecord,
  FunctionRecord,
  NetworkRestrictionsRecord,
  ProjectSettingsRecord,
  SecretRecord,
  StoredHostnameStatus,
} from "../store/records";

/** A new project allows every address, already applied (as a fresh staging project read). */
export const ALLOW_ALL: Readonly<CidrConfig> = Object.freeze({
  dbAllowedCidrs: ["0.0.0.0/0"],
  dbAllowedCidrsV6: ["::/0"],
});

function newSettings(): ProjectSettingsRecord {
  return {
    secrets: [],
    functions: [],
    rootKey: randomBytes(32).toString("hex"),
    bannedIpv4: [],
    restrictions: {
      config: { dbAllowedCidrs: [...ALLOW_ALL.dbAllowedCidrs], dbAllowedCidrsV6: [...ALLOW_ALL.dbAllowedCidrsV6] },
    },
  };
}

/**
 * The project's settings, created on first use (projects created before this
 * feature, or read back from an older state file, get theirs then) and
 * committed at once so a generated root key is stable.
 */
export function settingsOf(app: EmulatorContext, p: ProjectRecord): ProjectSettingsRecord {
  if (!p.settings) {
    p.settings = newSettings();
    app.store.commit();
  }
  return p.settings;
}

/**
 * The project of a settings call: unknown → 404 "Project not found"; while its
 * deletion runs (GOING_DOWN) sub-resources answer 400 "Resource has been
 * removed", as a removed staging project's did.
 */
export function requireLiveProject(app: EmulatorContext, ref: string): ProjectRecord {
  const p = app.requireProject(ref);
  if (app.status(p) === "GOING_DOWN") throw new ApiError(400, Messages.resourceRemoved);
  return p;
}

/**
 * The statuses in which the project's database serves: healthy, and while a
 * disk modification is applied (`RESIZING`), which the service does online,
 * without taking the database down.
 */
const SERVING: ReadonlySet<ProjectStatus> = new Set<ProjectStatus>(["ACTIVE_HEALTHY", "RESIZING"]);

/**
 * The one guard of the operations that need the project up: unless its
 * database serves (see `SERVING`), 400 `Project is not ready to <what>: its
 * status is <status>.`, or, where the service refuses in words of its own (a
 * 500, a branch's text), the error `refusal` makes of the status.
 */
export function requireHealthy(
  app: EmulatorContext,
  p: ProjectRecord,
  refusal: string | ((status: ProjectStatus) => ApiError),
): void {
  const status = app.status(p);
  if (SERVING.has(status)) return;
  throw typeof refusal === "string"
    ? new ApiError(400, `Project is not ready to ${refusal}: its status is ${status}.`)
    : refusal(status);
}

/** Both of the above, for handlers that only need the settings. */
export function projectSettings(
  app: EmulatorContext,
  ref: string,
): { project: ProjectRecord; settings: ProjectSettingsRecord } {
  const project = requireLiveProject(app, ref);
  return { project, settings: settingsOf(app, project) };
}
