/** A project's secrets (names and digests out, values only in). */
import { enc, ManagementTransport } from "../transport";
import { secretSchema, type Secret, type SecretsDeleteBody, type SecretsUpsertBody } from "../settings";

export abstract class SecretEndpoints extends ManagementTransport {
  /** Names with digests (hex SHA-256 of the value), never the plaintext. */
  listSecrets(ref: string): Promise<Secret[]> {
    return this.typed(secretSchema.array(), "GET", `/v1/projects/${enc(ref)}/secrets`);
  }

  /** Upserts secrets (201, empty body). Upserting the same values again has the same effect: retryable. */
  async upsertSecrets(ref: string, secrets: SecretsUpsertBody): Promise<void> {
    await this.request("POST", `/v1/projects/${enc(ref)}/secrets`, {
      body: secrets satisfies SecretsUpsertBody,
      expect: "empty",
      idempotent: true,
    });
  }

  /** Deletes the named secrets (200; empty or `{}`). */
  async deleteSecrets(ref: string, names: string[]): Promise<void> {
    await this.request("DELETE", `/v1/projects/${enc(ref)}/secrets`, {
      body: names satisfies SecretsDeleteBody,
      expect: "empty",
    });
  }
}
