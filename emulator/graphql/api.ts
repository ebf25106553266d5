/**
 * The reflected API of a database for a role and exposed schemas: its model
 * (and, on first introspection, its graphql-js schema), cached per database
 * and refreshed when the schema version moves (freshness.ts), or keyed by a
 * catalog fingerprint where the version counter cannot be installed.
 */
import type { GraphQLSchema } from "graphql";
import { loadCatalog } from "../catalog";
import type { GqlDatabase, GqlExecutor } from "./db";
import { GqlError } from "./errors";
import { CURRENT_VERSION_SQL } from "./freshness";
import type { ApiModel } from "./model";
import { buildModel } from "./model-build";

export interface CachedApi {
  model: ApiModel;
  schema?: GraphQLSchema;
}

/** Reflected APIs per database, keyed by (role, schemas, catalog fingerprint). */
const apiCache = new WeakMap<GqlDatabase, Map<string, CachedApi>>();
const CACHE_LIMIT = 32;

/** A schema directive error: the whole request fails without `data`. */
export class SchemaLoadError extends Error {}

/** Reflects the API for a role and schemas, wrapping directive errors. */
async function reflect(tx: GqlExecutor, role: string, schemas: string[]): Promise<CachedApi> {
  const catalog = await loadCatalog(tx, { role, schemas });
  try {
    return { model: buildModel(catalog) };
  } catch (err) {
    if (err instanceof GqlError) throw new SchemaLoadError(err.message);
    throw err;
  }
}

function remember<V>(map: Map<string, V>, key: string, value: V): V {
  if (map.size >= CACHE_LIMIT) map.delete(map.keys().next().value!);
  map.set(key, value);
  return value;
}

/** Fallback freshness check: the API keyed by a catalog fingerprint read in the request's transaction. */
export async function loadApiByFingerprint(
  db: GqlDatabase,
  tx: GqlExecutor,
  role: string,
  schemas: string[],
  fingerprint: string,
): Promise<CachedApi> {
  let perDb = apiCache.get(db);
  if (!perDb) apiCache.set(db, (perDb = new Map()));
  const key = JSON.stringify([role, schemas, fingerprint]);
  return perDb.get(key) ?? remember(perDb, key, await reflect(tx, role, schemas));
}

interface VersionedApis {
  version: Promise<string>;
  apis: Map<string, Promise<CachedApi>>;
}

/** Per database: the schema version last seen and the APIs reflected at it. */
const versioned = new WeakMap<GqlDatabase, VersionedApis>();

/**
 * The API for a role and schemas at the current schema version, reflected
 * once per version. The version is read before the catalog, so an API is
 * never older than the version it is filed under.
 */
export async function versionedApi(
  db: GqlDatabase,
  role: string,
  schemas: string[],
): Promise<{ version: string; api: CachedApi }> {
  let state = versioned.get(db);
  if (!state) {
    const version = db.transaction(async (tx) => (await tx.query<{ v: string }>(CURRENT_VERSION_SQL)).rows[0].v);
    state = { version, apis: new Map() };
    versioned.set(db, state);
    version.catch(() => versioned.delete(db));
  }
  const current = state;
  const version = await current.version;
  const key = JSON.stringify([role, schemas]);
  let api = current.apis.get(key);
  if (!api) {
    api = db.transaction(async (tx) => {
      const v = (await tx.query<{ v: string }>(CURRENT_VERSION_SQL)).rows[0].v;
      const reflected = await reflect(tx, role, schemas);
      // The schema moved while we looked: file nothing, the check in the request will notice.
      if (v !== version) versioned.delete(db);
      return reflected;
    });
    remember(current.apis, key, api);
    api.catch(() => current.apis.delete(key));
  }
  return { version, api: await api };
}

/** Drops what was reflected at `version` once the database has moved past it. */
export async function forgetVersion(db: GqlDatabase, version: string): Promise<void> {
  const state = versioned.get(db);
  if (state && (await state.version.catch(() => undefined)) === version && versioned.get(db) === state)
    versioned.delete(db);
}

/** Forgets every API filed under a schema version of `db` (its version counter was dropped). */
export function forgetVersions(db: GqlDatabase): void {
  versioned.delete(db);
}
