/**
 * One GraphQL request, pg_graphql style: parse, select the operation, then
 * in one transaction under the caller's role compile each top-level field to
 * one SQL statement and run them in document order. Error shapes follow
 * pg_graphql (reference §9): `{message}` only; request-level errors have no
 * `data`; failed query fields are left out of `data`; any mutation or
 * database error gives `data: null` and rolls everything back.
 */
import {
  execute as executeGraphql,
  GraphQLError,
  Kind,
  parse,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from "graphql";
import { CATALOG_FINGERPRINT_SQL, loadCatalog } from "../catalog";
import { collectFields, Compiler, type CompileContext, type CompiledStatement } from "./compile";
import type { GqlDatabase, GqlExecutor } from "./db";
import { GqlError, type GqlErrorBody } from "./errors";
import { buildModel, type ApiModel } from "./model";
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

async function loadApi(
  db: GqlDatabase,
  tx: GqlExecutor,
  role: string,
  schemas: string[],
  fingerprint: string,
): Promise<CachedApi> {
  let perDb = apiCache.get(db);
  if (!perDb) apiCache.set(db, (perDb = new Map()));
  const key = JSON.stringify([role, schemas, fingerprint]);
  let api = perDb.get(key);
  if (!api) {
    const catalog = await loadCatalog(tx, { role, schemas });
    try {
      api = { model: buildModel(catalog) };
    } catch (err) {
      if (err instanceof GqlError) throw new SchemaLoadError(err.message);
      throw err;
    }
    if (perDb.size >= CACHE_LIMIT) perDb.delete(perDb.keys().next().value!);
    perDb.set(key, api);
  }
  return api;
}

/** Runs `__schema` / `__type` through graphql-js against the reflected schema. */
async function introspect(
  api: CachedApi,
  field: FieldNode,
  doc: DocumentNode,
  op: OperationDefinitionNode,
  vars: Variables,
): Promise<unknown> {
  api.schema ??= buildSchema(api.model);
  const fragments = doc.definitions.filter((d) => d.kind === Kind.FRAGMENT_DEFINITION);
  const single: DocumentNode = {
    kind: Kind.DOCUMENT,
    definitions: [{ ...op, selectionSet: { kind: Kind.SELECTION_SET, selections: [field] } }, ...fragments],
  };
  const result = await executeGraphql({ schema: api.schema, document: single, variableValues: vars });
  if (result.errors?.length) throw new GqlError(result.errors[0].message);
  return result.data?.[field.alias?.value ?? field.name.value];
}

export async function handleGraphql(db: GqlDatabase, req: GraphqlRequest): Promise<GraphqlResponse> {
  const body = req.body;
  if (!isObject(body) || typeof body.query !== "string") {
    return {
      status: 400,
      body: { message: 'The request body must be a JSON object with a "query" string' },
      statements: 0,
    };
  }
  const rawVars = body.variables ?? {};
  if (!isObject(rawVars)) return errorsOnly("variables must be an object");
  let doc: DocumentNode;
  try {
    doc = parse(body.query);
  } catch (err) {
    return errorsOnly(err instanceof GraphQLError ? err.message : String(err));
  }
  let op: OperationDefinitionNode;
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of doc.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  const vars: Variables = { ...rawVars };
  let topFields: FieldNode[];
  try {
    op = selectOperation(doc, body.operationName);
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
  let statements = 0;
  try {
    return await db.transaction(async (tx) => {
      const pre = await tx.query<{ fp: string }>(
        `select set_config('role', $1, true) as r, set_config('request.jwt.claims', $2, true) as c, ${CATALOG_FINGERPRINT_SQL} as fp`,
        [req.role, JSON.stringify(req.claims ?? {})],
      );
      const api = await loadApi(db, tx, req.role, schemas, pre.rows[0].fp);
      const model = api.model;
      const ctx: CompileContext = { model, vars, fragments };
      const data: Record<string, unknown> = {};
      const errors: GqlErrorBody[] = [];
      if (isMutation && model.mutationFields.size === 0)
        throw new Rollback({ data: null, errors: [{ message: "Unknown type Mutation" }] }, 0);
      for (const field of topFields) {
        const key = field.alias?.value ?? field.name.value;
        const name = field.name.value;
        try {
          if (name === "__typename") {
            data[key] = isMutation ? "Mutation" : "Query";
            continue;
          }
          if (!isMutation && (name === "__schema" || name === "__type")) {
            if (!model.introspection) throw new GqlError(`Unknown field "${name}" on type Query`);
            data[key] = await introspect(api, field, doc, op, vars);
            continue;
          }
          const compiler = new Compiler(ctx);
          let stmt: CompiledStatement;
          if (isMutation) {
            const m = model.mutationFields.get(name);
            if (!m) throw new GqlError(`Unknown field "${name}" on type Mutation`);
            stmt =
              m.kind === "insert"
                ? compiler.insert(m.table, field)
                : m.kind === "update"
                  ? compiler.update(m.table, field)
                  : compiler.delete(m.table, field);
          } else if (name === "node") {
            stmt = compiler.node(field);
          } else {
            const q = model.queryFields.get(name);
            if (!q) throw new GqlError(`Unknown field "${name}" on type Query`);
            stmt = compiler.collection(q.table, field);
          }
          statements++;
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
    });
  } catch (err) {
    if (err instanceof Rollback) return { status: 200, body: err.body, statements: err.statements };
    if (err instanceof SchemaLoadError) return { ...errorsOnly(err.message), statements };
    const message = sqlMessage(err);
    if (message !== undefined) return { status: 200, body: { data: null, errors: [{ message }] }, statements };
    throw err;
  }
}
