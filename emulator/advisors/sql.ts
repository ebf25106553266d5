/**
 * The one catalog query behind every SQL lint: each lint is a branch of a
 * `union all` over the catalog, so an advisors call costs one statement
 * whatever the schema's size. It answers `CatalogFinding` rows (the lint, the
 * object and the names its texts need); `lints.ts` turns them into the
 * response. The rules are the platform's linter's (splinter); the SQL is ours.
 *
 * `$1` is the exposed schemas, comma-separated: the project's Data API
 * `db_schema`, which the platform's linter reads from `pgrst.db_schemas`.
 */

/** Schemas the platform manages itself: the lints leave them alone. */
export const SYSTEM_SCHEMAS = [
  "_timescaledb_cache",
  "_timescaledb_catalog",
  "_timescaledb_config",
  "_timescaledb_internal",
  "auth",
  "cron",
  "extensions",
  "graphql",
  "graphql_public",
  "information_schema",
  "net",
  "pgmq",
  "pgroonga",
  "pgsodium",
  "pgsodium_masks",
  "pgtle",
  "pgbouncer",
  "pg_catalog",
  "realtime",
  "repack",
  "storage",
  "supabase_functions",
  "supabase_migrations",
  "tiger",
  "topology",
  "vault",
] as const;

/** The reg* types pg_upgrade cannot carry over. */
export const UNSUPPORTED_REG_TYPES = [
  "regcollation",
  "regconfig",
  "regdictionary",
  "regnamespace",
  "regoper",
  "regoperator",
  "regproc",
  "regprocedure",
] as const;

/** The functions whose per-row evaluation in a policy the initplan lint looks for (as they print). */
const INITPLAN_CALLS = ["auth.uid()", "auth.jwt()", "auth.role()", "auth.email()"] as const;

const list = (xs: readonly string[]) => xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(", ");
const SYSTEM = list(SYSTEM_SCHEMAS);
/** realtime stays linted by the initplan lint (its policies guard realtime.messages). */
const SYSTEM_BUT_REALTIME = list(SYSTEM_SCHEMAS.filter((s) => s !== "realtime"));
const INVOKER = "array['security_invoker=1', 'security_invoker=true', 'security_invoker=yes', 'security_invoker=on']";
const isInvoker = (rel: string) => `(lower(coalesce(${rel}.reloptions::text, '{}'))::text[] && ${INVOKER})`;
const apiReadable = (rel: string) =>
  `(has_table_privilege('anon', ${rel}.oid, 'SELECT') or has_table_privilege('authenticated', ${rel}.oid, 'SELECT'))`;
/** A call that is evaluated per row: present in the expression, and not wrapped in a sub-select. */
const perRowCall = (expr: string) =>
  [
    ...INITPLAN_CALLS.map((c) => `(${expr} like '%${c}%' and lower(${expr}) not like '%select ${c}%')`),
    `(${expr} like '%current\\_setting(%)%' and lower(${expr}) not like '%select current\\_setting(%)%')`,
  ].join(" or ");

