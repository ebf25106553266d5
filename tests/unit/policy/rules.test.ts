/**
 * Each rule of the policy pack on declared inputs: what fires, what must not
 * (a look-alike or a value unknown at preview), and that a finding names the
 * resource, the field and the fix.
 */
import { unknownCheckingProxy } from "@pulumi/policy";
import {
  exposedSchemas,
  pitrFindings,
  resourceFindings,
  rlsFindings,
  schemaOwnerFindings,
  type StackResource,
} from "../../../policy/checks";
import { kindOf, plainProps, UNKNOWN } from "../../../policy/inputs";
import { CONFIG_LINTS, THRESHOLDS } from "../../../emulator/advisors/config";
import { SQL_LINTS } from "../../../emulator/advisors/lints";
import { AUTH_THRESHOLDS, defaultEnforcement, RULES, rule } from "../../../policy/rules";
import { loadParser } from "../../../policy/sql";

const rules = (kind: string, props: Record<string, unknown>) => resourceFindings(kind, "r", props).map((f) => f.rule);

describe("recognizing the package's resources", () => {
  test("dynamic resources of the TypeScript SDK, the plugin's in any language, nothing else", () => {
    expect(kindOf("pulumi-nodejs:dynamic/supabase:NetworkRestriction")).toBe("NetworkRestriction");
    expect(kindOf("supabase:index:DatabaseMigration")).toBe("DatabaseMigration");
    expect(kindOf("aws:s3/bucket:Bucket")).toBeUndefined();
    expect(kindOf("pulumi-nodejs:dynamic:Resource", { __provider: "exports.handler = 1" })).toBeUndefined();
    // An engine SDK that drops the type name: the serialized provider's module says which kind.
    const provider = 'exports.handler = __f0; … require("supabase-pulumi/dist/sdk/providers/ssl-enforcement") …';
    expect(kindOf("pulumi-nodejs:dynamic:Resource", { __provider: provider })).toBe("SslEnforcement");
  });

  test("values unknown at preview become UNKNOWN instead of throwing, at any depth", () => {
    const raw = {
      known: "x",
      ref: "04da6b54-80e4-46f7-96ec-b56ff0331ba9",
      list: ["0.0.0.0/0", "04da6b54-80e4-46f7-96ec-b56ff0331ba9"],
      nested: { n: 1 },
    };
    expect(plainProps(unknownCheckingProxy(raw))).toEqual({
      known: "x",
      ref: UNKNOWN,
      list: ["0.0.0.0/0", UNKNOWN],
      nested: { n: 1 },
    });
  });
});

describe("per-resource rules", () => {
  test("network_restrictions_not_set: 0.0.0.0/0 and ::/0 in any spelling, not a narrower block", () => {
    const [f] = resourceFindings("NetworkRestriction", "db", { dbAllowedCidrs: ["10.0.0.0/8", "0.0.0.0/0"] });
    expect(f).toMatchObject({ rule: "network_restrictions_not_set", field: "dbAllowedCidrs" });
    expect(f!.message).toBe(
      `NetworkRestriction "db": dbAllowedCidrs allows 0.0.0.0/0, every IPv4 address. Fix: ${rule("network_restrictions_not_set").fix}`,
    );
    expect(rules("NetworkRestriction", { dbAllowedCidrsV6: ["0::/0"] })).toEqual(["network_restrictions_not_set"]);
    expect(
      rules("NetworkRestriction", { dbAllowedCidrs: ["0.0.0.0/1", "128.0.0.0/1"], dbAllowedCidrsV6: ["::/1"] }),
    ).toEqual([]);
    expect(rules("NetworkRestriction", { dbAllowedCidrs: UNKNOWN, dbAllowedCidrsV6: [UNKNOWN] })).toEqual([]);
  });

  test("ssl_not_enforced and legacy_api_keys_enabled: only an explicit value", () => {
    expect(rules("SslEnforcement", { database: false })).toEqual(["ssl_not_enforced"]);
    expect(rules("SslEnforcement", { database: true })).toEqual([]);
    expect(rules("SslEnforcement", { database: UNKNOWN })).toEqual([]);
    expect(rules("LegacyApiKeys", { enabled: true })).toEqual(["legacy_api_keys_enabled"]);
    expect(rules("LegacyApiKeys", { enabled: false })).toEqual([]);
  });

  test("auth settings against the advisors' thresholds, judged only where declared", () => {
    expect(rules("AuthConfig", { siteUrl: "https://example.com" })).toEqual([]);
    expect(
      rules("AuthConfig", {
        passwordHibpEnabled: false,
        mailerOtpExp: 3601,
        smsOtpLength: 5,
        passwordMinLength: 7,
        mfaTotpEnrollEnabled: true,
      }).sort(),
    ).toEqual([
      "auth_insufficient_mfa_options",
      "auth_leaked_password_protection",
      "auth_otp_long_expiry",
      "auth_otp_short_length",
      "password_requirements_min_length",
    ]);
    expect(
      rules("AuthConfig", {
        passwordHibpEnabled: true,
        mailerOtpExp: 3600,
        smsOtpLength: 6,
        passwordMinLength: 8,
        mfaWebAuthnEnrollEnabled: true,
        mfaWebAuthnVerifyEnabled: true,
      }),
    ).toEqual([]);
    // TOTP turned off leaves phone alone: one factor type.
    const [mfa] = resourceFindings("AuthConfig", "auth", {
      mfaTotpEnrollEnabled: false,
      mfaPhoneEnrollEnabled: true,
      mfaPhoneVerifyEnabled: true,
    });
    expect(mfa!.message).toMatch(
      /^AuthConfig "auth": mfaTotpEnrollEnabled, mfaPhoneEnrollEnabled, mfaPhoneVerifyEnabled leave 1 MFA factor type enabled \(Phone\)/,
    );
    expect(rules("AuthConfig", { mfaTotpEnrollEnabled: UNKNOWN, passwordMinLength: UNKNOWN })).toEqual([]);
  });

  test("public_bucket_without_limits: a public bucket needs a size or a type limit", () => {
    expect(rules("StorageBucket", { name: "a", public: true })).toEqual(["public_bucket_without_limits"]);
    expect(rules("StorageBucket", { name: "a", public: true, allowedMimeTypes: [] })).toEqual([
      "public_bucket_without_limits",
    ]);
    expect(rules("StorageBucket", { name: "a", public: true, fileSizeLimit: "5MB" })).toEqual([]);
    expect(rules("StorageBucket", { name: "a", public: true, allowedMimeTypes: ["image/png"] })).toEqual([]);
    expect(rules("StorageBucket", { name: "a", public: false })).toEqual([]);
    expect(rules("StorageBucket", { name: "a", public: true, fileSizeLimit: UNKNOWN })).toEqual([]);
  });
});

