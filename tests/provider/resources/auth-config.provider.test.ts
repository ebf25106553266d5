/**
 * AuthConfig provider methods in-process against the emulator: create, no-op,
 * update, drift, adoption and destroy, each with its API footprint from the
 * request log; secrets never in outputs; bad inputs refused at check.
 */
import { createHmac } from "node:crypto";
import * as runtime from "supabase-pulumi/runtime";
import { calls, useConfigProject } from "./config-helpers";

const ctx = useConfigProject("auth");
const P = () => runtime.provider("authConfig");
const hmac = (value: string) => createHmac("sha256", ctx.ref).update(value).digest("hex");

const SMTP_PASS = "smtp-password-never-in-state";
const GITHUB_SECRET = "github-oauth-secret-never-in-state";
const declared = () => ({
  projectRef: ctx.ref,
  siteUrl: "https://app.example.com/",
  jwtExp: 7200,
  smtpPass: SMTP_PASS,
  externalGithubEnabled: true,
  externalGithubSecret: GITHUB_SECRET,
  uriAllowList: "https://b.example.com, https://a.example.com",
});

const GET_PROJECT = "GET /v1/projects/{ref}";
const GET = "GET /v1/projects/{ref}/config/auth";
const PATCH = "PATCH /v1/projects/{ref}/config/auth";

test("create sends only the declared fields, keeps secrets only as digests; a repeat is a no-op", async () => {
  const before = (await ctx.emu.api("GET", `/v1/projects/${ctx.ref}/config/auth`)).body;
  await ctx.emu.clearRequests();
  const { id, outs } = await P().create(declared());
  expect(id).toBe(ctx.ref);
  expect(await calls(ctx.emu)).toEqual([GET_PROJECT, GET, PATCH]);
  const patch = (await ctx.emu.requests()).find((r) => r.route === PATCH)!;
  expect(JSON.stringify(outs)).not.toContain(SMTP_PASS);
  expect(JSON.stringify(outs)).not.toContain(GITHUB_SECRET);
  expect(outs).toMatchObject({ smtpPass: hmac(SMTP_PASS), externalGithubSecret: hmac(GITHUB_SECRET), jwtExp: 7200 });
  expect(outs!.previous).toEqual({
    site_url: before.site_url,
    jwt_exp: before.jwt_exp,
    external_github_enabled: before.external_github_enabled,
    uri_allow_list: before.uri_allow_list,
  });
  expect(patch).toBeDefined();

  const after = (await ctx.emu.api("GET", `/v1/projects/${ctx.ref}/config/auth`)).body;
  // Undeclared settings keep their values.
  expect(after.disable_signup).toBe(before.disable_signup);
  expect(after.rate_limit_email_sent).toBe(before.rate_limit_email_sent);
  expect(after.smtp_pass).toBe(hmac(SMTP_PASS));

  // No-op: diff is pure, refresh is one GET and finds nothing; the same declaration is no change.
  await ctx.emu.clearRequests();
  expect((await P().diff(id, outs!, declared())).changes).toBe(false);
  const read = await P().read(id, outs!);
  expect(await calls(ctx.emu)).toEqual([GET]);
  expect(read.props!.drift).toBeUndefined();
  expect((await P().diff(id, read.props!, declared())).changes).toBe(false);
  // Written differently but equal: no diff.
  const respelled = {
    ...declared(),
    siteUrl: "https://app.example.com",
    uriAllowList: "https://a.example.com,https://b.example.com",
  };
  expect((await P().diff(id, read.props!, respelled)).changes).toBe(false);
});

test("update writes only the changed declared fields", async () => {
  const { id, outs } = await P().create(declared());
  await ctx.emu.clearRequests();
  const news = { ...declared(), jwtExp: 3000, smtpPass: "rotated-smtp-password" };
  expect((await P().diff(id, outs!, news)).changes).toBe(true);
  const { outs: updated } = await P().update(id, outs!, news);
  expect(await calls(ctx.emu)).toEqual([GET_PROJECT, GET, PATCH]);
  const log = await ctx.emu.requests();
  expect(log.find((r) => r.route === PATCH)).toBeDefined();
  expect(updated).toMatchObject({ jwtExp: 3000, smtpPass: hmac("rotated-smtp-password") });
  const cfg = (await ctx.emu.api("GET", `/v1/projects/${ctx.ref}/config/auth`)).body;
  expect(cfg).toMatchObject({
    jwt_exp: 3000,
    smtp_pass: hmac("rotated-smtp-password"),
    site_url: "https://app.example.com/",
  });
});

test("passkeys and the WebAuthn relying party (settings the document added) are managed like any other", async () => {
  const passkeys = {
    projectRef: ctx.ref,
    passkeyEnabled: true,
    webauthnRpDisplayName: "Acme",
    webauthnRpId: "app.example.com",
    webauthnRpOrigins: "https://app.example.com,https://admin.example.com",
  };
  const { id, outs } = await P().create(passkeys);
  expect(await calls(ctx.emu)).toEqual([GET_PROJECT, GET, PATCH]);
  const cfg = (await ctx.emu.api("GET", `/v1/projects/${ctx.ref}/config/auth`)).body;
  expect(cfg).toMatchObject({
    passkey_enabled: true,
    webauthn_rp_display_name: "Acme",
    webauthn_rp_id: "app.example.com",
  });
  // Origins are a comma-separated list: another order is the same setting.
  const reordered = { ...passkeys, webauthnRpOrigins: "https://admin.example.com, https://app.example.com" };
  expect((await P().diff(id, outs!, reordered)).changes).toBe(false);
  const r = await P().check({}, { ...passkeys, passkeyEnabled: "yes" });
  expect(r.failures!.map((f) => f.property)).toEqual(["passkeyEnabled"]);
});

