/**
 * The pooler's connection details as the data function `getPoolerConnectionString`
 * answers them, shared by the SDK's function and the plugin's. The service's
 * connection string holds a `[YOUR-PASSWORD]` placeholder; with `password` it
 * is filled in (URL-encoded), and the answer is then a secret.
 */
import type { PoolerConnection } from "./endpoints/pooler";
import { SupabaseError } from "../errors";

export interface PoolerConnectionArgs {
  projectRef: string;
  /** The database password, to fill into the connection string (which is then a secret). */
  password?: string;
  /** `PRIMARY` (default) or `READ_REPLICA`. */
  databaseType?: string;
  /** `transaction` (port 6543, the service's default) or `session` (port 5432). */
  poolMode?: string;
}

export interface PoolerConnectionInfo {
  connectionString: string;
  host: string;
  port: number;
  user: string;
  database: string;
  poolMode: string;
  databaseType: string;
  identifier: string;
}

const PLACEHOLDER = "[YOUR-PASSWORD]";
/** Supavisor's session mode listens on 5432, transaction mode on 6543. */
const SESSION_PORT = 5432;

export function poolerConnectionInfo(list: PoolerConnection[], args: PoolerConnectionArgs): PoolerConnectionInfo {
  const type = (args.databaseType ?? "PRIMARY").toUpperCase();
  const pooler = list.find((p) => p.database_type === type);
  if (!pooler)
    throw new SupabaseError(
      "NOT_FOUND",
      `Project ${args.projectRef} has no ${type} pooler (found: ${list.map((p) => p.database_type).join(", ") || "none"}).`,
    );
  let connectionString = pooler.connection_string;
  let port = pooler.db_port;
  const mode = args.poolMode?.toLowerCase() ?? pooler.pool_mode;
  if (mode === "session" && port !== SESSION_PORT) {
    connectionString = connectionString.replace(`:${port}/`, `:${SESSION_PORT}/`);
    port = SESSION_PORT;
  }
  if (args.password) connectionString = connectionString.replace(PLACEHOLDER, encodeURIComponent(args.password));
  return {
    connectionString,
    host: pooler.db_host,
    port,
    user: pooler.db_user,
    database: pooler.db_name,
    poolMode: mode,
    databaseType: pooler.database_type,
    identifier: pooler.identifier,
  };
}
