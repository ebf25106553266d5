/**
 * StorageConfig: a project's storage settings, only the declared ones. Its
 * documentation is `storageConfigDoc` below; the rules it shares with the other
 * configuration resources are in config/factory.ts.
 */
import { StorageConfigFields, StorageConfigSettings } from "../client/config-schemas";
import { configDoc } from "./config/doc";
import { configInputs } from "./config/inputs";
import { call, configResource, configWrite } from "./config/factory";

export const storageConfigInputs = configInputs(StorageConfigSettings);

const path = (ref: string) => `/v1/projects/${encodeURIComponent(ref)}/config/storage`;

export const storageConfig = configResource({
  fields: StorageConfigFields,
  inputs: storageConfigInputs,
  read: (ref) => call("GET", path(ref)),
  write: (ref, body) => configWrite("PATCH", path(ref), body),
  restoreByDefault: false,
});

export const storageConfigDoc = configDoc({
  name: "StorageConfig",
  page: "storage-config",
  summary:
    "A project's storage settings: the file size limit and features (image transformation, S3 protocol, Iceberg catalog, vector buckets). Only the declared settings, down to nested fields, are managed.",
  inputs: storageConfigInputs,
  apiPath: "config/storage",
  method: "PATCH",
  notes: [
    "Nested settings (`features`, `external`) are compared only on the keys that are declared: other features are left alone.",
    "The service answers the `PATCH` with an empty body; outputs come from the declared inputs.",
    "Writes wait until the project is `ACTIVE_HEALTHY` and retry the transient errors of a project that just came up.",
  ],
});

export default storageConfig;
