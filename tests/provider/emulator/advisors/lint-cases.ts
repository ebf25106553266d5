/**
 * One case per SQL lint of the advisors: SQL that creates the offending
 * object and a look-alike that must not fire, the cache key expected, and SQL
 * that repairs it. Every object's name starts with the case's prefix, so the
 * cases run together in one project: one batch creates them all, one batch
 * repairs them all (the runner is `advisors-suite.ts`).
 */
import { createHash } from "node:crypto";

export interface LintCase {
  lint: string;
  category: "security" | "performance";
  /** Every object of the case is named with this prefix. */
  prefix: string;
  setup: string;
  key: string;
  /** Metadata the finding must carry, beyond schema, name and type. */
  metadata?: Record<string, unknown>;
  /** A key of the look-alike that must never appear. */
  lookAlikeKey: string;
  repair: string;
  /** Only where the backend can make the object through the SQL route (PGlite has no contrib extensions). */
  only?: "pglite" | "postgres";
}

const md5 = (s: string) => createHash("md5").update(s).digest("hex");

/**
 * What every case may rely on besides the platform's auth schema, which every emulator project has (as on the
 * platform, the project's own role may not replace `auth.uid()`, so the cases do not bring their own).
 */
export const PRELUDE = `
create schema if not exists private;
`;

