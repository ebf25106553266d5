/**
 * BackupSchedule: the time of day (UTC) of a project's daily backup. Its
 * documentation is `backupScheduleDoc` below; the rules it shares with the
 * other configuration resources are in config/factory.ts.
 */
import { z } from "zod";
import { defineKind, driftOutput } from "../../kind";
import { backupScheduleImporter } from "./import";
import { CONFIG_COMMON_FIELDS } from "../../client/config-schemas";
import { managementClient } from "../../context";
import { usageProjectRef, managementFootprint, type ResourceDoc } from "../../resource-doc";
import { configResource } from "../config/factory";
import { projectRef } from "../shared";

export const backupScheduleInputs = z
  .object({
    projectRef: projectRef.describe(CONFIG_COMMON_FIELDS.projectRef).meta({ replaceOnChanges: true }),
    scheduleFor: z
      .string({ error: "scheduleFor is required (HH:MM:SS, UTC)" })
      .regex(/^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/, "scheduleFor must be a time of day HH:MM:SS in UTC, e.g. 04:00:00")
      .describe("When the daily backup runs: a time of day `HH:MM:SS` in UTC, e.g. `04:00:00`."),
    restoreOnDestroy: z
      .boolean({ error: "restoreOnDestroy must be a boolean" })
      .optional()
      .describe(CONFIG_COMMON_FIELDS.restoreOnDestroy),
  })
  .strict();

export const backupSchedule = configResource({
  fields: { scheduleFor: { api: "schedule_for", kind: "string" } },
  inputs: backupScheduleInputs,
  read: async (ref) => ({ schedule_for: (await managementClient().getBackupSchedule(ref)).schedule_for }),
  write: async (ref, body) => void (await managementClient().updateBackupSchedule(ref, String(body.schedule_for))),
  restoreByDefault: false,
});

export const backupScheduleDoc: ResourceDoc<typeof backupScheduleInputs> = {
  name: "BackupSchedule",
  page: "backup-schedule",
  usage: { name: "backups", inputs: { projectRef: usageProjectRef(), scheduleFor: "04:00:00" } },
  manages: "the time of day of the daily backup",
  summary: "When a project's daily backup runs: a time of day in UTC.",
  inputs: backupScheduleInputs,
  outputs: z.object({
    projectRef: z.string(),
    scheduleFor: z.string(),
    restoreOnDestroy: z.boolean().optional(),
    previous: z
      .record(z.string(), z.unknown())
      .describe("The schedule the project had before this stack managed it (`{ schedule_for }`)."),
    drift: driftOutput(
      "After a refresh that found drift: `scheduleFor` when it was changed out of band. Cleared by `up`.",
    ),
  }),
  behaviour: {
    replace: "Only a change of `projectRef`.",
    adopt: "The default: declaring adopts the current schedule, and writes only when it differs.",
    drift: "A schedule changed out of band shows in the refreshed outputs, and `up` writes the declared one back.",
    destroy:
      "Removes the resource from the stack (default), or with `restoreOnDestroy: true` writes back the schedule the project had before.",
    notes: ["The service answers 402 for a plan without scheduled backups; the error is passed on as it is."],
  },
  ...managementFootprint({
    "create, update":
      "1 `GET /v1/projects/{ref}` + 1 `GET …/database/backups/schedule` (+1 `PATCH …/database/backups/schedule` when it differs)",
    "read (refresh)": "1 `GET /v1/projects/{ref}/database/backups/schedule`",
    delete: "none (with `restoreOnDestroy: true`: 1 `GET` project + 1 `GET` + 1 `PATCH`)",
  }),
};

export default defineKind(backupSchedule, backupScheduleDoc, {
  recover: {
    adopts: "create writes the declared schedule over the project's only when it differs (configuration kinds adopt)",
  },
  importer: backupScheduleImporter,
});
