/**
 * The ONE catalog query: a single statement answering a single row with one
 * JSON document (`catalog`) that describes the owned schemas. The same text
 * runs on PGlite, on a PostgreSQL server and on the real service through
 * `POST /v1/projects/{ref}/database/query/read-only`, so one read costs one API call.
 *
 * `search_path` is pinned to `pg_catalog` for the statement (a local
 * `set_config` evaluated before the lateral part), so every name that
 * `format_type`, `pg_get_expr` and the `pg_get_*def` functions print comes back
 * schema-qualified, whatever the session's path: the scratch database and the
 * live one print the same text for the same object.
 *
 * Objects that belong to an extension are left out; so are not-null
 * constraints (they are columns' `notNull`) and indexes that back a constraint.
 */

/** A schema name as a SQL literal (names are validated by the caller; quotes are doubled anyway). */
const literal = (s: string) => `'${s.replace(/'/g, "''")}'`;

/**
 * An object's grants as a sorted JSON array of `grantee PRIVILEGE[ WITH GRANT OPTION]`,
 * from its ACL expression; the owner's own privileges are left out when `owner` is given.
 */
const grants = (acl: string, owner?: string) => `(select coalesce(json_agg(x order by x), '[]') from (
         select (case when g.grantee = 0 then 'PUBLIC' else quote_ident(pg_get_userbyid(g.grantee)) end)
           || ' ' || g.privilege_type || case when g.is_grantable then ' WITH GRANT OPTION' else '' end as x
         from aclexplode(${acl}) g${owner ? ` where g.grantee <> ${owner}` : ""}) q)`;

