/**
 * The per-project settings the management API exposes besides the project
 * itself: secrets, functions, the custom hostname, the pgsodium root key,
 * network bans and network restrictions. They live on the project's record in
 * the durable store, so they persist with `--data-dir` and disappear together
 * with the project when its deletion completes.
 *
 * Time-driven transitions (hostname DNS verification, restrictions being
 * applied) are stored as deadlines on the emulator clock and evaluated when
 * read, like project provisioning: no timers, and advancing the clock moves
 * them all.
 */
import { randomBytes } from "node:crypto";
import type { EmulatorContext } from "../context";
import { ApiError, Messages } from "../errors";
import type { ProjectRecord } from "../state";

export interface SecretRecord {
  name: string;
  /**
   * The plaintext. The emulator is a local development tool, so it keeps the
   * value (a function runtime could need it); the API only ever returns its
   * SHA-256, and no log line carries it.
   */
  value: string;
  updatedAtMs: number;
}

export interface FunctionRecord {
  id: string;
  slug: string;
  name: string;
  status: "ACTIVE" | "REMOVED" | "THROTTLED";
  version: number;
  createdAtMs: number;
  updatedAtMs: number;
  verifyJwt: boolean;
  importMap: boolean;
  entrypointPath: string;
  importMapPath?: string;
  /** The uploaded body (TypeScript source or an eszip bundle), base64 in the JSON state. */
  bodyBase64: string;
  /** Served back by GET …/body. */
  contentType: string;
  /** Lowercase hex SHA-256 of the body bytes (`ezbr_sha256`). */
  sha256: string;
}

/** Stored steps; 3_challenge_verified is derived from the DNS condition while at 2. */
export type StoredHostnameStatus = "2_initiated" | "4_origin_setup_completed" | "5_services_reconfigured";

export interface CustomHostnameRecord {
  /** The Cloudflare custom-hostname id (a UUID). */
  id: string;
  hostname: string;
  status: StoredHostnameStatus;
  initializedAtMs: number;
  /** When the DNS records count as published by themselves; null: only the control endpoint verifies. */
  autoVerifyAtMs: number | null;
  /** Set by POST /_emulator/projects/{ref}/custom-hostname/verify-dns. */
  dnsVerifiedAtMs?: number;
  /** The ACME challenge TXT value the user must publish. */
  sslTxtValue: string;
  /** The ownership TXT value (a UUID) the user must publish. */
  ownershipValue: string;
}

export interface CidrConfig {
  dbAllowedCidrs: string[];
  dbAllowedCidrsV6: string[];
}

export interface NetworkRestrictionsRecord {
  /** The configuration in force. */
  config: CidrConfig;
  appliedAtMs?: number;
  updatedAtMs?: number;
  /** A requested configuration waiting to be applied at appliesAtMs. */
  pending?: { config: CidrConfig; updatedAtMs: number; appliesAtMs: number };
}

export interface ProjectSettingsRecord {
  secrets: SecretRecord[];
  functions: FunctionRecord[];
  customHostname?: CustomHostnameRecord;
  /** pgsodium root key, 64 hex characters. */
  rootKey: string;
  bannedIpv4: string[];
  restrictions: NetworkRestrictionsRecord;
}

/** A new project allows every address, already applied (as a fresh staging project read). */
export const ALLOW_ALL: Readonly<CidrConfig> = Object.freeze({
  dbAllowedCidrs: ["0.0.0.0/0"],
  dbAllowedCidrsV6: ["::/0"],
});

function newSettings(): ProjectSettingsRecord {
  return {
    secrets: [],
    functions: [],
    rootKey: randomBytes(32).toString("hex"),
    bannedIpv4: [],
    restrictions: {
      config: { dbAllowedCidrs: [...ALLOW_ALL.dbAllowedCidrs], dbAllowedCidrsV6: [...ALLOW_ALL.dbAllowedCidrsV6] },
    },
  };
}

/**
 * The project's settings, created on first use (projects created before this
 * feature, or read back from an older state file, get theirs then) and
 * committed at once so a generated root key is stable.
 */
export function settingsOf(app: EmulatorContext, p: ProjectRecord): ProjectSettingsRecord {
  if (!p.settings) {
    p.settings = newSettings();
    app.store.commit();
  }
  return p.settings;
}

/**
 * The project of a settings call: unknown → 404 "Project not found"; while its
 * deletion runs (GOING_DOWN) sub-resources answer 400 "Resource has been
 * removed", as a removed staging project's did.
 */
export function requireLiveProject(app: EmulatorContext, ref: string): ProjectRecord {
  const p = app.requireProject(ref);
  if (app.status(p) === "GOING_DOWN") throw new ApiError(400, Messages.resourceRemoved);
  return p;
}

/** Both of the above, for handlers that only need the settings. */
export function projectSettings(
  app: EmulatorContext,
  ref: string,
): { project: ProjectRecord; settings: ProjectSettingsRecord } {
  const project = requireLiveProject(app, ref);
  return { project, settings: settingsOf(app, project) };
}