export const LINT_CASES: LintCase[] = [
  {
    lint: "unindexed_foreign_keys",
    category: "performance",
    prefix: "fk_",
    setup: `create table fk_parent (id int primary key);
      create table fk_child (id int primary key, p int references fk_parent (id));
      create table fk_covered (id int primary key, p int references fk_parent (id));
      create index fk_covered_p on fk_covered (p, id);`,
    key: "unindexed_foreign_keys_public_fk_child_fk_child_p_fkey",
    metadata: { fkey_name: "fk_child_p_fkey", fkey_columns: [2] },
    lookAlikeKey: "unindexed_foreign_keys_public_fk_covered_fk_covered_p_fkey",
    repair: `create index fk_child_p on fk_child (p);`,
  },
  {
    lint: "auth_users_exposed",
    category: "security",
    prefix: "au_",
    setup: `create view au_users as select id, email from auth.users;
      create view private.au_hidden as select id from auth.users;
      grant select on private.au_hidden to anon;`,
    key: "auth_users_exposed_public_au_users",
    metadata: { exposed_to: ["anon"] },
    lookAlikeKey: "auth_users_exposed_private_au_hidden",
    repair: `revoke select on au_users from anon, authenticated;`,
  },
  {
    lint: "auth_rls_initplan",
    category: "performance",
    prefix: "ip_",
    setup: `create table ip_t (id int primary key, owner uuid);
      alter table ip_t enable row level security;
      create policy ip_p on ip_t to authenticated using (owner = auth.uid());
      create table ip_ok (id int primary key, owner uuid);
      alter table ip_ok enable row level security;
      create policy ip_ok_p on ip_ok to authenticated using (owner = (select auth.uid()));`,
    key: "auth_rls_init_plan_public_ip_t_ip_p",
    lookAlikeKey: "auth_rls_init_plan_public_ip_ok_ip_ok_p",
    repair: `alter policy ip_p on ip_t using (owner = (select auth.uid()));`,
  },
  {
    lint: "no_primary_key",
    category: "performance",
    prefix: "npk_",
    setup: `create table npk_t (a int not null);
      create view npk_view as select a from npk_t;`,
    key: "no_primary_key_public_npk_t",
    lookAlikeKey: "no_primary_key_public_npk_view",
    repair: `alter table npk_t add primary key (a);`,
  },
  {
    lint: "unused_index",
    category: "performance",
    prefix: "ui_",
    setup: `create table ui_t (id int primary key, a int, b int);
      create index ui_idx on ui_t (a);
      create unique index ui_uq on ui_t (b);`,
    key: "unused_index_public_ui_t_ui_idx",
    lookAlikeKey: "unused_index_public_ui_t_ui_uq",
    repair: `drop index ui_idx;`,
  },
  {
    lint: "multiple_permissive_policies",
    category: "performance",
    prefix: "mp_",
    setup: `create table mp_t (id int primary key);
      alter table mp_t enable row level security;
      create policy mp_a on mp_t for select to authenticated using (true);
      create policy mp_b on mp_t for select to authenticated using (id > 0);
      create table mp_ok (id int primary key);
      alter table mp_ok enable row level security;
      create policy mp_ok_a on mp_ok as restrictive for select to authenticated using (true);
      create policy mp_ok_b on mp_ok as restrictive for select to authenticated using (id > 0);`,
    key: "multiple_permissive_policies_public_mp_t_authenticated_SELECT",
    lookAlikeKey: "multiple_permissive_policies_public_mp_ok_authenticated_SELECT",
    repair: `drop policy mp_b on mp_t;`,
  },
  {
    lint: "policy_exists_rls_disabled",
    category: "security",
    prefix: "pe_",
    setup: `create table pe_t (id int primary key);
      create policy pe_p on pe_t to authenticated using (true);
      create table pe_ok (id int primary key);
      alter table pe_ok enable row level security;
      create policy pe_ok_p on pe_ok to authenticated using (true);`,
    key: "policy_exists_rls_disabled_public_pe_t",
    lookAlikeKey: "policy_exists_rls_disabled_public_pe_ok",
    repair: `alter table pe_t enable row level security;`,
  },
  {
    lint: "rls_enabled_no_policy",
    category: "security",
    prefix: "rn_",
    setup: `create table rn_t (id int primary key);
      alter table rn_t enable row level security;
      create table rn_ok (id int primary key);
      alter table rn_ok enable row level security;
      create policy rn_ok_p on rn_ok to authenticated using (true);`,
    key: "rls_enabled_no_policy_public_rn_t",
    lookAlikeKey: "rls_enabled_no_policy_public_rn_ok",
    repair: `create policy rn_p on rn_t to authenticated using (true);`,
  },
  {
    lint: "duplicate_index",
    category: "performance",
    prefix: "di_",
    setup: `create table di_t (id int primary key, a int);
      create index di_1 on di_t (a);
      create index di_2 on di_t (a);
      create table di_ok (id int primary key, a int);
      create index di_ok_1 on di_ok (a);
      create index di_ok_2 on di_ok (a desc);`,
    key: "duplicate_index_public_di_t_{di_1,di_2}",
    metadata: { indexes: ["di_1", "di_2"] },
    lookAlikeKey: "duplicate_index_public_di_ok_{di_ok_1,di_ok_2}",
    repair: `drop index di_2;`,
  },
  {
    lint: "security_definer_view",
    category: "security",
    prefix: "sv_",
    setup: `create table sv_base (id int primary key);
      alter table sv_base enable row level security;
      create view sv_v as select id from sv_base;
      create view sv_ok with (security_invoker = true) as select id from sv_base;`,
    key: "security_definer_view_public_sv_v",
    lookAlikeKey: "security_definer_view_public_sv_ok",
    repair: `alter view sv_v set (security_invoker = on);`,
  },
  {
    lint: "function_search_path_mutable",
    category: "security",
    prefix: "fs_",
    setup: `create function fs_f() returns int language sql as 'select 1';
      create function fs_ok() returns int language sql set search_path = '' as 'select 2';`,
    key: `function_search_path_mutable_public_fs_f_${md5("select 1")}`,
    lookAlikeKey: `function_search_path_mutable_public_fs_ok_${md5("select 2")}`,
    repair: `alter function fs_f() set search_path = '';`,
  },
  {
    lint: "rls_disabled_in_public",
    category: "security",
    prefix: "rd_",
    setup: `create table rd_t (id int primary key);
      create table private.rd_hidden (id int primary key);
      grant usage on schema private to anon;
      grant select on private.rd_hidden to anon;`,
    key: "rls_disabled_in_public_public_rd_t",
    lookAlikeKey: "rls_disabled_in_public_private_rd_hidden",
    repair: `alter table rd_t enable row level security;`,
  },
  {
    lint: "extension_in_public",
    category: "security",
    prefix: "citext",
    setup: `create extension citext schema public; create schema ext_home; create extension ltree schema ext_home;`,
    key: "extension_in_public_citext",
    lookAlikeKey: "extension_in_public_ltree",
    repair: `drop extension citext; create extension citext schema ext_home;`,
    only: "postgres",
  },
  {
    lint: "rls_references_user_metadata",
    category: "security",
    prefix: "um_",
    setup: `create table um_t (id int primary key);
      alter table um_t enable row level security;
      create policy um_p on um_t to authenticated using ((auth.jwt() -> 'user_metadata' ->> 'role') = 'admin');
      create table um_ok (id int primary key);
      alter table um_ok enable row level security;
      create policy um_ok_p on um_ok to authenticated using ((auth.jwt() -> 'app_metadata' ->> 'role') = 'admin');`,
    key: "rls_references_user_metadata_public_um_t_um_p",
    lookAlikeKey: "rls_references_user_metadata_public_um_ok_um_ok_p",
    repair: `alter policy um_p on um_t using ((auth.jwt() -> 'app_metadata' ->> 'role') = 'admin');`,
  },
  {
    lint: "materialized_view_in_api",
    category: "security",
    prefix: "mv_",
    setup: `create materialized view mv_v as select 1 as x;
      create materialized view private.mv_hidden as select 1 as x;
      grant select on private.mv_hidden to anon;`,
    key: "materialized_view_in_api_public_mv_v",
    lookAlikeKey: "materialized_view_in_api_private_mv_hidden",
    repair: `revoke select on mv_v from anon, authenticated;`,
  },
  {
    lint: "foreign_table_in_api",
    category: "security",
    prefix: "ft_",
    // On a server the wrapper needs a superuser: the suite makes ft_server there first (see advisors-suite.ts).
    setup: `create foreign table ft_t (a int) server ft_server;
      create foreign table private.ft_hidden (a int) server ft_server;
      grant select on private.ft_hidden to anon;`,
    key: "foreign_table_in_api_public_ft_t",
    lookAlikeKey: "foreign_table_in_api_private_ft_hidden",
    repair: `revoke select on ft_t from anon, authenticated;`,
  },
  {
    lint: "unsupported_reg_types",
    category: "security",
    prefix: "rt_",
    setup: `create table rt_t (id int primary key, c regproc);
      create table rt_ok (id int primary key, c regclass);`,
    key: "unsupported_reg_types_public_rt_t_c",
    metadata: { column: "c" },
    lookAlikeKey: "unsupported_reg_types_public_rt_ok_c",
    repair: `alter table rt_t alter column c type text;`,
  },
];

/** The wrapper and server the foreign-table case needs, as a superuser makes them. */
export const FOREIGN_SERVER_SQL = `create foreign data wrapper ft_wrapper; create server ft_server foreign data wrapper ft_wrapper;`;
