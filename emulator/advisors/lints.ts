/**
 * What the advisors say about each lint: its title, level, categories,
 * description, remediation link and how a finding's detail, metadata and
 * cache key are made. The SQL lints follow the platform's open-source linter
 * (splinter) word for word, including its typos, since users match on these
 * texts and cache keys (written here with plain backticks: `escaped` adds the
 * backslash the linter's output has before each); the
 * configuration lints (settings, not the catalog) are the emulator's own
 * wording where the platform's is not public (see emulator/README.md).
 *
 * One record per lint; `sql.ts` finds the objects, `config.ts` the settings.
 */

export type LintLevel = "ERROR" | "WARN" | "INFO";
export type LintCategory = "SECURITY" | "PERFORMANCE";

/** One finding, as `V1ProjectAdvisorsResponse.lints[]` carries it. */
export interface Lint {
  name: string;
  title: string;
  level: LintLevel;
  facing: "EXTERNAL";
  categories: LintCategory[];
  description: string;
  detail: string;
  remediation: string;
  metadata: Record<string, unknown>;
  cache_key: string;
}

/** A row of the catalog query: the lint, the object and what the lint's texts need of it. */
export interface CatalogFinding {
  lint: string;
  schema: string;
  name: string;
  /** A third name: the foreign key, policy, index, role, column or function digest. */
  part: string | null;
  /** A fourth: the command of a policy, the type of a column, the policy list. */
  extra: string | null;
  /** Further metadata (fkey_columns, indexes, exposed_to, the relation's kind). */
  meta: Record<string, unknown> | null;
}

interface SqlLintDef {
  title: string;
  level: LintLevel;
  category: LintCategory;
  description: string;
  /** The lint's page; most are `?lint=<number>_<name>`. */
  remediation: string;
  detail(f: CatalogFinding): string;
  metadata(f: CatalogFinding): Record<string, unknown>;
  cacheKey(f: CatalogFinding): string;
}

const linter = (id: string) => `https://supabase.com/docs/guides/database/database-linter?lint=${id}`;
const obj = (f: CatalogFinding, type: string) => ({ schema: f.schema, name: f.name, type });
const table = (f: CatalogFinding) => obj(f, "table");
const key =
  (prefix: string, ...parts: Array<"schema" | "name" | "part" | "extra">) =>
  (f: CatalogFinding) =>
    [prefix, ...parts.map((p) => f[p] ?? "")].join("_");

