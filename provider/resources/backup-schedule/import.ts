/**
 * BackupSchedule's importer: the daily backup's time, declared only when it
 * differs from a new project's. A plan without scheduled backups (402
 * `Feature requires a higher plan`) has nothing to import: the import leaves
 * the kind out, as for every importer (provider/unavailable.ts).
 */
import { managementClient } from "../../context";
import type { KindImporter } from "../../importer";
import { configImporter } from "../config/import";

export const backupScheduleImporter: KindImporter = configImporter({
  kind: "backupSchedule",
  what: "backups",
  fields: { scheduleFor: { api: "schedule_for", kind: "string" } },
  read: async (ref) => ({ schedule_for: (await managementClient().getBackupSchedule(ref)).schedule_for }),
});
