/** SsoProvider provider methods against the emulator, with the API footprint from the request log. */
import * as runtime from "supabase-pulumi/runtime";
import { calls, expectRefused, useConfigProject } from "./config-helpers";

const ctx = useConfigProject("sso");
const P = () => runtime.provider("ssoProvider");
const LIST = "GET /v1/projects/{ref}/config/auth/sso/providers";
const POST = "POST /v1/projects/{ref}/config/auth/sso/providers";
const GET = "GET /v1/projects/{ref}/config/auth/sso/providers/{provider_id}";
const PUT = "PUT /v1/projects/{ref}/config/auth/sso/providers/{provider_id}";
const DELETE = "DELETE /v1/projects/{ref}/config/auth/sso/providers/{provider_id}";

const metadata = (entity: string, extra = "") =>
  `<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="${entity}"><md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">${extra}</md:IDPSSODescriptor></md:EntityDescriptor>`;
const enableSaml = () => ctx.emu.api("PATCH", `/v1/projects/${ctx.ref}/config/auth`, { saml_enabled: true });
const providers = async () =>
  ((await ctx.emu.api("GET", `/v1/projects/${ctx.ref}/config/auth/sso/providers`)).body as any).items as any[];

test("SAML must be enabled first: the service's 404, explained", async () => {
  const refused = P().create({ projectRef: ctx.ref, metadataUrl: "https://idp.example.com/metadata" });
  await expect(refused).rejects.toMatchObject({ code: "FEATURE_UNAVAILABLE", status: 404 });
  await expect(refused).rejects.toThrow(
    /^SAML 2\.0 is not enabled for project \w+: turn it on in AuthConfig \(samlEnabled: true\), or remove the SsoProvider .*SAML 2\.0 support is not enabled for this project\)$/,
  );
});

test("SAML turned off out of band: refresh and update stop naming SAML and what to do, not taking it for deleted", async () => {
  const { emu, ref } = ctx;
  await enableSaml();
  const declared = { projectRef: ref, metadataXml: metadata("https://idp.off.com/entity"), domains: ["off.com"] };
  const { id, outs } = await P().create(declared);
  await emu.api("PATCH", `/v1/projects/${ref}/config/auth`, { saml_enabled: false });
  await emu.clearRequests();
  const message = new RegExp(
    `^SAML 2\\.0 is not enabled for project ${ref}: turn it on in AuthConfig \\(samlEnabled: true\\), or remove the SsoProvider from the program`,
  );
  const read = P().read(id, outs!);
  await expect(read).rejects.toMatchObject({ code: "FEATURE_UNAVAILABLE", feature: "SAML 2.0", ref });
  await expect(read).rejects.toThrow(message);
  // The provider's own 404 is ambiguous: one list call tells SAML off from the provider gone.
  expect(await calls(emu)).toEqual([GET, LIST]);
  await expect(P().update(id, outs!, { ...declared, domains: ["on.com"] })).rejects.toThrow(message);

  // Turned on again, the provider is there as it was; deleted (with SAML on), it reads as deleted.
  await enableSaml();
  expect((await P().read(id, outs!)).props!.drift).toBeUndefined();
  await P().delete(id, outs!);
  await emu.clearRequests();
  expect((await P().read(id, outs!)).id).toBe("");
  expect(await calls(emu)).toEqual([GET, LIST]);
});

