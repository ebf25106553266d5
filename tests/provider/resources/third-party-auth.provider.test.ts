/** ThirdPartyAuth provider methods against the emulator, with the API footprint from the request log. */
import * as runtime from "supabase-pulumi/runtime";
import { calls, expectRefused, useConfigProject } from "./config-helpers";

const ctx = useConfigProject("tpa");
const P = () => runtime.provider("thirdPartyAuth");
const LIST = "GET /v1/projects/{ref}/config/auth/third-party-auth";
const POST = "POST /v1/projects/{ref}/config/auth/third-party-auth";
const GET = "GET /v1/projects/{ref}/config/auth/third-party-auth/{tpa_id}";
const DELETE = "DELETE /v1/projects/{ref}/config/auth/third-party-auth/{tpa_id}";
const ISSUER = "https://securetoken.google.com/acme-app";
const list = async () => (await ctx.emu.api("GET", `/v1/projects/${ctx.ref}/config/auth/third-party-auth`)).body;

test("create, read, adoption by issuer, replacement out of band, replace and delete", async () => {
  const { emu, ref } = ctx;
  const declared = { projectRef: ref, oidcIssuerUrl: ISSUER };
  const { id, outs } = await P().create(declared);
  expect(await calls(emu)).toEqual([LIST, POST]);
  expect(outs).toMatchObject({ ...declared, type: "firebase" });
  expect(id).toBe(`${ref}/${outs!.integrationId}`);

  await emu.clearRequests();
  const read = await P().read(id, outs!);
  expect(await calls(emu)).toEqual([GET]);
  expect(read.props!.drift).toBeUndefined();
  expect((await P().diff(id, read.props!, declared)).changes).toBe(false);

  // Declaring it again adopts the integration for the same issuer: one list call, no write.
  await emu.clearRequests();
  const adopted = await P().create(declared);
  expect(adopted.id).toBe(id);
  expect(await calls(emu)).toEqual([LIST]);
  // The same issuer with other values is refused, naming what differs.
  await expect(P().create({ ...declared, jwksUrl: "https://keys.example.com/jwks.json" })).rejects.toThrow(
    /different jwksUrl/,
  );
  expect(await list()).toHaveLength(1);

  // Replaced out of band by another integration for the issuer: refresh follows it and names the difference.
  await emu.api("DELETE", `/v1/projects/${ref}/config/auth/third-party-auth/${outs!.integrationId}`);
  const other = await emu.api("POST", `/v1/projects/${ref}/config/auth/third-party-auth`, {
    oidc_issuer_url: ISSUER,
    jwks_url: "https://elsewhere.example.com/jwks.json",
  });
  await emu.clearRequests();
  const drifted = await P().read(id, outs!);
  expect(await calls(emu)).toEqual([GET, LIST]);
  expect(drifted.id).toBe(`${ref}/${other.body.id}`);
  expect(drifted.props!.drift).toEqual({ changed: ["integrationId", "jwksUrl"] });
  const d = await P().diff(drifted.id!, drifted.props!, declared);
  expect(d).toMatchObject({ changes: true, replaces: ["jwksUrl"], deleteBeforeReplace: true });

  // A new issuer is created before the old one goes.
  const moved = await P().diff(id, outs!, { projectRef: ref, jwksUrl: "https://keys.example.com/jwks.json" });
  expect(moved).toMatchObject({ changes: true, deleteBeforeReplace: false });

  await emu.clearRequests();
  await P().delete(drifted.id!, drifted.props!);
  await P().delete(drifted.id!, drifted.props!);
  expect(await calls(emu)).toEqual([DELETE, DELETE]);
  expect(await list()).toEqual([]);
  // Gone: read says so.
  expect((await P().read(id, outs!)).id).toBe("");
});

test("a custom JWKS is adopted by its keys and resolved at once", async () => {
  const { ref } = ctx;
  const customJwks = {
    keys: [
      {
        kty: "EC",
        crv: "P-256",
        x: "f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU",
        y: "x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0",
        kid: "k1",
      },
    ],
  };
  const { outs } = await P().create({ projectRef: ref, customJwks });
  expect(outs).toMatchObject({ type: "custom", customJwks });
  const [t] = await list();
  expect(t.resolved_jwks).toEqual(customJwks);
  expect((await P().create({ projectRef: ref, customJwks })).outs!.integrationId).toBe(outs!.integrationId);
});

test("bad inputs are refused at check, naming the field", async () => {
  await expectRefused(ctx.emu, "thirdPartyAuth", [
    [{ projectRef: "x", oidcIssuerUrl: ISSUER }, "projectRef"],
    [{ projectRef: ctx.ref }, "oidcIssuerUrl"],
    [{ projectRef: ctx.ref, oidcIssuerUrl: "http://insecure.example.com" }, "oidcIssuerUrl"],
    [{ projectRef: ctx.ref, jwksUrl: "not a url" }, "jwksUrl"],
    [{ projectRef: ctx.ref, customJwks: { keys: [] } }, "customJwks.keys"],
    [
      { projectRef: ctx.ref, customJwks: { keys: [{ kty: "RSA", n: "x", e: "AQAB", d: "secret" }] } },
      "customJwks.keys[0]",
    ],
    [{ projectRef: ctx.ref, oidcIssuerUrl: ISSUER, issuer: ISSUER }, "issuer"],
  ]);
});