export const CATALOG_SQL = `
with
exposed as (select trim(s) as nspname from unnest(string_to_array($1::text, ',')) s),
ext_owned as (select objid from pg_catalog.pg_depend where deptype = 'e'),
rel as (
  select c.oid, c.relname, c.relkind, c.relrowsecurity, c.reloptions, n.nspname,
         n.nspname in (${SYSTEM}) as is_system,
         n.nspname in (select nspname from exposed) as is_exposed,
         c.oid in (select objid from ext_owned) as is_ext
  from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'v', 'm', 'f', 'p')
),
pol as (
  select p.oid, p.polname, p.polpermissive, p.polroles, p.polcmd, r.oid as relid, r.relname, r.nspname,
         r.relrowsecurity, r.relkind, r.is_system, r.is_ext,
         pg_catalog.pg_get_expr(p.polqual, p.polrelid) as qual,
         pg_catalog.pg_get_expr(p.polwithcheck, p.polrelid) as with_check
  from pg_catalog.pg_policy p join rel r on r.oid = p.polrelid
),
auth_users as (
  select c.oid, c.relrowsecurity from pg_catalog.pg_class c
  join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'auth' and c.relname = 'users'
)
-- 0001: a foreign key whose columns no valid index leads with
select 'unindexed_foreign_keys' as lint, r.nspname as schema, r.relname as name, ct.conname::text as part,
       null::text as extra, jsonb_build_object('fkey_columns', to_jsonb(ct.conkey)) as meta
from pg_catalog.pg_constraint ct join rel r on r.oid = ct.conrelid
where ct.contype = 'f' and not r.is_system and not r.is_ext
  and not exists (
    select 1 from pg_catalog.pg_index i
    where i.indrelid = ct.conrelid and i.indisvalid
      and (string_to_array(i.indkey::text, ' ')::smallint[])[1:cardinality(ct.conkey)] = ct.conkey
  )
union all
-- 0002: a view or materialized view over auth.users the API roles can read
select distinct 'auth_users_exposed', r.nspname, r.relname, null, null,
       jsonb_build_object('exposed_to', to_jsonb(array_remove(array[
         case when has_table_privilege('anon', r.oid, 'SELECT') then 'anon'
              when has_table_privilege('authenticated', r.oid, 'SELECT') then 'authenticated' end], null)))
from auth_users au
join pg_catalog.pg_depend d on d.refobjid = au.oid and d.deptype = 'n'
join pg_catalog.pg_rewrite rw on rw.oid = d.objid
join rel r on r.oid = rw.ev_class
where r.is_exposed and ${apiReadable("r")}
  and (r.relkind = 'm' or (r.relkind = 'v' and (not ${isInvoker("r")} or not au.relrowsecurity)))
union all
-- 0003: a policy of an RLS table calling auth.<fn>() or current_setting() per row
select 'auth_rls_initplan', nspname, relname, polname::text, null, null
from pol
where relrowsecurity and nspname not in (${SYSTEM_BUT_REALTIME})
  and (${perRowCall("qual")} or ${perRowCall("with_check")})
union all
-- 0004: a table without a primary key
select 'no_primary_key', r.nspname, r.relname, null, null, null
from rel r
where r.relkind = 'r' and not r.is_system and not r.is_ext
  and not exists (select 1 from pg_catalog.pg_index i where i.indrelid = r.oid and i.indisprimary)
union all
-- 0005: a plain (not unique, not primary) index never scanned
select 'unused_index', s.schemaname::text, s.relname::text, s.indexrelname::text, null, null
from pg_catalog.pg_stat_user_indexes s join pg_catalog.pg_index i on i.indexrelid = s.indexrelid
where s.idx_scan = 0 and not i.indisunique and not i.indisprimary
  and s.schemaname not in (${SYSTEM}) and s.relid not in (select objid from ext_owned)
union all
-- 0006: two or more permissive policies for one role and one action
select 'multiple_permissive_policies', p.nspname, p.relname, ro.rolname::text,
       array_agg(p.polname order by p.polname)::text, jsonb_build_object('cmd', act.cmd)
from pol p
join pg_catalog.pg_roles ro on p.polroles @> array[ro.oid] or p.polroles = array[0::oid]
cross join lateral unnest(case p.polcmd when 'r' then array['SELECT'] when 'a' then array['INSERT']
  when 'w' then array['UPDATE'] when 'd' then array['DELETE']
  else array['SELECT', 'INSERT', 'UPDATE', 'DELETE'] end) act(cmd)
where p.relkind = 'r' and p.polpermissive and not p.is_system and not p.is_ext
  and ro.rolname not like 'pg_%' and ro.rolname not like 'supabase%admin' and not ro.rolbypassrls
  -- On a shared server, other projects' owners are no roles of this project.
  and not exists (select 1 from pg_catalog.pg_database db where db.datdba = ro.oid and db.datname <> current_database())
group by p.nspname, p.relname, ro.rolname, act.cmd
having count(*) > 1
union all
-- 0007: policies on a table whose RLS is off
select 'policy_exists_rls_disabled', nspname, relname, null, array_agg(polname order by polname)::text, null
from pol
where relkind = 'r' and not relrowsecurity and not is_system and not is_ext
group by nspname, relname
union all
-- 0008: RLS on, no policy
select 'rls_enabled_no_policy', r.nspname, r.relname, null, null, null
from rel r
where r.relkind = 'r' and r.relrowsecurity and not r.is_system and not r.is_ext
  and not exists (select 1 from pg_catalog.pg_policy p where p.polrelid = r.oid)
union all
-- 0009: indexes with the same definition but their names
select 'duplicate_index', r.nspname, r.relname, null, array_agg(ic.relname order by ic.relname)::text,
       jsonb_build_object('kind', r.relkind, 'indexes', to_jsonb(array_agg(ic.relname::text order by ic.relname)))
from pg_catalog.pg_index i
join rel r on r.oid = i.indrelid
join pg_catalog.pg_class ic on ic.oid = i.indexrelid
where r.relkind in ('r', 'm') and not r.is_system and not r.is_ext
group by r.nspname, r.relname, r.relkind, replace(pg_catalog.pg_get_indexdef(i.indexrelid), ic.relname, '')
having count(*) > 1
union all
-- 0010: a view the API roles can read that runs with its owner's rights (security_invoker exists from 15)
select 'security_definer_view', r.nspname, r.relname, null, null, null
from rel r
where r.relkind = 'v' and r.is_exposed and not r.is_system and not r.is_ext and ${apiReadable("r")}
  and current_setting('server_version_num')::int >= 150000 and not ${isInvoker("r")}
union all
-- 0011: a function without its own search_path
select 'function_search_path_mutable', n.nspname, p.proname::text, md5(p.prosrc), null, null
from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace
where n.nspname not in (${SYSTEM}) and p.oid not in (select objid from ext_owned)
  and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) cfg where cfg like 'search\\_path=%')
union all
-- 0013: an exposed table the API roles can read, RLS off
select 'rls_disabled_in_public', r.nspname, r.relname, null, null, null
from rel r
where r.relkind = 'r' and not r.relrowsecurity and r.is_exposed and not r.is_system and ${apiReadable("r")}
union all
-- 0014: an extension installed in public (plpgsql is everyone's)
select 'extension_in_public', n.nspname, e.extname::text, null, null, null
from pg_catalog.pg_extension e join pg_catalog.pg_namespace n on n.oid = e.extnamespace
where n.nspname = 'public' and e.extname <> 'plpgsql'
union all
-- 0015: a policy trusting user_metadata, which users edit themselves
select 'rls_references_user_metadata', nspname, relname, polname::text, null, null
from pol
where not is_system
  -- The linter's patterns, unescaped \`_\` (any character) included.
  and (qual like '%auth.jwt()%user_metadata%' or qual like '%current_setting(%request.jwt.claims%)%user_metadata%'
    or with_check like '%auth.jwt()%user_metadata%'
    or with_check like '%current_setting(%request.jwt.claims%)%user_metadata%')
union all
-- 0016, 0017: materialized views and foreign tables (no RLS) the API roles can read
select case r.relkind when 'm' then 'materialized_view_in_api' else 'foreign_table_in_api' end,
       r.nspname, r.relname, null, null, null
from rel r
where r.relkind in ('m', 'f') and r.is_exposed and not r.is_system and not r.is_ext and ${apiReadable("r")}
union all
-- 0018: a column of a reg* type pg_upgrade cannot keep
select 'unsupported_reg_types', n.nspname, c.relname::text, a.attname::text, t.typname::text, null
from pg_catalog.pg_attribute a
join pg_catalog.pg_class c on c.oid = a.attrelid
join pg_catalog.pg_namespace n on n.oid = c.relnamespace
join pg_catalog.pg_type t on t.oid = a.atttypid
where t.typnamespace = 'pg_catalog'::regnamespace and t.typname in (${list(UNSUPPORTED_REG_TYPES)})
  and n.nspname not in ('pg_catalog', 'information_schema', 'pgsodium') and not a.attisdropped
`;
