/**
 * The platform's baseline, as a new project has it before the user's schema:
 * the API roles, the `auth`, `storage` and `extensions` schemas with the parts
 * that declared SQL commonly refers to (`auth.users`, `auth.uid()`,
 * `storage.objects`...), and the default privileges of `public`. The scratch
 * database starts from it, so that declared files need not (and must not)
 * create what the platform already has.
 */
export const PLATFORM_BASELINE_SQL = `
do $$ begin
  if not exists (select from pg_roles where rolname = 'anon') then create role anon nologin noinherit; end if;
  if not exists (select from pg_roles where rolname = 'authenticated') then create role authenticated nologin noinherit; end if;
  if not exists (select from pg_roles where rolname = 'service_role') then create role service_role nologin noinherit bypassrls; end if;
  if not exists (select from pg_roles where rolname = 'authenticator') then create role authenticator nologin noinherit; end if;
  if not exists (select from pg_roles where rolname = 'supabase_read_only_user') then create role supabase_read_only_user nologin; end if;
  if not exists (select from pg_roles where rolname = 'supabase_admin') then create role supabase_admin nologin; end if;
end $$;
grant anon, authenticated, service_role to authenticator;
create schema if not exists extensions;
grant usage on schema extensions to anon, authenticated, service_role;
create schema if not exists auth;
grant usage on schema auth to anon, authenticated, service_role;
create table if not exists auth.users (
  id uuid primary key, email text, phone text, role text, raw_app_meta_data jsonb, raw_user_meta_data jsonb,
  created_at timestamptz default now(), updated_at timestamptz default now()
);
create or replace function auth.uid() returns uuid language sql stable as
  $f$ select nullif(coalesce(current_setting('request.jwt.claim.sub', true), (current_setting('request.jwt.claims', true)::jsonb ->> 'sub')), '')::uuid $f$;
create or replace function auth.role() returns text language sql stable as
  $f$ select coalesce(current_setting('request.jwt.claim.role', true), (current_setting('request.jwt.claims', true)::jsonb ->> 'role'))::text $f$;
create or replace function auth.email() returns text language sql stable as
  $f$ select coalesce(current_setting('request.jwt.claim.email', true), (current_setting('request.jwt.claims', true)::jsonb ->> 'email'))::text $f$;
create or replace function auth.jwt() returns jsonb language sql stable as
  $f$ select coalesce(nullif(current_setting('request.jwt.claim', true), ''), nullif(current_setting('request.jwt.claims', true), ''))::jsonb $f$;
create schema if not exists storage;
grant usage on schema storage to anon, authenticated, service_role;
create table if not exists storage.buckets (id text primary key, name text not null, owner uuid, public boolean default false,
  created_at timestamptz default now(), updated_at timestamptz default now());
create table if not exists storage.objects (id uuid primary key, bucket_id text references storage.buckets (id), name text, owner uuid,
  metadata jsonb, created_at timestamptz default now(), updated_at timestamptz default now());
alter table storage.objects enable row level security;
alter table storage.buckets enable row level security;
create or replace function storage.foldername(name text) returns text[] language sql immutable as $f$ select (string_to_array(name, '/'))[1:array_length(string_to_array(name, '/'), 1) - 1] $f$;
create or replace function storage.filename(name text) returns text language sql immutable as $f$ select (string_to_array(name, '/'))[array_length(string_to_array(name, '/'), 1)] $f$;
create or replace function storage.extension(name text) returns text language sql immutable as $f$ select reverse(split_part(reverse(name), '.', 1)) $f$;
grant usage on schema public to anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
`;

/** The extensions the scratch database can load (PGlite's contrib builds): `create extension` of another fails there. */
export const SCRATCH_EXTENSIONS = ["pgcrypto", "uuid_ossp", "pg_trgm", "citext", "btree_gist"] as const;
