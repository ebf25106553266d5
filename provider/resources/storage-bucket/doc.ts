/** StorageBucket's documentation: rendered into docs/resources/storage-bucket.md and the SDK's JSDoc. */
import { z } from "zod";
import { driftOutput } from "../../kind";
import { usageProjectRef, type ResourceDoc } from "../../resource-doc";
import { storageBucketInputs } from "./inputs";

export const storageBucketDoc: ResourceDoc<typeof storageBucketInputs> = {
  name: "StorageBucket",
  page: "storage-bucket",
  usage: {
    name: "avatars",
    inputs: {
      projectRef: usageProjectRef(),
      name: "avatars",
      public: true,
      fileSizeLimit: "5MB",
      allowedMimeTypes: ["image/png", "image/jpeg"],
    },
  },
  manages: "a bucket of the project's Storage API (public access, size limit, allowed MIME types)",
  summary:
    "One bucket of a project's Storage API: whether it is public, the largest object it accepts and the content types it allows. Only the declared settings are managed.",
  inputs: storageBucketInputs,
  outputs: z.object({
    projectRef: z.string(),
    name: z.string(),
    public: z.boolean().optional(),
    fileSizeLimit: z.union([z.number(), z.string()]).optional(),
    allowedMimeTypes: z.array(z.string()).optional(),
    emptyOnDestroy: z.boolean().optional(),
    drift: driftOutput(
      "After a refresh that found drift: `public`, `fileSizeLimit` or `allowedMimeTypes` when changed out of band (only declared ones). Cleared by `up`.",
    ),
  }),
  behaviour: {
    replace:
      "A change of `projectRef` or `name` (the bucket's id). The new bucket is created before the old one is deleted, so the old one's objects must be moved first or `emptyOnDestroy` set. `public`, `fileSizeLimit` and `allowedMimeTypes` are changed in place (`PUT`), and only the ones that differ are sent.",
    adopt:
      "`adopt: true` takes over the project's bucket of the same name (a bucket's id is unique in a project) and applies the declared settings it lacks. Without `adopt`, a bucket that already exists fails the create with the service's 409 `The resource already exists`, and the message says to set `adopt`.",
    drift:
      "Refresh reads the project's bucket list from the management API and reports a declared setting changed out of band (`public`, or `fileSizeLimit`/`allowedMimeTypes`, read from the project's Storage API list, since the management list carries no limits); `up` writes the declared values back. Sizes are compared in bytes (`\"5MB\"` is `5000000`), MIME types without regard to order, case or duplicates, so neither causes a perpetual diff. A bucket deleted out of band shows as deleted, and `up` creates it again.",
    destroy:
      "Deletes the bucket (`DELETE …/storage/v1/bucket/{id}`); one already gone counts as deleted. A bucket that holds objects is not deleted: the service answers 409 `The bucket you tried to delete is not empty`, and destroy fails with it, unless `emptyOnDestroy: true`, which empties it first (`POST …/bucket/{id}/empty`).",
    notes: [
      "Buckets are written through the project's Storage API (`{project URL}/storage/v1`, the project URL from `supabase:projectUrlTemplate`), with the project's `service_role` key as `apikey` and bearer token, as the platform's own tools do. The key is read once per provider process from `GET /v1/projects/{ref}/api-keys` and held only in memory: it never enters the state or an error.",
      "When the create request's connection fails after it was sent, the provider never blindly repeats it: it looks the bucket up by its id, takes it if it is there (applying any declared setting it lacks), and creates it again only if it is not.",
      "A bucket's settings the program does not declare are left as they are: removing `fileSizeLimit` from the program keeps the bucket's limit.",
    ],
  },
  footprintUnit: "management and Storage API calls",
  footprint: [
    { operation: "check, diff", calls: "0" },
    {
      operation: "create",
      calls:
        "1 Storage API `POST /storage/v1/bucket` (with `adopt: true`: 1 `GET /storage/v1/bucket/{id}` first, and instead of the `POST` when the bucket exists, +1 `PUT /storage/v1/bucket/{id}` when its settings differ)",
    },
    {
      operation: "read (refresh)",
      calls:
        "≤1 management `GET /v1/projects/{ref}/storage/buckets` per project, shared by all reads; +≤1 Storage API `GET /storage/v1/bucket` per project, shared, when a bucket declares `fileSizeLimit` or `allowedMimeTypes`",
    },
    {
      operation: "update",
      calls: "1 Storage API `PUT /storage/v1/bucket/{id}` (none when only `emptyOnDestroy` changed)",
    },
    {
      operation: "delete",
      calls:
        "1 Storage API `DELETE /storage/v1/bucket/{id}` (with `emptyOnDestroy: true`: 1 `POST /storage/v1/bucket/{id}/empty` first)",
    },
  ],
  footprintNotes: [
    "Storage API paths are under the project URL. The first Storage API call of a project in a provider process reads the `service_role` key: +1 management `GET /v1/projects/{ref}/api-keys`, shared with every other resource of that project (TableRows reads the same key).",
  ],
  example: "platform",
};
