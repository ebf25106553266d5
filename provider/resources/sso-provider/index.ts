/**
 * SsoProvider: one SAML 2.0 identity provider of a project, from metadata XML
 * or a metadata URL, with the email domains it signs in and how its
 * attributes map to user fields. Changed in place (`PUT`); a different
 * identity provider (another entity ID or metadata URL) replaces it. Its
 * documentation is `ssoProviderDoc` below.
 */
import { z } from "zod";
import { defineKind, driftOutput } from "../../kind";
import { ssoProviderImporter } from "./import";
import { withUnknownOutcome, type SsoProvider } from "../../client/management";
import { managementClient } from "../../context";
import { isNotFound, partialFailure } from "../../errors";
import { managementFootprint, usageProjectRef, type ResourceDoc } from "../../resource-doc";
import { checkWith, containsUnknown, stableJson, type Props, type ResourceImpl, splitRefId } from "../common";
import { withDrift } from "../drift";
import { projectRef } from "../shared";

const NAME_ID_FORMATS = [
  "urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified",
  "urn:oasis:names:tc:SAML:2.0:nameid-format:transient",
  "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress",
  "urn:oasis:names:tc:SAML:2.0:nameid-format:persistent",
] as const;

const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

/** The `entityID` of metadata XML's `EntityDescriptor`, or undefined when there is none. */
export function entityIdOf(xml: string): string | undefined {
  return /<(?:[\w-]+:)?EntityDescriptor\b[^>]*\sentityID\s*=\s*"([^"]+)"/.exec(xml)?.[1];
}

const attribute = z
  .object({
    name: z.string({ error: "name must be a string" }).optional().describe("The SAML attribute to read."),
    names: z
      .array(z.string({ error: "names must be strings" }))
      .optional()
      .describe("SAML attributes to try in order."),
    default: z
      .union([z.string(), z.number(), z.boolean(), z.record(z.string(), z.unknown())], {
        error: "default must be a string, number, boolean or object",
      })
      .optional()
      .describe("The value when the assertion has none."),
    array: z.boolean({ error: "array must be a boolean" }).optional().describe("Keep every value, as a list."),
  })
  .strict();

export const ssoProviderInputs = z
  .object({
    projectRef: projectRef
      .describe("The project's reference (its auth config needs `samlEnabled: true`). A change replaces the provider.")
      .meta({ replaceOnChanges: true }),
    metadataXml: z
      .string({ error: "metadataXml must be a string" })
      .optional()
      .describe(
        "The identity provider's SAML metadata XML (give exactly one of this and `metadataUrl`). A change with the same `entityID` is applied in place; another `entityID` replaces the provider.",
      ),
    metadataUrl: z
      .string({ error: "metadataUrl must be a string" })
      .optional()
      .describe(
        "An https URL the service reads the identity provider's metadata from (give exactly one of this and `metadataXml`). A change replaces the provider.",
      )
      .meta({ replaceOnChanges: true }),
    domains: z
      .array(z.string({ error: "each domain must be a string" }), { error: "domains must be a list of domain names" })
      .optional()
      .describe(
        "The email domains whose users sign in through this provider (e.g. `acme.com`); each belongs to one provider of the project. Compared as a set, case-insensitively. Changed in place; not managed when not declared.",
      ),
    attributeMapping: z
      .object({ keys: z.record(z.string(), attribute, { error: "attributeMapping.keys must be an object" }) })
      .strict()
      .optional()
      .describe(
        'How the assertion\'s attributes map to user fields: `{ keys: { email: { name: "mail" }, … } }`. Changed in place; not managed when not declared.',
      )
      .meta({ typeName: "SsoAttributeMapping" }),
    nameIdFormat: z
      .enum(NAME_ID_FORMATS, { error: `nameIdFormat must be one of ${NAME_ID_FORMATS.join(", ")}` })
      .optional()
      .describe("The NameID format to ask for. Changed in place; not managed when not declared."),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.metadataXml === undefined && v.metadataUrl === undefined)
      ctx.addIssue({ code: "custom", path: ["metadataXml"], message: "give one of metadataXml and metadataUrl" });
    if (v.metadataXml !== undefined && v.metadataUrl !== undefined)
      ctx.addIssue({
        code: "custom",
        path: ["metadataUrl"],
        message: "give exactly one of metadataXml and metadataUrl, not both",
      });
    if (v.metadataXml !== undefined && entityIdOf(v.metadataXml) === undefined)
      ctx.addIssue({
        code: "custom",
        path: ["metadataXml"],
        message: "metadataXml needs an EntityDescriptor with an entityID",
      });
    if (v.metadataUrl !== undefined) {
      let ok: boolean;
      try {
        ok = new URL(v.metadataUrl).protocol === "https:";
      } catch {
        ok = false;
      }
      if (!ok) ctx.addIssue({ code: "custom", path: ["metadataUrl"], message: "metadataUrl must be an https:// URL" });
    }
    const seen = new Set<string>();
    for (const [i, d] of (v.domains ?? []).entries()) {
      if (!DOMAIN.test(d))
        ctx.addIssue({
          code: "custom",
          path: ["domains", i],
          message: `"${d}" is not a domain name (letters, digits and hyphens in dot-separated labels, e.g. acme.com)`,
        });
      else if (seen.has(d.toLowerCase()))
        ctx.addIssue({ code: "custom", path: ["domains", i], message: `"${d}" is listed twice` });
      seen.add(d.toLowerCase());
    }
  });

