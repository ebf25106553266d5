/**
 * StorageBucket: one bucket of a project's Storage API, created, changed and
 * deleted through the project's own Storage API (`{project_url}/storage/v1`,
 * with the project's service_role key), and read back through the management
 * API's bucket list (one call per project for a whole refresh). Its
 * documentation is `storageBucketDoc` (./doc.ts).
 */
import { defineKind } from "../../kind";
import { storageBucketImporter } from "./import";
import { storageBucketRecover } from "./recover";
import { withUnknownOutcome } from "../../client/management";
import type { StorageBucket, UpdateBucketBody } from "../../client/storage";
import { bucketsList, invalidateBuckets, storageBucketsList, storageClient } from "../../context";
import { ApiError, isNotFound, partialFailure, SupabaseError } from "../../errors";
import { checkWith, containsUnknown, diffFields, stableJson, type FieldRule, type Props, splitRefId } from "../common";
import type { ResourceImpl } from "../common";
import { withDrift } from "../drift";
import { storageBucketDoc } from "./doc";
import { normalizeMimeTypes, sizeInBytes, storageBucketInputs } from "./inputs";

export { storageBucketInputs };

const rules: FieldRule[] = [
  { name: "projectRef", replaces: true },
  { name: "name", replaces: true },
  { name: "adopt", ignore: true },
];

/** The settings managed only when declared, and each one's normal form. */
const MANAGED = {
  public: (v: unknown) => v === true,
  fileSizeLimit: (v: unknown) => (v === null || v === undefined ? null : (sizeInBytes(v) ?? v)),
  allowedMimeTypes: (v: unknown) => normalizeMimeTypes(v),
} as const;
type Managed = keyof typeof MANAGED;
const MANAGED_FIELDS = Object.keys(MANAGED) as Managed[];

const same = (f: Managed, a: unknown, b: unknown) => stableJson(MANAGED[f](a)) === stableJson(MANAGED[f](b));

/** A bucket's settings in the resource's terms (bytes, and the service's list of types or null). */
function liveSettings(b: { public: boolean; file_size_limit?: number | null; allowed_mime_types?: string[] | null }) {
  return {
    public: b.public,
    fileSizeLimit: b.file_size_limit ?? null,
    allowedMimeTypes: b.allowed_mime_types ?? null,
  } satisfies Record<Managed, unknown>;
}

/** The declared settings that differ from `live`, as the Storage API's update body. */
function changesOf(inputs: Props, live: Props): UpdateBucketBody {
  const body: UpdateBucketBody = {};
  if (inputs.public !== undefined && !same("public", inputs.public, live.public)) body.public = inputs.public;
  if (inputs.fileSizeLimit !== undefined && !same("fileSizeLimit", inputs.fileSizeLimit, live.fileSizeLimit))
    body.file_size_limit = sizeInBytes(inputs.fileSizeLimit) ?? null;
  if (
    inputs.allowedMimeTypes !== undefined &&
    !same("allowedMimeTypes", inputs.allowedMimeTypes, live.allowedMimeTypes)
  )
    body.allowed_mime_types = (inputs.allowedMimeTypes as string[]).map((t) => t.trim());
  return body;
}

/** The bucket by id through the Storage API, or undefined when there is none. */
async function findBucket(ref: string, name: string): Promise<StorageBucket | undefined> {
  try {
    return await storageClient(ref).getBucket(name);
  } catch (err) {
    if (isNotFound(err)) return undefined;
    throw err;
  }
}

const isConflict = (err: unknown) => ApiError.isApi(err) && err.status === 409;

