/**
 * Third-party auth integrations (`…/config/auth/third-party-auth`) and SAML
 * SSO providers (`…/config/auth/sso/providers`), kept per project in the
 * durable store.
 *
 * Third-party auth: an OIDC issuer URL, a JWKS URL or a custom JWKS (at
 * least one); integrations are immutable (there is no update) and one issuer
 * (or JWKS URL) is registered once. The emulator makes no outbound call, so
 * a URL's JWKS is never resolved (`resolved_jwks` and `resolved_at` stay
 * null); a custom JWKS is its own resolution.
 *
 * SSO: the project's auth config must have `saml_enabled` (404 otherwise, as
 * the service answers). A provider comes from metadata XML (its `entityID`
 * read from the `EntityDescriptor`) or a metadata URL, which the emulator
 * does not fetch: the URL stands for the entity ID. An entity ID and a
 * domain belong to one provider only; an update may not change the entity ID.
 */
import { randomUUID } from "node:crypto";
import { CreateProviderBody, CreateThirdPartyAuthBody, UpdateProviderBody } from "../generated/config-schemas";
import { ApiError } from "../pipeline/errors";
import { defineRoute, type RouteDef } from "../pipeline/router";
import { projectSettings } from "../settings/store";
import type { EmulatorContext } from "../store/context";
import type { ProjectSettingsRecord, SsoProviderRecord, ThirdPartyAuthRecord } from "../store/records";

const TPA_NOT_FOUND = "Third-party auth integration not found";
const SAML_DISABLED = "SAML 2.0 support is not enabled for this project";
const SSO_NOT_FOUND = "Either SAML 2.0 was not enabled for this project, or the provider does not exist";

function httpsUrl(field: string, v: string): string {
  let u: URL;
  try {
    u = new URL(v);
  } catch {
    throw new ApiError(400, `${field} must be a valid URL`);
  }
  if (u.protocol !== "https:") throw new ApiError(400, `${field} must use https`);
  return v;
}

/** The kind of issuer, as the service labels integrations. */
function tpaType(issuer: string | null): string {
  if (!issuer) return "custom";
  const host = new URL(issuer).hostname;
  if (host === "securetoken.google.com") return "firebase";
  if (host.endsWith(".clerk.accounts.dev") || host.startsWith("clerk.")) return "clerk";
  if (host.endsWith(".auth0.com")) return "auth0";
  if (host.startsWith("cognito-idp.")) return "aws-cognito";
  if (host.endsWith(".workos.com")) return "workos";
  return "oidc";
}

function tpaView(app: EmulatorContext, t: ThirdPartyAuthRecord) {
  return {
    id: t.id,
    type: t.type,
    oidc_issuer_url: t.oidcIssuerUrl,
    jwks_url: t.jwksUrl,
    custom_jwks: t.customJwks ?? null,
    resolved_jwks: t.customJwks ?? null,
    inserted_at: app.clock.iso(t.insertedAtMs),
    updated_at: app.clock.iso(t.updatedAtMs),
    resolved_at: t.customJwks ? app.clock.iso(t.updatedAtMs) : null,
  };
}

function findTpa(settings: ProjectSettingsRecord, id: string): ThirdPartyAuthRecord {
  const t = (settings.thirdPartyAuth ?? []).find((x) => x.id === id);
  if (!t) throw new ApiError(404, TPA_NOT_FOUND);
  return t;
}

const isJwks = (v: unknown): boolean =>
  typeof v === "object" &&
  v !== null &&
  Array.isArray((v as { keys?: unknown }).keys) &&
  (v as { keys: unknown[] }).keys.every((k) => typeof k === "object" && k !== null && "kty" in k);

/** The SAML settings of a project whose auth config enables SAML. */
function samlSettings(app: EmulatorContext, ref: string, missing = SAML_DISABLED): ProjectSettingsRecord {
  const { settings } = projectSettings(app, ref);
  if (settings.config?.auth?.saml_enabled !== true) throw new ApiError(404, missing);
  settings.ssoProviders ??= [];
  return settings;
}

/** The entity ID of metadata XML: the `entityID` of its `EntityDescriptor`. */
function entityIdOf(xml: string): string {
  const m = /<(?:[\w-]+:)?EntityDescriptor\b[^>]*\sentityID\s*=\s*"([^"]+)"/.exec(xml);
  if (!m || !/<(?:[\w-]+:)?IDPSSODescriptor\b/.test(xml))
    throw new ApiError(
      400,
      "SAML Metadata XML is invalid: it needs an EntityDescriptor with an entityID and an IDPSSODescriptor",
    );
  return m[1];
}

