/**
 * Telling cheaply whether a database's schema changed since its GraphQL API
 * was reflected. Like pg_graphql, a database-wide event trigger on
 * `ddl_command_end` (which fires for every DDL command, `COMMENT`, `GRANT`
 * and `REVOKE` included) bumps a schema version kept in the `graphql`
 * schema. The counter is a table row, not a sequence, so a bump becomes
 * visible exactly when the DDL that caused it commits.
 *
 * A request names the version its SQL was compiled for; its first statement
 * checks it and fails with SQLSTATE `EMUSV` when it moved, which rolls the
 * request back and makes the executor reflect again and retry.
 *
 * Creating an event trigger needs a superuser: on a server, where the
 * project database's owner is not one, the server's superuser installs it
 * (the owner may read the counter and run the check). Where neither can,
 * the executor falls back to a catalog fingerprint per request.
 */
import type { GqlDatabase } from "./db";

/** The SQLSTATE of a stale schema version. */
export const STALE_SCHEMA = "EMUSV";

const INSTALL_SQL = `
create schema if not exists graphql;
create table if not exists graphql.schema_version (v bigint not null);
insert into graphql.schema_version (v) select 0 where not exists (select from graphql.schema_version);
create or replace function graphql.bump_schema_version() returns event_trigger
  language plpgsql security definer set search_path = pg_catalog as $$
begin
  update graphql.schema_version set v = v + 1;
end $$;
create or replace function graphql.check_schema_version(expected bigint) returns boolean
  language plpgsql set search_path = pg_catalog as $$
begin
  if (select v from graphql.schema_version) is distinct from expected then
    raise exception 'schema changed' using errcode = '${STALE_SCHEMA}';
  end if;
  return true;
end $$;
grant usage on schema graphql to public;
grant select on graphql.schema_version to public;
do $$
begin
  if not exists (select from pg_catalog.pg_event_trigger where evtname = 'graphql_schema_version') then
    create event trigger graphql_schema_version on ddl_command_end execute function graphql.bump_schema_version();
  end if;
end $$;
`;

export const CURRENT_VERSION_SQL = `select v::text as v from graphql.schema_version`;

/**
 * The first statement of every request: checks the version ($3), then sets
 * the role ($1) and the JWT claims ($2) for the rest of the transaction. The
 * check sits in the WHERE clause, so it runs (as the connection's owner)
 * before the role changes, and a stale version stops the request before any
 * of its SQL runs. The counter is compared in SQL; only a mismatch calls the
 * PL/pgSQL check, which raises (a function call on every request costs the
 * server more than the whole comparison).
 */
export const PRELUDE_SQL =
  `select set_config('role', $1, true) as r, set_config('request.jwt.claims', $2, true) as c ` +
  `where case when (select v from graphql.schema_version) = $3::bigint then true ` +
  `else graphql.check_schema_version($3::bigint) end`;

type Mode = "version" | "fingerprint";
const modes = new WeakMap<GqlDatabase, Promise<Mode>>();

/** Installs the version counter once per database handle; "fingerprint" when that is not allowed. */
export function schemaVersionMode(db: GqlDatabase): Promise<Mode> {
  let mode = modes.get(db);
  if (!mode) {
    mode = (db.execPrivileged ? db.execPrivileged(INSTALL_SQL) : db.exec(INSTALL_SQL)).then(
      (): Mode => "version",
      (err: { code?: unknown }): Mode => {
        // Only a missing privilege means "use the fallback"; anything else is retried next time.
        if (err && err.code === "42501") return "fingerprint";
        modes.delete(db);
        throw err;
      },
    );
    modes.set(db, mode);
  }
  return mode;
}

/** Forgets the install state (the `graphql` schema was dropped, say), so the next request installs again. */
export function forgetSchemaVersion(db: GqlDatabase): void {
  modes.delete(db);
}
