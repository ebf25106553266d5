/**
 * Wire types of branching (`/v1/projects/{ref}/branches`, `/v1/branches/{id_or_ref}`),
 * from the service's OpenAPI document, parsed tolerantly like the rest of the
 * client: unknown fields are kept, optional fields may be missing or null.
 */
import { z } from "zod";
import type { Open, WireSchemas } from "./types";

/** A branch as listed, read by name, created or updated. `project_ref` is the branch's own project. */
export type Branch = Open<
  Omit<WireSchemas["BranchResponse"], "status" | "preview_project_status" | "latest_check_run_id"> & {
    /** The branch's workflow status (CREATING_PROJECT, RUNNING_MIGRATIONS, MIGRATIONS_PASSED, …). */
    status: WireSchemas["BranchResponse"]["status"] | (string & {});
    /** The status of the branch's project (COMING_UP, ACTIVE_HEALTHY, …), when the service reports it. */
    preview_project_status?: string;
  }
>;
/** A branch's configuration read by ref: its project's status and database. */
export type BranchDetail = Open<WireSchemas["BranchDetailResponse"]>;
export type CreateBranchBody = WireSchemas["CreateBranchBody"];
/** The body of PATCH, without the deprecated `reset_on_push`. */
export type UpdateBranchBody = Omit<WireSchemas["UpdateBranchBody"], "reset_on_push">;
export type BranchActionBody = WireSchemas["BranchActionBody"];
export type BranchActionResult = Open<WireSchemas["BranchUpdateResponse"]>;
/** One run of a branch's workflow (clone, migrate, seed, deploy) and its steps. */
export type ActionRun = Open<WireSchemas["ActionRunResponse"]>;

const optionalText = z
  .string()
  .nullish()
  .transform((v) => v ?? undefined);

export const branchSchema = z
  .looseObject({
    id: z.string(),
    name: z.string(),
    project_ref: z.string(),
    parent_project_ref: z.string(),
    is_default: z
      .boolean()
      .nullish()
      .transform((v) => v ?? false),
    git_branch: optionalText,
    persistent: z
      .boolean()
      .nullish()
      .transform((v) => v ?? false),
    with_data: z
      .boolean()
      .nullish()
      .transform((v) => v ?? false),
    status: z.string(),
    preview_project_status: optionalText,
    created_at: z.string(),
    updated_at: z.string(),
  })
  .transform((b): Branch => b as Branch);

export const branchDetailSchema = z
  .looseObject({
    ref: z.string(),
    status: z.string(),
    db_host: z.string(),
    db_port: z.number(),
    postgres_version: optionalText,
    postgres_engine: optionalText,
    release_channel: optionalText,
  })
  .transform((b): BranchDetail => b as BranchDetail);

export const branchActionResultSchema = z
  .looseObject({ workflow_run_id: optionalText, message: optionalText })
  .transform((r): BranchActionResult => r as BranchActionResult);

export const actionRunSchema = z
  .looseObject({
    id: z.string(),
    branch_id: optionalText,
    run_steps: z
      .array(z.looseObject({ name: z.string(), status: z.string() }))
      .nullish()
      .transform((v) => v ?? []),
    created_at: optionalText,
  })
  .transform((r): ActionRun => r as ActionRun);
