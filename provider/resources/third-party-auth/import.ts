/**
 * ThirdPartyAuth's importer: each integration of the project, by its issuer,
 * JWKS URL or key set, with the live values: create adopts the integration
 * for the same one, so the first `up` writes nothing. Named after the
 * issuer's (or JWKS URL's) host and path, else the first key's id.
 */
import { managementClient } from "../../context";
import type { ImportedResource, KindImporter } from "../../importer";
import { slugOf } from "../../importer";
import { UsageOutput, type UsageValue } from "../../resource-doc";

function nameOf(url: string | null | undefined, jwks: unknown): string {
  if (url) {
    const u = new URL(url);
    return slugOf(`${u.host}${u.pathname}`.replace(/[./]+/g, "-"));
  }
  const kid = (jwks as { keys?: Array<{ kid?: unknown }> } | undefined)?.keys?.[0]?.kid;
  return typeof kid === "string" ? `jwks-${slugOf(kid)}` : "custom-jwks";
}

export const thirdPartyAuthImporter: KindImporter = {
  scope: "project",
  async read(ctx) {
    const ref = ctx.ref!;
    return (await managementClient().listThirdPartyAuth(ref))
      .sort((a, b) => (a.inserted_at < b.inserted_at ? -1 : a.inserted_at > b.inserted_at ? 1 : a.id < b.id ? -1 : 1))
      .map((t): ImportedResource => {
        const inputs: Record<string, UsageValue> = { projectRef: new UsageOutput(ctx.names.project!, "ref") };
        if (t.oidc_issuer_url) inputs.oidcIssuerUrl = t.oidc_issuer_url;
        if (t.jwks_url) inputs.jwksUrl = t.jwks_url;
        if (t.custom_jwks !== undefined && t.custom_jwks !== null) inputs.customJwks = t.custom_jwks as UsageValue;
        const base = `auth-${nameOf(t.oidc_issuer_url ?? t.jwks_url, t.custom_jwks)}`;
        // ctx.name numbers a repeated name (-2, -3, …).
        return { name: ctx.name(base), inputs };
      });
  },
};
