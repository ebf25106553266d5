/**
 * What every new project database looks like before the user touches it: the
 * platform's API roles and the grants that let them see what the owner
 * creates in `public`.
 */

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
END
$$;
`;

/** Lets the owner switch to the API roles (needed when it is not a superuser). */
export const MEMBERSHIP_SQL = `GRANT anon, authenticated, service_role TO CURRENT_USER;`;

/** Per-database grants, as on the platform; idempotent. */
export const DATABASE_SQL = `
GRANT USAGE ON SCHEMA public TO anon, authenticated, service_role;
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT ALL ON TABLES TO anon, authenticated, service_role;
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT ALL ON SEQUENCES TO anon, authenticated, service_role;
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT ALL ON FUNCTIONS TO anon, authenticated, service_role;
`;

export const API_ROLES = ["anon", "authenticated", "service_role"] as const;
