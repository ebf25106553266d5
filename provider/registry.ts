/**
 * Every resource kind, one line each: the kind's name (as the serialized
 * providers and `provider(kind)` call it) and its folder under `resources/`,
 * whose default export is the kind's definition (implementation, schemas,
 * documentation; see kind.ts). The runtime's dispatch, the SDK's classes and
 * provider modules (`npm run generate`), `sdk/index.ts` and `docs/`
 * (`npm run docs`) are all derived from this table, in this order.
 */
import type { KindDefinition } from "./kind";
import organization from "./resources/organization";
import project from "./resources/project";
import secret from "./resources/secret";
import secrets from "./resources/secrets";
import edgeFunction from "./resources/function";
import functions from "./resources/functions";
import customHostname from "./resources/custom-hostname";
import pgsodium from "./resources/pgsodium";
import networkRestriction from "./resources/network-restriction";
import authConfig from "./resources/auth-config";
import postgrestConfig from "./resources/postgrest-config";
import postgresConfig from "./resources/postgres-config";
import poolerConfig from "./resources/pooler-config";
import storageConfig from "./resources/storage-config";
import sslEnforcement from "./resources/ssl-enforcement";
import apiKey from "./resources/api-key";
import databaseMigration from "./resources/database-migration";
import tableRows from "./resources/table-rows";
import branch from "./resources/branch";
import storageBucket from "./resources/storage-bucket";
// Auth and realtime settings, third-party auth, SSO, signing keys, legacy API keys, database webhooks.
import realtimeConfig from "./resources/realtime-config";
import thirdPartyAuth from "./resources/third-party-auth";
import legacyApiKeys from "./resources/legacy-api-keys";
import databaseWebhooks from "./resources/database-webhooks";
import ssoProvider from "./resources/sso-provider";
import signingKey from "./resources/signing-key";
import projectAddons from "./resources/project-addons";
import vanitySubdomain from "./resources/vanity-subdomain";
import backupSchedule from "./resources/backup-schedule";
import restorePoint from "./resources/restore-point";
import jitAccessConfig from "./resources/jit-access-config";
import diskConfig from "./resources/disk-config";
import readReplica from "./resources/read-replica";

export const registry = {
  organization,
  project,
  secret,
  secrets,
  function: edgeFunction,
  functions,
  customHostname,
  pgsodium,
  networkRestriction,
  authConfig,
  postgrestConfig,
  postgresConfig,
  poolerConfig,
  storageConfig,
  sslEnforcement,
  apiKey,
  databaseMigration,
  tableRows,
  branch,
  storageBucket,
  realtimeConfig,
  thirdPartyAuth,
  legacyApiKeys,
  databaseWebhooks,
  ssoProvider,
  signingKey,
  projectAddons,
  vanitySubdomain,
  backupSchedule,
  restorePoint,
  jitAccessConfig,
  diskConfig,
  readReplica,
} as const satisfies Record<string, KindDefinition>;

/** A resource kind's name, e.g. `"apiKey"`: what `provider(kind)` and the SDK's provider modules take. */
export type ResourceKind = keyof typeof registry;

export const resourceKinds = Object.keys(registry) as ResourceKind[];

/** The kind's folder under `resources/` and its SDK provider module's name: `apiKey` → `api-key`. */
export const kindFile = (kind: ResourceKind): string => kind.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