/** The metadata a body names: exactly one of XML or URL. */
function metadataOf(body: { metadata_xml?: string; metadata_url?: string }): {
  entityId: string;
  xml: string;
  url?: string;
} {
  if (body.metadata_xml !== undefined && body.metadata_url !== undefined)
    throw new ApiError(400, "Only one of metadata_xml or metadata_url must be set");
  if (body.metadata_xml !== undefined) return { entityId: entityIdOf(body.metadata_xml), xml: body.metadata_xml };
  if (body.metadata_url !== undefined) {
    const url = httpsUrl("metadata_url", body.metadata_url);
    // Not fetched: the URL stands for the entity ID of the metadata it would serve.
    const xml = `<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="${url}"><md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol"/></md:EntityDescriptor>`;
    return { entityId: url, xml, url };
  }
  throw new ApiError(400, "Either metadata_xml or metadata_url must be set");
}

const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

function setDomains(app: EmulatorContext, settings: ProjectSettingsRecord, p: SsoProviderRecord, domains: string[]) {
  const now = app.clock.now();
  const wanted = [...new Set(domains.map((d) => d.trim().toLowerCase()))];
  for (const d of wanted) {
    if (!DOMAIN.test(d)) throw new ApiError(400, `Domain '${d}' is not a valid domain name`);
    const other = (settings.ssoProviders ?? []).find((o) => o.id !== p.id && o.domains.some((x) => x.domain === d));
    if (other)
      throw new ApiError(400, `SSO Domain '${d}' is already assigned to an SSO identity provider (${other.id})`);
  }
  p.domains = wanted.map(
    (d) => p.domains.find((x) => x.domain === d) ?? { id: randomUUID(), domain: d, createdAtMs: now, updatedAtMs: now },
  );
}

function ssoView(app: EmulatorContext, p: SsoProviderRecord) {
  return {
    id: p.id,
    saml: {
      id: p.samlId,
      entity_id: p.entityId,
      ...(p.metadataUrl !== undefined ? { metadata_url: p.metadataUrl } : {}),
      metadata_xml: p.metadataXml,
      ...(p.attributeMapping ? { attribute_mapping: p.attributeMapping } : {}),
      ...(p.nameIdFormat ? { name_id_format: p.nameIdFormat } : {}),
    },
    domains: p.domains.map((d) => ({
      id: d.id,
      domain: d.domain,
      created_at: app.clock.iso(d.createdAtMs),
      updated_at: app.clock.iso(d.updatedAtMs),
    })),
    created_at: app.clock.iso(p.createdAtMs),
    updated_at: app.clock.iso(p.updatedAtMs),
  };
}

function findSso(settings: ProjectSettingsRecord, id: string): SsoProviderRecord {
  const p = (settings.ssoProviders ?? []).find((x) => x.id === id);
  if (!p) throw new ApiError(404, SSO_NOT_FOUND);
  return p;
}

