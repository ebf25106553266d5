/**
 * What the GraphQL executor needs of a database: one transaction on one
 * connection, or a batch of statements in one transaction and one round
 * trip. The emulator's ProjectDatabase (emulator/db) satisfies it for both
 * engines, embedded PGlite and a PostgreSQL server.
 */
export interface GqlExecutor {
  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: R[] }>;
}

export interface GqlDatabase {
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: GqlExecutor) => Promise<T>): Promise<T>;
  /** Runs the statements in one transaction and one round trip; rejects (rolled back) at the first error. */
  batch(statements: Array<{ sql: string; params?: unknown[]; noRows?: boolean }>): Promise<Array<{ rows: unknown[] }>>;
  /** Statements without parameters, outside any request transaction (installing the schema-version counter). */
  exec(sql: string): Promise<unknown>;
  /** The same as the server's superuser, where the connection's own role is not one (see freshness.ts). */
  execPrivileged?(sql: string): Promise<unknown>;
}
