/**
 * Branching: a project's branches, each (but the default one, which stands
 * for the parent) a project of its own with its own ref, database, keys,
 * settings, functions and secrets, reached through the same management and
 * GraphQL routes as any project.
 *
 * The first `POST …/branches` of a project enables branching: it creates the
 * default branch for the parent (named by the request when `is_default` is
 * set, which then creates nothing else; `main` otherwise), then the requested
 * branch. A new branch's database replays the parent's migration history
 * (`supabase_migrations.schema_migrations`), copies its rows when
 * `with_data` is set, and takes the parent's service configuration. The work
 * is done before the answer; the status then moves with the emulator clock
 * at the provisioning pace: CREATING_PROJECT for the provisioning delay,
 * RUNNING_MIGRATIONS for another, then MIGRATIONS_PASSED or MIGRATIONS_FAILED.
 */
import { z } from "zod";
import { SqlError } from "../db";
import type { EmulatorContext } from "../store/context";
import { ApiError, Messages } from "../pipeline/errors";
import { defineRoute, type RouteDef } from "../pipeline/router";
import { CreateBranchBody, REGIONS, UpdateBranchBody } from "../generated/config-schemas";
import { requireHealthy, requireLiveProject, settingsOf } from "../settings/store";
import type { BranchRecord, ProjectRecord } from "../store/records";
import { newProject } from "./projects";
import { serialized } from "./migrations";
import { applyEntries, copyData, historyOf, missingEntries, type ReplayOutcome } from "./branch-db";
import {
  BRANCH_LIMIT,
  BranchMessages,
  parentNotReady,
  DELETION_GRACE_MS,
  branchDbPass,
  branchDetail,
  branchView,
  findBranch,
  newBranchId,
  recordRun,
} from "./branch-model";

type CreateBody = z.infer<typeof CreateBranchBody>;

const DeleteQuery = z.object({ force: z.enum(["true", "false"]).optional() });

/**
 * The parent of a branch operation, live. A branch's own project has no
 * branches of its own (reads and DELETE find branching not enabled); making
 * one is refused.
 */
function requireParent(app: EmulatorContext, ref: string, creating = false): ProjectRecord {
  const parent = requireLiveProject(app, ref);
  if (creating && parent.branchOf) throw new ApiError(400, BranchMessages.fromBranch);
  return parent;
}

function requireBranching(parent: ProjectRecord): BranchRecord[] {
  if (!parent.branches?.length) throw new ApiError(422, BranchMessages.notEnabled);
  return parent.branches;
}

async function defaultBranch(
  app: EmulatorContext,
  parent: ProjectRecord,
  name: string,
  gitBranch?: string,
): Promise<BranchRecord> {
  const now = app.clock.now();
  const engine = (await app.db.engineVersion()).split(".")[0];
  return {
    id: newBranchId(),
    name,
    projectRef: parent.ref,
    isDefault: true,
    gitBranch,
    persistent: true,
    withData: false,
    releaseChannel: "ga",
    postgresEngine: engine,
    createdAtMs: now,
    updatedAtMs: now,
    migratedAtMs: now,
  };
}

/**
 * Replays the parent's history (up to `upTo`) on the branch's database,
 * then copies the parent's rows when the branch is made with data. A
 * failing migration stops the replay and is reported in the outcome.
 */
export async function populate(
  app: EmulatorContext,
  parentRef: string,
  branchRef: string,
  withData: boolean,
  upTo?: string,
): Promise<{ outcome: ReplayOutcome; rowsCopied: number }> {
  const source = await app.db.forProject(parentRef);
  const target = await app.db.forProject(branchRef);
  const outcome = await applyEntries(target, missingEntries(await historyOf(source), [], upTo));
  let rowsCopied = 0;
  if (withData && !outcome.failed) {
    try {
      rowsCopied = await copyData(source, target);
    } catch (err) {
      if (!(err instanceof SqlError)) throw err;
      outcome.failed = { version: "data", name: null, error: `Copying the parent's data failed: ${err.message}` };
    }
  }
  return { outcome, rowsCopied };
}