const res = (
  kind: string,
  name: string,
  props: Record<string, unknown>,
  deps: Record<string, string[]> = {},
): StackResource => ({
  urn: `urn:pulumi:dev::app::${kind}::${name}`,
  name,
  kind,
  props,
  propertyDependencies: deps,
});

describe("stack rules", () => {
  beforeAll(() => loadParser());

  test("rls_disabled_in_public and table_rows_rls_disabled over all of the stack's migrations", () => {
    const stack = [
      res("DatabaseMigration", "todos", {
        name: "001_todos",
        sql: "create table todos (id int); create table private.x (id int);",
      }),
      res("DatabaseMigration", "notes", { name: "002_notes", sql: "create table notes (id int)" }),
      res("DatabaseMigration", "notes-rls", {
        name: "003_rls",
        sql: "alter table public.notes enable row level security",
      }),
      res("DatabaseMigration", "later", { name: "004", sql: UNKNOWN }),
      res("TableRows", "todo-rows", { table: "public.todos", rows: [] }),
      res("TableRows", "note-rows", { table: "notes", rows: [] }),
      res("TableRows", "gql-rows", { table: "Todos", rows: [] }),
      res("TableRows", "elsewhere", { table: "public.created_by_hand", rows: [] }),
    ];
    const found = rlsFindings(stack);
    expect(found.map((f) => [f.rule, f.urn!.split("::").pop(), f.field])).toEqual([
      ["rls_disabled_in_public", "todos", "sql"],
      ["table_rows_rls_disabled", "todo-rows", "table"],
      ["table_rows_rls_disabled", "gql-rows", "table"],
    ]);
    expect(found[0]!.message).toBe(
      'DatabaseMigration "todos": sql creates table public.todos in the exposed schema public and no migration of the ' +
        `stack enables row level security on it. Fix: ${rule("rls_disabled_in_public").fix}`,
    );
  });

  test("the exposed schemas come from the stack's PostgrestConfig when it declares them", () => {
    const migration = res("DatabaseMigration", "m", {
      name: "001",
      sql: "create table api.items (id int); create table todos (id int)",
    });
    expect(exposedSchemas([migration])).toEqual(["public", "graphql_public"]);
    const api = res("PostgrestConfig", "rest", { dbSchema: "api, graphql_public" });
    expect(exposedSchemas([migration, api])).toEqual(["api", "graphql_public"]);
    expect(rlsFindings([migration, api]).map((f) => f.message)).toEqual([expect.stringContaining("api.items")]);
    expect(exposedSchemas([migration, res("PostgrestConfig", "rest", { dbSchema: UNKNOWN })])).toEqual([
      "public",
      "graphql_public",
    ]);
  });

  test("a migration the parser cannot read is a violation that says so", () => {
    const [f] = rlsFindings([res("DatabaseMigration", "bad", { name: "001", sql: "create table t (id int" })]);
    expect(f).toMatchObject({ rule: "rls_disabled_in_public", field: "sql" });
    expect(f!.message).toMatch(
      /^DatabaseMigration "bad": sql cannot be parsed \(line 1, column \d+: syntax error at end of input\)/,
    );
  });

  test("schema_owned_twice: two DatabaseSchemas owning one schema of one project, by known ref or by the same source", () => {
    const project = res("Project", "prod", { name: "prod" });
    const schema = (name: string, props: Record<string, unknown>, deps: Record<string, string[]> = {}) =>
      res("DatabaseSchema", name, { sql: "select 1", ...props }, deps);
    const app = schema("app", { projectRef: "abcdefghijklmnopqrst" });
    const billing = schema("billing", { projectRef: "abcdefghijklmnopqrst", schemas: ["billing", "public"] });
    const found = schemaOwnerFindings([project, app, billing]);
    expect(found.map((f) => [f.rule, f.urn!.split("::").pop(), f.field])).toEqual([
      ["schema_owned_twice", "billing", "schemas"],
    ]);
    expect(found[0]!.message).toBe(
      'DatabaseSchema "billing": schemas owns schema public of project abcdefghijklmnopqrst, which DatabaseSchema "app" ' +
        `also owns: each would drop what the other declares. Fix: ${rule("schema_owned_twice").fix}`,
    );
    // Different schemas, or another project: nothing.
    expect(
      schemaOwnerFindings([app, schema("b", { projectRef: "abcdefghijklmnopqrst", schemas: ["billing"] })]),
    ).toEqual([]);
    expect(schemaOwnerFindings([app, schema("b", { projectRef: "zzzzzzzzzzzzzzzzzzzz" })])).toEqual([]);
    // Unknown at preview: the same project's output links them; unrelated unknowns and unknown schemas are not judged.
    const fromProject = (name: string, schemas?: unknown) =>
      schema(name, { projectRef: UNKNOWN, ...(schemas ? { schemas } : {}) }, { projectRef: [project.urn] });
    expect(schemaOwnerFindings([fromProject("a", ["app"]), fromProject("b", ["app"])]).map((f) => f.message)).toEqual([
      expect.stringContaining('owns schema app of the same project, which DatabaseSchema "a" also owns'),
    ]);
    expect(schemaOwnerFindings([fromProject("a"), schema("b", { projectRef: UNKNOWN })])).toEqual([]);
    expect(schemaOwnerFindings([fromProject("a"), fromProject("b", UNKNOWN)])).toEqual([]);
    expect(schemaOwnerFindings([fromProject("a"), fromProject("b", ["public", UNKNOWN])])).toEqual([]);
  });

  test("pitr_not_enabled only on protected stacks; linked by dependency or by a known ref", () => {
    const project = res("Project", "prod", { name: "prod" });
    const addons = (pitr: unknown) =>
      res("ProjectAddons", "addons", { projectRef: UNKNOWN, pitr }, { projectRef: [project.urn] });
    const opts = { stack: "dev", project: "app", protectedStacks: ["app/dev"] };
    expect(pitrFindings([project], opts).map((f) => [f.rule, f.field])).toEqual([
      ["pitr_not_enabled", "ProjectAddons.pitr"],
    ]);
    expect(pitrFindings([project], { ...opts, protectedStacks: ["prod"] })).toEqual([]);
    expect(pitrFindings([project, addons("pitr_7")], opts)).toEqual([]);
    expect(pitrFindings([project, addons("disabled")], opts).map((f) => f.field)).toEqual(["pitr"]);
    const known = { ...project, props: { ref: "abcdefghijklmnopqrst" } };
    const byRef = res("ProjectAddons", "addons", { projectRef: "abcdefghijklmnopqrst", pitr: "pitr_14" });
    expect(pitrFindings([known, byRef], { ...opts, protectedStacks: ["dev"] })).toEqual([]);
  });
});

