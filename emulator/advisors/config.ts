/**
 * The configuration lints: findings from the project's settings rather than
 * its catalog. The platform does not publish these rules, so the thresholds
 * are the emulator's (one a user would expect, from the platform's own
 * production checklist), all in `THRESHOLDS`, and listed in the faithfulness
 * table of emulator/README.md. Pure: the route gathers the facts.
 */
import type { Lint, LintLevel } from "./lints";

/** Every threshold a configuration lint compares with, in one place. */
export const THRESHOLDS = {
  /** Email OTP longer-lived than an hour is "long". */
  maxOtpExpirySeconds: 3600,
  /** Email OTPs shorter than this are "short". */
  minOtpLength: 6,
  /** Passwords may not be shorter than this. */
  minPasswordLength: 8,
  /** At least this many MFA factor types (TOTP, phone, WebAuthn) enabled for enrolment and verification. */
  minMfaFactors: 2,
  /** Majors below this no longer get the platform's security patches (it offers 15 and later). */
  minSupportedMajor: 15,
} as const;

/** What the configuration lints read of a project. */
export interface ProjectFacts {
  /** The auth configuration as `GET …/config/auth` answers it. */
  auth: Record<string, unknown>;
  sslEnforced: boolean;
  /** The network restrictions in force. */
  allowedCidrs: string[];
  /** The PITR add-on's variant, if any. */
  pitr?: string;
  /** The engine version, e.g. "17.4". */
  postgresVersion: string;
}

interface ConfigLintDef {
  name: string;
  title: string;
  level: LintLevel;
  description: string;
  detail: string;
  remediation: string;
  metadata: Record<string, unknown>;
  fires(f: ProjectFacts): boolean;
}

const auth = { entity: "Auth", type: "auth" };
const compliance = (entity: string) => ({ entity, type: "compliance" });
const num = (v: unknown, fallback: number) => (typeof v === "number" ? v : fallback);
const OPEN_CIDRS = new Set(["0.0.0.0/0", "::/0"]);

/** The one-time passwords of the enabled sign-in channels: email, and SMS when the phone provider is on. */
export function otpChannels(a: Record<string, unknown>): Array<{ expiry: number; length: number }> {
  const out: Array<{ expiry: number; length: number }> = [];
  if (a.external_email_enabled !== false)
    out.push({ expiry: num(a.mailer_otp_exp, 3600), length: num(a.mailer_otp_length, 6) });
  if (a.external_phone_enabled === true) out.push({ expiry: num(a.sms_otp_exp, 60), length: num(a.sms_otp_length, 6) });
  return out;
}

/** The number of MFA factor types both enrolled and verified. */
export function mfaFactors(a: Record<string, unknown>): number {
  return ["totp", "phone", "web_authn"].filter(
    (f) => a[`mfa_${f}_enroll_enabled`] === true && a[`mfa_${f}_verify_enabled`] === true,
  ).length;
}

/** Whether an engine version is one the platform no longer patches. */
export function vulnerableVersion(version: string): boolean {
  const major = Number.parseInt(version, 10);
  return !Number.isNaN(major) && major < THRESHOLDS.minSupportedMajor;
}

