/** A project's backups: the daily schedule, restore points, and undo to a restore point. */
import { z } from "zod";
import { enc, ManagementTransport } from "../transport";
import type { Open, WireSchemas } from "../types";

export type BackupSchedule = Open<WireSchemas["V1BackupScheduleResponse"]>;
export type RestorePoint = Open<WireSchemas["V1RestorePointResponse"]>;
const scheduleSchema = z
  .looseObject({ schedule_for: z.string(), updated_at: z.string() })
  .transform((s) => s as unknown as BackupSchedule);
const restorePointSchema = z
  .looseObject({ name: z.string(), status: z.string(), completed_on: z.string().nullable() })
  .transform((p) => p as unknown as RestorePoint);

export abstract class BackupEndpoints extends ManagementTransport {
  getBackupSchedule(ref: string): Promise<BackupSchedule> {
    return this.typed(scheduleSchema, "GET", `/v1/projects/${enc(ref)}/database/backups/schedule`);
  }

  /** Sets the time of day (UTC, `HH:MM:SS`); the same time twice has the same effect: retryable. */
  updateBackupSchedule(ref: string, scheduleFor: string): Promise<BackupSchedule> {
    return this.typed(scheduleSchema, "PATCH", `/v1/projects/${enc(ref)}/database/backups/schedule`, {
      body: { schedule_for: scheduleFor } satisfies WireSchemas["V1UpdateBackupScheduleBody"],
      idempotent: true,
    });
  }

  /** Starts a restore point of the database as it is now; not repeated blindly. */
  createRestorePoint(ref: string, name: string): Promise<RestorePoint> {
    return this.typed(restorePointSchema, "POST", `/v1/projects/${enc(ref)}/database/backups/restore-point`, {
      body: { name } satisfies WireSchemas["V1RestorePointPostBody"],
    });
  }

  getRestorePoint(ref: string, name: string): Promise<RestorePoint> {
    return this.typed(restorePointSchema, "GET", `/v1/projects/${enc(ref)}/database/backups/restore-point`, {
      query: { name },
    });
  }

  /** Restores the database to a restore point: everything written since is lost. */
  async undoToRestorePoint(ref: string, name: string): Promise<void> {
    await this.request("POST", `/v1/projects/${enc(ref)}/database/backups/undo`, {
      body: { name } satisfies WireSchemas["V1UndoBody"],
      expect: "empty",
    });
  }
}
