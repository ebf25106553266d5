/** A project's storage buckets, as the management API lists them. */
import { enc, ManagementTransport } from "../transport";
import { managementBucketSchema, type ManagementBucket } from "../types";

export abstract class StorageEndpoints extends ManagementTransport {
  /** Every bucket of the project: id, name, public, owner and times (no limits or MIME types). */
  listStorageBuckets(ref: string): Promise<ManagementBucket[]> {
    return this.typed(managementBucketSchema.array(), "GET", `/v1/projects/${enc(ref)}/storage/buckets`);
  }
}
