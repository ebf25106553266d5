/**
 * One GraphQL request, pg_graphql style: parse, select the operation, then
 * in one transaction under the caller's role compile each top-level field to
 * one SQL statement and run them in document order. Error shapes follow
 * pg_graphql: `{message}` only; request-level errors have no
 * `data`; failed query fields are left out of `data`; any mutation or
 * database error gives `data: null` and rolls everything back.
 */
import {
  execute as executeGraphql,
  GraphQLError,
  Kind,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from "graphql";
import { CATALOG_FINGERPRINT_SQL, loadCatalog } from "../catalog";
import { buildByPk, buildCollection, buildFunction, buildNode, type BuildContext } from "./build";
import { buildDelete, buildInsert, buildUpdate } from "./build-mutation";
import type { StatementPlan } from "./plan";
import { transpile, type Statement } from "./transpile";
import { collectFields } from "./selection";
import type { GqlDatabase, GqlExecutor } from "./db";
import { CURRENT_VERSION_SQL, forgetSchemaVersion, PRELUDE_SQL, schemaVersionMode, STALE_SCHEMA } from "./freshness";
import { GqlError, type GqlErrorBody } from "./errors";
import { checkBody, type ParsedRequest } from "./request";
import type { ApiModel } from "./model";
import { buildModel } from "./model-build";
import { buildSchema } from "./schema";
import { EnumLiteral, isObject, resolveValue, type Variables } from "./values";

export interface GraphqlRequest {
  /** The database role the request runs as (`anon`, `authenticated`, `service_role`, …). */
  role: string;
  /** JWT claims, readable in SQL as `current_setting('request.jwt.claims')`. */
  claims?: Record<string, unknown> | null;
  /** The parsed JSON body: `{query, variables?, operationName?}`. */
  body: unknown;
  /** Exposed schemas (pg_graphql's search path); default `["public"]`. */
  schemas?: string[];
}

export interface GraphqlResponse {
  status: number;
  body: { data?: unknown; errors?: GqlErrorBody[] } | { message: string };
  /** SQL statements run for the request's fields (begin, role setup, catalog reads and commit excluded). */
  statements: number;
}

interface CachedApi {
  model: ApiModel;
  schema?: GraphQLSchema;
}

/** Reflected APIs per database, keyed by (role, schemas, catalog fingerprint). */
const apiCache = new WeakMap<GqlDatabase, Map<string, CachedApi>>();
const CACHE_LIMIT = 32;

/** A schema directive error: the whole request fails without `data`. */
class SchemaLoadError extends Error {}

/** Abort the transaction (roll back) but answer with this body. */
class Rollback extends Error {
  constructor(
    readonly body: GraphqlResponse["body"],
    readonly statements: number,
  ) {
    super("rollback");
  }
}

const errorsOnly = (message: string): GraphqlResponse => ({
  status: 200,
  body: { errors: [{ message }] },
  statements: 0,
});

function sqlMessage(err: unknown): string | undefined {
  const e = err as { code?: unknown; message?: unknown };
  if (e && typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code) && typeof e.message === "string")
    return e.message;
  return undefined;
}

/** Variables as JSON values (enum literals in defaults become strings). */
function plain(v: unknown): unknown {
  if (v instanceof EnumLiteral) return v.value;
  if (Array.isArray(v)) return v.map(plain);
  if (isObject(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, plain(x)]));
  return v;
}

function selectOperation(doc: DocumentNode, operationName: unknown): OperationDefinitionNode {
  const ops = doc.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  const names = ops.map((o) => o.name?.value).filter((n): n is string => n !== undefined);
  if (new Set(names).size !== names.length) throw new GqlError("Operation names must be unique");
  if (ops.length > 1 && ops.some((o) => !o.name))
    throw new GqlError("Anonymous operations must be the only defined operation");
  let op: OperationDefinitionNode | undefined;
  if (typeof operationName === "string" && operationName !== "") op = ops.find((o) => o.name?.value === operationName);
  else if (ops.length === 1) op = ops[0];
  if (!op) throw new GqlError("Operation not found");
  if (op.operation === "subscription") throw new GqlError("Subscriptions are not supported");
  return op;
}

