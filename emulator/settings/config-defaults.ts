/**
 * What a new project's service configuration reads: the auth settings a fresh
 * project answers (every field of the spec's AuthConfigResponse, with the
 * service's documented defaults), the Data API, the pooler and storage.
 * Postgres answers only the settings that were changed: a fresh project's
 * `config/database/postgres` is empty.
 */
import type { ProjectRecord } from "../store/records";
import { AUTH_RESPONSE_FIELDS } from "../generated/config-schemas";

const MAILER_SUBJECTS: Record<string, string> = {
  mailer_subjects_invite: "You have been invited",
  mailer_subjects_confirmation: "Confirm Your Signup",
  mailer_subjects_recovery: "Reset Your Password",
  mailer_subjects_email_change: "Confirm Email Change",
  mailer_subjects_magic_link: "Your Magic Link",
  mailer_subjects_reauthentication: "Confirm reauthentication",
};

const AUTH_DEFAULTS: Record<string, unknown> = {
  site_url: "http://localhost:3000",
  disable_signup: false,
  jwt_exp: 3600,
  uri_allow_list: "",
  external_email_enabled: true,
  external_phone_enabled: false,
  external_anonymous_users_enabled: false,
  mailer_autoconfirm: false,
  mailer_secure_email_change_enabled: true,
  mailer_otp_exp: 3600,
  mailer_otp_length: 6,
  smtp_max_frequency: 60,
  sms_autoconfirm: false,
  sms_max_frequency: 60,
  sms_otp_exp: 60,
  sms_otp_length: 6,
  sms_template: "Your code is {{ .Code }}",
  password_min_length: 6,
  password_required_characters: "",
  password_hibp_enabled: false,
  refresh_token_rotation_enabled: true,
  security_refresh_token_reuse_interval: 10,
  rate_limit_anonymous_users: 30,
  rate_limit_email_sent: 2,
  rate_limit_sms_sent: 30,
  rate_limit_verify: 30,
  rate_limit_token_refresh: 150,
  rate_limit_otp: 30,
  rate_limit_web3: 30,
  mfa_max_enrolled_factors: 10,
  mfa_totp_enroll_enabled: true,
  mfa_totp_verify_enabled: true,
  mfa_phone_otp_length: 6,
  mfa_phone_max_frequency: 5,
  mfa_phone_template: "Your code is {{ .Code }}",
  api_max_request_duration: 10,
  db_max_pool_size: 10,
  db_max_pool_size_unit: "connections",
  sessions_timebox: 0,
  sessions_inactivity_timeout: 0,
  custom_oauth_max_providers: 0,
  ...MAILER_SUBJECTS,
};

/** Every AuthConfigResponse field: booleans off, other unset fields null, then the documented defaults. */
export function authDefaults(): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, type] of Object.entries(AUTH_RESPONSE_FIELDS)) out[field] = type === "boolean" ? false : null;
  return { ...out, ...AUTH_DEFAULTS };
}

export function postgrestDefaults(): Record<string, unknown> {
  return {
    db_schema: "public, graphql_public",
    max_rows: 1000,
    db_extra_search_path: "public, extensions",
    db_pool: null,
  };
}

export function poolerDefaults(): Record<string, unknown> {
  return { default_pool_size: 15, max_client_conn: 200, pool_mode: "transaction" };
}

/** The shared pooler's connection facts, derived from the project. */
export function poolerView(p: ProjectRecord, settings: Record<string, unknown>) {
  return poolerEntry(p.ref, p.region, "PRIMARY", settings);
}

/** A pooler entry: the pooler of `region`, its tenant named by `identifier` (a project's ref or a replica's). */
export function poolerEntry(
  identifier: string,
  region: string,
  databaseType: "PRIMARY" | "READ_REPLICA",
  settings: Record<string, unknown>,
) {
  const host = `aws-0-${region}.pooler.supabase.com`;
  const url = `postgresql://postgres.${identifier}:[YOUR-PASSWORD]@${host}:6543/postgres`;
  return {
    identifier,
    database_type: databaseType,
    is_using_scram_auth: true,
    db_user: `postgres.${identifier}`,
    db_host: host,
    db_port: 6543,
    db_name: "postgres",
    connection_string: url,
    connectionString: url,
    default_pool_size: settings.default_pool_size ?? null,
    max_client_conn: settings.max_client_conn ?? null,
    pool_mode: settings.pool_mode,
  };
}

export function storageDefaults(): Record<string, unknown> {
  return {
    fileSizeLimit: 52428800,
    features: {
      imageTransformation: { enabled: false },
      s3Protocol: { enabled: true },
      icebergCatalog: { enabled: false, maxNamespaces: 10, maxTables: 10, maxCatalogs: 2 },
      vectorBuckets: { enabled: false, maxBuckets: 10, maxIndexes: 5 },
    },
    capabilities: { list_v2: true, iceberg_catalog: false },
    external: { upstreamTarget: "main" },
    migrationVersion: "fix-optimized-search-function",
    databasePoolMode: "recycled",
  };
}

/** A new project's realtime settings (every field of RealtimeConfigResponse). */
export function realtimeDefaults(): Record<string, unknown> {
  return {
    private_only: false,
    connection_pool: 2,
    max_concurrent_users: 200,
    max_events_per_second: 100,
    max_bytes_per_second: 100000,
    max_channels_per_client: 100,
    max_joins_per_second: 100,
    max_presence_events_per_second: 100,
    max_payload_size_in_kb: 100,
    suspend: false,
    presence_enabled: true,
  };
}
