/**
 * SigningKey provider methods against the emulator, with the API footprint
 * from the request log: the documented zero-downtime rotation away from the
 * legacy JWT secret, step by step, and the service's transition rules.
 */
import * as runtime from "supabase-pulumi/runtime";
import { calls, expectRefused, useConfigProject } from "./config-helpers";

const ctx = useConfigProject("keys");
const P = () => runtime.provider("signingKey");
const BASE = "/v1/projects/{ref}/config/auth/signing-keys";
const LIST = `GET ${BASE}`;
const POST = `POST ${BASE}`;
const GET = `GET ${BASE}/{id}`;
const PATCH = `PATCH ${BASE}/{id}`;
const DELETE = `DELETE ${BASE}/{id}`;
const keys = async () =>
  ((await ctx.emu.api("GET", `/v1/projects/${ctx.ref}/config/auth/signing-keys`)).body as any).keys as any[];
const statuses = async () => Object.fromEntries((await keys()).map((k) => [k.id, k.status]));

test("the documented rotation from the legacy JWT secret, one up per step", async () => {
  const { emu, ref } = ctx;
  // Step 1: the legacy secret taken over (in use), and the next key in standby.
  const legacyIn = { projectRef: ref, legacy: true };
  const legacy = await P().create(legacyIn);
  expect(await calls(emu)).toEqual([`GET ${BASE}/legacy`, `POST ${BASE}/legacy`]);
  expect(legacy.outs).toMatchObject({ status: "in_use", algorithm: "HS256", publicJwk: null });
  await emu.clearRequests();
  const nextIn = { projectRef: ref, algorithm: "ES256", status: "standby" };
  const next = await P().create(nextIn);
  expect(await calls(emu)).toEqual([LIST, POST]);
  expect(next.outs!.publicJwk).toMatchObject({ kty: "EC", crv: "P-256", kid: next.outs!.signingKeyId });
  // Never a private key: not in the outputs, not in any answer.
  expect(next.outs!.publicJwk).not.toHaveProperty("d");
  expect(JSON.stringify(await keys())).not.toMatch(/"d":|"k":/);
  // Taking the legacy secret over again adopts it.
  await emu.clearRequests();
  expect((await P().create(legacyIn)).id).toBe(legacy.id);
  expect(await calls(emu)).toEqual([`GET ${BASE}/legacy`]);

  // Step 2, in one up: the new key in use, the old one previously used (in either order).
  const legacy2 = { ...legacyIn, status: "previously_used" };
  const next2 = { ...nextIn, status: "in_use" };
  expect(await P().diff(legacy.id, legacy.outs!, legacyIn)).toMatchObject({ changes: false, replaces: [] });
  expect(await P().diff(legacy.id, legacy.outs!, legacy2)).toMatchObject({ changes: true, replaces: [] });
  expect((await P().diff(next.id, next.outs!, next2)).replaces).toEqual([]);
  await emu.clearRequests();
  const [retired, inUse] = await Promise.all([
    P().update(legacy.id, legacy.outs!, legacy2),
    P().update(next.id, next.outs!, next2),
  ]);
  expect(retired.outs!.status).toBe("previously_used");
  expect(inUse.outs!.status).toBe("in_use");
  // The old key's move is the service's doing: one PATCH in all, the new key's.
  expect((await calls(emu)).filter((c) => c === PATCH)).toHaveLength(1);
  expect(await statuses()).toEqual({
    [legacy.outs!.signingKeyId]: "previously_used",
    [next.outs!.signingKeyId]: "in_use",
  });

  // Step 3: once the old tokens expired, the old key is revoked.
  await emu.clearRequests();
  const revoked = await P().update(legacy.id, retired.outs!, { ...legacyIn, status: "revoked" });
  expect(await calls(emu)).toEqual([GET, PATCH]);
  expect(revoked.outs!.status).toBe("revoked");

  // Step 4: removed from the program, it is deleted.
  await emu.clearRequests();
  await P().delete(legacy.id, revoked.outs!);
  expect(await calls(emu)).toEqual([GET, DELETE]);
  expect(await statuses()).toEqual({ [next.outs!.signingKeyId]: "in_use" });

  // The key in use is never deleted: it only leaves the stack.
  await emu.clearRequests();
  await P().delete(next.id, inUse.outs!);
  expect(await calls(emu)).toEqual([GET]);
  expect(await keys()).toHaveLength(1);
});