function checkFragmentCycles(fragments: Map<string, FragmentDefinitionNode>): void {
  const spreads = (set: SelectionSetNode, out: string[] = []): string[] => {
    for (const s of set.selections) {
      if (s.kind === Kind.FRAGMENT_SPREAD) out.push(s.name.value);
      else if (s.selectionSet) spreads(s.selectionSet, out);
    }
    return out;
  };
  const state = new Map<string, "visiting" | "done">();
  const visit = (name: string, depth: number) => {
    if (depth > 50) throw new GqlError("Fragment cycle depth is greater than 50");
    const s = state.get(name);
    if (s === "visiting") throw new GqlError("Found a cycle between fragments");
    if (s === "done" || !fragments.has(name)) return;
    state.set(name, "visiting");
    for (const n of spreads(fragments.get(name)!.selectionSet)) visit(n, depth + 1);
    state.set(name, "done");
  };
  for (const name of fragments.keys()) visit(name, 0);
}

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
async function loadApiByFingerprint(
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
async function versionedApi(
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
async function forgetVersion(db: GqlDatabase, version: string): Promise<void> {
  const state = versioned.get(db);
  if (state && (await state.version.catch(() => undefined)) === version && versioned.get(db) === state)
    versioned.delete(db);
}

/** Runs `__schema` / `__type` through graphql-js against the reflected schema. */
async function introspect(
  api: CachedApi,
  field: FieldNode,
  doc: DocumentNode,
  op: OperationDefinitionNode,
  vars: Variables,
): Promise<unknown> {
  try {
    api.schema ??= buildSchema(api.model);
  } catch (err) {
    // A name the type system rejects (an enum label such as `not-ok`) breaks introspection only.
    if (err instanceof GraphQLError) throw new GqlError(err.message);
    throw err;
  }
  const fragments = doc.definitions.filter((d) => d.kind === Kind.FRAGMENT_DEFINITION);
  const single: DocumentNode = {
    kind: Kind.DOCUMENT,
    definitions: [{ ...op, selectionSet: { kind: Kind.SELECTION_SET, selections: [field] } }, ...fragments],
  };
  const result = await executeGraphql({ schema: api.schema, document: single, variableValues: vars });
  if (result.errors?.length) throw new GqlError(result.errors[0].message);
  return result.data?.[field.alias?.value ?? field.name.value];
}

/** One request whose body is still JSON (the executor's entry point when no gateway checked it). */
export async function handleGraphql(db: GqlDatabase, req: GraphqlRequest): Promise<GraphqlResponse> {
  const checked = checkBody(req.body);
  if ("refused" in checked) return { ...checked.refused, statements: 0 };
  if ("failed" in checked) return { ...checked.failed, statements: 0 };
  return runGraphql(db, { ...req, parsed: checked.ok });
}

/** One request whose body was checked and whose document was parsed (once, by `checkBody`). */
export async function runGraphql(
  db: GqlDatabase,
  req: Omit<GraphqlRequest, "body"> & { parsed: ParsedRequest },
): Promise<GraphqlResponse> {
  const { document: doc, operationName } = req.parsed;
  const rawVars = req.parsed.variables;
  let op: OperationDefinitionNode;
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of doc.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  const vars: Variables = { ...rawVars };
  let topFields: FieldNode[];
  try {
    op = selectOperation(doc, operationName);
    checkFragmentCycles(fragments);
    for (const v of op.variableDefinitions ?? []) {
      const name = v.variable.name.value;
      if (vars[name] === undefined && v.defaultValue) vars[name] = plain(resolveValue(v.defaultValue, {}));
    }
    topFields = collectFields(op.selectionSet, [op.operation === "query" ? "Query" : "Mutation"], { vars, fragments });
  } catch (err) {
    if (err instanceof GqlError) return errorsOnly(err.message);
    throw err;
  }
  const isMutation = op.operation === "mutation";
  const schemas = req.schemas ?? ["public"];
  const claims = JSON.stringify(req.claims ?? {});
  const request: Prepared = { doc, op, vars, fragments, topFields, isMutation };
  let statements = 0;
  const counted = (n: number) => (statements = n);
  try {
    if ((await schemaVersionMode(db)) === "fingerprint") {
      return await db.transaction(async (tx) => {
        const pre = await tx.query<{ fp: string }>(
          `select set_config('role', $1, true) as r, set_config('request.jwt.claims', $2, true) as c, ${CATALOG_FINGERPRINT_SQL} as fp`,
          [req.role, claims],
        );
        const api = await loadApiByFingerprint(db, tx, req.role, schemas, pre.rows[0].fp);
        return runInTransaction(tx, api, request, counted);
      });
    }
    for (let attempt = 0; ; attempt++) {
      const { version, api } = await versionedApi(db, req.role, schemas);
      const prelude = { sql: PRELUDE_SQL, params: [req.role, claims, version] };
      try {
        if (isMutation) {
          return await db.transaction(async (tx) => {
            await tx.query(prelude.sql, prelude.params);
            return runInTransaction(tx, api, request, counted);
          });
        }
        return await runQuery(db, prelude, api, request, counted);
      } catch (err) {
        if (attempt >= 3) throw err;
        const e = err as { code?: unknown; message?: unknown };
        if (e.code === STALE_SCHEMA) {
          // The batch stopped at the version check: none of its field statements ran.
          counted(0);
          await forgetVersion(db, version);
          continue;
        }
        // The `graphql` schema (and so the version check) was dropped: install it again.
        if ((e.code === "42883" || e.code === "3F000") && /check_schema_version|"graphql"/.test(String(e.message))) {
          forgetSchemaVersion(db);
          versioned.delete(db);
          await schemaVersionMode(db);
          continue;
        }
        throw err;
      }
    }
  } catch (err) {
    if (err instanceof Rollback) return { status: 200, body: err.body, statements: err.statements };
    if (err instanceof SchemaLoadError) return { ...errorsOnly(err.message), statements };
    const message = sqlMessage(err);
    if (message !== undefined) return { status: 200, body: { data: null, errors: [{ message }] }, statements };
    throw err;
  }
}

/** A parsed request, ready to compile against an API. */
interface Prepared {
  doc: DocumentNode;
  op: OperationDefinitionNode;
  vars: Variables;
  fragments: Map<string, FragmentDefinitionNode>;
  topFields: FieldNode[];
  isMutation: boolean;
}

const BUILD_MUTATION = { insert: buildInsert, update: buildUpdate, delete: buildDelete };
const BUILD_QUERY = { collection: buildCollection, byPk: buildByPk };

/**
 * The one dispatch of a top-level field, for queries and mutations alike:
 * `__typename` and introspection are answered here, every other field is
 * built into the plan of one statement.
 */
async function planField(
  api: CachedApi,
  req: Prepared,
  field: FieldNode,
): Promise<{ value: unknown } | { plan: StatementPlan }> {
  const name = field.name.value;
  const model = api.model;
  if (name === "__typename") return { value: req.isMutation ? "Mutation" : "Query" };
  const ctx: BuildContext = { model, vars: req.vars, fragments: req.fragments };
  if (req.isMutation) {
    const fn = model.mutationFunctions.get(name);
    if (fn) return { plan: buildFunction(ctx, fn, field) };
    const m = model.mutationFields.get(name);
    if (!m) throw new GqlError(`Unknown field "${name}" on type Mutation`);
    return { plan: BUILD_MUTATION[m.kind](ctx, m.table, field) };
  }
  if (name === "__schema" || name === "__type") {
    if (!model.introspection) throw new GqlError(`Unknown field "${name}" on type Query`);
    return { value: await introspect(api, field, req.doc, req.op, req.vars) };
  }
  if (name === "node") return { plan: buildNode(ctx, field) };
  const fn = model.queryFunctions.get(name);
  if (fn) return { plan: buildFunction(ctx, fn, field) };
  const q = model.queryFields.get(name);
  if (!q) throw new GqlError(`Unknown field "${name}" on type Query`);
  return { plan: BUILD_QUERY[q.kind](ctx, q.table, field) };
}

/**
 * A query in one round trip: every field is compiled first, then the
 * prelude (schema-version check, role, claims) and one statement per field
 * run as one batch in one transaction.
 */
async function runQuery(
  db: GqlDatabase,
  prelude: { sql: string; params: unknown[] },
  api: CachedApi,
  req: Prepared,
  counted: (n: number) => void,
): Promise<GraphqlResponse> {
  const planned: Array<{ key: string; value?: unknown; stmt?: Statement; error?: string }> = [];
  for (const field of req.topFields) {
    const key = field.alias?.value ?? field.name.value;
    try {
      const p = await planField(api, req, field);
      planned.push("plan" in p ? { key, stmt: transpile(p.plan) } : { key, value: p.value });
    } catch (err) {
      if (!(err instanceof GqlError)) throw err;
      planned.push({ key, error: err.message });
    }
  }
  const stmts = planned.filter((p) => p.stmt).map((p) => p.stmt!);
  counted(stmts.length);
  const results = await db.batch([prelude, ...stmts.map((s) => ({ sql: s.sql, params: s.params }))]);
  const data: Record<string, unknown> = {};
  const errors: GqlErrorBody[] = [];
  let next = 1;
  for (const p of planned) {
    if (p.error !== undefined) errors.push({ message: p.error });
    else if (p.stmt) data[p.key] = (results[next++].rows[0] as { v?: unknown } | undefined)?.v ?? null;
    else data[p.key] = p.value;
  }
  const succeeded = Object.keys(data).length > 0;
  const out: GraphqlResponse["body"] = errors.length ? { data: succeeded ? data : null, errors } : { data };
  return { status: 200, body: out, statements: stmts.length };
}

/** Runs the fields one statement at a time in an open transaction (mutations, and the fingerprint fallback). */
async function runInTransaction(
  tx: GqlExecutor,
  api: CachedApi,
  req: Prepared,
  counted: (n: number) => void,
): Promise<GraphqlResponse> {
  const { isMutation } = req;
  const model = api.model;
  const data: Record<string, unknown> = {};
  const errors: GqlErrorBody[] = [];
  let statements = 0;
  if (isMutation && model.mutationFields.size === 0 && model.mutationFunctions.size === 0)
    throw new Rollback({ data: null, errors: [{ message: "Unknown type Mutation" }] }, 0);
  for (const field of req.topFields) {
    const key = field.alias?.value ?? field.name.value;
    try {
      const planned = await planField(api, req, field);
      if ("value" in planned) {
        data[key] = planned.value;
        continue;
      }
      const stmt = transpile(planned.plan);
      counted(++statements);
      const res = await tx.query<{ v: unknown; n?: number }>(stmt.sql, stmt.params);
      const row = res.rows[0];
      if (stmt.atMost !== undefined && Number(row.n) > stmt.atMost)
        throw new GqlError(`${stmt.operation} impacts too many records`);
      data[key] = row.v ?? null;
    } catch (err) {
      if (!(err instanceof GqlError)) throw err;
      // A mutation error rolls back the whole request; a query field just drops out.
      if (isMutation) throw new Rollback({ data: null, errors: [{ message: err.message }] }, statements);
      errors.push({ message: err.message });
    }
  }
  const succeeded = Object.keys(data).length > 0;
  const out: GraphqlResponse["body"] = errors.length ? { data: succeeded ? data : null, errors } : { data };
  return { status: 200, body: out, statements };
}
