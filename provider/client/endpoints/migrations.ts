/** A project's migration history: list, read, apply, record, change, roll back. */
import { enc, ManagementTransport } from "../transport";
import {
  migrationEntrySchema,
  migrationListEntrySchema,
  type MigrationBody,
  type MigrationEntry,
  type MigrationListEntry,
  type MigrationPatchBody,
} from "../migrations";

export abstract class MigrationEndpoints extends ManagementTransport {
  /** The project's migration history: version and name of each entry, oldest first. */
  listMigrations(ref: string): Promise<MigrationListEntry[]> {
    return this.typed(migrationListEntrySchema.array(), "GET", `/v1/projects/${enc(ref)}/database/migrations`);
  }

  /** One history entry with its statements and idempotency key; 404 → ApiError with code NOT_FOUND. */
  getMigration(ref: string, version: string): Promise<MigrationEntry> {
    return this.typed(migrationEntrySchema, "GET", `/v1/projects/${enc(ref)}/database/migrations/${enc(version)}`);
  }

  /**
   * Runs `query` and records it in the history (200, no body: the version is
   * the service's, found by listing). Not retried: wrap it in
   * `withUnknownOutcome` with a lookup of `idempotencyKey`, which the service
   * also uses to answer a repeat without running it again.
   */
  async applyMigration(ref: string, body: MigrationBody, idempotencyKey: string): Promise<void> {
    await this.request("POST", `/v1/projects/${enc(ref)}/database/migrations`, {
      body: body satisfies MigrationBody,
      headers: { "Idempotency-Key": idempotencyKey },
      expect: "empty",
      idempotent: false,
    });
  }

  /** Records a migration without running it; the same key updates its entry, so it is safe to repeat. */
  async upsertMigration(ref: string, body: MigrationBody, idempotencyKey: string): Promise<void> {
    await this.request("PUT", `/v1/projects/${enc(ref)}/database/migrations`, {
      body: body satisfies MigrationBody,
      headers: { "Idempotency-Key": idempotencyKey },
      expect: "empty",
      idempotent: true,
    });
  }

  /** Changes an entry's name or rollback; setting values is idempotent. */
  async patchMigration(ref: string, version: string, body: MigrationPatchBody): Promise<void> {
    await this.request("PATCH", `/v1/projects/${enc(ref)}/database/migrations/${enc(version)}`, {
      body: body satisfies MigrationPatchBody,
      expect: "empty",
      idempotent: true,
    });
  }

  /**
   * Runs the recorded rollback of every entry with a version ≥ `gte`, newest
   * first, and removes them. A repeat finds them gone and does nothing more.
   */
  async rollbackMigrations(ref: string, gte: string): Promise<void> {
    await this.request("DELETE", `/v1/projects/${enc(ref)}/database/migrations`, {
      query: { gte },
      expect: "empty",
    });
  }
}