/** The SQL lints, keyed by the name the response carries. */
export const SQL_LINTS: Record<string, SqlLintDef> = {
  unindexed_foreign_keys: {
    title: "Unindexed foreign keys",
    level: "INFO",
    category: "PERFORMANCE",
    description: "Identifies foreign key constraints without a covering index, which can impact database performance.",
    remediation: linter("0001_unindexed_foreign_keys"),
    detail: (f) =>
      `Table \`${f.schema}.${f.name}\` has a foreign key \`${f.part}\` without a covering index. This can lead to suboptimal query performance.`,
    metadata: (f) => ({ ...table(f), fkey_name: f.part, fkey_columns: f.meta?.fkey_columns ?? [] }),
    cacheKey: key("unindexed_foreign_keys", "schema", "name", "part"),
  },
  auth_users_exposed: {
    title: "Exposed Auth Users",
    level: "ERROR",
    category: "SECURITY",
    description:
      "Detects if auth.users is exposed to anon or authenticated roles via a view or materialized view in schemas exposed to PostgREST, potentially compromising user data security.",
    remediation: linter("0002_auth_users_exposed"),
    detail: (f) =>
      `View/Materialized View "${f.name}" in the public schema may expose \`auth.users\` data to anon or authenticated roles.`,
    metadata: (f) => ({ ...obj(f, "view"), exposed_to: f.meta?.exposed_to ?? [] }),
    cacheKey: key("auth_users_exposed", "schema", "name"),
  },
  auth_rls_initplan: {
    title: "Auth RLS Initialization Plan",
    level: "WARN",
    category: "PERFORMANCE",
    description:
      "Detects if calls to `current_setting()` and `auth.<function>()` in RLS policies are being unnecessarily re-evaluated for each row",
    remediation: linter("0003_auth_rls_initplan"),
    detail: (f) =>
      `Table \`${f.schema}.${f.name}\` has a row level security policy \`${f.part}\` that re-evaluates current_setting() or auth.<function>() for each row. This produces suboptimal query performance at scale. Resolve the issue by replacing \`auth.<function>()\` with \`(select auth.<function>())\`. See [docs](https://supabase.com/docs/guides/database/postgres/row-level-security#call-functions-with-select) for more info.`,
    metadata: table,
    // The platform's key says init_plan, not initplan.
    cacheKey: key("auth_rls_init_plan", "schema", "name", "part"),
  },
  no_primary_key: {
    title: "No Primary Key",
    level: "INFO",
    category: "PERFORMANCE",
    description:
      "Detects if a table does not have a primary key. Tables without a primary key can be inefficient to interact with at scale.",
    remediation: linter("0004_no_primary_key"),
    detail: (f) => `Table \`${f.schema}.${f.name}\` does not have a primary key`,
    metadata: table,
    cacheKey: key("no_primary_key", "schema", "name"),
  },
  unused_index: {
    title: "Unused Index",
    level: "INFO",
    category: "PERFORMANCE",
    description: "Detects if an index has never been used and may be a candidate for removal.",
    remediation: linter("0005_unused_index"),
    detail: (f) => `Index \`${f.part}\` on table \`${f.schema}.${f.name}\` has not been used`,
    metadata: table,
    cacheKey: key("unused_index", "schema", "name", "part"),
  },
  multiple_permissive_policies: {
    title: "Multiple Permissive Policies",
    level: "WARN",
    category: "PERFORMANCE",
    description:
      "Detects if multiple permissive row level security policies are present on a table for the same `role` and `action` (e.g. insert). Multiple permissive policies are suboptimal for performance as each policy must be executed for every relevant query.",
    remediation: linter("0006_multiple_permissive_policies"),
    detail: (f) =>
      `Table \`${f.schema}.${f.name}\` has multiple permissive policies for role \`${f.part}\` for action \`${f.meta?.cmd}\`. Policies include \`${f.extra}\``,
    metadata: table,
    cacheKey: (f) => `multiple_permissive_policies_${f.schema}_${f.name}_${f.part}_${f.meta?.cmd}`,
  },
  policy_exists_rls_disabled: {
    title: "Policy Exists RLS Disabled",
    level: "ERROR",
    category: "SECURITY",
    description:
      "Detects cases where row level security (RLS) policies have been created, but RLS has not been enabled for the underlying table.",
    remediation: linter("0007_policy_exists_rls_disabled"),
    detail: (f) =>
      `Table \`${f.schema}.${f.name}\` has RLS policies but RLS is not enabled on the table. Policies include ${f.extra}.`,
    metadata: table,
    cacheKey: key("policy_exists_rls_disabled", "schema", "name"),
  },
  rls_enabled_no_policy: {
    title: "RLS Enabled No Policy",
    level: "INFO",
    category: "SECURITY",
    description:
      "Detects cases where row level security (RLS) has been enabled on a table but no RLS policies have been created.",
    remediation: linter("0008_rls_enabled_no_policy"),
    detail: (f) => `Table \`${f.schema}.${f.name}\` has RLS enabled, but no policies exist`,
    metadata: table,
    cacheKey: key("rls_enabled_no_policy", "schema", "name"),
  },
  duplicate_index: {
    title: "Duplicate Index",
    level: "WARN",
    category: "PERFORMANCE",
    description: "Detects cases where two ore more identical indexes exist.",
    remediation: linter("0009_duplicate_index"),
    detail: (f) => `Table \`${f.schema}.${f.name}\` has identical indexes ${f.extra}. Drop all except one of them`,
    metadata: (f) => ({
      ...obj(f, f.meta?.kind === "m" ? "materialized view" : "table"),
      indexes: f.meta?.indexes ?? [],
    }),
    cacheKey: (f) => `duplicate_index_${f.schema}_${f.name}_${f.extra}`,
  },
  security_definer_view: {
    title: "Security Definer View",
    level: "ERROR",
    category: "SECURITY",
    description:
      "Detects views defined with the SECURITY DEFINER property. These views enforce Postgres permissions and row level security policies (RLS) of the view creator, rather than that of the querying user",
    remediation: linter("0010_security_definer_view"),
    detail: (f) => `View \`${f.schema}.${f.name}\` is defined with the SECURITY DEFINER property`,
    metadata: (f) => obj(f, "view"),
    cacheKey: key("security_definer_view", "schema", "name"),
  },
  function_search_path_mutable: {
    title: "Function Search Path Mutable",
    level: "WARN",
    category: "SECURITY",
    description: "Detects functions where the search_path parameter is not set.",
    remediation: linter("0011_function_search_path_mutable"),
    detail: (f) => `Function \`${f.schema}.${f.name}\` has a role mutable search_path`,
    metadata: (f) => obj(f, "function"),
    // `part` is the md5 of the function's source: overloads get keys of their own.
    cacheKey: key("function_search_path_mutable", "schema", "name", "part"),
  },
  rls_disabled_in_public: {
    title: "RLS Disabled in Public",
    level: "ERROR",
    category: "SECURITY",
    description:
      "Detects cases where row level security (RLS) has not been enabled on tables in schemas exposed to PostgREST",
    remediation: linter("0013_rls_disabled_in_public"),
    detail: (f) => `Table \`${f.schema}.${f.name}\` is public, but RLS has not been enabled.`,
    metadata: table,
    cacheKey: key("rls_disabled_in_public", "schema", "name"),
  },
  extension_in_public: {
    title: "Extension in Public",
    level: "WARN",
    category: "SECURITY",
    description: "Detects extensions installed in the `public` schema.",
    remediation: linter("0014_extension_in_public"),
    detail: (f) => `Extension \`${f.name}\` is installed in the public schema. Move it to another schema.`,
    metadata: (f) => obj(f, "extension"),
    cacheKey: (f) => `extension_in_public_${f.name}`,
  },
  rls_references_user_metadata: {
    title: "RLS references user metadata",
    level: "ERROR",
    category: "SECURITY",
    description:
      "Detects when Supabase Auth user_metadata is referenced insecurely in a row level security (RLS) policy.",
    remediation: linter("0015_rls_references_user_metadata"),
    detail: (f) =>
      `Table \`${f.schema}.${f.name}\` has a row level security policy \`${f.part}\` that references Supabase Auth \`user_metadata\`. \`user_metadata\` is editable by end users and should never be used in a security context.`,
    metadata: table,
    cacheKey: key("rls_references_user_metadata", "schema", "name", "part"),
  },
  materialized_view_in_api: {
    title: "Materialized View in API",
    level: "WARN",
    category: "SECURITY",
    description: "Detects materialized views that are accessible over the Data APIs.",
    remediation: linter("0016_materialized_view_in_api"),
    detail: (f) => `Materialized view \`${f.schema}.${f.name}\` is selectable by anon or authenticated roles`,
    metadata: (f) => obj(f, "materialized view"),
    cacheKey: key("materialized_view_in_api", "schema", "name"),
  },
  foreign_table_in_api: {
    title: "Foreign Table in API",
    level: "WARN",
    category: "SECURITY",
    description:
      "Detects foreign tables that are accessible over APIs. Foreign tables do not respect row level security policies.",
    remediation: linter("0017_foreign_table_in_api"),
    detail: (f) => `Foreign table \`${f.schema}.${f.name}\` is accessible over APIs`,
    metadata: (f) => obj(f, "foreign table"),
    cacheKey: key("foreign_table_in_api", "schema", "name"),
  },
  unsupported_reg_types: {
    title: "Unsupported reg types",
    level: "WARN",
    category: "SECURITY",
    description:
      "Identifies columns using unsupported reg* types outside pg_catalog schema, which prevents database upgrades using pg_upgrade.",
    // This lint's link names the lint rather than its number.
    remediation: linter("unsupported_reg_types"),
    detail: (f) =>
      `Table \`${f.schema}.${f.name}\` has a column \`${f.part}\` with unsupported reg* type \`${f.extra}\`.`,
    metadata: (f) => ({ schema: f.schema, name: f.name, column: f.part, type: "table" }),
    cacheKey: key("unsupported_reg_types", "schema", "name", "part"),
  },
};

/** The linter's texts carry a backslash before each backtick (its SQL literals keep them). */
const escaped = (text: string) => text.replace(/`/g, "\\`");

/** A catalog row as the response's lint. */
export function sqlLint(f: CatalogFinding): Lint {
  const def = SQL_LINTS[f.lint];
  if (!def) throw new Error(`the catalog query answered an unknown lint ${f.lint}`);
  return {
    name: f.lint,
    title: def.title,
    level: def.level,
    facing: "EXTERNAL",
    categories: [def.category],
    description: escaped(def.description),
    detail: escaped(def.detail(f)),
    remediation: def.remediation,
    metadata: def.metadata(f),
    cache_key: def.cacheKey(f),
  };
}
