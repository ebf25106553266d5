/**
 * What `supabase-pulumi recover` does with a StorageBucket create that a
 * killed run left pending: without `adopt`, creating again is refused (409)
 * once the interrupted create made the bucket, so it looks the bucket up by
 * name (its id). The declared settings are recorded as the live ones, so the
 * next `up` writes those the bucket lacks (as an adopting create would).
 */
import { bucketsList, storageBucketsList } from "../../context";
import type { CreatedObject, RecoverHook } from "../../kind";

export const storageBucketRecover: RecoverHook = {
  identity: (inputs) => `a storage bucket named "${String(inputs.name)}" in project ${String(inputs.projectRef)}`,
  async findCreated(inputs, held): Promise<CreatedObject[]> {
    const ref = inputs.projectRef as string;
    const name = inputs.name as string;
    const id = `${ref}/${name}`;
    if (held.has(id)) return [];
    const listed = (await bucketsList(ref)).find((b) => b.id === name);
    if (!listed) return [];
    const outputs: Record<string, unknown> = { ...inputs, public: listed.public };
    if (inputs.fileSizeLimit !== undefined || inputs.allowedMimeTypes !== undefined) {
      // The management list carries no limits: the project's Storage API list does.
      const full = (await storageBucketsList(ref)).find((b) => b.id === name);
      if (inputs.fileSizeLimit !== undefined) outputs.fileSizeLimit = full?.file_size_limit ?? null;
      if (inputs.allowedMimeTypes !== undefined) outputs.allowedMimeTypes = full?.allowed_mime_types ?? null;
    }
    if (inputs.public === undefined) delete outputs.public;
    return [
      {
        id,
        ...(listed.created_at ? { createdAt: listed.created_at } : {}),
        label: `bucket "${listed.name}" (${listed.public ? "public" : "private"})`,
        outputs,
      },
    ];
  },
};
