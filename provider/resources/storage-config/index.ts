/**
 * StorageConfig: a project's storage settings, only the declared ones. Its
 * documentation is `storageConfigDoc` below; the rules it shares with the other
 * configuration resources are in config/factory.ts.
 */
import { StorageConfigFields, StorageConfigSettings } from "../../client/config-schemas";
import { CONFIG_ADOPTS } from "../config/factory";
import { defineKind } from "../../kind";
import { patchConfig } from "../config/patch";
import { usageProjectRef } from "../../resource-doc";

const storage = patchConfig({
  settings: StorageConfigSettings,
  fields: StorageConfigFields,
  import: { kind: "storageConfig", what: "storage" },
  apiPath: "config/storage",
  doc: {
    name: "StorageConfig",
    page: "storage-config",
    usage: { name: "storage", inputs: { projectRef: usageProjectRef(), fileSizeLimit: 52428800 } },
    manages: "the storage service's configuration (only declared fields)",
    summary:
      "A project's storage settings: the file size limit and features (image transformation, S3 protocol, Iceberg catalog, vector buckets). Only the declared settings, down to nested fields, are managed.",
    notes: [
      "Nested settings (`features`, `external`) are compared only on the keys that are declared: other features are left alone.",
      "The service answers the `PATCH` with an empty body; outputs come from the declared inputs.",
      "Writes wait until the project is `ACTIVE_HEALTHY` and retry the transient errors of a project that just came up.",
    ],
  },
});

export const storageConfigInputs = storage.inputs;
export const storageConfigDoc = storage.doc;

export default defineKind(storage.resource, storage.doc, { recover: CONFIG_ADOPTS, importer: storage.importer });