export function catalogSql(schemas: readonly string[]): string {
  const owned = `array[${schemas.map(literal).join(", ") || "''"}]::text[]`;
  return `
select j.catalog from (select pg_catalog.set_config('search_path', 'pg_catalog', true) as _) pin
cross join lateral (
with ns as (
  select n.oid, n.nspname, n.nspacl, n.nspowner from pg_namespace n where n.nspname = any(${owned})
),
-- The role whose default privileges count: the database's owner, who runs the migrations (the read-only route runs as another role).
me as (select datdba as oid from pg_database where datname = current_database()),
ext_member as (
  select objid, classid from pg_depend where deptype = 'e'
),
rel as (
  select c.*, ns.nspname from pg_class c join ns on ns.oid = c.relnamespace
  where not exists (select 1 from ext_member e where e.classid = 'pg_class'::regclass and e.objid = c.oid)
)
select json_build_object(
  'schemas', (select coalesce(json_agg(json_build_object(
      'name', ns.nspname,
      'comment', obj_description(ns.oid, 'pg_namespace'),
      'acl', ${grants(`coalesce(ns.nspacl, acldefault('n', ns.nspowner))`, `ns.nspowner`)}
    ) order by ns.nspname), '[]') from ns),
  'extensions', (select coalesce(json_agg(json_build_object(
      'name', e.extname, 'schema', n.nspname) order by e.extname), '[]')
    from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname <> 'plpgsql'),
  'enums', (select coalesce(json_agg(json_build_object(
      'id', format('%I.%I', ns.nspname, t.typname),
      'schema', ns.nspname,
      'labels', (select json_agg(en.enumlabel order by en.enumsortorder) from pg_enum en where en.enumtypid = t.oid),
      'comment', obj_description(t.oid, 'pg_type'),
      'acl', ${grants(`coalesce(t.typacl, acldefault('T', t.typowner))`, `t.typowner`)}
    ) order by ns.nspname, t.typname), '[]')
    from pg_type t join ns on ns.oid = t.typnamespace
    where t.typtype = 'e' and not exists (select 1 from ext_member e where e.classid = 'pg_type'::regclass and e.objid = t.oid)),
  'domains', (select coalesce(json_agg(json_build_object(
      'id', format('%I.%I', ns.nspname, t.typname),
      'schema', ns.nspname,
      'base', format_type(t.typbasetype, t.typtypmod),
      'notNull', t.typnotnull,
      'default', t.typdefault,
      'collation', case when t.typcollation <> 0 and t.typcollation <> (select typcollation from pg_type b where b.oid = t.typbasetype)
                   then (select format('%I.%I', cn.nspname, co.collname) from pg_collation co join pg_namespace cn on cn.oid = co.collnamespace where co.oid = t.typcollation) end,
      'checks', (select coalesce(json_agg(json_build_object('name', quote_ident(c.conname), 'def', pg_get_constraintdef(c.oid)) order by c.conname), '[]')
                 from pg_constraint c where c.contypid = t.oid and c.contype = 'c'),
      'comment', obj_description(t.oid, 'pg_type'),
      'acl', ${grants(`coalesce(t.typacl, acldefault('T', t.typowner))`, `t.typowner`)}
    ) order by ns.nspname, t.typname), '[]')
    from pg_type t join ns on ns.oid = t.typnamespace
    where t.typtype = 'd' and not exists (select 1 from ext_member e where e.classid = 'pg_type'::regclass and e.objid = t.oid)),
  'sequences', (select coalesce(json_agg(json_build_object(
      'id', format('%I.%I', c.nspname, c.relname),
      'schema', c.nspname,
      'type', format_type(s.seqtypid, null),
      'start', s.seqstart::text, 'increment', s.seqincrement::text, 'min', s.seqmin::text, 'max', s.seqmax::text,
      'cache', s.seqcache::text, 'cycle', s.seqcycle,
      'ownedBy', (select format('%I.%I.%I', tn.nspname, tc.relname, a.attname) from pg_depend d
                  join pg_class tc on tc.oid = d.refobjid join pg_namespace tn on tn.oid = tc.relnamespace
                  join pg_attribute a on a.attrelid = d.refobjid and a.attnum = d.refobjsubid
                  where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'a' and d.refclassid = 'pg_class'::regclass limit 1),
      'comment', obj_description(c.oid, 'pg_class'),
      'acl', ${grants(`coalesce(c.relacl, acldefault('s', c.relowner))`, `c.relowner`)}
    ) order by c.nspname, c.relname), '[]')
    from rel c join pg_sequence s on s.seqrelid = c.oid
    where c.relkind = 'S' and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'i')),
  'tables', (select coalesce(json_agg(json_build_object(
      'id', format('%I.%I', c.nspname, c.relname),
      'schema', c.nspname,
      'rls', c.relrowsecurity, 'forceRls', c.relforcerowsecurity,
      'columns', (select coalesce(json_agg(json_build_object(
           'name', quote_ident(a.attname),
           'type', format_type(a.atttypid, a.atttypmod),
           'notNull', a.attnotnull,
           'default', case when a.attgenerated = '' then pg_get_expr(d.adbin, d.adrelid) end,
           'generated', case when a.attgenerated <> '' then pg_get_expr(d.adbin, d.adrelid) || case a.attgenerated when 'v' then ' VIRTUAL' else ' STORED' end end,
           'identity', case a.attidentity when 'a' then 'always' when 'd' then 'by default' end,
           'collation', case when a.attcollation <> 0 and a.attcollation <> (select typcollation from pg_type ty where ty.oid = a.atttypid)
                        then (select format('%I.%I', cn.nspname, co.collname) from pg_collation co join pg_namespace cn on cn.oid = co.collnamespace where co.oid = a.attcollation) end,
           'comment', col_description(c.oid, a.attnum),
           'acl', ${grants(`a.attacl`)}
         ) order by a.attnum), '[]')
         from pg_attribute a left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
         where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped),
      'comment', obj_description(c.oid, 'pg_class'),
      'acl', ${grants(`coalesce(c.relacl, acldefault('r', c.relowner))`, `c.relowner`)}
    ) order by c.nspname, c.relname), '[]')
    from rel c where c.relkind in ('r', 'p') and not c.relispartition),
  'constraints', (select coalesce(json_agg(json_build_object(
      'id', format('%I.%I.%I', c.nspname, c.relname, k.conname),
      'table', format('%I.%I', c.nspname, c.relname),
      'name', quote_ident(k.conname),
      'type', k.contype,
      'def', pg_get_constraintdef(k.oid),
      'comment', obj_description(k.oid, 'pg_constraint')
    ) order by c.nspname, c.relname, k.conname), '[]')
    from pg_constraint k join rel c on c.oid = k.conrelid where k.contype in ('p', 'u', 'c', 'f', 'x') and c.relkind in ('r', 'p')),
  'indexes', (select coalesce(json_agg(json_build_object(
      'id', format('%I.%I', c.nspname, ic.relname),
      'table', format('%I.%I', c.nspname, c.relname),
      'def', pg_get_indexdef(i.indexrelid),
      'comment', obj_description(ic.oid, 'pg_class')
    ) order by c.nspname, ic.relname), '[]')
    from pg_index i join rel c on c.oid = i.indrelid join pg_class ic on ic.oid = i.indexrelid
    where not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid and k.conrelid = i.indrelid and k.contype in ('p', 'u', 'x'))),
  'policies', (select coalesce(json_agg(json_build_object(
      'id', format('%I.%I.%I', c.nspname, c.relname, p.polname),
      'table', format('%I.%I', c.nspname, c.relname),
      'name', quote_ident(p.polname),
      'permissive', p.polpermissive,
      'cmd', case p.polcmd when 'r' then 'SELECT' when 'a' then 'INSERT' when 'w' then 'UPDATE' when 'd' then 'DELETE' else 'ALL' end,
      'roles', (select json_agg(case when r = 0 then 'PUBLIC' else quote_ident(pg_get_userbyid(r)) end order by 1) from unnest(p.polroles) r),
      'using', pg_get_expr(p.polqual, p.polrelid),
      'check', pg_get_expr(p.polwithcheck, p.polrelid),
      'comment', obj_description(p.oid, 'pg_policy')
    ) order by c.nspname, c.relname, p.polname), '[]')
    from pg_policy p join rel c on c.oid = p.polrelid),
  'functions', (select coalesce(json_agg(json_build_object(
      'id', format('%I.%I(%s)', ns.nspname, p.proname, pg_get_function_identity_arguments(p.oid)),
      'schema', ns.nspname,
      'kind', case p.prokind when 'p' then 'PROCEDURE' else 'FUNCTION' end,
      'returns', pg_get_function_result(p.oid),
      'def', pg_get_functiondef(p.oid),
      'rowTypes', (select coalesce(json_agg(distinct format('%I.%I', rn.nspname, rc.relname)), '[]') from pg_depend d join pg_type t on t.oid = d.refobjid
                   join pg_class rc on rc.oid = t.typrelid join pg_namespace rn on rn.oid = rc.relnamespace
                   where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.refclassid = 'pg_type'::regclass and t.typrelid <> 0),
      'comment', obj_description(p.oid, 'pg_proc'),
      'acl', ${grants(`coalesce(p.proacl, acldefault('f', p.proowner))`, `p.proowner`)}
    ) order by ns.nspname, p.proname, pg_get_function_identity_arguments(p.oid)), '[]')
    from pg_proc p join ns on ns.oid = p.pronamespace
    where p.prokind in ('f', 'p') and not exists (select 1 from ext_member e where e.classid = 'pg_proc'::regclass and e.objid = p.oid)),
  'triggers', (select coalesce(json_agg(json_build_object(
      'id', format('%I.%I.%I', c.nspname, c.relname, t.tgname),
      'table', format('%I.%I', c.nspname, c.relname),
      'name', quote_ident(t.tgname),
      'def', pg_get_triggerdef(t.oid),
      'enabled', t.tgenabled,
      'comment', obj_description(t.oid, 'pg_trigger')
    ) order by c.nspname, c.relname, t.tgname), '[]')
    from pg_trigger t join rel c on c.oid = t.tgrelid where not t.tgisinternal),
  'views', (select coalesce(json_agg(json_build_object(
      'id', format('%I.%I', c.nspname, c.relname),
      'schema', c.nspname,
      'materialized', c.relkind = 'm',
      'def', pg_get_viewdef(c.oid),
      'options', coalesce(array_to_json(c.reloptions), '[]'),
      'deps', (select coalesce(json_agg(distinct format('%I.%I', dn.nspname, dc.relname)), '[]') from pg_rewrite rw
               join pg_depend d on d.classid = 'pg_rewrite'::regclass and d.objid = rw.oid and d.refclassid = 'pg_class'::regclass
               join pg_class dc on dc.oid = d.refobjid join pg_namespace dn on dn.oid = dc.relnamespace
               where rw.ev_class = c.oid and d.refobjid <> c.oid),
      'columnComments', (select coalesce(json_object_agg(quote_ident(a.attname), col_description(c.oid, a.attnum)), '{}') from pg_attribute a
               where a.attrelid = c.oid and a.attnum > 0 and col_description(c.oid, a.attnum) is not null),
      'comment', obj_description(c.oid, 'pg_class'),
      'acl', ${grants(`coalesce(c.relacl, acldefault('r', c.relowner))`, `c.relowner`)}
    ) order by c.nspname, c.relname), '[]')
    from rel c where c.relkind in ('v', 'm')),
  'defaultPrivileges', (select coalesce(json_agg(json_build_object(
      'schema', ns.nspname,
      'objtype', case da.defaclobjtype when 'r' then 'TABLES' when 'S' then 'SEQUENCES' when 'f' then 'FUNCTIONS' when 'T' then 'TYPES' when 'n' then 'SCHEMAS' end,
      'acl', ${grants(`da.defaclacl`, `da.defaclrole`)}
    ) order by ns.nspname, da.defaclobjtype), '[]')
    from pg_default_acl da join ns on ns.oid = da.defaclnamespace where da.defaclrole = (select oid from me))
) as catalog
) j`;
}
