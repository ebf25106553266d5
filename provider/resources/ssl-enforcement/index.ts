/**
 * SslEnforcement: whether a project's database refuses connections without
 * SSL. Its documentation is `sslEnforcementDoc` below; the rules it shares
 * with the other configuration resources are in config/factory.ts.
 */
import { z } from "zod";
import { defineKind, driftOutput } from "../../kind";
import { CONFIG_COMMON_FIELDS } from "../../client/config-schemas";
import { usageProjectRef, managementFootprint, type ResourceDoc } from "../../resource-doc";
import { call, configResource, configWrite, CONFIG_ADOPTS } from "../config/factory";
import { projectRef } from "../shared";
import { configImporter } from "../config/import";

export const SSL_RESTORE_DESCRIPTION =
  "On destroy, write back the enforcement the project had before this stack managed it. Default true: destroy restores the previous setting; false only removes the resource from the stack.";

export const sslEnforcementInputs = z
  .object({
    projectRef: projectRef.describe(CONFIG_COMMON_FIELDS.projectRef).meta({ replaceOnChanges: true }),
    database: z
      .boolean({ error: "database must be a boolean" })
      .describe("Whether the database refuses connections that do not use SSL."),
    restoreOnDestroy: z
      .boolean({ error: "restoreOnDestroy must be a boolean" })
      .optional()
      .describe(SSL_RESTORE_DESCRIPTION),
  })
  .strict();

const path = (ref: string) => `/v1/projects/${encodeURIComponent(ref)}/ssl-enforcement`;

const fields = { database: { api: "database", kind: "boolean" } } as const;

/** The enforcement as `{ database }`, from the endpoint's `currentConfig`. */
const current = (answer: { currentConfig?: { database?: boolean } }) => ({
  database: answer.currentConfig?.database ?? false,
});

const read = async (ref: string) => current(await call("GET", path(ref)));

export const sslEnforcement = configResource({
  fields,
  inputs: sslEnforcementInputs,
  read,
  write: (ref, body) => configWrite("PUT", path(ref), { requestedConfig: { database: body.database } }),
  restoreByDefault: true,
});

export const sslEnforcementDoc: ResourceDoc<typeof sslEnforcementInputs> = {
  name: "SslEnforcement",
  page: "ssl-enforcement",
  usage: { name: "ssl", inputs: { projectRef: usageProjectRef(), database: true } },
  manages: "whether the database requires SSL",
  summary: "Whether a project's database refuses connections that do not use SSL.",
  inputs: sslEnforcementInputs,
  outputs: z.object({
    projectRef: z.string(),
    database: z.boolean(),
    previous: z
      .record(z.string(), z.unknown())
      .describe("The enforcement the project had before this stack managed it (`{ database }`)."),
    drift: driftOutput(
      "After a refresh that found drift: `database` when it was changed out of band. Cleared by `up`.",
    ),
  }),
  behaviour: {
    replace: "Only a change of `projectRef`.",
    adopt: "The default: declaring adopts the current setting, and writes only when it differs.",
    drift: "A setting changed out of band shows in the refreshed outputs, and `up` writes the declared one back.",
    destroy:
      "Restores the setting the project had before (default), or with `restoreOnDestroy: false` only removes the resource from the stack.",
    notes: [
      "Writes wait until the project is `ACTIVE_HEALTHY` and retry the transient errors of a project that just came up.",
    ],
  },
  ...managementFootprint({
    "create, update":
      "1 `GET /v1/projects/{ref}` + 1 `GET …/ssl-enforcement` (+1 `PUT …/ssl-enforcement` when it differs)",
    "read (refresh)": "1 `GET /v1/projects/{ref}/ssl-enforcement`",
    delete: "1 `GET` project + 1 `GET` + 1 `PUT` (none with `restoreOnDestroy: false`)",
  }),
};

export default defineKind(sslEnforcement, sslEnforcementDoc, {
  recover: CONFIG_ADOPTS,
  importer: configImporter({ kind: "sslEnforcement", what: "ssl", fields, read, defaults: current }),
});
