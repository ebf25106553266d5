/** Branches of a project: list, find by name, create, read, update, delete, and the workflow actions. */
import { enc, ManagementTransport } from "../transport";
import {
  actionRunSchema,
  branchActionResultSchema,
  branchDetailSchema,
  branchSchema,
  type ActionRun,
  type Branch,
  type BranchActionBody,
  type BranchActionResult,
  type BranchDetail,
  type CreateBranchBody,
  type UpdateBranchBody,
} from "../branches";
import { ApiError, isNotFound } from "../../errors";

/**
 * The answer about a parent that has never had a branch (branching not enabled
 * yet): it has no branches, so a lookup finds none.
 */
export function isBranchingDisabled(err: unknown): boolean {
  return ApiError.isApi(err) && err.status === 422 && /branching is not enabled/i.test(err.apiMessage);
}

export abstract class BranchEndpoints extends ManagementTransport {
  /** Every branch of the project `ref` (the parent); none when branching was never enabled on it. */
  async listBranches(ref: string): Promise<Branch[]> {
    try {
      return await this.typed(branchSchema.array(), "GET", `/v1/projects/${enc(ref)}/branches`);
    } catch (err) {
      if (isBranchingDisabled(err)) return [];
      throw err;
    }
  }

  /** The parent's branch with this name, or undefined when there is none (404, or branching never enabled). */
  async findBranch(ref: string, name: string): Promise<Branch | undefined> {
    try {
      return await this.typed(branchSchema, "GET", `/v1/projects/${enc(ref)}/branches/${enc(name)}`);
    } catch (err) {
      if (isNotFound(err) || isBranchingDisabled(err)) return undefined;
      throw err;
    }
  }

  /**
   * Creates a branch of the project `ref` (201). Not idempotent: never retried;
   * settle an unknown outcome with `findBranch` (the name is unique per parent).
   * `secrets` are values: they never appear in errors.
   */
  createBranch(ref: string, body: CreateBranchBody): Promise<Branch> {
    return this.typed(branchSchema, "POST", `/v1/projects/${enc(ref)}/branches`, { body, idempotent: false });
  }

  /** The branch's configuration by its ref: its project's status and database host. 404 → NOT_FOUND. */
  getBranch(idOrRef: string): Promise<BranchDetail> {
    return this.typed(branchDetailSchema, "GET", `/v1/branches/${enc(idOrRef)}`);
  }

  /** Changes a branch's name, git branch or persistence. Setting values is idempotent: retryable. */
  updateBranch(idOrRef: string, body: UpdateBranchBody): Promise<Branch> {
    return this.typed(branchSchema, "PATCH", `/v1/branches/${enc(idOrRef)}`, { body, idempotent: true });
  }

  /** Deletes a branch and its project at once (retried like any DELETE; a repeat answers 404). */
  async deleteBranch(idOrRef: string): Promise<void> {
    await this.request("DELETE", `/v1/branches/${enc(idOrRef)}`, { expect: "empty" });
  }

  /** Applies the parent's newer migrations to the branch (a workflow run). Not retried. */
  pushBranch(idOrRef: string, body: BranchActionBody = {}): Promise<BranchActionResult> {
    return this.typed(branchActionResultSchema, "POST", `/v1/branches/${enc(idOrRef)}/push`, {
      body,
      idempotent: false,
    });
  }

  /** Resets the branch's database to the parent's migrations (a workflow run). Not retried. */
  resetBranch(idOrRef: string, body: BranchActionBody = {}): Promise<BranchActionResult> {
    return this.typed(branchActionResultSchema, "POST", `/v1/branches/${enc(idOrRef)}/reset`, {
      body,
      idempotent: false,
    });
  }

  /** The schema difference between the branch and its parent, as SQL text. */
  diffBranch(idOrRef: string): Promise<string> {
    return this.request<string>("GET", `/v1/branches/${enc(idOrRef)}/diff`, { expect: "text" });
  }

  /** The workflow runs of a branch (by the branch's own ref), newest first as the service lists them. */
  listActionRuns(branchRef: string): Promise<ActionRun[]> {
    return this.typed(actionRunSchema.array(), "GET", `/v1/projects/${enc(branchRef)}/actions`);
  }

  /** The log of one workflow run: where a failed migration's error is. */
  getActionRunLogs(branchRef: string, runId: string): Promise<string> {
    return this.request<string>("GET", `/v1/projects/${enc(branchRef)}/actions/${enc(runId)}/logs`, {
      expect: "text",
    });
  }
}