test("drift: a value and a secret changed out of band show as changed (the secret never by value); up restores", async () => {
  const { id, outs } = await P().create(declared());
  await ctx.emu.api("PATCH", `/v1/projects/${ctx.ref}/config/auth`, {
    jwt_exp: 60,
    smtp_pass: "someone-elses-password",
    disable_signup: true,
  });
  await ctx.emu.clearRequests();
  const read = await P().read(id, outs!);
  expect(await calls(ctx.emu)).toEqual([GET]);
  expect(read.props!.drift).toEqual({ changed: ["jwtExp", "smtpPass"] });
  expect(JSON.stringify(read.props)).not.toContain("someone-elses-password");
  expect((await P().diff(id, read.props!, declared())).changes).toBe(true);

  await ctx.emu.clearRequests();
  await P().update(id, read.props!, declared());
  expect(await calls(ctx.emu)).toEqual([GET_PROJECT, GET, PATCH]);
  const cfg = (await ctx.emu.api("GET", `/v1/projects/${ctx.ref}/config/auth`)).body;
  // The undeclared disable_signup change is left alone.
  expect(cfg).toMatchObject({ jwt_exp: 7200, smtp_pass: hmac(SMTP_PASS), disable_signup: true });
});

test("adoption: declaring what is already there writes nothing", async () => {
  await ctx.emu.api("PATCH", `/v1/projects/${ctx.ref}/config/auth`, {
    site_url: "https://app.example.com",
    jwt_exp: 7200,
  });
  await ctx.emu.clearRequests();
  const { outs } = await P().create({ projectRef: ctx.ref, siteUrl: "https://app.example.com/", jwtExp: 7200 });
  expect(await calls(ctx.emu)).toEqual([GET_PROJECT, GET]);
  expect(outs!.previous).toEqual({ site_url: "https://app.example.com", jwt_exp: 7200 });
});

test("destroy forgets by default; with restoreOnDestroy it writes back the previous values", async () => {
  const { id, outs } = await P().create(declared());
  await ctx.emu.clearRequests();
  await P().delete(id, outs!);
  expect(await calls(ctx.emu)).toEqual([]);

  const { id: id2, outs: outs2 } = await P().create({ projectRef: ctx.ref, jwtExp: 100, restoreOnDestroy: true });
  expect(outs2!.previous).toEqual({ jwt_exp: 7200 });
  await ctx.emu.clearRequests();
  await P().delete(id2, outs2!);
  expect(await calls(ctx.emu)).toEqual([GET_PROJECT, GET, PATCH]);
  expect((await ctx.emu.api("GET", `/v1/projects/${ctx.ref}/config/auth`)).body.jwt_exp).toBe(7200);
});

test("a write waits until the project is healthy", async () => {
  await ctx.emu.setSettings({ provisioningDelayMs: 1500 });
  const org = await ctx.emu.api("POST", "/v1/organizations", { name: "late" });
  const fresh = await ctx.emu.api("POST", "/v1/projects", {
    name: "late",
    organization_id: org.body.id,
    region: "us-east-1",
    db_pass: "late-db-password",
  });
  const lateRef = fresh.body.id as string;
  const { outs } = await P().create({ projectRef: lateRef, jwtExp: 1234 });
  expect(outs!.jwtExp).toBe(1234);
  const log = (await ctx.emu.requests()).filter((r) => r.route === PATCH);
  expect(log.every((r) => r.status === 200)).toBe(true);
});

test("bad inputs are refused at check, naming the field", async () => {
  const bad: Array<[Record<string, unknown>, string]> = [
    [{ projectRef: "nope" }, "projectRef"],
    [{ projectRef: ctx.ref, jwtExp: 604801 }, "jwtExp"],
    [{ projectRef: ctx.ref, siteUrl: "a,b" }, "siteUrl"],
    [{ projectRef: ctx.ref, smtpAdminEmail: "not-an-email" }, "smtpAdminEmail"],
    [{ projectRef: ctx.ref, smsProvider: "carrier-pigeon" }, "smsProvider"],
    [{ projectRef: ctx.ref, passwordMinLength: 2 }, "passwordMinLength"],
    [{ projectRef: ctx.ref, disableSignup: "yes" }, "disableSignup"],
    [{ projectRef: ctx.ref, notAField: true }, "notAField"],
  ];
  await ctx.emu.clearRequests();
  for (const [inputs, field] of bad) {
    const r = await P().check({}, inputs);
    expect({ field, failed: r.failures!.map((f) => f.property) }).toEqual({ field, failed: [field] });
  }
  expect(await calls(ctx.emu)).toEqual([]);
});