test("create from XML, drift of domains, in-place update, adoption by entity ID, replace and delete", async () => {
  const { emu, ref } = ctx;
  await enableSaml();
  await emu.clearRequests();
  const declared = {
    projectRef: ref,
    metadataXml: metadata("https://idp.acme.com/entity"),
    domains: ["acme.com", "Corp.Acme.com"],
    attributeMapping: { keys: { email: { name: "mail" } } },
  };
  const { id, outs } = await P().create(declared);
  expect(await calls(emu)).toEqual([LIST, POST]);
  expect(outs).toMatchObject({ entityId: "https://idp.acme.com/entity" });
  expect(id).toBe(`${ref}/${outs!.providerId}`);
  const [live] = await providers();
  expect(live.domains.map((d: any) => d.domain).sort()).toEqual(["acme.com", "corp.acme.com"]);

  await emu.clearRequests();
  const read = await P().read(id, outs!);
  expect(await calls(emu)).toEqual([GET]);
  expect(read.props!.drift).toBeUndefined();
  expect((await P().diff(id, read.props!, declared)).changes).toBe(false);
  // The same domains in another order and case are no change.
  expect((await P().diff(id, outs!, { ...declared, domains: ["corp.acme.com", "ACME.com"] })).changes).toBe(false);

  // Domains changed out of band: drift by name, and one PUT of the domains writes them back.
  await emu.api("PUT", `/v1/projects/${ref}/config/auth/sso/providers/${outs!.providerId}`, { domains: ["other.com"] });
  const drifted = await P().read(id, outs!);
  expect(drifted.props!.drift).toEqual({ changed: ["domains"] });
  expect(drifted.props!.domains).toEqual(["other.com"]);
  const d = await P().diff(id, drifted.props!, declared);
  expect(d).toMatchObject({ changes: true, replaces: [] });
  await emu.clearRequests();
  const updated = await P().update(id, drifted.props!, declared);
  expect(await calls(emu)).toEqual([PUT]);

  // New metadata XML with the same entity ID and a name ID format: in place, with only what differs.
  const next = {
    ...declared,
    metadataXml: metadata("https://idp.acme.com/entity", "<!-- rotated certificate -->"),
    nameIdFormat: "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress",
  };
  expect((await P().diff(id, updated.outs!, next)).replaces).toEqual([]);
  await emu.clearRequests();
  const again = await P().update(id, updated.outs!, next);
  expect(await calls(emu)).toEqual([PUT]);
  const log = (await emu.requests()).filter((r) => r.method === "PUT");
  expect(log).toHaveLength(1);
  expect((await providers())[0].saml.name_id_format).toBe(next.nameIdFormat);

  // Declaring it again adopts it by entity ID: one list call, nothing to write.
  await emu.clearRequests();
  expect((await P().create(next)).id).toBe(id);
  expect(await calls(emu)).toEqual([LIST]);

  // Another entity ID replaces it, the old one first (a domain belongs to one provider).
  const other = await P().diff(id, again.outs!, { ...next, metadataXml: metadata("https://idp.other.com/entity") });
  expect(other).toMatchObject({ changes: true, replaces: ["metadataXml"], deleteBeforeReplace: true });
  const moved = await P().diff(id, again.outs!, {
    ...next,
    metadataXml: undefined,
    metadataUrl: "https://x.example.com/m",
  });
  expect(moved.replaces).toEqual(["metadataUrl"]);

  await emu.clearRequests();
  await P().delete(id, again.outs!);
  await P().delete(id, again.outs!);
  expect(await calls(emu)).toEqual([DELETE, DELETE]);
  expect(await providers()).toEqual([]);
  await emu.clearRequests();
  expect((await P().read(id, again.outs!)).id).toBe("");
  expect(await calls(emu)).toEqual([GET, LIST]);
});

test("from a metadata URL; a domain of another provider is refused by the service", async () => {
  const { ref } = ctx;
  await enableSaml();
  const a = await P().create({ projectRef: ref, metadataUrl: "https://a.example.com/metadata", domains: ["a.com"] });
  expect(a.outs!.entityId).toBe("https://a.example.com/metadata");
  await expect(
    P().create({ projectRef: ref, metadataUrl: "https://b.example.com/metadata", domains: ["a.com"] }),
  ).rejects.toThrow(/SSO Domain 'a\.com' is already assigned/);
  expect(await providers()).toHaveLength(1);
});

test("bad inputs are refused at check, naming the field", async () => {
  const xml = metadata("https://idp.acme.com/entity");
  await expectRefused(ctx.emu, "ssoProvider", [
    [{ projectRef: "x", metadataXml: xml }, "projectRef"],
    [{ projectRef: ctx.ref }, "metadataXml"],
    [{ projectRef: ctx.ref, metadataXml: xml, metadataUrl: "https://idp.example.com/m" }, "metadataUrl"],
    [{ projectRef: ctx.ref, metadataXml: "<xml/>" }, "metadataXml"],
    [{ projectRef: ctx.ref, metadataUrl: "http://idp.example.com/m" }, "metadataUrl"],
    [{ projectRef: ctx.ref, metadataXml: xml, domains: ["acme.com", "not a domain"] }, "domains[1]"],
    [{ projectRef: ctx.ref, metadataXml: xml, domains: ["acme.com", "ACME.com"] }, "domains[1]"],
    [
      { projectRef: ctx.ref, metadataXml: xml, attributeMapping: { keys: { email: { nam: "x" } } } },
      "attributeMapping.keys.email.nam",
    ],
    [{ projectRef: ctx.ref, metadataXml: xml, nameIdFormat: "email" }, "nameIdFormat"],
  ]);
});
