/**
 * Secrets' importer: the project's edge-function secrets as one `Secrets`
 * resource, by name only (the service answers digests, never values). Each
 * value is a config secret the user sets; with the right values, `adopt`
 * writes nothing.
 */
import { secretsList } from "../../context";
import type { KindImporter } from "../../importer";
import { UsageOutput, UsageSecret } from "../../resource-doc";

export const secretsImporter: KindImporter = {
  scope: "project",
  async read(ctx) {
    const ref = ctx.ref!;
    const names = (await secretsList(ref))
      .map((s) => s.name)
      .filter((n) => !n.startsWith("SUPABASE_"))
      .sort();
    if (names.length === 0) return [];
    const secrets = Object.fromEntries(
      names.map((n) => [n, new UsageSecret(ctx.secret(n, `edge-function secret ${n}`))]),
    );
    return [
      {
        name: ctx.name("secrets"),
        inputs: { projectRef: new UsageOutput(ctx.names.project!, "ref"), secrets, adopt: true },
      },
    ];
  },
};
