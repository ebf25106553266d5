/**
 * Branches as the API shows them: the lookup by ref or id, the workflow
 * status derived from the emulator clock (like a project's provisioning, no
 * timers run), the answers' shapes, and the workflow runs each operation
 * records for `GET …/actions`.
 */
import { createHmac, randomInt, randomUUID } from "node:crypto";
import type { EmulatorContext } from "../store/context";
import { ApiError } from "../pipeline/errors";
import type { ActionRunRecord, BranchRecord, BranchStatus, ProjectRecord } from "../store/records";
import { requireHealthy } from "../settings/store";
import type { ReplayOutcome } from "./branch-db";

export const BranchMessages = {
  notEnabled: "Preview branching is not enabled for this project.",
  notFound: "Branch not found",
  nameTaken: (name: string) => `A branch named ${name} already exists for this project.`,
  defaultExists: "This project already has a default branch.",
  deleteDefault: "Cannot delete the default branch.",
  fromBranch: "Cannot create a branch of a preview branch.",
  mergeDefault: "Cannot merge the default branch into itself.",
  resetDefault: "Cannot reset the default branch.",
  notScheduled: "Branch is not scheduled for deletion.",
  parentNotReady: (status: string) => `Parent project is not ready to branch: its status is ${status}.`,
  notReady: (status: string) => `Branch is not ready: its status is ${status}.`,
  limit: (max: number) =>
    `This project has reached its limit of ${max} branches besides the default one (entitlement branching_limit).`,
} as const;

/** The refusal of a branch operation whose parent project is not up. */
export const parentNotReady = (status: string) => new ApiError(400, BranchMessages.parentNotReady(status));

/**
 * Branches a project may have besides the default one (the platform's
 * `branching_limit` entitlement, which depends on the plan). Each is a
 * database of its own, kept open, so the emulator keeps the number small.
 */
export const BRANCH_LIMIT = 10;

/** The soft-deletion grace period of `DELETE …?force=false`. */
export const DELETION_GRACE_MS = 60 * 60 * 1000;

export interface FoundBranch {
  parent: ProjectRecord;
  branch: BranchRecord;
  /** The branch's own project (the parent itself for the default branch). */
  project: ProjectRecord;
}

/** A branch by its ref or (deprecated) id, among live projects; 404 otherwise. */
export function findBranch(app: EmulatorContext, idOrRef: string): FoundBranch {
  for (const parent of app.projects()) {
    for (const branch of parent.branches ?? []) {
      if (branch.id !== idOrRef && branch.projectRef !== idOrRef) continue;
      const project = branch.isDefault ? parent : app.project(branch.projectRef);
      if (project) return { parent, branch, project };
    }
  }
  throw new ApiError(404, BranchMessages.notFound);
}

/** The branch's workflow status now: creating its project, running migrations, then their outcome. */
export function branchStatus(app: EmulatorContext, b: BranchRecord, project: ProjectRecord): BranchStatus {
  if (b.imposedStatus) return b.imposedStatus;
  const now = app.clock.now();
  if (!b.isDefault && now < project.readyAtMs) return "CREATING_PROJECT";
  if (now < b.migratedAtMs) return "RUNNING_MIGRATIONS";
  return b.migrationError ? "MIGRATIONS_FAILED" : "MIGRATIONS_PASSED";
}

/** BranchResponse. */
export function branchView(app: EmulatorContext, parent: ProjectRecord, b: BranchRecord): Record<string, unknown> {
  const project = b.isDefault ? parent : (app.store.project(b.projectRef) ?? parent);
  const view: Record<string, unknown> = {
    id: b.id,
    name: b.name,
    project_ref: b.projectRef,
    parent_project_ref: parent.ref,
    is_default: b.isDefault,
    persistent: b.persistent,
    status: branchStatus(app, b, project),
    created_at: app.clock.iso(b.createdAtMs),
    updated_at: app.clock.iso(b.updatedAtMs),
    with_data: b.withData,
    preview_project_status: app.status(project),
  };
  if (b.gitBranch !== undefined) view.git_branch = b.gitBranch;
  if (b.reviewRequestedAtMs !== undefined) view.review_requested_at = app.clock.iso(b.reviewRequestedAtMs);
  if (b.notifyUrl !== undefined) view.notify_url = b.notifyUrl;
  if (b.deletionScheduledAtMs !== undefined) view.deletion_scheduled_at = app.clock.iso(b.deletionScheduledAtMs);
  return view;
}

