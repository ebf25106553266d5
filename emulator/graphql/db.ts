/**
 * What the GraphQL executor needs of a database: one transaction on one
 * connection. The emulator's ProjectDatabase (emulator/db) satisfies it for
 * both engines, embedded PGlite and a PostgreSQL server.
 */
export interface GqlExecutor {
  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: R[] }>;
}

export interface GqlDatabase {
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: GqlExecutor) => Promise<T>): Promise<T>;
}
