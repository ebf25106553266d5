/**
 * The records the emulator persists: organizations, projects and each
 * project's settings. They are plain data in one module that imports nothing,
 * so the durable store, the settings helpers and the request context all
 * depend on it and never on each other.
 */
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
  /** Lowercase hex SHA-256 of the body bytes (`ezbr_sha256`); for a deployed bundle, of its files in name order. */
  sha256: string;
  /** The files of a bundle deployed through `functions/deploy`, in name order (relative paths). */
  files?: Array<{ name: string; contentType: string; base64: string }>;
  /** Static file patterns of a deployed bundle. */
  staticPatterns?: string[];
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

/** A publishable or secret key created through `POST …/api-keys`. */
export interface ApiKeyRecord {
  id: string;
  type: "publishable" | "secret";
  name: string;
  description: string | null;
  secretJwtTemplate: Record<string, unknown> | null;
  key: string;
  createdAtMs: number;
  updatedAtMs: number;
}

/**
 * The service configuration (auth, Data API, Postgres, pooler, storage, SSL):
 * only what was written, in the API's own names; reads lay it over the
 * defaults a new project has. Auth secrets are kept as the digest the API
 * answers, never as plaintext.
 */
export interface ServiceConfigRecord {
  auth: Record<string, unknown>;
  postgrest: Record<string, unknown>;
  postgres: Record<string, unknown>;
  pooler: Record<string, unknown>;
  storage: Record<string, unknown>;
  sslEnforced: boolean;
  /** Realtime settings written (older state files have none). */
  realtime?: Record<string, unknown>;
}

/** An object uploaded through the Storage API: its metadata (the bytes are not kept). */
export interface StorageObjectRecord {
  id: string;
  /** The path inside the bucket, e.g. `avatars/1.png`. */
  name: string;
  size: number;
  mimetype: string;
  /** Quoted MD5 of the bytes, as the service answers it. */
  etag: string;
  createdAtMs: number;
  updatedAtMs: number;
}

/** A bucket of the project's Storage API. */
export interface BucketRecord {
  id: string;
  name: string;
  owner: string;
  public: boolean;
  /** Bytes; null: no bucket limit. */
  fileSizeLimit: number | null;
  /** Null: any type. */
  allowedMimeTypes: string[] | null;
  createdAtMs: number;
  updatedAtMs: number;
  objects: StorageObjectRecord[];
}

export interface ProjectSettingsRecord {
  secrets: SecretRecord[];
  functions: FunctionRecord[];
  customHostname?: CustomHostnameRecord;
  /** pgsodium root key, 64 hex characters. */
  rootKey: string;
  bannedIpv4: string[];
  restrictions: NetworkRestrictionsRecord;
  /** Created on first use (older state files have none). */
  config?: ServiceConfigRecord;
  /** Keys created through the API (the default ones live on the project record). */
  apiKeys?: ApiKeyRecord[];
  /** Ids of the default publishable and secret keys deleted through the API. */
  deletedDefaultKeys?: string[];
  /** Storage buckets (older state files have none). */
  buckets?: BucketRecord[];
  /** Third-party auth integrations, SAML providers and JWT signing keys (older state files have none). */
  thirdPartyAuth?: ThirdPartyAuthRecord[];
  ssoProviders?: SsoProviderRecord[];
  signingKeys?: SigningKeyRecord[];
  /** Set by `PUT …/api-keys/legacy?enabled=false`: the JWT anon and service_role keys are refused. */
  legacyApiKeysDisabled?: boolean;
  /** Billing add-ons besides the compute size (which is `ProjectRecord.desiredInstanceSize`): type → variant id. */
  addons?: Record<string, string>;
  /** The vanity subdomain, once activated. */
  vanitySubdomain?: string;
  /**
   * The daily backup's time of day (UTC, HH:MM:SS) and when it was last set;
   * `earlier`: the times it replaced, each with when it stopped (oldest first,
   * kept while inside the backups' retention; older state files have none).
   */
  backupSchedule?: {
    scheduleFor: string;
    updatedAtMs: number;
    earlier?: Array<{ scheduleFor: string; untilMs: number }>;
  };
  /** When the PITR add-on was selected (absent in older state files: since the project came up). */
  pitrSinceMs?: number;
  /** Restore points, oldest first; their data lives beside the project's database (db/). */
  restorePoints?: RestorePointRecord[];
  /** Temporary database access (JIT): absent reads `disabled`. */
  jitAccess?: JitAccessRecord;
  /** The database disk, once modified (absent: a new project's disk). */
  disk?: DiskRecord;
  /** Read replicas set up through the API, oldest first (older state files have none). */
  readReplicas?: ReadReplicaRecord[];
}

