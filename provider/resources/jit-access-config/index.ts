/**
 * JitAccessConfig: whether a project offers temporary (just-in-time) database
 * access to its members. Its documentation is `jitAccessConfigDoc` below; the
 * rules it shares with the other configuration resources are in
 * config/factory.ts. A project the service cannot offer it to answers
 * `unavailable` with a reason, which every operation turns into an error
 * naming the project and the reason.
 */
import { z } from "zod";
import { defineKind, driftOutput } from "../../kind";
import { CONFIG_COMMON_FIELDS } from "../../client/config-schemas";
import { jitEnabled } from "../../client/endpoints/jit-access";
import { managementClient } from "../../context";
import { usageProjectRef, managementFootprint, type ResourceDoc } from "../../resource-doc";
import { CONFIG_ADOPTS, configResource } from "../config/factory";
import { projectRef } from "../shared";
import { jitAccessConfigImporter } from "./import";

export const JIT_RESTORE_DESCRIPTION =
  "On destroy, write back the setting the project had before this stack managed it. Default true: destroy turns temporary access back off when the stack turned it on; false only removes the resource from the stack.";

export const jitAccessConfigInputs = z
  .object({
    projectRef: projectRef.describe(CONFIG_COMMON_FIELDS.projectRef).meta({ replaceOnChanges: true }),
    enabled: z
      .boolean({ error: "enabled must be a boolean" })
      .describe("Whether members may request temporary (just-in-time) access to the project's database."),
    restoreOnDestroy: z
      .boolean({ error: "restoreOnDestroy must be a boolean" })
      .optional()
      .describe(JIT_RESTORE_DESCRIPTION),
  })
  .strict();

const fields = { enabled: { api: "enabled", kind: "boolean" } } as const;

export const jitAccessConfig = configResource({
  fields,
  inputs: jitAccessConfigInputs,
  read: async (ref) => ({ enabled: jitEnabled(ref, await managementClient().getJitAccessConfig(ref)) }),
  write: async (ref, body) => {
    // The service answers `unavailable` to a write too: that fails the write with its reason.
    jitEnabled(ref, await managementClient().updateJitAccessConfig(ref, body.enabled === true));
  },
  restoreByDefault: true,
});

export const jitAccessConfigDoc: ResourceDoc<typeof jitAccessConfigInputs> = {
  name: "JitAccessConfig",
  page: "jit-access-config",
  usage: { name: "jit", inputs: { projectRef: usageProjectRef(), enabled: true } },
  manages: "whether members may request temporary database access (Beta)",
  summary:
    "Whether a project offers temporary (just-in-time) database access to its members: `PUT /v1/projects/{ref}/jit-access` [Beta in the API].",
  inputs: jitAccessConfigInputs,
  outputs: z.object({
    projectRef: z.string(),
    enabled: z.boolean(),
    restoreOnDestroy: z.boolean().optional(),
    previous: z
      .record(z.string(), z.unknown())
      .describe("The setting the project had before this stack managed it (`{ enabled }`)."),
    drift: driftOutput("After a refresh that found drift: `enabled` when it was changed out of band. Cleared by `up`."),
  }),
  behaviour: {
    replace: "Only a change of `projectRef`.",
    adopt: "The default: declaring adopts the current setting, and writes only when it differs.",
    drift: "A setting changed out of band shows in the refreshed outputs, and `up` writes the declared one back.",
    destroy:
      "Writes back the setting the project had before (default), or with `restoreOnDestroy: false` only removes the resource from the stack.",
    notes: [
      "A project the service cannot offer temporary access to answers `unavailable` with a reason (`manual_migration_required`, `postgres_upgrade_required`, `temporarily_unavailable`): create, update, refresh and destroy fail with a `CONFLICT` error naming the project and the reason, and write nothing.",
      "Writes wait until the project is `ACTIVE_HEALTHY`.",
    ],
  },
  ...managementFootprint({
    "create, update": "1 `GET /v1/projects/{ref}` + 1 `GET …/jit-access` (+1 `PUT …/jit-access` when it differs)",
    "read (refresh)": "1 `GET /v1/projects/{ref}/jit-access`",
    delete: "1 `GET` project + 1 `GET` + 1 `PUT` (none with `restoreOnDestroy: false`)",
  }),
};

export default defineKind(jitAccessConfig, jitAccessConfigDoc, {
  recover: CONFIG_ADOPTS,
  importer: jitAccessConfigImporter,
});
