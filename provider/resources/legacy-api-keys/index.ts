/**
 * LegacyApiKeys: whether a project still accepts its JWT-based legacy API
 * keys (`anon`, `service_role`). Its documentation is `legacyApiKeysDoc`
 * below; the rules it shares with the other configuration resources are in
 * config/factory.ts.
 */
import { z } from "zod";
import { defineKind, driftOutput } from "../../kind";
import { legacyApiKeysImporter } from "./import";
import { CONFIG_COMMON_FIELDS } from "../../client/config-schemas";
import { managementClient } from "../../context";
import { managementFootprint, usageProjectRef, type ResourceDoc } from "../../resource-doc";
import { configResource } from "../config/factory";
import { projectRef } from "../shared";

export const legacyApiKeysInputs = z
  .object({
    projectRef: projectRef.describe(CONFIG_COMMON_FIELDS.projectRef).meta({ replaceOnChanges: true }),
    enabled: z
      .boolean({ error: "enabled must be a boolean" })
      .describe(
        "Whether the legacy JWT API keys (`anon`, `service_role`) are accepted. `false` refuses them on every API of the project; the publishable and secret keys (`ApiKey`) keep working.",
      ),
    restoreOnDestroy: z
      .boolean({ error: "restoreOnDestroy must be a boolean" })
      .optional()
      .describe(
        "On destroy, write back the setting the project had before this stack managed it. Default true; false only removes the resource from the stack.",
      ),
  })
  .strict();

export const legacyApiKeys = configResource({
  fields: { enabled: { api: "enabled", kind: "boolean" } },
  inputs: legacyApiKeysInputs,
  read: async (ref) => ({ enabled: await managementClient().getLegacyApiKeys(ref) }),
  write: async (ref, body) => void (await managementClient().updateLegacyApiKeys(ref, body.enabled === true)),
  restoreByDefault: true,
});

export const legacyApiKeysDoc: ResourceDoc<typeof legacyApiKeysInputs> = {
  name: "LegacyApiKeys",
  page: "legacy-api-keys",
  usage: { name: "legacy-keys", inputs: { projectRef: usageProjectRef(), enabled: false } },
  manages: "whether the JWT-based legacy `anon` and `service_role` keys still work",
  summary:
    "Whether a project still accepts its JWT-based legacy API keys (`anon`, `service_role`). Turning them off, once every client uses a publishable or secret key (`ApiKey`), means a leaked legacy key no longer opens anything.",
  inputs: legacyApiKeysInputs,
  outputs: z.object({
    projectRef: z.string(),
    enabled: z.boolean(),
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
      "Restores the setting the project had before (default), or with `restoreOnDestroy: false` only removes the resource from the stack.",
    notes: [
      "A kind of its own rather than a setting of `ApiKey`: it is one switch per project over keys no `ApiKey` manages (the legacy keys cannot be created, changed or deleted), and it has the configuration kinds' lifecycle (adopt, restore on destroy).",
      "The service marks `…/api-keys/legacy` as due for removal (it will answer 404 then).",
      "While it is off, the project's GraphQL API answers 401 `Legacy API keys are disabled` to the `anon` and `service_role` keys. `TableRows` with `projectRef` uses a secret key acting as `service_role` (the project's default one) when there is one, so it keeps working.",
    ],
  },
  ...managementFootprint({
    "create, update":
      "1 `GET /v1/projects/{ref}` + 1 `GET …/api-keys/legacy` (+1 `PUT …/api-keys/legacy?enabled=…` when it differs)",
    "read (refresh)": "1 `GET /v1/projects/{ref}/api-keys/legacy`",
    delete: "1 `GET` project + 1 `GET` + 1 `PUT` (none with `restoreOnDestroy: false`)",
  }),
};

export default defineKind(legacyApiKeys, legacyApiKeysDoc, {
  recover: {
    adopts: "create writes the declared setting over the project's only when it differs (configuration kinds adopt)",
  },
  importer: legacyApiKeysImporter,
});
