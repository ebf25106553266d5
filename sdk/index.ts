/**
 * supabase-pulumi: Pulumi resources for the management API and the per-project
 * GraphQL data API.
 */
export { Organization, type OrganizationArgs } from "./organization";
export { Project, type ProjectArgs, type Region } from "./project";
export { Secret, type SecretArgs } from "./secret";
export { Secrets, type SecretsArgs } from "./secrets";
export { Function, type FunctionArgs } from "./function";
export { Functions, type FunctionsArgs } from "./functions-folder";
export { CustomHostname, type CustomHostnameArgs, type DnsRecord } from "./custom-hostname";
export { Pgsodium, type PgsodiumArgs } from "./pgsodium";
export { NetworkRestriction, type NetworkRestrictionArgs } from "./network-restriction";
export { TableRows, type TableRowsArgs } from "./table-rows";
export { DatabaseMigration, type DatabaseMigrationArgs } from "./database-migration";
export { AuthConfig, type AuthConfigArgs } from "./auth-config";
export { PostgrestConfig, type PostgrestConfigArgs } from "./postgrest-config";
export { PostgresConfig, type PostgresConfigArgs } from "./postgres-config";
export { PoolerConfig, type PoolerConfigArgs } from "./pooler-config";
export { StorageConfig, type StorageConfigArgs } from "./storage-config";
export { SslEnforcement, type SslEnforcementArgs } from "./ssl-enforcement";
export { ApiKey, type ApiKeyArgs } from "./api-key";
export * from "./functions";
export { dynamicProvider } from "./provider";
/** The typed management client, for scripts (e.g. removing network bans, which no resource does). */
export { ManagementClient, createClientFromEnv } from "../provider/client";