export const storageBucket: ResourceImpl = {
  async check(_olds, news) {
    const r = checkWith(storageBucketInputs, news);
    return { inputs: r.inputs, failures: r.failures };
  },

  async diff(_id, olds, news) {
    const d = diffFields(olds, news, rules);
    for (const f of MANAGED_FIELDS) {
      const n = news[f];
      if (n === undefined) continue;
      if (containsUnknown(n) || !same(f, n, olds[f])) d.changes = true;
    }
    // Recorded without an API call, so destroy knows it.
    const e = news.emptyOnDestroy;
    if (containsUnknown(e) || (e ?? false) !== (olds.emptyOnDestroy ?? false)) d.changes = true;
    return d;
  },

  async create(inputs) {
    const ref = inputs.projectRef as string;
    const name = inputs.name as string;
    const id = `${ref}/${name}`;
    let found = inputs.adopt ? await findBucket(ref, name) : undefined;
    if (!found) {
      const created = await withUnknownOutcome<StorageBucket | "created">(
        async () => {
          await storageClient(ref).createBucket({
            id: name,
            name,
            ...(inputs.public !== undefined ? { public: inputs.public } : {}),
            ...(inputs.fileSizeLimit !== undefined ? { file_size_limit: sizeInBytes(inputs.fileSizeLimit) } : {}),
            ...(inputs.allowedMimeTypes !== undefined
              ? { allowed_mime_types: (inputs.allowedMimeTypes as string[]).map((t) => t.trim()) }
              : {}),
          });
          return "created";
        },
        // A lost answer is settled by the bucket's id: the POST is never sent twice blindly.
        () => findBucket(ref, name),
      ).catch((err: unknown) => {
        if (isConflict(err))
          throw new SupabaseError(
            "API",
            `${(err as Error).message}. Project ${ref} already has a bucket "${name}": set adopt: true to take it over.`,
            { cause: err },
          );
        throw err;
      });
      invalidateBuckets(ref);
      if (created === "created") return { id, outs: { ...inputs } };
      found = created;
    }
    // Adopted, or settled by the lookup: apply the declared settings it lacks.
    try {
      const body = changesOf(inputs, liveSettings(found));
      if (Object.keys(body).length > 0) {
        await storageClient(ref).updateBucket(name, body);
        invalidateBuckets(ref);
      }
    } catch (err) {
      throw partialFailure(id, { ...inputs }, err);
    }
    return { id, outs: { ...inputs } };
  },

  async read(id, props) {
    const [ref, name] = splitRefId(id, props, "name");
    const importing = props.name === undefined;
    const listed = (await bucketsList(ref)).find((b) => b.id === name);
    if (!listed) return { id: "", props: {} };
    const wanted = MANAGED_FIELDS.filter((f) => importing || props[f] !== undefined);
    let live: Record<Managed, unknown> = liveSettings(listed);
    const limitsListed = "file_size_limit" in listed && "allowed_mime_types" in listed;
    if (!limitsListed && wanted.some((f) => f !== "public")) {
      // The management list carries no limits: the project's Storage API list does (one call per project).
      const full = (await storageBucketsList(ref)).find((b) => b.id === name);
      if (full) live = { ...liveSettings(full), public: listed.public };
    }
    const next: Props = { ...props, projectRef: ref, name };
    const changed: string[] = [];
    for (const f of wanted) {
      if (importing) {
        if (live[f] !== null) next[f] = live[f];
      } else if (!same(f, props[f], live[f])) {
        next[f] = live[f];
        changed.push(f);
      }
    }
    return { id, props: withDrift(next, { changed }) };
  },

  async update(id, olds, news) {
    const [ref, name] = splitRefId(id, olds, "name");
    const body = changesOf(news, olds);
    if (Object.keys(body).length > 0) {
      await storageClient(ref).updateBucket(name, body);
      invalidateBuckets(ref);
    }
    return { outs: { ...news } };
  },

  async delete(id, props) {
    const [ref, name] = splitRefId(id, props, "name");
    const storage = storageClient(ref);
    try {
      if (props.emptyOnDestroy === true) await storage.emptyBucket(name);
      await storage.deleteBucket(name);
    } catch (err) {
      if (isNotFound(err)) return invalidateBuckets(ref);
      if (isConflict(err) && err instanceof Error && props.emptyOnDestroy !== true)
        err.message += ` (bucket "${name}" of project ${ref} holds objects: set emptyOnDestroy: true to delete them first)`;
      throw err;
    }
    invalidateBuckets(ref);
  },
};

export default defineKind(storageBucket, storageBucketDoc, {
  recover: storageBucketRecover,
  importer: storageBucketImporter,
});
