/**
 * The policy pack's rules as data: each one's name (the advisors' lint it
 * prevents, where one exists), the lint's level and so the default enforcement
 * (ERROR mandatory, WARN and INFO advisory), what it judges and the fix. The
 * pack (policy/pack.ts) and the docs pages (docs/policies/, `npm run docs`)
 * are both written from this table, and so are the thresholds: the auth
 * thresholds below are the ones the advisors' configuration lints use.
 */

export type LintLevel = "ERROR" | "WARN" | "INFO";
export type EnforcementLevel = "mandatory" | "advisory" | "disabled";

/** The thresholds of the auth lints (the platform does not publish them; these are the documented choice). */
export const AUTH_THRESHOLDS = {
  /** `auth_otp_long_expiry`: an email OTP valid longer than this many seconds. */
  maxOtpExpirySeconds: 3600,
  /** `auth_otp_short_length`: an OTP shorter than this many digits. */
  minOtpLength: 6,
  /** `password_requirements_min_length`: a minimum password length below this. */
  minPasswordLength: 8,
  /** `auth_insufficient_mfa_options`: fewer MFA factor types enabled than this. */
  minMfaFactors: 2,
} as const;

/** The schemas the Data API exposes when the stack declares no `PostgrestConfig.dbSchema`. */
export const DEFAULT_EXPOSED_SCHEMAS = ["public", "graphql_public"];

export interface RuleInfo {
  name: string;
  /** The advisors' lint this rule prevents, when there is one. */
  lint?: string;
  level: LintLevel;
  /** The resource kinds (class names) it judges. */
  kinds: string[];
  title: string;
  /** What it finds, for the pack's description and the docs page. */
  description: string;
  /** How to fix a violation. */
  fix: string;
  /** The rule's own settings in `--policy-pack-config`, besides `enforcementLevel` (JSON schema properties). */
  config?: Record<string, { type: string; items?: { type: string }; description: string }>;
  /** A violating declaration and its fix, in TypeScript, for the docs page. */
  example: { bad: string; good: string };
}

