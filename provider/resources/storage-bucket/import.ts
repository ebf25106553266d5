/**
 * StorageBucket's importer: every bucket of the project, by name, with
 * `adopt: true` and only the settings that differ from a new bucket's
 * (private, no size limit, any MIME type), as the live ones: the first `up`
 * finds each bucket and writes nothing. The limits come from the project's
 * Storage API list when the management list does not carry them (one call);
 * when that API refuses, the buckets are declared without them, saying so.
 */
import type { StorageBucket } from "../../client/storage";
import { bucketsList, storageBucketsList } from "../../context";
import type { ImportedResource, KindImporter } from "../../importer";
import { slugOf } from "../../importer";
import { UsageOutput, type UsageValue } from "../../resource-doc";

type Limits = Pick<StorageBucket, "file_size_limit" | "allowed_mime_types">;

export const storageBucketImporter: KindImporter = {
  scope: "project",
  async read(ctx) {
    const ref = ctx.ref!;
    const listed = await bucketsList(ref);
    if (listed.length === 0) return [];
    const limitsListed = listed.every((b) => "file_size_limit" in b && "allowed_mime_types" in b);
    let unread: string | undefined;
    let withLimits = listed as unknown as StorageBucket[];
    if (!limitsListed)
      withLimits = await storageBucketsList(ref).catch((err: unknown) => {
        // The Storage API refused (e.g. the legacy keys are off): the buckets are still imported, without limits.
        unread = `size limit and MIME types not read (${(err as Error).message}): not managed until declared`;
        return [];
      });
    const full = new Map<string, Limits>(withLimits.map((b) => [b.id, b]));
    return listed
      .map((b): ImportedResource => {
        const inputs: Record<string, UsageValue> = {
          projectRef: new UsageOutput(ctx.names.project!, "ref"),
          name: b.id,
        };
        const limits = full.get(b.id);
        if (b.public || ctx.allFields) inputs.public = b.public;
        if (limits?.file_size_limit !== undefined && limits.file_size_limit !== null)
          inputs.fileSizeLimit = limits.file_size_limit;
        if (limits?.allowed_mime_types !== undefined && limits.allowed_mime_types !== null)
          inputs.allowedMimeTypes = limits.allowed_mime_types;
        inputs.adopt = true;
        return { name: ctx.name(`bucket-${slugOf(b.id)}`), inputs, ...(unread ? { comment: [unread] } : {}) };
      })
      .sort((a, b) => (a.name < b.name ? -1 : 1));
  },
};
