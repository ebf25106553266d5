/**
 * The role that owns the `auth` schema and everything in it, as on the
 * platform (its Auth service logs in as it). Cluster-wide; idempotent.
 */
export const AUTH_ROLE_SQL = `
do $$ begin
  if not exists (select from pg_roles where rolname = 'supabase_auth_admin') then create role supabase_auth_admin nologin noinherit; end if;
end $$;
`;

/** The functions policies call to read the request's JWT, as `auth.<name>()`. */
export const AUTH_FUNCTIONS = ["uid", "role", "email", "jwt"] as const;

/**
 * The platform's `auth` schema as far as declared SQL and migrations reach
 * into it: `auth.users` with the columns policies, views and foreign keys
 * refer to, and the functions that read the request's JWT claims the way the
 * platform's do (`request.jwt.claim.<name>`, else the claim in
 * `request.jwt.claims`, the JSON the Data API sets per request). Everything is
 * owned by `supabase_auth_admin` (AUTH_ROLE_SQL); the API roles may use the
 * schema and call the functions; `owner`, the role the project's own SQL runs
 * as (the platform's `postgres`), may also read `auth.users`, reference it
 * from a foreign key and put a trigger on it, but not change it. Idempotent;
 * run by a superuser. The emulator gives every project database the same
 * (emulator/db/init.ts), and the scratch database has it in its baseline.
 */
export function authSchemaSql(owner = "current_user"): string {
  const claim = (name: string, type: string) =>
    `create or replace function auth.${name}() returns ${type} language sql stable as
  $f$ select coalesce(nullif(current_setting('request.jwt.claim.${name === "uid" ? "sub" : name}', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> '${name === "uid" ? "sub" : name}'))::${type} $f$;`;
  return `
create schema if not exists auth;
alter schema auth owner to supabase_auth_admin;
create table if not exists auth.users (
  instance_id uuid, id uuid not null primary key, aud varchar(255), role varchar(255), email varchar(255),
  encrypted_password varchar(255), email_confirmed_at timestamptz, invited_at timestamptz, confirmation_sent_at timestamptz,
  recovery_sent_at timestamptz, last_sign_in_at timestamptz, raw_app_meta_data jsonb, raw_user_meta_data jsonb,
  is_super_admin boolean, created_at timestamptz, updated_at timestamptz, phone text unique default null,
  phone_confirmed_at timestamptz, banned_until timestamptz, deleted_at timestamptz,
  is_sso_user boolean not null default false, is_anonymous boolean not null default false
);
alter table auth.users owner to supabase_auth_admin;
${claim("uid", "uuid")}
${claim("role", "text")}
${claim("email", "text")}
create or replace function auth.jwt() returns jsonb language sql stable as
  $f$ select coalesce(nullif(current_setting('request.jwt.claim', true), ''), nullif(current_setting('request.jwt.claims', true), ''))::jsonb $f$;
${AUTH_FUNCTIONS.map((f) => `alter function auth.${f}() owner to supabase_auth_admin;`).join("\n")}
grant usage on schema auth to anon, authenticated, service_role, ${owner};
grant execute on function ${AUTH_FUNCTIONS.map((f) => `auth.${f}()`).join(", ")} to anon, authenticated, service_role, ${owner};
grant select, references, trigger on auth.users to ${owner};
`;
}

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
${AUTH_ROLE_SQL}
grant anon, authenticated, service_role to authenticator;
create schema if not exists extensions;
grant usage on schema extensions to anon, authenticated, service_role;
${authSchemaSql()}
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