test("the rules as data: unique names, defaults follow the lint's level, each has a fix and an example", () => {
  expect(new Set(RULES.map((r) => r.name)).size).toBe(RULES.length);
  expect(defaultEnforcement(rule("rls_disabled_in_public").level)).toBe("mandatory");
  expect(defaultEnforcement(rule("network_restrictions_not_set").level)).toBe("advisory");
  for (const r of RULES) {
    expect(r.name).toMatch(/^[a-z0-9_]+$/);
    expect(r.fix.length).toBeGreaterThan(10);
    expect(r.example.bad).not.toBe(r.example.good);
  }
});

describe("the pack and the emulator's advisors agree", () => {
  // The policy pack is shipped without the emulator and the emulator never
  // depends on the pack, so each keeps its copy of the thresholds; this holds
  // them to one set of values.
  it("judges auth settings by the thresholds the emulator's configuration lints use", () => {
    const { maxOtpExpirySeconds, minOtpLength, minPasswordLength, minMfaFactors } = THRESHOLDS;
    expect(AUTH_THRESHOLDS).toEqual({ maxOtpExpirySeconds, minOtpLength, minPasswordLength, minMfaFactors });
  });

  it("names each rule's lint after one the advisors answer, at the advisors' level", () => {
    const levels = new Map<string, string>([
      ...Object.entries(SQL_LINTS).map(([name, l]) => [name, l.level] as [string, string]),
      ...CONFIG_LINTS.map((l) => [l.name, l.level] as [string, string]),
    ]);
    for (const r of RULES.filter((x) => x.lint))
      expect({ rule: r.name, level: levels.get(r.lint!) }).toEqual({ rule: r.name, level: r.level });
  });
});