/** BranchDetailResponse: the branch's database and secrets. */
export async function branchDetail(app: EmulatorContext, found: FoundBranch): Promise<Record<string, unknown>> {
  const { branch: b, project } = found;
  const version = await app.db.engineVersion();
  const detail: Record<string, unknown> = {
    ref: project.ref,
    postgres_version: version,
    postgres_engine: b.postgresEngine,
    release_channel: b.releaseChannel,
    status: app.status(project),
    db_host: `db.${project.ref}.supabase.co`,
    db_port: 5432,
    db_user: "postgres",
    jwt_secret: project.jwtSecret,
  };
  // The parent's own password is only kept as a digest, so the default branch answers none.
  if (!b.isDefault) detail.db_pass = branchDbPass(project.jwtSecret);

  return detail;
}

/**
 * A branch database's password, derived from its project's JWT secret so the
 * state holds no second secret (the platform generates one per branch).
 */
export function branchDbPass(jwtSecret: string): string {
  return createHmac("sha256", jwtSecret).update("branch-db-password").digest("base64url").slice(0, 24);
}

/** The branch's project must be up and its last run finished before another run starts. */
export function requireIdle(app: EmulatorContext, found: FoundBranch): void {
  const status = branchStatus(app, found.branch, found.project);
  if (status === "CREATING_PROJECT" || status === "RUNNING_MIGRATIONS")
    throw new ApiError(400, BranchMessages.notReady(status));
  requireHealthy(app, found.project, (s) => new ApiError(400, BranchMessages.notReady(s)));
}

export function newBranchId(): string {
  return randomUUID();
}

const RUN_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";

/** An action run id in the platform's shape (`run_` and 26 lowercase base32 characters). */
function newRunId(): string {
  let out = "run_";
  for (let i = 0; i < 26; i++) out += RUN_ALPHABET[randomInt(RUN_ALPHABET.length)];
  return out;
}

/**
 * Records a workflow run on `project` (the branch's own project, or the
 * parent for a merge) and returns its id. Its steps read as running until
 * `doneAtMs`, then as exited; a failed migration step reads as dead.
 */
export function recordRun(
  app: EmulatorContext,
  project: ProjectRecord,
  branch: BranchRecord,
  kind: ActionRunRecord["kind"],
  outcome: ReplayOutcome,
  doneAtMs: number,
  extraLog = "",
): string {
  const now = app.clock.now();
  const id = newRunId();
  const lines = outcome.applied.map((v) => `Applied migration ${v}`);
  if (outcome.failed) lines.push(outcome.failed.error);
  else lines.push(outcome.applied.length ? "Finished supabase db push." : "Remote database is up to date.");
  const steps: ActionRunRecord["steps"] =
    kind === "merge"
      ? [
          { name: "clone", ok: true },
          { name: "migrate", ok: !outcome.failed },
        ]
      : [
          { name: "clone", ok: true },
          { name: "pull", ok: true },
          { name: "health", ok: true },
          { name: "configure", ok: true },
          { name: "migrate", ok: !outcome.failed },
        ];
  const run: ActionRunRecord = {
    id,
    branchId: branch.id,
    kind,
    createdAtMs: now,
    doneAtMs,
    steps,
    log: `${lines.join("\n")}\n${extraLog}`,
  };
  (project.actionRuns ??= []).push(run);
  return id;
}

/** ActionRunResponse. */
export function runView(app: EmulatorContext, run: ActionRunRecord): Record<string, unknown> {
  const done = app.clock.now() >= run.doneAtMs;
  return {
    id: run.id,
    branch_id: run.branchId,
    run_steps: run.steps.map((s) => ({
      name: s.name,
      status: !done ? "RUNNING" : s.ok ? "EXITED" : "DEAD",
      created_at: app.clock.iso(run.createdAtMs),
      updated_at: app.clock.iso(done ? run.doneAtMs : run.createdAtMs),
    })),
    git_config: null,
    workdir: null,
    check_run_id: null,
    created_at: app.clock.iso(run.createdAtMs),
    updated_at: app.clock.iso(done ? run.doneAtMs : run.createdAtMs),
  };
}