/** Which identity provider it is: the metadata's entity ID, or the metadata URL. */
function identity(v: Props): string {
  if (typeof v.metadataXml === "string") return `entity ${entityIdOf(v.metadataXml) ?? v.metadataXml}`;
  return `url ${v.metadataUrl}`;
}
const liveIdentity = (p: SsoProvider) =>
  p.saml?.metadata_url !== undefined && p.saml.metadata_url !== ""
    ? [`url ${p.saml.metadata_url}`, `entity ${p.saml.entity_id}`]
    : [`entity ${p.saml?.entity_id}`];

const domainSet = (v: unknown) =>
  Array.isArray(v) ? [...new Set(v.map((d) => String(d).toLowerCase()))].sort() : null;
const liveDomains = (p: SsoProvider) => domainSet((p.domains ?? []).map((d) => d.domain));

/** The settings a PUT may change, compared with the service's (or the recorded) values: the differing declared ones. */
type Current = {
  metadataXml?: string;
  metadataUrl?: string;
  domains?: string[] | null;
  attributeMapping?: unknown;
  nameIdFormat?: string;
};
const currentOf = (p: SsoProvider): Current => ({
  metadataXml: p.saml?.metadata_xml,
  metadataUrl: p.saml?.metadata_url,
  domains: liveDomains(p),
  attributeMapping: p.saml?.attribute_mapping,
  nameIdFormat: p.saml?.name_id_format,
});

function differing(inputs: Props, cur: Current): string[] {
  const out: string[] = [];
  if (inputs.metadataXml !== undefined && (inputs.metadataXml as string).trim() !== (cur.metadataXml ?? "").trim())
    out.push("metadataXml");
  if (inputs.metadataUrl !== undefined && inputs.metadataUrl !== cur.metadataUrl) out.push("metadataUrl");
  if (inputs.domains !== undefined && stableJson(domainSet(inputs.domains)) !== stableJson(domainSet(cur.domains)))
    out.push("domains");
  if (
    inputs.attributeMapping !== undefined &&
    stableJson(inputs.attributeMapping) !== stableJson(cur.attributeMapping ?? null)
  )
    out.push("attributeMapping");
  if (inputs.nameIdFormat !== undefined && inputs.nameIdFormat !== cur.nameIdFormat) out.push("nameIdFormat");
  return out;
}

const API: Record<string, string> = {
  metadataXml: "metadata_xml",
  metadataUrl: "metadata_url",
  domains: "domains",
  attributeMapping: "attribute_mapping",
  nameIdFormat: "name_id_format",
};
const bodyOf = (inputs: Props, fields: string[]) => Object.fromEntries(fields.map((f) => [API[f], inputs[f]]));

