/**
 * What can be done to a branch besides its configuration: push (apply the
 * parent's migrations the branch lacks), merge (apply the branch's
 * migrations the parent lacks to the parent, in its history), reset
 * (re-create the branch's database from the parent), restore (cancel a
 * scheduled deletion) and diff (the branch's schema against the parent's,
 * as SQL); and the workflow runs these leave, under `…/actions`.
 *
 * The work is done before the answer, which carries the run's id; the run
 * and the branch's status then move with the emulator clock, as creation
 * does: RUNNING_MIGRATIONS for the provisioning delay, then the outcome.
 */
import { z } from "zod";
import type { EmulatorContext } from "../store/context";
import { ApiError } from "../pipeline/errors";
import { defineRoute, type RouteDef } from "../pipeline/router";
import { BranchActionBody } from "../generated/config-schemas";
import { requireHealthy, requireLiveProject } from "../settings/store";
import { serialized } from "./migrations";
import { applyEntries, historyOf, missingEntries, type ReplayOutcome } from "./branch-db";
import { diffStatements, diffText, engineDiff, snapshot } from "./branch-diff";
import {
  BranchMessages,
  findBranch,
  parentNotReady,
  recordRun,
  requireIdle,
  runView,
  type FoundBranch,
} from "./branch-model";
import { populate } from "./branches";

type ActionBody = z.infer<typeof BranchActionBody>;

const DiffQuery = z.object({
  included_schemas: z.string().optional(),
  pgdelta: z.enum(["true", "false"]).optional(),
});

/** Marks the start of a run on the branch: its migrations run for the provisioning delay, then read as done. */
function settle(app: EmulatorContext, found: FoundBranch, outcome: ReplayOutcome): number {
  const now = app.clock.now();
  const b = found.branch;
  b.migratedAtMs = now + app.settings.provisioningDelayMs;
  b.migrationError = outcome.failed?.error;
  delete b.imposedStatus;
  b.updatedAtMs = now;
  return b.migratedAtMs;
}

const answer = (workflowRunId: string) => ({ status: 201, body: { workflow_run_id: workflowRunId, message: "ok" } });

async function push(app: EmulatorContext, found: FoundBranch, body: ActionBody) {
  requireIdle(app, found);
  const { parent, branch, project } = found;
  if (branch.isDefault) {
    // The default branch is the parent: nothing is pending from itself.
    const id = recordRun(app, project, branch, "push", { applied: [] }, app.clock.now());
    app.store.commit();
    return answer(id);
  }
  const outcome = await serialized(app, project.ref, async () => {
    const source = await app.db.forProject(parent.ref);
    const target = await app.db.forProject(project.ref);
    const pending = missingEntries(await historyOf(source), await historyOf(target), body.migration_version);
    return applyEntries(target, pending);
  });
  const id = recordRun(app, project, branch, "push", outcome, settle(app, found, outcome));
  app.store.commit();
  return answer(id);
}

async function merge(app: EmulatorContext, found: FoundBranch, body: ActionBody) {
  const { parent, branch, project } = found;
  if (branch.isDefault) throw new ApiError(400, BranchMessages.mergeDefault);
  requireIdle(app, found);
  requireHealthy(app, parent, parentNotReady);
  // The parent's history is written in its own queue, the one its migration endpoints use.
  const outcome = await serialized(app, parent.ref, async () => {
    const source = await app.db.forProject(project.ref);
    const target = await app.db.forProject(parent.ref);
    const pending = missingEntries(await historyOf(source), await historyOf(target), body.migration_version);
    return applyEntries(target, pending);
  });
  const now = app.clock.now();
  // The run is the parent's (its database changed); a failure leaves the branch as it was.
  const id = recordRun(app, parent, branch, "merge", outcome, now + app.settings.provisioningDelayMs);
  branch.updatedAtMs = now;
  app.store.commit();
  return answer(id);
}

async function reset(app: EmulatorContext, found: FoundBranch, body: ActionBody) {
  const { parent, branch, project } = found;
  if (branch.isDefault) throw new ApiError(400, BranchMessages.resetDefault);
  requireIdle(app, found);
  requireHealthy(app, parent, parentNotReady);
  const populated = await serialized(app, project.ref, async () => {
    await app.db.drop(project.ref);
    const result = await populate(app, parent.ref, project.ref, branch.withData, body.migration_version);
    const postgres = project.settings?.config?.postgres;
    if (postgres && Object.keys(postgres).length) await app.db.configure(project.ref, postgres);
    return result;
  });
  const id = recordRun(
    app,
    project,
    branch,
    "reset",
    populated.outcome,
    settle(app, found, populated.outcome),
    branch.withData ? `Copied ${populated.rowsCopied} rows from the parent project.\n` : "",
  );
  app.store.commit();
  return answer(id);
}