export const RULES: RuleInfo[] = [
  {
    name: "rls_disabled_in_public",
    lint: "rls_disabled_in_public",
    level: "ERROR",
    kinds: ["DatabaseMigration", "DatabaseSchema"],
    title: "Table in an exposed schema without row level security",
    description:
      "A `DatabaseMigration` creates a table in a schema the Data API exposes (`public` and `graphql_public`, or the " +
      "stack's `PostgrestConfig.dbSchema`) and none of the stack's migrations enables row level security on it, so " +
      "anyone with the publishable key can read and write it. The SQL is read with PostgreSQL's own parser " +
      "(libpg-query): schema-qualified and quoted names, `CREATE SCHEMA … CREATE TABLE`, `SET search_path`, renames, " +
      "`SET SCHEMA` and drops are followed in order; SQL inside functions and `DO` blocks is not. A migration the " +
      "parser cannot read is a violation that says where. A `DatabaseSchema` is judged on its own declared SQL (`sql`, or " +
      "the files of `sourceDir` in their order): a table it declares in a schema it owns and the Data API exposes, without " +
      "`enable row level security` in the declaration, is a violation naming the file; a migration cannot fix it, since " +
      "the schema's `up` takes the table back to its declaration. A relative `sourceDir` is read from the folder `pulumi` " +
      "runs in; one the pack cannot read is left to the resource's own check.",
    fix: "Add `alter table <schema>.<table> enable row level security;` (and the policies the table needs) to a migration of the stack, or to the declared SQL of the `DatabaseSchema` that owns the table.",
    example: {
      bad: 'new supabase.DatabaseMigration("todos", {\n  projectRef: project.ref,\n  name: "001_todos",\n  sql: "create table todos (id bigint primary key, title text)",\n});',
      good: 'new supabase.DatabaseMigration("todos", {\n  projectRef: project.ref,\n  name: "001_todos",\n  sql: `create table todos (id bigint primary key, title text);\n        alter table todos enable row level security;`,\n});',
    },
  },
  {
    name: "schema_owned_twice",
    level: "ERROR",
    kinds: ["DatabaseSchema"],
    title: "One schema owned by two DatabaseSchemas",
    description:
      "Two `DatabaseSchema`s of the stack own the same schema of the same project (or branch): each plans to drop " +
      "what the other declares, so every `up` undoes the other's work. They target the same project when their " +
      "`projectRef`s are equal or, while a ref is not known at preview, when both come from the same resource's " +
      "output. A `DatabaseSchema` without `schemas` owns `public`. The resource's own check refuses it too, at `up`.",
    fix: "Declare each schema in one `DatabaseSchema` only: merge the two declarations, or give them different `schemas`.",
    example: {
      bad: 'new supabase.DatabaseSchema("app", { projectRef: project.ref, sourceDir: "schemas/app" });\nnew supabase.DatabaseSchema("billing", { projectRef: project.ref, sourceDir: "schemas/billing" });\n// both own public',
      good: 'new supabase.DatabaseSchema("app", { projectRef: project.ref, sourceDir: "schemas/app" });\nnew supabase.DatabaseSchema("billing", {\n  projectRef: project.ref,\n  sourceDir: "schemas/billing",\n  schemas: ["billing"],\n});',
    },
  },
  {
    name: "table_rows_rls_disabled",
    lint: "rls_disabled_in_public",
    level: "ERROR",
    kinds: ["TableRows"],
    title: "Rows seeded into an exposed table without row level security",
    description:
      "A `TableRows` writes into a table that the stack's migrations create in an exposed schema without enabling " +
      "row level security: the seeded rows are public through the Data API. Tables the stack's migrations do not " +
      "create are not judged.",
    fix: "Enable row level security on the table in a migration of the stack (see `rls_disabled_in_public`).",
    example: {
      bad: 'new supabase.TableRows("plans", { projectRef: project.ref, table: "public.plans", rows: [{ id: 1 }] });\n// with plans created by a migration that leaves row level security off',
      good: "// the migration that creates public.plans also runs: alter table public.plans enable row level security;",
    },
  },
  {
    name: "network_restrictions_not_set",
    lint: "network_restrictions_not_set",
    level: "INFO",
    kinds: ["NetworkRestriction"],
    title: "Database reachable from any address",
    description:
      "A `NetworkRestriction` allows `0.0.0.0/0` (every IPv4 address) or `::/0` (every IPv6 address), which is the " +
      "same as no restriction at all.",
    fix: "List only the CIDR blocks that need the database (your CI runners, your office, your application's egress).",
    example: {
      bad: 'new supabase.NetworkRestriction("db", { projectRef: project.ref, dbAllowedCidrs: ["0.0.0.0/0"] });',
      good: 'new supabase.NetworkRestriction("db", { projectRef: project.ref, dbAllowedCidrs: ["203.0.113.0/24"] });',
    },
  },
  {
    name: "ssl_not_enforced",
    lint: "ssl_not_enforced",
    level: "WARN",
    kinds: ["SslEnforcement"],
    title: "Database accepts connections without SSL",
    description: "An `SslEnforcement` declares `database: false`: the database accepts unencrypted connections.",
    fix: "Declare `database: true`.",
    example: {
      bad: 'new supabase.SslEnforcement("ssl", { projectRef: project.ref, database: false });',
      good: 'new supabase.SslEnforcement("ssl", { projectRef: project.ref, database: true });',
    },
  },
  {
    name: "auth_leaked_password_protection",
    lint: "auth_leaked_password_protection",
    level: "WARN",
    kinds: ["AuthConfig"],
    title: "Leaked password protection off",
    description:
      "An `AuthConfig` declares `passwordHibpEnabled: false`: passwords known from breaches (HaveIBeenPwned) are accepted.",
    fix: "Declare `passwordHibpEnabled: true`.",
    example: {
      bad: 'new supabase.AuthConfig("auth", { projectRef: project.ref, passwordHibpEnabled: false });',
      good: 'new supabase.AuthConfig("auth", { projectRef: project.ref, passwordHibpEnabled: true });',
    },
  },
  {
    name: "auth_insufficient_mfa_options",
    lint: "auth_insufficient_mfa_options",
    level: "WARN",
    kinds: ["AuthConfig"],
    title: "Too few MFA options",
    description:
      `An \`AuthConfig\` that declares MFA settings leaves fewer than ${AUTH_THRESHOLDS.minMfaFactors} factor types ` +
      "(TOTP, phone, WebAuthn) enabled for enrollment and verification; undeclared ones count at the platform's " +
      "defaults (TOTP on, phone and WebAuthn off). An `AuthConfig` that declares no MFA setting is not judged.",
    fix: "Enable a second factor type, e.g. `mfaWebAuthnEnrollEnabled: true, mfaWebAuthnVerifyEnabled: true`.",
    example: {
      bad: 'new supabase.AuthConfig("auth", { projectRef: project.ref, mfaTotpEnrollEnabled: true });',
      good: 'new supabase.AuthConfig("auth", {\n  projectRef: project.ref,\n  mfaTotpEnrollEnabled: true,\n  mfaWebAuthnEnrollEnabled: true,\n  mfaWebAuthnVerifyEnabled: true,\n});',
    },
  },
  {
    name: "auth_otp_long_expiry",
    lint: "auth_otp_long_expiry",
    level: "WARN",
    kinds: ["AuthConfig"],
    title: "Email OTP valid too long",
    description: `An \`AuthConfig\` declares \`mailerOtpExp\` above ${AUTH_THRESHOLDS.maxOtpExpirySeconds} seconds (one hour).`,
    fix: `Declare \`mailerOtpExp\` of at most ${AUTH_THRESHOLDS.maxOtpExpirySeconds}.`,
    example: {
      bad: 'new supabase.AuthConfig("auth", { projectRef: project.ref, mailerOtpExp: 86400 });',
      good: 'new supabase.AuthConfig("auth", { projectRef: project.ref, mailerOtpExp: 3600 });',
    },
  },
  {
    name: "auth_otp_short_length",
    lint: "auth_otp_short_length",
    level: "WARN",
    kinds: ["AuthConfig"],
    title: "One-time passwords too short",
    description: `An \`AuthConfig\` declares \`mailerOtpLength\`, \`smsOtpLength\` or \`mfaPhoneOtpLength\` below ${AUTH_THRESHOLDS.minOtpLength} digits.`,
    fix: `Declare OTP lengths of at least ${AUTH_THRESHOLDS.minOtpLength}.`,
    example: {
      bad: 'new supabase.AuthConfig("auth", { projectRef: project.ref, smsOtpLength: 4 });',
      good: 'new supabase.AuthConfig("auth", { projectRef: project.ref, smsOtpLength: 6 });',
    },
  },
  {
    name: "password_requirements_min_length",
    lint: "password_requirements_min_length",
    level: "WARN",
    kinds: ["AuthConfig"],
    title: "Minimum password length too short",
    description: `An \`AuthConfig\` declares \`passwordMinLength\` below ${AUTH_THRESHOLDS.minPasswordLength}.`,
    fix: `Declare \`passwordMinLength\` of at least ${AUTH_THRESHOLDS.minPasswordLength}.`,
    example: {
      bad: 'new supabase.AuthConfig("auth", { projectRef: project.ref, passwordMinLength: 6 });',
      good: 'new supabase.AuthConfig("auth", { projectRef: project.ref, passwordMinLength: 12 });',
    },
  },
  {
    name: "legacy_api_keys_enabled",
    level: "WARN",
    kinds: ["LegacyApiKeys"],
    title: "Legacy API keys still on",
    description:
      "A `LegacyApiKeys` declares `enabled: true`: the JWT-based `anon` and `service_role` keys keep working, and a " +
      "leaked `service_role` key cannot be revoked without rotating the JWT secret.",
    fix: "Move clients to the publishable and secret keys (`ApiKey`), then declare `enabled: false`.",
    example: {
      bad: 'new supabase.LegacyApiKeys("legacy", { projectRef: project.ref, enabled: true });',
      good: 'new supabase.LegacyApiKeys("legacy", { projectRef: project.ref, enabled: false });',
    },
  },
  {
    name: "pitr_not_enabled",
    lint: "pitr_not_enabled",
    level: "INFO",
    kinds: ["Project", "ProjectAddons"],
    title: "Point-in-time recovery off on a protected stack",
    description:
      "On a stack listed in this rule's `protectedStacks`, a `Project` created by the stack has no `ProjectAddons` " +
      'with `pitr` of `pitr_7`, `pitr_14` or `pitr_28`, or a `ProjectAddons` declares `pitr: "disabled"`. Other ' +
      "stacks are not judged.",
    fix: 'Declare `new supabase.ProjectAddons(…, { projectRef: project.ref, pitr: "pitr_7" })` (or 14, 28 days).',
    config: {
      protectedStacks: {
        type: "array",
        items: { type: "string" },
        description: "The stacks judged: `stack` or `project/stack` names.",
      },
    },
    example: {
      bad: 'new supabase.ProjectAddons("addons", { projectRef: project.ref, pitr: "disabled" });',
      good: 'new supabase.ProjectAddons("addons", { projectRef: project.ref, pitr: "pitr_7" });',
    },
  },
  {
    name: "public_bucket_without_limits",
    level: "WARN",
    kinds: ["StorageBucket"],
    title: "Public bucket with no size or type limit",
    description:
      "A `StorageBucket` declares `public: true` with neither `fileSizeLimit` nor a non-empty `allowedMimeTypes`: " +
      "anything of any size that reaches it is served to anyone.",
    fix: 'Declare `fileSizeLimit` (e.g. `"5MB"`) and/or `allowedMimeTypes` (e.g. `["image/png", "image/jpeg"]`).',
    example: {
      bad: 'new supabase.StorageBucket("avatars", { projectRef: project.ref, name: "avatars", public: true });',
      good: 'new supabase.StorageBucket("avatars", {\n  projectRef: project.ref,\n  name: "avatars",\n  public: true,\n  fileSizeLimit: "2MB",\n  allowedMimeTypes: ["image/png", "image/jpeg"],\n});',
    },
  },
];

/** A lint's level as the pack's default enforcement. */
export function defaultEnforcement(level: LintLevel): EnforcementLevel {
  return level === "ERROR" ? "mandatory" : "advisory";
}

export const RULE_NAMES = RULES.map((r) => r.name);

export function rule(name: string): RuleInfo {
  const r = RULES.find((x) => x.name === name);
  if (!r) throw new Error(`no policy rule named ${name}`);
  return r;
}
