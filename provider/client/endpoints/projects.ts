/** Projects: list, read, create, find, rename, delete, set the database password. */
import { enc, ManagementTransport } from "../transport";
import {
  projectRefResultSchema,
  projectSchema,
  type CreateProjectInput,
  type Project,
  type ProjectRefResult,
  type UpdateProjectInput,
  type WireSchemas,
} from "../types";

export abstract class ProjectEndpoints extends ManagementTransport {
  listProjects(): Promise<Project[]> {
    return this.typed(projectSchema.array(), "GET", "/v1/projects");
  }

  /** 404 → ApiError with code NOT_FOUND. */
  getProject(ref: string): Promise<Project> {
    return this.typed(projectSchema, "GET", `/v1/projects/${enc(ref)}`);
  }

  /**
   * Not idempotent: never retried. The body is the document's create body:
   * `organization_slug` and `region_selection`, never the deprecated
   * `organization_id` and `region`. `db_pass` is a secret and never appears
   * in errors.
   */
  createProject(input: CreateProjectInput): Promise<Project> {
    const body: CreateProjectInput = {
      name: input.name,
      db_pass: input.db_pass,
      organization_slug: input.organization_slug,
    };
    if (input.region_selection !== undefined) body.region_selection = input.region_selection;
    if (input.desired_instance_size !== undefined) body.desired_instance_size = input.desired_instance_size;
    if (input.template_url !== undefined) body.template_url = input.template_url;
    return this.typed(projectSchema, "POST", "/v1/projects", { body });
  }

  /**
   * A live project in this organization with this exact name, created at or
   * after `notBefore` (epoch ms) if given. Projects being deleted are skipped:
   * they cannot be adopted.
   */
  async findProject(query: { organizationId: string; name: string; notBefore?: number }): Promise<Project | undefined> {
    const all = await this.listProjects();
    return all.find(
      (p) =>
        p.organization_id === query.organizationId &&
        p.name === query.name &&
        p.status !== "GOING_DOWN" &&
        p.status !== "REMOVED" &&
        (query.notBefore === undefined || Date.parse(p.created_at) >= query.notBefore),
    );
  }

  /**
   * Renames a project. PATCH, but setting a name to a value is idempotent, so
   * it is marked retryable. Answers `{id: <number>, ref, name}`: re-read the
   * project for the full shape.
   */
  updateProject(ref: string, input: UpdateProjectInput): Promise<ProjectRefResult> {
    return this.typed(projectRefResultSchema, "PATCH", `/v1/projects/${enc(ref)}`, {
      body: { name: input.name } satisfies UpdateProjectInput,
      idempotent: true,
    });
  }

  /**
   * Deletes a project (retried like any DELETE). A retry after a first
   * attempt that did delete answers 404: callers treat NOT_FOUND as done.
   * While provisioning the API answers 400 "Project not ready for deletion.".
   */
  deleteProject(ref: string): Promise<ProjectRefResult> {
    return this.typed(projectRefResultSchema, "DELETE", `/v1/projects/${enc(ref)}`);
  }

  /**
   * Sets the database password (200 `{message}`). Setting a password to a
   * value is idempotent, so it is retryable. The password goes in the body
   * only, never in a path or an error.
   */
  async updateDatabasePassword(ref: string, password: string): Promise<void> {
    await this.request("PATCH", `/v1/projects/${enc(ref)}/database/password`, {
      body: { password } satisfies WireSchemas["V1UpdatePasswordBody"],
      expect: "text",
      idempotent: true,
    });
  }
}
