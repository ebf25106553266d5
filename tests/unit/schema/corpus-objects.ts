/**
 * Convergence cases: row level security and policies, grants and default
 * privileges, enums and domains, sequences, functions and procedures,
 * triggers, views and materialized views, comments, extensions. Each runs
 * forward and backward.
 */
import type { Case } from "./converge";

const NOTE = "create table note (id bigint primary key, owner uuid, body text, shared boolean default false);";
const RLS = `${NOTE} alter table note enable row level security;`;
const FN =
  "create function touch() returns trigger language plpgsql as $$ begin new.body := coalesce(new.body, ''); return new; end $$;";

export const objectCases: Case[] = [
  // Row level security and policies.
  { name: "row level security is enabled", before: NOTE, after: RLS },
  { name: "row level security is forced", before: RLS, after: `${RLS} alter table note force row level security;` },
  {
    name: "a select policy for the owner",
    before: RLS,
    after: `${RLS} create policy own_read on note for select to authenticated using (owner = auth.uid());`,
  },
  {
    name: "an insert policy with a check",
    before: RLS,
    after: `${RLS} create policy own_write on note for insert to authenticated with check (owner = auth.uid());`,
  },
  {
    name: "an update policy with using and check",
    before: RLS,
    after: `${RLS} create policy own_edit on note for update to authenticated using (owner = auth.uid()) with check (owner = auth.uid());`,
  },
  {
    name: "a delete policy",
    before: RLS,
    after: `${RLS} create policy own_delete on note for delete to authenticated using (owner = auth.uid());`,
  },
  {
    name: "a policy for all commands and two roles",
    before: RLS,
    after: `${RLS} create policy shared_all on note to anon, authenticated using (shared);`,
  },
  {
    name: "a restrictive policy",
    before: RLS,
    after: `${RLS} create policy only_shared on note as restrictive for select to public using (shared);`,
  },
  {
    name: "a policy's expression changes",
    before: `${RLS} create policy p on note for select using (shared);`,
    after: `${RLS} create policy p on note for select using (shared and body is not null);`,
  },
  {
    name: "a policy's roles change",
    before: `${RLS} create policy p on note for select to anon using (true);`,
    after: `${RLS} create policy p on note for select to authenticated using (true);`,
  },
  {
    name: "a policy's command changes",
    before: `${RLS} create policy p on note for select using (true);`,
    after: `${RLS} create policy p on note for update using (true);`,
  },
  {
    name: "a policy reading the jwt",
    before: RLS,
    after: `${RLS} create policy admin on note using ((auth.jwt() ->> 'role') = 'admin');`,
  },
  {
    name: "a policy with a subquery on another table",
    before: `${RLS} create table member (uid uuid, note_id bigint);`,
    after: `${RLS} create table member (uid uuid, note_id bigint); create policy members on note for select using (exists (select 1 from member m where m.note_id = note.id and m.uid = auth.uid()));`,
  },
  {
    name: "a policy survives a widening of the column it reads",
    before: `${NOTE.replace("owner uuid", "lvl int")} alter table note enable row level security; create policy p on note using (lvl > 1);`,
    after: `${NOTE.replace("owner uuid", "lvl bigint")} alter table note enable row level security; create policy p on note using (lvl > 1);`,
  },
  {
    name: "a policy's comment",
    before: `${RLS} create policy p on note using (true);`,
    after: `${RLS} create policy p on note using (true); comment on policy p on note is 'everyone';`,
  },
  {
    name: "storage policies on an owned storage schema",
    before: "",
    after:
      "create policy avatars_read on storage.objects for select to anon using (bucket_id = 'avatars'); create policy avatars_write on storage.objects for insert to authenticated with check (bucket_id = 'avatars' and (storage.foldername(name))[1] = auth.uid()::text);",
    schemas: ["storage"],
  },
  // Grants.
  { name: "select is revoked from anon", before: NOTE, after: `${NOTE} revoke all on note from anon;` },
  {
    name: "only select is granted to anon",
    before: NOTE,
    after: `${NOTE} revoke all on note from anon; grant select on note to anon;`,
  },
  {
    name: "a grant with grant option",
    before: NOTE,
    after: `${NOTE} revoke all on note from authenticated; grant select on note to authenticated with grant option;`,
  },
  {
    name: "a column privilege",
    before: `${NOTE} revoke all on note from anon;`,
    after: `${NOTE} revoke all on note from anon; grant select (id, body) on note to anon;`,
  },
  {
    name: "a column update privilege",
    before: `${NOTE} revoke all on note from authenticated;`,
    after: `${NOTE} revoke all on note from authenticated; grant update (body) on note to authenticated;`,
  },
  {
    name: "a sequence's grants",
    before: "create sequence counter;",
    after:
      "create sequence counter; revoke all on sequence counter from anon; grant usage on sequence counter to anon;",
  },
  {
    name: "a function's execute is revoked from public",
    before: "create function f() returns int language sql as 'select 1';",
    after:
      "create function f() returns int language sql as 'select 1'; revoke execute on function f() from public, anon;",
  },
  {
    name: "a view's grants",
    before: `${NOTE} create view v as select id from note;`,
    after: `${NOTE} create view v as select id from note; revoke all on v from anon;`,
  },
  {
    name: "schema usage for a role",
    before: "create schema app;",
    after: "create schema app; grant usage on schema app to anon; grant create on schema app to service_role;",
    schemas: ["public", "app"],
  },
  {
    name: "an enum's usage is revoked",
    before: "create type hue as enum ('red');",
    after: "create type hue as enum ('red'); revoke usage on type hue from public;",
  },
  // Default privileges.
  {
    name: "default privileges on tables are narrowed",
    before: "",
    after: "alter default privileges in schema public revoke all on tables from anon;",
  },
  {
    name: "default privileges on functions are revoked",
    before: "",
    after: "alter default privileges in schema public revoke execute on functions from anon, authenticated;",
  },
  {
    name: "default privileges in a new schema",
    before: "create schema app;",
    after: "create schema app; alter default privileges in schema app grant select on tables to authenticated;",
    schemas: ["public", "app"],
  },
  {
    name: "narrowed default privileges shape a new table",
    before: "",
    after: "alter default privileges in schema public revoke all on tables from anon; create table t (id int);",
  },
  {
    name: "default privileges on sequences and types",
    before: "",
    after:
      "alter default privileges in schema public revoke all on sequences from anon; alter default privileges in schema public grant usage on types to anon;",
  },
  // Enums and domains.
  { name: "an enum appears", before: "", after: "create type status as enum ('draft', 'live');" },
  {
    name: "an enum gains a value at the end",
    before: "create type status as enum ('draft', 'live');",
    after: "create type status as enum ('draft', 'live', 'gone');",
  },
  {
    name: "an enum gains a value in the middle",
    before: "create type status as enum ('draft', 'live');",
    after: "create type status as enum ('draft', 'review', 'live');",
  },
  {
    name: "an enum gains a first value",
    before: "create type status as enum ('live');",
    after: "create type status as enum ('new', 'live');",
  },
  {
    name: "an enum loses a value used by a column",
    before: "create type status as enum ('a', 'b', 'c'); create table t (s status default 'a');",
    after: "create type status as enum ('a', 'c'); create table t (s status default 'a');",
  },
  {
    name: "an enum column",
    before: "create type status as enum ('a'); create table t (id int);",
    after: "create type status as enum ('a'); create table t (id int, s status not null default 'a');",
  },
  {
    name: "an enum array column",
    before: "create type tag as enum ('x', 'y'); create table t (id int);",
    after: "create type tag as enum ('x', 'y'); create table t (id int, tags tag[] default '{}');",
  },
  { name: "a domain with a check", before: "", after: "create domain positive as int check (value > 0);" },
  {
    name: "a domain gains a default and not null",
    before: "create domain positive as int check (value > 0);",
    after: "create domain positive as int not null default 1 check (value > 0);",
  },
  {
    name: "a domain's check changes",
    before: "create domain code as text constraint code_len check (length(value) = 3);",
    after: "create domain code as text constraint code_len check (length(value) between 2 and 4);",
  },
  {
    name: "a domain used by a column",
    before: "create domain email as text check (value like '%@%'); create table u (id int);",
    after: "create domain email as text check (value like '%@%'); create table u (id int, mail email);",
  },
  {
    name: "a domain's comment",
    before: "create domain d as int;",
    after: "create domain d as int; comment on domain d is 'a number';",
  },
  {
    name: "an enum's comment",
    before: "create type e as enum ('a');",
    after: "create type e as enum ('a'); comment on type e is 'letters';",
  },
  // Sequences.
  { name: "a sequence appears", before: "", after: "create sequence invoice_no start 1000;" },
  {
    name: "a sequence's increment and bounds change",
    before: "create sequence s;",
    after: "create sequence s increment 5 minvalue 1 maxvalue 100000 start 10 cache 2 cycle;",
  },
  { name: "a sequence as a smaller type", before: "create sequence s;", after: "create sequence s as integer;" },
  {
    name: "a sequence used as a default",
    before: "create sequence s; create table t (id int);",
    after: "create sequence s; create table t (id int default nextval('s'));",
  },
  {
    name: "a sequence owned by a column",
    before: "create table t (id int); create sequence s;",
    after: "create table t (id int); create sequence s owned by t.id;",
  },
  {
    name: "a sequence's comment",
    before: "create sequence s;",
    after: "create sequence s; comment on sequence s is 'numbers';",
  },
  // Functions and procedures.
  {
    name: "a sql function",
    before: "",
    after: "create function add_one(n int) returns int language sql immutable as 'select n + 1';",
  },
  {
    name: "a plpgsql function",
    before: "",
    after:
      "create function greet(who text) returns text language plpgsql stable as $$ begin return 'hi ' || who; end $$;",
  },
  {
    name: "a function body changes",
    before: "create function f() returns int language sql as 'select 1';",
    after: "create function f() returns int language sql as 'select 2';",
  },
  {
    name: "a function's volatility and security change",
    before: "create function f() returns int language sql as 'select 1';",
    after: "create function f() returns int language sql stable security definer set search_path = '' as 'select 1';",
  },
  {
    name: "a function's result type changes",
    before: "create function f() returns int language sql as 'select 1';",
    after: "create function f() returns text language sql as 'select ''1''';",
  },
  {
    name: "a function overload",
    before: "create function f(a int) returns int language sql as 'select a';",
    after:
      "create function f(a int) returns int language sql as 'select a'; create function f(a text) returns text language sql as 'select a';",
  },
  {
    name: "a function returning a table's rows",
    before: NOTE,
    after: `${NOTE} create function shared_notes() returns setof note language sql stable as 'select * from note where shared';`,
  },
  {
    name: "a function returning a table shape",
    before: "",
    after: "create function pairs() returns table (k text, v int) language sql as $$ select 'a', 1 $$;",
  },
  {
    name: "a function used by a column default",
    before: "create table t (id int);",
    after:
      "create function next_code() returns text language sql as $$ select 'c' || floor(random() * 1000)::int $$; create table t (id int, code text default next_code());",
  },
  {
    name: "a function used by a check constraint",
    before: "create table t (v text);",
    after:
      "create function is_slug(s text) returns boolean language sql immutable as $$ select s ~ '^[a-z-]+$' $$; create table t (v text check (is_slug(v)));",
  },
  {
    name: "a procedure",
    before: "create table log (msg text);",
    after:
      "create table log (msg text); create procedure note_it(m text) language sql as $$ insert into log values (m) $$;",
  },
  {
    name: "a function with defaults and out parameters",
    before: "",
    after:
      "create function split(s text, sep text default ',', out head text, out rest text) language sql as $$ select split_part(s, sep, 1), substr(s, length(split_part(s, sep, 1)) + 2) $$;",
  },
  {
    name: "a function's comment",
    before: "create function f() returns int language sql as 'select 1';",
    after: "create function f() returns int language sql as 'select 1'; comment on function f() is 'one';",
  },
  // Triggers.
  {
    name: "a before-insert trigger",
    before: `${NOTE} ${FN}`,
    after: `${NOTE} ${FN} create trigger note_touch before insert on note for each row execute function touch();`,
  },
  {
    name: "a trigger's events change",
    before: `${NOTE} ${FN} create trigger tr before insert on note for each row execute function touch();`,
    after: `${NOTE} ${FN} create trigger tr before insert or update on note for each row execute function touch();`,
  },
  {
    name: "a trigger with a when clause",
    before: `${NOTE} ${FN}`,
    after: `${NOTE} ${FN} create trigger tr before update on note for each row when (old.body is distinct from new.body) execute function touch();`,
  },
  {
    name: "a statement trigger",
    before: `${NOTE} create function st() returns trigger language plpgsql as $$ begin return null; end $$;`,
    after: `${NOTE} create function st() returns trigger language plpgsql as $$ begin return null; end $$; create trigger tr after delete on note for each statement execute function st();`,
  },
  {
    name: "a trigger is disabled",
    before: `${NOTE} ${FN} create trigger tr before insert on note for each row execute function touch();`,
    after: `${NOTE} ${FN} create trigger tr before insert on note for each row execute function touch(); alter table note disable trigger tr;`,
  },
  {
    name: "a trigger and its function appear together",
    before: NOTE,
    after: `${NOTE} ${FN} create trigger tr before insert on note for each row execute function touch();`,
  },
  {
    name: "a trigger's comment",
    before: `${NOTE} ${FN} create trigger tr before insert on note for each row execute function touch();`,
    after: `${NOTE} ${FN} create trigger tr before insert on note for each row execute function touch(); comment on trigger tr on note is 'fills body';`,
  },
  // Views and materialized views.
  { name: "a view", before: NOTE, after: `${NOTE} create view shared_note as select id, body from note where shared;` },
  {
    name: "a view's query changes",
    before: `${NOTE} create view v as select id from note;`,
    after: `${NOTE} create view v as select id, body from note;`,
  },
  {
    name: "a view with security_invoker",
    before: `${NOTE} create view v as select id from note;`,
    after: `${NOTE} create view v with (security_invoker = true) as select id from note;`,
  },
  {
    name: "a view over a view",
    before: NOTE,
    after: `${NOTE} create view v1 as select id, body from note; create view v2 as select id from v1;`,
  },
  {
    name: "a base view changes under a dependent view",
    before: `${NOTE} create view v1 as select id, body from note; create view v2 as select id from v1;`,
    after: `${NOTE} create view v1 as select id, body, shared from note; create view v2 as select id from v1;`,
  },
  {
    name: "a view over a column whose type changes",
    before: "create table t (n int); create view v as select n from t;",
    after: "create table t (n bigint); create view v as select n from t;",
  },
  {
    name: "a materialized view",
    before: NOTE,
    after: `${NOTE} create materialized view note_count as select count(*) as n from note;`,
  },
  {
    name: "a materialized view's query changes",
    before: `${NOTE} create materialized view m as select id from note;`,
    after: `${NOTE} create materialized view m as select id, body from note;`,
  },
  {
    name: "an index on a materialized view",
    before: `${NOTE} create materialized view m as select id from note;`,
    after: `${NOTE} create materialized view m as select id from note; create unique index m_id on m (id);`,
  },
  {
    name: "a view's comments",
    before: `${NOTE} create view v as select id from note;`,
    after: `${NOTE} create view v as select id from note; comment on view v is 'ids'; comment on column v.id is 'the id';`,
  },
  {
    name: "a view joining two tables",
    before: `${NOTE} create table tag (note_id bigint, t text);`,
    after: `${NOTE} create table tag (note_id bigint, t text); create view tagged as select n.id, t.t from note n join tag t on t.note_id = n.id;`,
  },
  // Extensions.
  {
    name: "an extension in the extensions schema",
    before: "",
    after: "create extension if not exists citext with schema extensions; create table u (email extensions.citext);",
  },
  {
    name: "an extension in an owned schema",
    before: "",
    after: "create extension if not exists citext with schema public; create table u (email citext);",
  },
  {
    name: "a uuid default from an extension",
    before: "create table t (id uuid);",
    after: `create extension if not exists "uuid-ossp" with schema extensions; create table t (id uuid default extensions.uuid_generate_v4());`,
  },
  {
    name: "a procedure's body changes",
    before:
      "create table log (msg text); create procedure note_it(m text) language sql as $$ insert into log values (m) $$;",
    after:
      "create table log (msg text); create procedure note_it(m text) language sql as $$ insert into log values (upper(m)) $$;",
  },
  {
    name: "a procedure granted to one role",
    before:
      "create procedure ping() language sql as $$ select 1 $$; revoke execute on procedure ping() from public, anon, authenticated, service_role;",
    after:
      "create procedure ping() language sql as $$ select 1 $$; revoke execute on procedure ping() from public, anon, authenticated, service_role; grant execute on procedure ping() to service_role;",
  },
  {
    name: "a policy that reads the jwt",
    before: RLS,
    after: `${RLS} create policy admins on note for all to authenticated using ((auth.jwt() ->> 'role') = 'admin');`,
  },
  {
    name: "a trigger on a view",
    before: `${NOTE} create view v as select id, body from note; create function v_ins() returns trigger language plpgsql as $$ begin insert into note (id, body) values (new.id, new.body); return new; end $$;`,
    after: `${NOTE} create view v as select id, body from note; create function v_ins() returns trigger language plpgsql as $$ begin insert into note (id, body) values (new.id, new.body); return new; end $$; create trigger v_ins instead of insert on v for each row execute function v_ins();`,
  },
  {
    name: "a materialized view's comment",
    before: `${NOTE} create materialized view m as select count(*) as n from note;`,
    after: `${NOTE} create materialized view m as select count(*) as n from note; comment on materialized view m is 'how many';`,
  },
  {
    name: "a sequence granted to the api roles",
    before: "create sequence ticket_no; revoke all on sequence ticket_no from anon, authenticated;",
    after:
      "create sequence ticket_no; revoke all on sequence ticket_no from anon, authenticated; grant usage on sequence ticket_no to authenticated;",
  },
  {
    name: "two tables go together, one's policy reading the other",
    before: `${RLS} create table member (uid uuid, note_id bigint); create policy members on note for select using (exists (select 1 from member m where m.note_id = note.id and m.uid = auth.uid()));`,
    after: "",
  },
  {
    name: "a table and a function returning its rows go together",
    before: `${NOTE} create function shared_notes() returns setof note language sql stable as 'select * from note where shared';`,
    after: "",
  },
  {
    name: "an extension moves into an owned schema",
    before: "create extension if not exists citext with schema extensions;",
    after: "create extension if not exists citext with schema public; create table u (email citext);",
  },
  // A whole app.
  {
    name: "a small app appears whole",
    before: "",
    after: `create type role_kind as enum ('member', 'admin');
      create table team (id bigint generated always as identity primary key, name text not null unique);
      create table member (team_id bigint references team (id) on delete cascade, uid uuid not null, kind role_kind not null default 'member', primary key (team_id, uid));
      create index member_uid on member (uid);
      create function is_member(t bigint) returns boolean language sql stable security definer set search_path = '' as $$ select exists (select 1 from public.member m where m.team_id = t and m.uid = auth.uid()) $$;
      alter table team enable row level security; alter table member enable row level security;
      create policy team_read on team for select to authenticated using (public.is_member(id));
      create policy member_read on member for select to authenticated using (public.is_member(team_id));
      revoke all on team, member from anon;
      create view my_teams with (security_invoker = true) as select t.* from team t where public.is_member(t.id);
      comment on table team is 'a group of users';`,
  },
];