const outputs = (inputs: Props, p: SsoProvider): Props => ({
  ...inputs,
  providerId: p.id,
  entityId: p.saml?.entity_id ?? null,
});

async function findSame(ref: string, inputs: Props): Promise<SsoProvider | undefined> {
  const want = identity(inputs);
  return (await managementClient().listSsoProviders(ref)).find((p) => liveIdentity(p).includes(want));
}

/**
 * Settles an ambiguous 404 ("Either SAML 2.0 was not enabled for this project,
 * or the provider does not exist"): the list answers the unambiguous "SAML 2.0
 * support is not enabled" when SAML is off, which the kind's operations report
 * as FEATURE_UNAVAILABLE (provider/unavailable.ts); else it returns.
 */
async function samlOn(ref: string): Promise<void> {
  await managementClient().listSsoProviders(ref);
}

const SETTINGS = ["metadataXml", "metadataUrl", "domains", "attributeMapping", "nameIdFormat"] as const;

export const ssoProvider: ResourceImpl = {
  async check(_olds, news) {
    const r = checkWith(ssoProviderInputs, news);
    return { inputs: r.inputs, failures: r.failures };
  },

  async diff(_id, olds, news) {
    const replaces: string[] = [];
    if (containsUnknown(news.projectRef) || news.projectRef !== olds.projectRef) replaces.push("projectRef");
    const unknownMeta = containsUnknown(news.metadataXml) || containsUnknown(news.metadataUrl);
    if (unknownMeta || identity(news) !== identity(olds))
      replaces.push(news.metadataUrl !== undefined ? "metadataUrl" : "metadataXml");
    let changes = replaces.length > 0;
    for (const f of SETTINGS) if (news[f] !== undefined && containsUnknown(news[f])) changes = true;
    if (!changes) changes = differing(news, olds as Current).length > 0;
    // A domain belongs to one provider: within a project the old one goes first.
    return { changes, replaces, deleteBeforeReplace: replaces.length > 0 && !replaces.includes("projectRef") };
  },

  async create(inputs) {
    const ref = inputs.projectRef as string;
    const client = managementClient();
    const found = await findSame(ref, inputs);
    if (!found) {
      const body = {
        type: "saml" as const,
        ...bodyOf(
          inputs,
          SETTINGS.filter((f) => inputs[f] !== undefined),
        ),
      };
      const p = await withUnknownOutcome(
        () => client.createSsoProvider(ref, body),
        () => findSame(ref, inputs),
      );
      return { id: `${ref}/${p.id}`, outs: outputs(inputs, p) };
    }
    // Adopted: the declared settings that differ are written.
    const id = `${ref}/${found.id}`;
    const fields = differing(inputs, currentOf(found));
    try {
      const p = fields.length > 0 ? await client.updateSsoProvider(ref, found.id, bodyOf(inputs, fields)) : found;
      return { id, outs: outputs(inputs, p) };
    } catch (err) {
      throw partialFailure(id, outputs(inputs, found), err);
    }
  },

  async read(id, props) {
    const [ref, providerId] = splitRefId(id, props, "providerId");
    let p: SsoProvider;
    try {
      p = await managementClient().getSsoProvider(ref, providerId);
    } catch (err) {
      if (!isNotFound(err)) throw err;
      // The 404 is ambiguous (SAML off, or the provider gone): the list says which, answering 404 with SAML off.
      await samlOn(ref);
      return { id: "", props: {} };
    }
    const cur = currentOf(p);
    const changed = differing(props, cur);
    const next: Props = { ...props, projectRef: ref, providerId: p.id, entityId: p.saml?.entity_id ?? null };
    for (const f of changed) next[f] = f === "domains" ? cur.domains : (cur[f as keyof Current] ?? null);
    // An import (no declared settings) reads the service's.
    if (SETTINGS.every((f) => props[f] === undefined))
      for (const f of SETTINGS) if (cur[f] !== undefined && cur[f] !== null) next[f] = cur[f];
    if (next.metadataUrl !== undefined && SETTINGS.every((f) => props[f] === undefined)) delete next.metadataXml;
    return { id, props: withDrift(next, { changed }) };
  },

  async update(id, olds, news) {
    const [ref, providerId] = splitRefId(id, olds, "providerId");
    const fields = differing(news, olds as Current);
    if (fields.length === 0) return { outs: { ...news, providerId, entityId: olds.entityId ?? null } };
    const p = await managementClient()
      .updateSsoProvider(ref, providerId, bodyOf(news, fields))
      .catch(async (err: unknown) => {
        if (isNotFound(err)) await samlOn(ref);
        throw err;
      });
    return { outs: outputs(news, p) };
  },

  async delete(id, props) {
    const [ref, providerId] = splitRefId(id, props, "providerId");
    try {
      await managementClient().deleteSsoProvider(ref, providerId);
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
  },
};

export const ssoProviderDoc: ResourceDoc<typeof ssoProviderInputs> = {
  name: "SsoProvider",
  page: "sso-provider",
  usage: {
    name: "okta",
    inputs: {
      projectRef: usageProjectRef(),
      metadataUrl: "https://acme.okta.com/app/exk1/sso/saml/metadata",
      domains: ["acme.com"],
    },
    dependsOn: ["auth"],
  },
  manages: "a SAML 2.0 SSO identity provider, its email domains and attribute mapping",
  summary:
    "One SAML 2.0 identity provider of a project (Okta, Entra ID, Google Workspace, …), from its metadata XML or URL, with the email domains whose users sign in through it and how its attributes map to user fields. The project's auth config needs SAML enabled (`AuthConfig` with `samlEnabled: true`).",
  inputs: ssoProviderInputs,
  outputs: z.object({
    projectRef: z.string(),
    providerId: z.string().describe("The provider's id."),
    entityId: z.string().nullable().describe("The identity provider's SAML entity ID, as the service read it."),
    drift: driftOutput(
      "After a refresh that found drift: the declared settings changed out of band (`domains`, `attributeMapping`, `nameIdFormat`, the metadata). Cleared by `up`.",
    ),
  }),
  behaviour: {
    replace:
      "A change of `projectRef`, of `metadataUrl`, or of the `entityID` in `metadataXml` (another identity provider). Within a project the old provider is deleted first, since a domain belongs to one provider; sign-in through it pauses until the new one exists.",
    adopt:
      "The default: the project's provider with the same entity ID (from `metadataXml`) or metadata URL is taken over instead of created, and its declared settings that differ are written.",
    drift:
      "Refresh reads the provider and compares the declared settings (domains as a set). A change out of band shows by name, and `up` writes the declared values back with one `PUT`. A provider deleted out of band shows as deleted, and `up` creates it again. With SAML turned off out of band, refresh (and so `drift`) stops with a `FEATURE_UNAVAILABLE` error naming SAML 2.0 and what to do (turn it on in `AuthConfig` with `samlEnabled: true`, or remove the provider), instead of taking the provider for deleted.",
    destroy: "Deletes the provider; one already gone counts as deleted.",
    notes: [
      "Metadata XML with the same `entityID`, `domains`, `attributeMapping` and `nameIdFormat` are changed in place with one `PUT`, sending only what differs.",
      "When the create request's outcome is unknown (a reset after it was sent), the provider looks it up by entity ID or metadata URL before creating it again.",
      "The emulator does not fetch a metadata URL: there the URL stands for the entity ID.",
    ],
  },
  ...managementFootprint({
    create:
      "1 `GET /v1/projects/{ref}/config/auth/sso/providers` + 1 `POST …/sso/providers` (adopting: +1 `PUT …/sso/providers/{provider_id}` when a declared setting differs, instead of the `POST`)",
    "read (refresh)":
      "1 `GET …/sso/providers/{provider_id}` (when it answers 404: +1 `GET …/sso/providers`, which tells SAML turned off from the provider deleted)",
    update: "1 `PUT …/sso/providers/{provider_id}` with the settings that differ",
    delete: "1 `DELETE …/sso/providers/{provider_id}`",
  }),
};

export default defineKind(ssoProvider, ssoProviderDoc, {
  recover: {
    adopts:
      "create adopts the project's identity provider of the same entity ID or metadata URL, and writes the declared settings over it",
  },
  importer: ssoProviderImporter,
});
