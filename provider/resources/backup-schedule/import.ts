/**
 * BackupSchedule's importer: the daily backup's time, declared only when it
 * differs from a new project's. A plan without scheduled backups (402) has
 * nothing to import.
 */
import { managementClient } from "../../context";
import { ApiError } from "../../errors";
import type { KindImporter } from "../../importer";
import { configImporter } from "../config/import";

const base = configImporter({
  kind: "backupSchedule",
  what: "backups",
  fields: { scheduleFor: { api: "schedule_for", kind: "string" } },
  read: async (ref) => ({ schedule_for: (await managementClient().getBackupSchedule(ref)).schedule_for }),
});

export const backupScheduleImporter: KindImporter = {
  scope: "project",
  read: (ctx) =>
    base.read(ctx).catch((err: unknown) => {
      if (ApiError.isApi(err) && err.status === 402) return [];
      throw err;
    }),
};