/**
 * A read replica of the project's database. Its status follows the emulator
 * clock: COMING_UP, then INIT_READ_REPLICA, then ACTIVE_HEALTHY; once removed,
 * GOING_DOWN until `goneAtMs`, after which it is no longer listed.
 */
export interface ReadReplicaRecord {
  /** `<ref>-rr-<region>-<5 letters>`, as the service names them. */
  identifier: string;
  region: string;
  createdAtMs: number;
  /** When it reads ACTIVE_HEALTHY (fixed at set-up). */
  readyAtMs: number;
  /** A status set through the control plane (the platform failing it), until cleared. */
  imposedStatus?: "ACTIVE_UNHEALTHY" | "INIT_READ_REPLICA_FAILED";
  /** Set through the control plane (the platform restarting it): RESTARTING until then. */
  restartingUntilMs?: number;
  /** Set by remove. */
  removedAtMs?: number;
  goneAtMs?: number;
}

export interface DiskRecord {
  type: "gp3" | "io2";
  sizeGb: number;
  iops: number;
  /** gp3 only. */
  throughputMibps?: number;
  /** When each modification was made, oldest first (the service allows a few per rolling day). */
  modifiedAtMs: number[];
}

export interface JitAccessRecord {
  state: "enabled" | "disabled";
  /** Set through the control plane: the service answers `unavailable` with this reason. */
  unavailableReason?: "manual_migration_required" | "postgres_upgrade_required" | "temporarily_unavailable";
}

export interface RestorePointRecord {
  name: string;
  createdAtMs: number;
  /** When the snapshot is complete (PENDING until then, AVAILABLE after). */
  completedAtMs: number;
  status: "AVAILABLE" | "PENDING" | "REMOVED" | "FAILED";
}

export interface ThirdPartyAuthRecord {
  id: string;
  type: string;
  oidcIssuerUrl: string | null;
  jwksUrl: string | null;
  customJwks: unknown;
  insertedAtMs: number;
  updatedAtMs: number;
}

export interface SsoProviderRecord {
  id: string;
  samlId: string;
  entityId: string;
  metadataUrl?: string;
  metadataXml: string;
  attributeMapping?: { keys: Record<string, unknown> };
  nameIdFormat?: string;
  domains: Array<{ id: string; domain: string; createdAtMs: number; updatedAtMs: number }>;
  createdAtMs: number;
  updatedAtMs: number;
}

export type SigningKeyStatus = "in_use" | "previously_used" | "revoked" | "standby";

export interface SigningKeyRecord {
  id: string;
  algorithm: "EdDSA" | "ES256" | "RS256" | "HS256";
  status: SigningKeyStatus;
  /** The public JWK (null for HS256, a shared secret). */
  publicJwk: Record<string, unknown> | null;
  /** The private JWK (the service's own; never answered). */
  privateJwk: Record<string, unknown>;
  /** The project's legacy JWT secret imported as a key. */
  legacy?: boolean;
  createdAtMs: number;
  updatedAtMs: number;
}

export interface OrganizationRecord {
  slug: string;
  name: string;
  createdAtMs: number;
}

export interface GeneratedApiKey {
  id: string;
  key: string;
  createdAtMs: number;
}

/** The statuses of a branch's workflow, as BranchResponse names them. */
export type BranchStatus =
  | "CREATING_PROJECT"
  | "RUNNING_MIGRATIONS"
  | "MIGRATIONS_PASSED"
  | "MIGRATIONS_FAILED"
  | "FUNCTIONS_DEPLOYED"
  | "FUNCTIONS_FAILED";

/** One run of a branch's workflow (create, push, reset, merge), listed by `GET …/actions`. */
export interface ActionRunRecord {
  id: string;
  /** The branch the run belongs to. */
  branchId: string;
  kind: "create" | "push" | "reset" | "merge";
  createdAtMs: number;
  /** When the run's steps read as finished (the emulator clock). */
  doneAtMs: number;
  /** The steps it ran and whether each exited cleanly. */
  steps: Array<{ name: "clone" | "pull" | "health" | "configure" | "migrate" | "seed" | "deploy"; ok: boolean }>;
  /** What `GET …/actions/{run_id}/logs` answers. */
  log: string;
}