async function createBranch(app: EmulatorContext, parent: ProjectRecord, body: CreateBody): Promise<BranchRecord> {
  const region = body.region ?? parent.region;
  if (!(REGIONS as readonly string[]).includes(region)) throw new ApiError(400, Messages.badRegion);
  const secrets = Object.entries(body.secrets ?? {});
  for (const [name, value] of secrets) {
    if (typeof value !== "string") throw new ApiError(400, `secrets.${name} must be a string`);
    if (name.startsWith("SUPABASE_"))
      throw new ApiError(400, `Invalid secret name: ${name}. Secret names must not start with SUPABASE_`);
  }
  requireHealthy(app, parent, parentNotReady);

  const project = await newProject(app, {
    name: body.branch_name,
    organizationSlug: parent.organizationSlug,
    region,
    desiredInstanceSize: body.desired_instance_size ?? parent.desiredInstanceSize,
    dbPass: branchDbPass,
  });
  project.branchOf = parent.ref;
  let populated: Awaited<ReturnType<typeof populate>>;
  try {
    populated = await populate(app, parent.ref, project.ref, body.with_data ?? false);
    // The parent's Postgres overrides hold on the branch's database too.
    const postgres = parent.settings?.config?.postgres;
    if (postgres && Object.keys(postgres).length) await app.db.configure(project.ref, postgres);
  } catch (err) {
    await app.db.drop(project.ref).catch(() => undefined);
    throw err;
  }
  const engine = (await app.db.engineVersion()).split(".")[0];
  // The pace starts when the answer goes out: the work above takes real time, the statuses take clock time.
  const now = app.clock.now();
  project.createdAtMs = now;
  project.readyAtMs = now + app.settings.provisioningDelayMs;
  const branch: BranchRecord = {
    id: newBranchId(),
    name: body.branch_name,
    projectRef: project.ref,
    isDefault: false,
    gitBranch: body.git_branch,
    persistent: body.persistent ?? false,
    withData: body.with_data ?? false,
    notifyUrl: body.notify_url,
    releaseChannel: body.release_channel ?? "ga",
    postgresEngine: body.postgres_engine ?? engine,
    createdAtMs: project.createdAtMs,
    updatedAtMs: project.createdAtMs,
    migratedAtMs: project.readyAtMs + app.settings.provisioningDelayMs,
    migrationError: populated.outcome.failed?.error,
  };
  app.store.data.projects.push(project);
  const settings = settingsOf(app, project);
  // The branch takes the parent's service configuration, as the platform's branches do.
  if (parent.settings?.config) settings.config = structuredClone(parent.settings.config);
  settings.secrets = secrets.map(([name, value]) => ({ name, value: String(value), updatedAtMs: project.createdAtMs }));
  recordRun(
    app,
    project,
    branch,
    "create",
    populated.outcome,
    branch.migratedAtMs,
    branch.withData ? `Copied ${populated.rowsCopied} rows from the parent project.\n` : "",
  );
  return branch;
}

