import { PgliteManager } from "./pglite";
import { PostgresManager } from "./postgres";
import type { DatabaseManager } from "./types";

export * from "./types";
export { PgliteManager, templateCacheDir } from "./pglite";
export { PostgresManager, databaseName, redactUrl } from "./postgres";
export { API_ROLES } from "./init";

/** A server by URL when given, else embedded PGlite (on disk under dataDir, or in memory). */
export async function createDatabaseManager(opts: {
  postgresUrl?: string;
  dataDir?: string;
}): Promise<DatabaseManager> {
  if (opts.postgresUrl) {
    const manager = new PostgresManager(opts.postgresUrl);
    try {
      await manager.connect();
    } catch (err) {
      await manager.close().catch(() => undefined);
      throw err;
    }
    return manager;
  }
  return new PgliteManager(opts.dataDir);
}
