/**
 * SigningKey's importer: every signing key of the project that is not
 * revoked, by its id (`keyId`, which adopts it) and its live status, so the
 * first `up` moves nothing. Only ids, algorithms and statuses are read: no
 * private key leaves the service, and none is ever written. Revoked keys
 * verify nothing and are left out. Named after the algorithm and the id's
 * first characters (stable across runs).
 */
import { managementClient } from "../../context";
import type { ImportedResource, KindImporter } from "../../importer";
import { UsageOutput, type UsageValue } from "../../resource-doc";

export const signingKeyImporter: KindImporter = {
  scope: "project",
  async read(ctx) {
    const ref = ctx.ref!;
    return (await managementClient().listSigningKeys(ref))
      .filter((k) => k.status !== "revoked")
      .sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id < b.id ? -1 : 1))
      .map((k): ImportedResource => {
        const inputs: Record<string, UsageValue> = {
          projectRef: new UsageOutput(ctx.names.project!, "ref"),
          keyId: k.id,
          algorithm: k.algorithm,
          status: k.status,
        };
        return { name: ctx.name(`signing-key-${k.algorithm.toLowerCase()}-${k.id.slice(0, 8)}`), inputs };
      });
  },
};