test("drift of status, moves the service refuses, and destroy of a previously used key", async () => {
  const { emu, ref } = ctx;
  const a = await P().create({ projectRef: ref, algorithm: "RS256", status: "in_use" });
  expect(a.outs!.status).toBe("in_use");
  expect(a.outs!.publicJwk).toMatchObject({ kty: "RSA", e: "AQAB" });

  // Another key made in use out of band retires this one: drift, and up rolls it back.
  const other = await emu.api("POST", `/v1/projects/${ref}/config/auth/signing-keys`, {
    algorithm: "EdDSA",
    status: "in_use",
  });
  await emu.clearRequests();
  const drifted = await P().read(a.id, a.outs!);
  expect(await calls(emu)).toEqual([GET]);
  expect(drifted.props).toMatchObject({ status: "previously_used", drift: { changed: ["status"] } });
  const declared = { projectRef: ref, algorithm: "RS256", status: "in_use" };
  expect((await P().diff(a.id, drifted.props!, declared)).changes).toBe(true);
  await emu.clearRequests();
  await P().update(a.id, drifted.props!, declared);
  expect(await calls(emu)).toEqual([GET, PATCH]);
  expect((await statuses())[other.body.id]).toBe("previously_used");

  // The service's rules: a standby key cannot be revoked, a revoked one never comes back.
  const b = await P().create({ projectRef: ref, algorithm: "HS256" });
  await expect(P().update(b.id, b.outs!, { projectRef: ref, algorithm: "HS256", status: "revoked" })).rejects.toThrow(
    /Invalid signing key status transition from standby to revoked/,
  );
  await emu.api("PATCH", `/v1/projects/${ref}/config/auth/signing-keys/${other.body.id}`, { status: "revoked" });
  const refused = await emu.api("PATCH", `/v1/projects/${ref}/config/auth/signing-keys/${other.body.id}`, {
    status: "in_use",
  });
  expect(refused.status).toBe(400);
  expect(refused.body.message).toMatch(/from revoked to in_use/);
  // Only standby and revoked keys can be removed; destroy revokes a previously used key first.
  const inUse = (await keys()).find((k) => k.status === "in_use");
  const removeInUse = await emu.api("DELETE", `/v1/projects/${ref}/config/auth/signing-keys/${inUse.id}`);
  expect(removeInUse.status).toBe(400);
  await emu.api("POST", `/v1/projects/${ref}/config/auth/signing-keys`, { algorithm: "ES256", status: "in_use" });
  await emu.clearRequests();
  await P().delete(a.id, a.outs!);
  expect(await calls(emu)).toEqual([GET, PATCH, DELETE]);
  expect((await keys()).map((k) => k.id)).not.toContain(a.outs!.signingKeyId);
});

test("bad inputs are refused at check, naming the field", async () => {
  await expectRefused(ctx.emu, "signingKey", [
    [{ projectRef: "x", algorithm: "ES256" }, "projectRef"],
    [{ projectRef: ctx.ref }, "algorithm"],
    [{ projectRef: ctx.ref, algorithm: "PS512" }, "algorithm"],
    [{ projectRef: ctx.ref, algorithm: "ES256", status: "active" }, "status"],
    [{ projectRef: ctx.ref, algorithm: "ES256", status: "revoked" }, "status"],
    [{ projectRef: ctx.ref, legacy: true, algorithm: "RS256" }, "algorithm"],
    [{ projectRef: ctx.ref, legacy: true, keyId: "33333333-3333-4333-8333-333333333333" }, "keyId"],
    [{ projectRef: ctx.ref, keyId: "not-a-uuid" }, "keyId"],
    [{ projectRef: ctx.ref, algorithm: "ES256", privateJwk: {} }, "privateJwk"],
  ]);
  // An existing key may be declared in any status.
  const later = await runtime.provider("signingKey").check(
    { projectRef: ctx.ref, algorithm: "ES256" },
    {
      projectRef: ctx.ref,
      algorithm: "ES256",
      status: "revoked",
    },
  );
  expect(later.failures).toEqual([]);
});
