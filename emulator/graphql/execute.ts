/**
 * One GraphQL request, pg_graphql style: the document parsed once
 * (request.ts), the operation selected (operation.ts), then each top-level
 * field dispatched once, built into a plan (build.ts) and transpiled to one
 * SQL statement (transpile.ts), all run in one transaction under the
 * caller's role in document order: a query's as one pipelined batch. Error shapes follow
 * pg_graphql: `{message}` only; request-level errors have no
 * `data`; failed query fields are left out of `data`; any mutation or
 * database error gives `data: null` and rolls everything back.
 */
import { execute as executeGraphql, GraphQLError, Kind, type DocumentNode, type FieldNode } from "graphql";
import { CATALOG_FINGERPRINT_SQL } from "../catalog";
import {
  forgetVersion,
  forgetVersions,
  loadApiByFingerprint,
  SchemaLoadError,
  versionedApi,
  type CachedApi,
} from "./api";
import { buildByPk, buildCollection, buildFunction, buildNode, type BuildContext } from "./build";
import { buildDelete, buildInsert, buildUpdate } from "./build-mutation";
import type { GqlDatabase, GqlExecutor } from "./db";
import { GqlError, type GqlErrorBody } from "./errors";
import { forgetSchemaVersion, PRELUDE_SQL, schemaVersionMode, STALE_SCHEMA } from "./freshness";
import { prepare, type Prepared } from "./operation";
import type { StatementPlan } from "./plan";
import { checkBody, type ParsedRequest } from "./request";
import { buildSchema } from "./schema";
import { transpile, type Statement } from "./transpile";

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

/** Runs `__schema` / `__type` through graphql-js against the reflected schema. */
async function introspect(api: CachedApi, field: FieldNode, req: Prepared): Promise<unknown> {
  const { doc, op, vars } = req;
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
  let request: Prepared;
  try {
    request = prepare(req.parsed.document, req.parsed.operationName, req.parsed.variables);
  } catch (err) {
    if (err instanceof GqlError) return errorsOnly(err.message);
    throw err;
  }
  const session: Session = {
    role: req.role,
    claims: JSON.stringify(req.claims ?? {}),
    schemas: req.schemas ?? ["public"],
    statements: 0,
  };
  try {
    if ((await schemaVersionMode(db)) === "fingerprint") return await runByFingerprint(db, session, request);
    return await runVersioned(db, session, request);
  } catch (err) {
    if (err instanceof Rollback) return { status: 200, body: err.body, statements: err.statements };
    const statements = session.statements;
    if (err instanceof SchemaLoadError) return { ...errorsOnly(err.message), statements };
    const message = sqlMessage(err);
    if (message !== undefined) return { status: 200, body: { data: null, errors: [{ message }] }, statements };
    throw err;
  }
}

/** Who runs a request, and how many of its field statements ran so far. */
interface Session {
  role: string;
  /** The JWT claims as JSON text. */
  claims: string;
  schemas: string[];
  statements: number;
}

/** Without a schema version counter: the API found by a catalog fingerprint read in the request's transaction. */
function runByFingerprint(db: GqlDatabase, session: Session, request: Prepared): Promise<GraphqlResponse> {
  return db.transaction(async (tx) => {
    const pre = await tx.query<{ fp: string }>(
      `select set_config('role', $1, true) as r, set_config('request.jwt.claims', $2, true) as c, ${CATALOG_FINGERPRINT_SQL} as fp`,
      [session.role, session.claims],
    );
    const api = await loadApiByFingerprint(db, tx, session.role, session.schemas, pre.rows[0].fp);
    return runInTransaction(tx, api, request, session);
  });
}

/** With the version counter: run against the API of the current version, again when the schema moved meanwhile. */
async function runVersioned(db: GqlDatabase, session: Session, request: Prepared): Promise<GraphqlResponse> {
  for (let attempt = 0; ; attempt++) {
    const { version, api } = await versionedApi(db, session.role, session.schemas);
    const prelude = { sql: PRELUDE_SQL, params: [session.role, session.claims, version] };
    try {
      if (!request.isMutation) return await runQuery(db, prelude, api, request, session);
      return await db.transaction(async (tx) => {
        await tx.query(prelude.sql, prelude.params);
        return runInTransaction(tx, api, request, session);
      });
    } catch (err) {
      if (attempt >= 3) throw err;
      const e = err as { code?: unknown; message?: unknown };
      if (e.code === STALE_SCHEMA) {
        // The batch stopped at the version check: none of its field statements ran.
        session.statements = 0;
        await forgetVersion(db, version);
        continue;
      }
      // The `graphql` schema (and so the version check) was dropped: install it again.
      if (
        (e.code === "42883" || e.code === "3F000" || e.code === "42P01") &&
        /check_schema_version|"graphql"|"graphql\.schema_version"/.test(String(e.message))
      ) {
        forgetSchemaVersion(db);
        forgetVersions(db);
        await schemaVersionMode(db);
        continue;
      }
      throw err;
    }
  }
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
    return { value: await introspect(api, field, req) };
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
  session: Session,
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
  session.statements = stmts.length;
  // The prelude's row (the settings it made) is not read.
  const results = await db.batch([
    { ...prelude, noRows: true },
    ...stmts.map((s) => ({ sql: s.sql, params: s.params })),
  ]);
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
  session: Session,
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
      session.statements = ++statements;
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