export const CONFIG_LINTS: ConfigLintDef[] = [
  {
    name: "auth_leaked_password_protection",
    title: "Leaked Password Protection Disabled",
    level: "WARN",
    description: "Leaked password protection is currently disabled.",
    detail:
      "Supabase Auth prevents the use of compromised passwords by checking against HaveIBeenPwned.org. Enable this feature to enhance security.",
    remediation:
      "https://supabase.com/docs/guides/auth/password-security#password-strength-and-leaked-password-protection",
    metadata: auth,
    fires: (f) => f.auth.password_hibp_enabled !== true,
  },
  {
    name: "auth_insufficient_mfa_options",
    title: "Insufficient MFA Options",
    level: "WARN",
    description: "This project has too few multi-factor authentication (MFA) options enabled",
    detail:
      "Your project has too few MFA options enabled, which may weaken account security. Enable more MFA methods to enhance security.",
    remediation: "https://supabase.com/docs/guides/auth/auth-mfa",
    metadata: auth,
    fires: (f) => mfaFactors(f.auth) < THRESHOLDS.minMfaFactors,
  },
  {
    name: "auth_otp_long_expiry",
    title: "Auth OTP long expiry",
    level: "WARN",
    description: "OTP expiry exceeds recommended threshold",
    detail:
      "We have detected that you have enabled the email provider with the OTP expiry set to more than an hour. It is recommended to set this value to less than an hour.",
    remediation: "https://supabase.com/docs/guides/platform/going-into-prod#security",
    metadata: auth,
    fires: (f) => otpChannels(f.auth).some((c) => c.expiry > THRESHOLDS.maxOtpExpirySeconds),
  },
  {
    name: "auth_otp_short_length",
    title: "Auth OTP short length",
    level: "WARN",
    description: "OTP length is below the recommended threshold",
    detail: `An enabled one-time password (email or SMS) has fewer than ${THRESHOLDS.minOtpLength} digits, which makes codes easier to guess. Use at least ${THRESHOLDS.minOtpLength}.`,
    remediation: "https://supabase.com/docs/guides/platform/going-into-prod#security",
    metadata: auth,
    fires: (f) => otpChannels(f.auth).some((c) => c.length < THRESHOLDS.minOtpLength),
  },
  {
    name: "password_requirements_min_length",
    title: "Password minimum length too short",
    level: "WARN",
    description: "The minimum password length is below the recommended threshold",
    detail: `Passwords may be shorter than ${THRESHOLDS.minPasswordLength} characters. Raise the minimum password length to at least ${THRESHOLDS.minPasswordLength}.`,
    remediation: "https://supabase.com/docs/guides/auth/password-security",
    metadata: auth,
    fires: (f) => num(f.auth.password_min_length, 0) < THRESHOLDS.minPasswordLength,
  },
  {
    name: "auth_password_policy_missing",
    title: "Password policy missing",
    level: "INFO",
    description: "No character requirements are set for passwords",
    detail:
      "Passwords need no particular characters. Require a mix of letters, digits and symbols to make passwords harder to guess.",
    remediation: "https://supabase.com/docs/guides/auth/password-security",
    metadata: auth,
    fires: (f) => !f.auth.password_required_characters,
  },
  {
    name: "ssl_not_enforced",
    title: "SSL not enforced",
    level: "WARN",
    description: "The database accepts connections without SSL",
    detail:
      "Connections to the database may be unencrypted. Enforce SSL so that only encrypted connections are accepted.",
    remediation: "https://supabase.com/docs/guides/platform/ssl-enforcement",
    metadata: compliance("Database"),
    fires: (f) => !f.sslEnforced,
  },
  {
    name: "network_restrictions_not_set",
    title: "Network restrictions not set",
    level: "INFO",
    description: "The database accepts connections from any address",
    detail:
      "The network restrictions allow every IP address (0.0.0.0/0 or ::/0). Restrict direct database access to the addresses that need it.",
    remediation: "https://supabase.com/docs/guides/platform/network-restrictions",
    metadata: compliance("Database"),
    fires: (f) => f.allowedCidrs.some((c) => OPEN_CIDRS.has(c)),
  },
  {
    name: "pitr_not_enabled",
    title: "Point in time recovery not enabled",
    level: "INFO",
    description: "The project has no point-in-time recovery",
    detail:
      "Without point-in-time recovery the database can only be restored to a daily backup. Enable the PITR add-on to recover to any moment.",
    remediation: "https://supabase.com/docs/guides/platform/backups#point-in-time-recovery",
    metadata: compliance("Database"),
    fires: (f) => !f.pitr,
  },
  {
    name: "vulnerable_postgres_version",
    title: "Current Postgres version has security patches available",
    level: "WARN",
    description: "Upgrade your postgres database to apply important security patches",
    detail:
      "Your current version has outstanding security patches available. Upgrade your database to receive the latest security patches.",
    remediation: "https://supabase.com/docs/guides/platform/upgrading",
    metadata: compliance("Database"),
    fires: (f) => vulnerableVersion(f.postgresVersion),
  },
  // leaked_service_key and no_backup_admin need what only the platform sees (published keys, its own roles):
  // they never fire here (emulator/README.md).
];

/** The configuration lints that fire for these facts (all are security lints). */
export function configLints(facts: ProjectFacts): Lint[] {
  return CONFIG_LINTS.filter((d) => d.fires(facts)).map((d) => ({
    name: d.name,
    title: d.title,
    level: d.level,
    facing: "EXTERNAL",
    categories: ["SECURITY"],
    description: d.description,
    detail: d.detail,
    remediation: d.remediation,
    metadata: { ...d.metadata },
    cache_key: d.name,
  }));
}