/**
 * A branch of a project, kept on the parent's record. The default branch
 * stands for the parent itself (`projectRef` is the parent's ref); every other
 * branch has a project of its own (a `ProjectRecord` with `branchOf` set).
 */
export interface BranchRecord {
  /** A UUID (the deprecated `branch_id`). */
  id: string;
  name: string;
  projectRef: string;
  isDefault: boolean;
  gitBranch?: string;
  persistent: boolean;
  withData: boolean;
  notifyUrl?: string;
  releaseChannel: string;
  postgresEngine: string;
  createdAtMs: number;
  updatedAtMs: number;
  reviewRequestedAtMs?: number;
  /** When the latest run's migrations count as done (RUNNING_MIGRATIONS until then). */
  migratedAtMs: number;
  /** The latest run's failing migration and its error (MIGRATIONS_FAILED). */
  migrationError?: string;
  /** A status set through PATCH, until the next run. */
  imposedStatus?: BranchStatus;
  /** Set by `DELETE ?force=false`: removed at this time unless restored. */
  deletionScheduledAtMs?: number;
}

/** An upgrade of the project's Postgres (settings/postgres.ts reads its progress off the clock). */
export interface UpgradeRecord {
  trackingId: string;
  /** The major asked for (`17`) and the image it runs (`17.4.1.054`). */
  targetMajor: string;
  targetVersion: string;
  releaseChannel: string;
  initiatedAtMs: number;
  durationMs: number;
  /** The document's error the upgrade fails with (at that step), from the control plane's switch. */
  error?: string;
}

/** The project's Postgres: absent, it runs the platform's default image. */
export interface PostgresRecord {
  /** The image version it ran before its latest upgrade (or runs, without one). */
  version: string;
  upgrade?: UpgradeRecord;
  /** Set through the control plane: the next upgrade fails with this error. */
  failNextUpgrade?: string;
}

export interface ProjectRecord {
  ref: string;
  /** The integer id the service returns from PATCH and DELETE. */
  numericId: number;
  name: string;
  organizationSlug: string;
  region: string;
  desiredInstanceSize?: string;
  createdAtMs: number;
  /** When COMING_UP turns into ACTIVE_HEALTHY (fixed at creation). */
  readyAtMs: number;
  /** A status imposed through the control plane (paused, failed…), until cleared. */
  imposedStatus?: string;
  /** Set by DELETE: the project is GOING_DOWN until goneAtMs, then removed. */
  deletedAtMs?: number;
  goneAtMs?: number;
  /** Set by a Postgres config change that needs a restart: RESTARTING until then. */
  restartingUntilMs?: number;
  /** Set by a disk modification: RESIZING until then. */
  resizingUntilMs?: number;
  /** Set by pause and restore: PAUSING then INACTIVE, or RESTORING then healthy, `delayMs` after `sinceMs`. */
  pause?: { paused: boolean; sinceMs: number; delayMs: number };
  /** Its Postgres version and latest upgrade (UPGRADING while one runs). */
  postgres?: PostgresRecord;
  /** scrypt digest of db_pass; the password itself is never stored. */
  dbPassHash: string;
  /** Signs the legacy anon and service_role keys and user JWTs. */
  jwtSecret: string;
  publishableKey: GeneratedApiKey;
  secretKey: GeneratedApiKey;
  /** Secrets, functions, custom hostname, root key, bans and restrictions; created on first use. */
  settings?: ProjectSettingsRecord;
  /** The project's branches, the default one first; absent or empty: branching is not enabled. */
  branches?: BranchRecord[];
  /** For a branch's own project: the parent project's ref. */
  branchOf?: string;
  /** For a branch's own project: its workflow runs, oldest first. */
  actionRuns?: ActionRunRecord[];
}

export interface PersistedState {
  format: 1;
  /** The emulator clock's offset, kept so timestamps stay monotonic across restarts. */
  clockOffsetMs: number;
  nextProjectId: number;
  organizations: OrganizationRecord[];
  projects: ProjectRecord[];
}
