/** A project's encryption root key. */
import { enc, ManagementTransport } from "../transport";
import { pgsodiumSchema, type PgsodiumConfig } from "../settings";
import type { WireSchemas } from "../types";

export abstract class PgsodiumEndpoints extends ManagementTransport {
  getPgsodium(ref: string): Promise<PgsodiumConfig> {
    return this.typed(pgsodiumSchema, "GET", `/v1/projects/${enc(ref)}/pgsodium`);
  }

  /** Replaces the root key; data encrypted with the old key may become unreadable. */
  updatePgsodium(ref: string, rootKey: string): Promise<PgsodiumConfig> {
    return this.typed(pgsodiumSchema, "PUT", `/v1/projects/${enc(ref)}/pgsodium`, {
      body: { root_key: rootKey } satisfies WireSchemas["UpdatePgsodiumConfigBody"],
    });
  }
}
