/**
 * What every new project database looks like before the user touches it: the
 * platform's API roles, the grants that let them see what the owner creates
 * in `public`, and the platform's `auth` schema (`auth.users`, `auth.uid()`,
 * `auth.role()`, `auth.email()`, `auth.jwt()`), which declared schemas and
 * migrations refer to. The `auth` part is the schema engine's own
 * (pgschema/platform.ts), so the scratch database and every project agree.
 */
import { AUTH_ROLE_SQL, authSchemaSql } from "../../pgschema/platform";

/** Cluster-wide roles; idempotent, so it is safe on a shared server. */
export const ROLES_SQL = `
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = 'anon') THEN
    CREATE ROLE anon NOLOGIN NOINHERIT;
  END IF;
  IF NOT EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = 'authenticated') THEN
    CREATE ROLE authenticated NOLOGIN NOINHERIT;
  END IF;
  IF NOT EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = 'service_role') THEN
    CREATE ROLE service_role NOLOGIN NOINHERIT BYPASSRLS;
  END IF;
  -- The data API's login role: a JWT may name the roles granted to it.
  IF NOT EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = 'authenticator') THEN
    CREATE ROLE authenticator NOLOGIN NOINHERIT;
    GRANT anon, authenticated, service_role TO authenticator;
  END IF;
  -- Runs read-only queries: reads everything, writes nothing.
  IF NOT EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = 'supabase_read_only_user') THEN
    CREATE ROLE supabase_read_only_user NOLOGIN;
    ALTER ROLE supabase_read_only_user SET default_transaction_read_only = on;
    IF EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = 'pg_read_all_data') THEN
      GRANT pg_read_all_data TO supabase_read_only_user;
    END IF;
  END IF;
END
$$;
${AUTH_ROLE_SQL}`;

/** Lets the owner switch to the API roles (needed when it is not a superuser). */
export const MEMBERSHIP_SQL = `GRANT anon, authenticated, service_role, supabase_read_only_user TO CURRENT_USER;`;

/** Per-database grants, as on the platform; idempotent. */
export const DATABASE_SQL = `
GRANT USAGE ON SCHEMA public TO anon, authenticated, service_role;
-- Where the platform installs extensions (\`create extension ... with schema extensions\`).
CREATE SCHEMA IF NOT EXISTS extensions;
GRANT USAGE ON SCHEMA extensions TO anon, authenticated, service_role;
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT ALL ON TABLES TO anon, authenticated, service_role;
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT ALL ON SEQUENCES TO anon, authenticated, service_role;
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT ALL ON FUNCTIONS TO anon, authenticated, service_role;
`;

export const API_ROLES = ["anon", "authenticated", "service_role"] as const;

/**
 * The platform's `auth` schema in a new database, run by a superuser; `owner`
 * is the (quoted) role the project's SQL runs as. Idempotent.
 */
export const authSql = (owner = "CURRENT_USER"): string => authSchemaSql(owner);

/** Whether a database already has the `auth` schema (an older emulator's has none): one row, `has`. */
export const HAS_AUTH_SQL =
  "SELECT to_regclass('auth.users') IS NOT NULL AND to_regprocedure('auth.uid()') IS NOT NULL AS has";
