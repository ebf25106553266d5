/**
 * StorageConfig: a project's storage settings, only the declared ones. Its
 * documentation is `storageConfigDoc` below; the rules it shares with the other
 * configuration resources are in config/factory.ts.
 */
import { z } from "zod";
import { StorageConfigFields, StorageConfigSettings, CONFIG_COMMON_FIELDS } from "../client/config-schemas";
import type { ResourceDoc } from "../resource-doc";
import { call, configResource, configWrite } from "./config/factory";
import { projectRef } from "./shared";

export const storageConfigInputs = StorageConfigSettings.extend({
  projectRef: projectRef.describe(CONFIG_COMMON_FIELDS.projectRef),
  restoreOnDestroy: z
    .boolean({ error: "restoreOnDestroy must be a boolean" })
    .optional()
    .describe(CONFIG_COMMON_FIELDS.restoreOnDestroy),
}).strict();

const path = (ref: string) => `/v1/projects/${encodeURIComponent(ref)}/config/storage`;

export const storageConfig = configResource({
  fields: StorageConfigFields,
  inputs: storageConfigInputs,
  read: (ref) => call("GET", path(ref)),
  write: (ref, body) => configWrite("PATCH", path(ref), body),
  restoreByDefault: false,
});

export const storageConfigDoc: ResourceDoc = {
  name: "StorageConfig",
  page: "storage-config",
  summary:
    "A project's storage settings: the file size limit and features (image transformation, S3 protocol, Iceberg catalog, vector buckets). Only the declared settings, down to nested fields, are managed.",
  inputs: storageConfigInputs,
  outputs: {
    previous:
      "The values the declared fields had before this stack managed them (secrets excepted), in the API's names.",
    drift:
      "After a refresh that found drift: the declared fields changed out of band (secrets only by name). Cleared by `up`.",
  },
  behaviour: {
    replace: "Only a change of `projectRef`.",
    adopt: "The default: declaring adopts whatever the project has; only declared fields that differ are written.",
    drift:
      "Refresh compares the declared fields only, normalized. A value changed out of band shows in the refreshed outputs, and `up` writes the declared one back.",
    destroy:
      "Removes the resource from the stack only, by default. With `restoreOnDestroy: true`, writes back the values the declared fields had before.",
    notes: [
      "Nested settings (`features`, `external`) are compared only on the keys that are declared: other features are left alone.",
      "The service answers the `PATCH` with an empty body; outputs come from the declared inputs.",
      "Writes wait until the project is `ACTIVE_HEALTHY` and retry the transient errors of a project that just came up.",
    ],
  },
  footprintUnit: "management API calls",
  footprint: [
    { operation: "check, diff", calls: "0" },
    {
      operation: "create, update",
      calls:
        "1 `GET /v1/projects/{ref}` + 1 `GET …/config/storage` (+1 `PATCH …/config/storage` with the declared fields that differ)",
    },
    { operation: "read (refresh)", calls: "1 `GET /v1/projects/{ref}/config/storage`" },
    { operation: "delete", calls: "0 (with `restoreOnDestroy`: 1 `GET` project + 1 `GET` + 1 `PATCH`)" },
  ],
};

export default storageConfig;
