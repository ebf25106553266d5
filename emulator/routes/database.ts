import { z } from "zod";
import { SqlError, type ProjectDatabase, type QueryResult } from "../db";
import { ApiError } from "../pipeline/errors";
import { defineRoute, type RouteDef } from "../pipeline/router";
import { requireHealthy, requireLiveProject } from "../settings/store";

/**
 * What enabling database webhooks sets up, as the platform does: the
 * `supabase_functions` schema with its migration log and the `hooks` table the
 * webhook triggers record their requests in. Idempotent. (The platform's
 * `http_request` trigger function calls pg_net, which the emulator does not
 * have: no request is ever sent.)
 */
const WEBHOOKS_FAILED = "Failed to enable Database Webhooks on the project";

const WEBHOOKS_SQL = `
create schema if not exists supabase_functions;
grant usage on schema supabase_functions to postgres, anon, authenticated, service_role;
create table if not exists supabase_functions.migrations (
  version text primary key,
  inserted_at timestamptz not null default now()
);
insert into supabase_functions.migrations (version) values ('initial') on conflict do nothing;
create table if not exists supabase_functions.hooks (
  id bigserial primary key,
  hook_table_id integer not null,
  hook_name text not null,
  created_at timestamptz not null default now(),
  request_id bigint
);
create index if not exists supabase_functions_hooks_request_id_idx on supabase_functions.hooks using btree (request_id);
create index if not exists supabase_functions_hooks_h_table_id_h_name_idx on supabase_functions.hooks using btree (hook_table_id, hook_name);
comment on table supabase_functions.hooks is 'Supabase Functions Hooks: Audit trail for triggered hooks.';
`;

const RunQuery = z.strictObject({
  query: z.string().min(1),
  parameters: z.array(z.unknown()).optional(),
  read_only: z.boolean().optional(),
});

/** The service's text: psql-style lines after a fixed prefix, e.g. "ERROR:  42P01: relation … does not exist\n". */
export function sqlErrorMessage(err: SqlError): string {
  let text = `Failed to run sql query: ${err.severity}:  ${err.code}: ${err.message}\n`;
  if (err.detail) text += `DETAIL:  ${err.detail}\n`;
  if (err.hint) text += `HINT:  ${err.hint}\n`;
  return text;
}

async function run(
  db: ProjectDatabase,
  sql: string,
  params: unknown[] | undefined,
  readOnly: boolean,
): Promise<QueryResult | undefined> {
  // Parameters need the extended protocol (one statement); scripts need the simple one.
  const go = async (x: { query: ProjectDatabase["query"]; exec: ProjectDatabase["exec"] }) =>
    params && params.length > 0 ? x.query(sql, params) : (await x.exec(sql)).at(-1);
  // Read-only runs as a role that cannot write, not merely in a read-only transaction a script could end.
  return readOnly ? db.readOnly(sql, params) : go(db);
}

export const databaseRoutes: RouteDef[] = [
  defineRoute({
    method: "POST",
    path: "/v1/projects/{ref}/database/query",
    body: RunQuery,
    handler: async ({ app, params, body }) => {
      const p = requireLiveProject(app, params.ref);
      requireHealthy(app, p, "run queries");
      try {
        const db = await app.db.forProject(p.ref);
        const result = await run(db, body.query, body.parameters, body.read_only ?? false);
        return { status: 201, body: result?.rows ?? [] };
      } catch (err) {
        if (err instanceof SqlError) throw new ApiError(400, sqlErrorMessage(err));
        throw err;
      }
    },
  }),
  defineRoute({
    method: "POST",
    path: "/v1/projects/{ref}/database/webhooks/enable",
    handler: async ({ app, params }) => {
      const p = requireLiveProject(app, params.ref);
      requireHealthy(app, p, () => new ApiError(500, WEBHOOKS_FAILED));
      try {
        await (await app.db.forProject(p.ref)).exec(WEBHOOKS_SQL);
      } catch (err) {
        if (err instanceof SqlError) throw new ApiError(500, WEBHOOKS_FAILED);
        throw err;
      }
      // Nothing to record: the catalog (the schema the SQL made) is the state.
      return { status: 201 };
    },
  }),
];
