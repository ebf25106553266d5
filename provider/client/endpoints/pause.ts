/** Pausing a project and restoring it, and the versions a paused project can be restored to. */
import { z } from "zod";
import { enc, ManagementTransport } from "../transport";
import type { Open, WireSchemas } from "../types";

export type RestoreVersions = Open<WireSchemas["GetProjectAvailableRestoreVersionsResponse"]>;
const versionsSchema = z
  .looseObject({ available_versions: z.array(z.looseObject({ version: z.string() })) })
  .transform((v) => v as unknown as RestoreVersions);

export abstract class PauseEndpoints extends ManagementTransport {
  /** Pauses the project (it reads PAUSING, then INACTIVE). Pausing a paused project changes nothing: retryable. */
  async pauseProject(ref: string): Promise<void> {
    await this.request("POST", `/v1/projects/${enc(ref)}/pause`, { expect: "text", idempotent: true });
  }

  /** Restores a paused project (RESTORING, then ACTIVE_HEALTHY). Repeating it while restoring changes nothing. */
  async restoreProject(ref: string): Promise<void> {
    await this.request("POST", `/v1/projects/${enc(ref)}/restore`, { expect: "text", idempotent: true });
  }

  listRestoreVersions(ref: string): Promise<RestoreVersions> {
    return this.typed(versionsSchema, "GET", `/v1/projects/${enc(ref)}/restore`);
  }
}