export const authIntegrationRoutes: RouteDef[] = [
  defineRoute({
    method: "GET",
    path: "/v1/projects/{ref}/config/auth/third-party-auth",
    handler: ({ app, params }) => ({
      status: 200,
      body: (projectSettings(app, params.ref).settings.thirdPartyAuth ?? []).map((t) => tpaView(app, t)),
    }),
  }),
  defineRoute({
    method: "POST",
    path: "/v1/projects/{ref}/config/auth/third-party-auth",
    body: CreateThirdPartyAuthBody,
    handler: ({ app, params, body }) => {
      const { settings } = projectSettings(app, params.ref);
      const issuer = body.oidc_issuer_url === undefined ? null : httpsUrl("oidc_issuer_url", body.oidc_issuer_url);
      const jwksUrl = body.jwks_url === undefined ? null : httpsUrl("jwks_url", body.jwks_url);
      const custom = body.custom_jwks ?? null;
      if (issuer === null && jwksUrl === null && custom === null)
        throw new ApiError(400, "One of oidc_issuer_url, jwks_url or custom_jwks is required");
      if (custom !== null && !isJwks(custom))
        throw new ApiError(400, 'custom_jwks must be a JSON Web Key Set: {"keys": [{"kty": …}, …]}');
      const list = (settings.thirdPartyAuth ??= []);
      const taken = list.find(
        (t) =>
          (issuer !== null && t.oidcIssuerUrl === issuer) ||
          (issuer === null && jwksUrl !== null && t.jwksUrl === jwksUrl),
      );
      if (taken) throw new ApiError(400, `A third-party auth integration for ${issuer ?? jwksUrl} already exists`);
      const now = app.clock.now();
      const t: ThirdPartyAuthRecord = {
        id: randomUUID(),
        type: tpaType(issuer),
        oidcIssuerUrl: issuer,
        jwksUrl,
        customJwks: custom,
        insertedAtMs: now,
        updatedAtMs: now,
      };
      list.push(t);
      app.store.commit();
      return { status: 201, body: tpaView(app, t) };
    },
  }),
  defineRoute({
    method: "GET",
    path: "/v1/projects/{ref}/config/auth/third-party-auth/{tpa_id}",
    handler: ({ app, params }) => ({
      status: 200,
      body: tpaView(app, findTpa(projectSettings(app, params.ref).settings, params.tpa_id)),
    }),
  }),
  defineRoute({
    method: "DELETE",
    path: "/v1/projects/{ref}/config/auth/third-party-auth/{tpa_id}",
    handler: ({ app, params }) => {
      const { settings } = projectSettings(app, params.ref);
      const t = findTpa(settings, params.tpa_id);
      settings.thirdPartyAuth = (settings.thirdPartyAuth ?? []).filter((x) => x.id !== t.id);
      app.store.commit();
      return { status: 200, body: tpaView(app, t) };
    },
  }),
  defineRoute({
    method: "GET",
    path: "/v1/projects/{ref}/config/auth/sso/providers",
    handler: ({ app, params }) => ({
      status: 200,
      body: { items: (samlSettings(app, params.ref).ssoProviders ?? []).map((p) => ssoView(app, p)) },
    }),
  }),
  defineRoute({
    method: "POST",
    path: "/v1/projects/{ref}/config/auth/sso/providers",
    body: CreateProviderBody,
    handler: ({ app, params, body }) => {
      const settings = samlSettings(app, params.ref);
      const meta = metadataOf(body);
      const taken = settings.ssoProviders!.find((p) => p.entityId === meta.entityId);
      if (taken)
        throw new ApiError(422, `A SAML provider with this entity ID (${meta.entityId}) already exists (${taken.id})`);
      const now = app.clock.now();
      const p: SsoProviderRecord = {
        id: randomUUID(),
        samlId: randomUUID(),
        entityId: meta.entityId,
        ...(meta.url !== undefined ? { metadataUrl: meta.url } : {}),
        metadataXml: meta.xml,
        ...(body.attribute_mapping ? { attributeMapping: body.attribute_mapping } : {}),
        ...(body.name_id_format ? { nameIdFormat: body.name_id_format } : {}),
        domains: [],
        createdAtMs: now,
        updatedAtMs: now,
      };
      setDomains(app, settings, p, body.domains ?? []);
      settings.ssoProviders!.push(p);
      app.store.commit();
      return { status: 201, body: ssoView(app, p) };
    },
  }),
  defineRoute({
    method: "GET",
    path: "/v1/projects/{ref}/config/auth/sso/providers/{provider_id}",
    handler: ({ app, params }) => ({
      status: 200,
      body: ssoView(app, findSso(samlSettings(app, params.ref, SSO_NOT_FOUND), params.provider_id)),
    }),
  }),
  defineRoute({
    method: "PUT",
    path: "/v1/projects/{ref}/config/auth/sso/providers/{provider_id}",
    body: UpdateProviderBody,
    handler: ({ app, params, body }) => {
      const settings = samlSettings(app, params.ref, SSO_NOT_FOUND);
      const p = findSso(settings, params.provider_id);
      if (body.metadata_xml !== undefined || body.metadata_url !== undefined) {
        const meta = metadataOf(body);
        if (meta.entityId !== p.entityId)
          throw new ApiError(400, "SAML Metadata has a different entity ID than the one registered for this provider");
        p.metadataXml = meta.xml;
        if (meta.url !== undefined) p.metadataUrl = meta.url;
        else delete p.metadataUrl;
      }
      if (body.domains !== undefined) setDomains(app, settings, p, body.domains);
      if (body.attribute_mapping !== undefined) p.attributeMapping = body.attribute_mapping;
      if (body.name_id_format !== undefined) p.nameIdFormat = body.name_id_format;
      p.updatedAtMs = app.clock.now();
      app.store.commit();
      return { status: 200, body: ssoView(app, p) };
    },
  }),
  defineRoute({
    method: "DELETE",
    path: "/v1/projects/{ref}/config/auth/sso/providers/{provider_id}",
    handler: ({ app, params }) => {
      const settings = samlSettings(app, params.ref, SSO_NOT_FOUND);
      const p = findSso(settings, params.provider_id);
      settings.ssoProviders = settings.ssoProviders!.filter((x) => x.id !== p.id);
      app.store.commit();
      return { status: 200, body: ssoView(app, p) };
    },
  }),
];
