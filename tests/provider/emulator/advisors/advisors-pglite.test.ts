/**
 * The advisors on the embedded database: every SQL lint case, the
 * configuration lints toggled by the settings that cause them, `lint_type`,
 * branches, and the refusal on a project that is not up.
 */
import { readyProject, startTestEmulator, type TestEmulator } from "../../../../harness/emulator";
import * as fs from "node:fs";
import { CONFIG_LINTS, SQL_LINTS, vulnerableVersion } from "../../../../emulator/advisors";
import { SPEC_PATH } from "../../../../harness/contract";
import { LINT_CASES } from "./lint-cases";
import { lintSuite, lintsOf } from "./advisors-suite";

let emu: TestEmulator;

beforeAll(async () => {
  emu = await startTestEmulator({ provisioningDelayMs: 0 });
});

afterAll(async () => {
  await emu?.close();
});

describe("SQL lints", () => {
  lintSuite("pglite", () => emu);
});

describe("configuration lints", () => {
  let ref = "";
  beforeAll(async () => {
    ref = (await readyProject(emu, "config-lints")).ref;
  });
  const configKeys = async () =>
    (await lintsOf(emu, ref, "security"))
      .filter((l) => l.metadata?.type === "auth" || l.metadata?.type === "compliance")
      .map((l) => l.cache_key)
      .sort();

  test("a new project's defaults fire them; the settings that cause them clear them", async () => {
    expect(await configKeys()).toEqual([
      "auth_insufficient_mfa_options",
      "auth_leaked_password_protection",
      "auth_password_policy_missing",
      "network_restrictions_not_set",
      "password_requirements_min_length",
      "pitr_not_enabled",
      "ssl_not_enforced",
    ]);
    const lint = (await lintsOf(emu, ref, "security")).find((l) => l.name === "auth_leaked_password_protection");
    expect(lint).toMatchObject({ level: "WARN", categories: ["SECURITY"], metadata: { entity: "Auth", type: "auth" } });

    // Longer-lived and shorter OTPs make their own lints.
    let res = await emu.api("PATCH", `/v1/projects/${ref}/config/auth`, {
      mailer_otp_exp: 7200,
      external_phone_enabled: true,
      sms_otp_length: 4,
    });
    expect(res.status).toBe(200);
    expect(await configKeys()).toEqual(expect.arrayContaining(["auth_otp_long_expiry", "auth_otp_short_length"]));

    res = await emu.api("PATCH", `/v1/projects/${ref}/config/auth`, {
      mailer_otp_exp: 3600,
      sms_otp_length: 6,
      password_hibp_enabled: true,
      password_min_length: 12,
      password_required_characters: "abcdefghijklmnopqrstuvwxyz:ABCDEFGHIJKLMNOPQRSTUVWXYZ:0123456789",
      mfa_phone_enroll_enabled: true,
      mfa_phone_verify_enabled: true,
    });
    expect(res.status).toBe(200);
    expect(
      (await emu.api("PUT", `/v1/projects/${ref}/ssl-enforcement`, { requestedConfig: { database: true } })).status,
    ).toBe(200);
    expect(
      (
        await emu.api("POST", `/v1/projects/${ref}/network-restrictions/apply`, {
          dbAllowedCidrs: ["203.0.113.0/24"],
          dbAllowedCidrsV6: [],
        })
      ).status,
    ).toBe(201);
    // Restrictions count once applied.
    expect(await configKeys()).toContain("network_restrictions_not_set");
    await emu.advanceTime(5_000);
    expect(
      (await emu.api("PATCH", `/v1/projects/${ref}/billing/addons`, { addon_type: "pitr", addon_variant: "pitr_7" }))
        .status,
    ).toBe(200);
    expect(await configKeys()).toEqual([]);

    // lint_type=sql answers the catalog's lints alone.
    await emu.api("PATCH", `/v1/projects/${ref}/config/auth`, { password_hibp_enabled: false });
    const sqlOnly = await emu.api("GET", `/v1/projects/${ref}/advisors/security?lint_type=sql`);
    expect(sqlOnly.status).toBe(200);
    expect(sqlOnly.body.lints.map((l: { name: string }) => l.name)).not.toContain("auth_leaked_password_protection");
    expect(await configKeys()).toEqual(["auth_leaked_password_protection"]);
  });

  test("a Postgres version the platform no longer patches is a finding", () => {
    expect(vulnerableVersion("14.12")).toBe(true);
    expect(vulnerableVersion("15.8")).toBe(false);
    expect(vulnerableVersion("17.4")).toBe(false);
  });
});

test("a branch has advisors of its own, from its own database", async () => {
  const { ref } = await readyProject(emu, "branch-parent");
  const created = await emu.api("POST", `/v1/projects/${ref}/branches`, { branch_name: "lints" });
  expect(created.status).toBe(201);
  await emu.advanceTime(300_000);
  const branch = created.body.project_ref as string;
  const q = await emu.api("POST", `/v1/projects/${branch}/database/query`, {
    query: "create table only_on_branch (id int)",
  });
  expect(q.status).toBe(201);
  const keys = async (r: string) => (await lintsOf(emu, r, "security")).map((l) => l.cache_key);
  expect(await keys(branch)).toContain("rls_disabled_in_public_public_only_on_branch");
  expect(await keys(ref)).not.toContain("rls_disabled_in_public_public_only_on_branch");
});

test("a project that is not up is refused; an unknown one is not found", async () => {
  await emu.setSettings({ provisioningDelayMs: 60_000 });
  const org = await emu.api("POST", "/v1/organizations", { name: "coming up" });
  const p = await emu.api("POST", "/v1/projects", {
    name: "coming-up",
    organization_id: org.body.id,
    region: "us-east-1",
    db_pass: "test-db-password-1234",
  });
  await emu.setSettings({ provisioningDelayMs: 0 });
  const res = await emu.api("GET", `/v1/projects/${p.body.id}/advisors/performance`);
  expect(res).toMatchObject({ status: 400, body: { message: expect.stringMatching(/COMING_UP/) } });
  expect((await emu.api("GET", `/v1/projects/${"z".repeat(20)}/advisors/security`)).status).toBe(404);
});

test("every lint of the document's enum is computed, or documented as never firing; every SQL lint has a case", () => {
  const spec = JSON.parse(fs.readFileSync(SPEC_PATH, "utf8"));
  const names: string[] = spec.components.schemas.V1ProjectAdvisorsResponse.properties.lints.items.properties.name.enum;
  const computed = [...Object.keys(SQL_LINTS), ...CONFIG_LINTS.map((l) => l.name)];
  expect(names.filter((n) => !computed.includes(n)).sort()).toEqual(["leaked_service_key", "no_backup_admin"]);
  expect(computed.filter((n) => !names.includes(n))).toEqual([]);
  expect(LINT_CASES.map((c) => c.lint).sort()).toEqual(Object.keys(SQL_LINTS).sort());
});
