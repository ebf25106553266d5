/**
 * Type-level test, compiled by `npm run typecheck`: every SDK `…Args`
 * interface has exactly the field names of its resource's zod input schema
 * (less the fields that check fills in). A renamed, added or removed field on
 * either side fails to compile here. tests/unit/docs.test.ts shows that it
 * does, by compiling this file against a changed SDK.
 */
import type { z } from "zod";
import type {
  ApiKeyArgs,
  PostgresConfigArgs,
  PoolerConfigArgs,
  StorageConfigArgs,
  SslEnforcementArgs,
  AuthConfigArgs,
  CustomHostnameArgs,
  DatabaseMigrationArgs,
  FunctionArgs,
  FunctionsArgs,
  NetworkRestrictionArgs,
  OrganizationArgs,
  PgsodiumArgs,
  PostgrestConfigArgs,
  ProjectArgs,
  SecretArgs,
  SecretsArgs,
  TableRowsArgs,
} from "../../sdk";
import type { apiKeyInputs } from "../../provider/resources/api-key";
import type { postgresConfigInputs } from "../../provider/resources/postgres-config";
import type { poolerConfigInputs } from "../../provider/resources/pooler-config";
import type { storageConfigInputs } from "../../provider/resources/storage-config";
import type { sslEnforcementInputs } from "../../provider/resources/ssl-enforcement";
import type { authConfigInputs } from "../../provider/resources/auth-config";
import type { postgrestConfigInputs } from "../../provider/resources/postgrest-config";
import type { customHostnameInputs } from "../../provider/resources/custom-hostname";
import type { databaseMigrationInputs } from "../../provider/resources/database-migration";
import type { functionInputs } from "../../provider/resources/function";
import type { functionsInputs } from "../../provider/resources/functions";
import type { networkRestrictionInputs } from "../../provider/resources/network-restriction";
import type { organizationInputs } from "../../provider/resources/organization";
import type { pgsodiumInputs } from "../../provider/resources/pgsodium";
import type { projectInputs } from "../../provider/resources/project";
import type { secretInputs } from "../../provider/resources/secret";
import type { secretsInputs } from "../../provider/resources/secrets";
import type { tableRowsInputs } from "../../provider/resources/table-rows/validation";

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Expect<T extends true> = T;
/** The Args' field names equal the schema's input field names, less `Internal`. */
type SameFields<Args, Schema extends z.ZodType, Internal extends PropertyKey = never> = Equal<
  keyof Args,
  Exclude<keyof z.input<Schema>, Internal>
>;

export type SdkArgsMatchSchemas = [
  Expect<SameFields<OrganizationArgs, typeof organizationInputs>>,
  Expect<SameFields<ProjectArgs, typeof projectInputs>>,
  Expect<SameFields<SecretArgs, typeof secretInputs>>,
  Expect<SameFields<SecretsArgs, typeof secretsInputs>>,
  Expect<SameFields<FunctionArgs, typeof functionInputs>>,
  Expect<SameFields<FunctionsArgs, typeof functionsInputs>>,
  Expect<SameFields<CustomHostnameArgs, typeof customHostnameInputs>>,
  Expect<SameFields<PgsodiumArgs, typeof pgsodiumInputs>>,
  Expect<SameFields<NetworkRestrictionArgs, typeof networkRestrictionInputs>>,
  Expect<SameFields<DatabaseMigrationArgs, typeof databaseMigrationInputs>>,
  Expect<SameFields<TableRowsArgs, typeof tableRowsInputs>>,
  Expect<SameFields<AuthConfigArgs, typeof authConfigInputs>>,
  Expect<SameFields<PostgrestConfigArgs, typeof postgrestConfigInputs>>,
  Expect<SameFields<PostgresConfigArgs, typeof postgresConfigInputs>>,
  Expect<SameFields<PoolerConfigArgs, typeof poolerConfigInputs>>,
  Expect<SameFields<StorageConfigArgs, typeof storageConfigInputs>>,
  Expect<SameFields<SslEnforcementArgs, typeof sslEnforcementInputs>>,
  Expect<SameFields<ApiKeyArgs, typeof apiKeyInputs>>,
];