/** The run of a project by id, or 404. */
function findRun(app: EmulatorContext, ref: string, runId: string) {
  const project = requireLiveProject(app, ref);
  const run = (project.actionRuns ?? []).find((r) => r.id === runId);
  if (!run) throw new ApiError(404, "Action run not found");
  return run;
}

const ListQuery = z.object({
  offset: z.coerce.number().int().min(0).optional(),
  limit: z.coerce.number().int().min(10).optional(),
});

export const branchActionRoutes: RouteDef[] = [
  defineRoute({
    method: "POST",
    path: "/v1/branches/{branch_id_or_ref}/push",
    body: BranchActionBody,
    handler: ({ app, params, body }) => push(app, findBranch(app, params.branch_id_or_ref), body),
  }),
  defineRoute({
    method: "POST",
    path: "/v1/branches/{branch_id_or_ref}/merge",
    body: BranchActionBody,
    handler: ({ app, params, body }) => merge(app, findBranch(app, params.branch_id_or_ref), body),
  }),
  defineRoute({
    method: "POST",
    path: "/v1/branches/{branch_id_or_ref}/reset",
    body: BranchActionBody,
    handler: ({ app, params, body }) => reset(app, findBranch(app, params.branch_id_or_ref), body),
  }),
  defineRoute({
    method: "POST",
    path: "/v1/branches/{branch_id_or_ref}/restore",
    handler: ({ app, params }) => {
      const { branch } = findBranch(app, params.branch_id_or_ref);
      if (branch.deletionScheduledAtMs === undefined) throw new ApiError(400, BranchMessages.notScheduled);
      delete branch.deletionScheduledAtMs;
      branch.updatedAtMs = app.clock.now();
      app.store.commit();
      return { status: 200, body: { message: "Branch restoration initiated" } };
    },
  }),
  defineRoute({
    method: "GET",
    path: "/v1/branches/{branch_id_or_ref}/diff",
    query: DiffQuery,
    handler: async ({ app, params, query }) => {
      const found = findBranch(app, params.branch_id_or_ref);
      requireIdle(app, found);
      // The Auth service's schema is the platform's, alike on a branch and its parent (only the emulator's per-project
      // owner roles would tell them apart): left out, as DatabaseSchema and `schema pull` never own it.
      const schemas = (query.included_schemas ?? "public")
        .split(",")
        .map((s) => s.trim())
        .filter((s) => s !== "" && s !== "auth");
      const [parentDb, branchDb] = await Promise.all([
        app.db.forProject(found.parent.ref),
        app.db.forProject(found.project.ref),
      ]);
      let data: string | undefined;
      if (query.pgdelta === "true") {
        data = await engineDiff(parentDb, branchDb, schemas);
        // A schema name the catalog query cannot take: the document's one failure.
        if (data === undefined) throw new ApiError(500, "Failed to diff database branch");
      } else {
        const [before, after] = await Promise.all([snapshot(parentDb, schemas), snapshot(branchDb, schemas)]);
        data = diffText(diffStatements(before, after));
      }
      return { status: 200, raw: { data, contentType: "text/plain; charset=utf-8" } };
    },
  }),
  defineRoute({
    method: "GET",
    path: "/v1/projects/{ref}/actions",
    query: ListQuery,
    handler: ({ app, params, query }) => {
      const runs = [...(requireLiveProject(app, params.ref).actionRuns ?? [])].reverse();
      const offset = query.offset ?? 0;
      const page = runs.slice(offset, query.limit === undefined ? undefined : offset + query.limit);
      return { status: 200, body: page.map((r) => runView(app, r)) };
    },
  }),
  defineRoute({
    method: "GET",
    path: "/v1/projects/{ref}/actions/{run_id}",
    handler: ({ app, params }) => ({ status: 200, body: runView(app, findRun(app, params.ref, params.run_id)) }),
  }),
  defineRoute({
    method: "GET",
    path: "/v1/projects/{ref}/actions/{run_id}/logs",
    handler: ({ app, params }) => ({
      status: 200,
      raw: { data: findRun(app, params.ref, params.run_id).log, contentType: "text/plain; charset=utf-8" },
    }),
  }),
];
