/**
 * SsoProvider's importer: each SAML identity provider of the project, by its
 * metadata URL (else its metadata XML, which names its entity ID), with its
 * email domains, attribute mapping and NameID format as the service holds
 * them: create adopts the provider of the same entity ID or URL and writes
 * only what differs, so the first `up` writes nothing. Named after its first
 * domain, else its entity ID.
 */
import { managementClient } from "../../context";
import type { ImportedResource, KindImporter } from "../../importer";
import { slugOf } from "../../importer";
import { UsageOutput, type UsageValue } from "../../resource-doc";

export const ssoProviderImporter: KindImporter = {
  scope: "project",
  async read(ctx) {
    const ref = ctx.ref!;
    const out: ImportedResource[] = [];
    for (const p of await managementClient().listSsoProviders(ref)) {
      const saml = p.saml;
      if (!saml) continue;
      const inputs: Record<string, UsageValue> = { projectRef: new UsageOutput(ctx.names.project!, "ref") };
      if (saml.metadata_url) inputs.metadataUrl = saml.metadata_url;
      else if (saml.metadata_xml) inputs.metadataXml = saml.metadata_xml;
      else continue;
      const domains = (p.domains ?? []).map((d) => d.domain).filter((d): d is string => typeof d === "string");
      if (domains.length > 0) inputs.domains = domains;
      const keys = saml.attribute_mapping?.keys ?? {};
      if (Object.keys(keys).length > 0 || (ctx.allFields && saml.attribute_mapping))
        inputs.attributeMapping = saml.attribute_mapping as UsageValue;
      if (saml.name_id_format) inputs.nameIdFormat = saml.name_id_format;
      let host = saml.entity_id;
      try {
        host = new URL(saml.entity_id).host;
      } catch {
        // An entity ID need not be a URL.
      }
      const base = `sso-${slugOf(domains[0] ?? host)}`;
      // ctx.name numbers a repeated name (-2, -3, …).
      out.push({ name: ctx.name(base), inputs });
    }
    return out;
  },
};