export const branchRoutes: RouteDef[] = [
  defineRoute({
    method: "GET",
    path: "/v1/projects/{ref}/branches",
    handler: ({ app, params }) => {
      const parent = requireParent(app, params.ref);
      return { status: 200, body: requireBranching(parent).map((b) => branchView(app, parent, b)) };
    },
  }),
  defineRoute({
    method: "POST",
    path: "/v1/projects/{ref}/branches",
    body: CreateBranchBody,
    handler: async ({ app, params, body }) => {
      const parent = requireParent(app, params.ref, true);
      // One creation at a time per parent: names stay unique and the history read is consistent.
      const branch = await serialized(app, `branches:${parent.ref}`, async () => {
        const enabled = (parent.branches ?? []).length > 0;
        if (body.is_default) {
          if (enabled) throw new ApiError(400, BranchMessages.defaultExists);
          parent.branches = [await defaultBranch(app, parent, body.branch_name, body.git_branch)];
          app.store.commit();
          return parent.branches[0];
        }
        const names = new Set((parent.branches ?? []).map((b) => b.name));
        if (!enabled) names.add("main");
        if (names.has(body.branch_name)) throw new ApiError(409, BranchMessages.nameTaken(body.branch_name));
        if ((parent.branches ?? []).filter((b) => !b.isDefault).length >= BRANCH_LIMIT)
          throw new ApiError(402, BranchMessages.limit(BRANCH_LIMIT));
        const created = await createBranch(app, parent, body);
        if (!parent.branches?.length) parent.branches = [await defaultBranch(app, parent, "main")];
        parent.branches.push(created);
        app.store.commit();
        return created;
      });
      return { status: 201, body: branchView(app, parent, branch) };
    },
  }),
  defineRoute({
    method: "DELETE",
    path: "/v1/projects/{ref}/branches",
    handler: ({ app, params }) => {
      const parent = requireParent(app, params.ref);
      const branches = requireBranching(parent);
      const now = app.clock.now();
      for (const b of branches) {
        if (b.isDefault) continue;
        const project = app.store.project(b.projectRef);
        if (project && project.deletedAtMs === undefined) {
          project.deletedAtMs = now;
          project.goneAtMs = now + app.settings.deletionDelayMs;
        }
      }
      parent.branches = [];
      app.store.commit();
      return { status: 200 };
    },
  }),
  defineRoute({
    method: "GET",
    path: "/v1/projects/{ref}/branches/{name}",
    handler: ({ app, params }) => {
      const parent = requireParent(app, params.ref);
      const branch = requireBranching(parent).find((b) => b.name === params.name);
      if (!branch) throw new ApiError(404, BranchMessages.notFound);
      return { status: 200, body: branchView(app, parent, branch) };
    },
  }),
  defineRoute({
    method: "GET",
    path: "/v1/branches/{branch_id_or_ref}",
    handler: async ({ app, params }) => ({
      status: 200,
      body: await branchDetail(app, findBranch(app, params.branch_id_or_ref)),
    }),
  }),
  defineRoute({
    method: "PATCH",
    path: "/v1/branches/{branch_id_or_ref}",
    body: UpdateBranchBody,
    handler: ({ app, params, body }) => {
      const { parent, branch } = findBranch(app, params.branch_id_or_ref);
      if (body.branch_name !== undefined && body.branch_name !== branch.name) {
        if (body.branch_name === "") throw new ApiError(400, "branch_name should not be empty");
        if (parent.branches?.some((b) => b.name === body.branch_name))
          throw new ApiError(409, BranchMessages.nameTaken(body.branch_name));
        branch.name = body.branch_name;
      }
      if (body.git_branch !== undefined) branch.gitBranch = body.git_branch;
      if (body.persistent !== undefined) branch.persistent = body.persistent;
      if (body.notify_url !== undefined) branch.notifyUrl = body.notify_url;
      if (body.status !== undefined) branch.imposedStatus = body.status;
      const now = app.clock.now();
      if (body.request_review === true) branch.reviewRequestedAtMs ??= now;
      if (body.request_review === false) delete branch.reviewRequestedAtMs;
      branch.updatedAtMs = now;
      app.store.commit();
      return { status: 200, body: branchView(app, parent, branch) };
    },
  }),
  defineRoute({
    method: "DELETE",
    path: "/v1/branches/{branch_id_or_ref}",
    query: DeleteQuery,
    handler: ({ app, params, query }) => {
      const { parent, branch, project } = findBranch(app, params.branch_id_or_ref);
      if (branch.isDefault) throw new ApiError(422, BranchMessages.deleteDefault);
      const now = app.clock.now();
      if (query.force === "false") {
        // Soft deletion: the branch stays usable for the grace period, then goes (see EmulatorContext.sweep).
        branch.deletionScheduledAtMs ??= now + DELETION_GRACE_MS;
      } else {
        parent.branches = (parent.branches ?? []).filter((b) => b !== branch);
        if (project.deletedAtMs === undefined) {
          project.deletedAtMs = now;
          project.goneAtMs = now + app.settings.deletionDelayMs;
        }
      }
      app.store.commit();
      return { status: 200, body: { message: "ok" } };
    },
  }),
];
