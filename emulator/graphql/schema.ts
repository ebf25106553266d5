/**
 * Introspection's graphql-js schema, rendered from the API model and from
 * the type descriptions in types.ts that the builder validates against:
 * pg_graphql's type names, field order, nullability and argument defaults.
 * It answers `__schema` and `__type` only; execution goes through the
 * builder and the transpiler.
 */
import {
  GraphQLBoolean,
  GraphQLEnumType,
  GraphQLFloat,
  GraphQLID,
  GraphQLInputObjectType,
  GraphQLInt,
  GraphQLInterfaceType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLScalarType,
  GraphQLSchema,
  GraphQLString,
  Kind,
  parseType,
  type GraphQLFieldConfig,
  type GraphQLFieldConfigArgumentMap,
  type GraphQLFieldConfigMap,
  type GraphQLInputFieldConfigMap,
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLOutputType,
  type GraphQLType,
  type TypeNode,
} from "graphql";
import { AGGREGATE_OPS, aggregateColumns, aggregateResultType, aggregateTypeName } from "./aggregate";
import { filterOperators } from "./filter";
import type { ApiModel, EnumModel, NodeField, RootFunctionModel, ScalarName, TableModel, ValueType } from "./model";
import {
  CONNECTION_ARGS,
  connectionFields,
  EDGE_FIELDS,
  forTable,
  MUTATIONS,
  NODE_ARGS,
  PAGE_INFO_FIELDS,
  PAYLOAD_FIELDS,
  tableType,
  type Spec,
} from "./types";

type Fields = GraphQLFieldConfigMap<unknown, unknown>;

const nn = <T extends GraphQLInputType | GraphQLOutputType>(t: T) => new GraphQLNonNull(t);
const list = <T extends GraphQLInputType | GraphQLOutputType>(t: T) => new GraphQLList(t);

const CUSTOM_SCALARS: Record<string, string> = {
  BigInt: "An arbitrary size integer represented as a string",
  BigFloat: "A high precision floating point value represented as a string",
  Cursor: "An opaque string using for tracking a position in results during pagination",
  Date: "A date without time information",
  Datetime: "A date and time",
  JSON: "A Javascript Object Notation value serialized as a string",
  Opaque: "Any type not handled by the type system",
  Time: "A time without date information",
  UUID: "A universally unique identifier",
};

/** The named types rendered so far, and the tables whose types are shown. */
interface Registry {
  named: Map<string, GraphQLNamedType>;
  enums: Map<EnumModel, GraphQLEnumType>;
  shown: Set<TableModel>;
}

function register<T extends GraphQLNamedType>(reg: Registry, type: T): T {
  reg.named.set(type.name, type);
  return type;
}

function scalar(reg: Registry, name: ScalarName | "Cursor"): GraphQLScalarType {
  const known = reg.named.get(name);
  if (known) return known as GraphQLScalarType;
  return register(reg, new GraphQLScalarType({ name, description: CUSTOM_SCALARS[name] }));
}

function resolve(reg: Registry, node: TypeNode): GraphQLType {
  if (node.kind === Kind.NON_NULL_TYPE) return nn(resolve(reg, node.type) as GraphQLInputType);
  if (node.kind === Kind.LIST_TYPE) return list(resolve(reg, node.type) as GraphQLInputType);
  const name = node.name.value;
  const type = reg.named.get(name) ?? (name in CUSTOM_SCALARS ? scalar(reg, name as ScalarName) : undefined);
  if (!type) throw new Error(`introspection: no type ${name}`);
  return type;
}

/** A type of types.ts (`[$OrderBy!]`) as graphql-js, for `table`. */
function ref<T extends GraphQLType>(reg: Registry, type: string, table?: TableModel): T {
  return resolve(reg, parseType(table ? forTable(type, table) : type)) as T;
}

function fieldsOf(reg: Registry, specs: Record<string, Spec>, table?: TableModel): Fields {
  return Object.fromEntries(
    Object.entries(specs).map(([name, s]) => [
      name,
      { type: ref<GraphQLOutputType>(reg, s.type, table), description: s.description },
    ]),
  );
}

function argsOf(reg: Registry, specs: Record<string, Spec>, table?: TableModel): GraphQLFieldConfigArgumentMap {
  return Object.fromEntries(
    Object.entries(specs).map(([name, s]) => [
      name,
      { type: ref<GraphQLInputType>(reg, s.type, table), description: s.description, defaultValue: s.defaultValue },
    ]),
  );
}

function enumType(reg: Registry, e: EnumModel): GraphQLEnumType {
  let t = reg.enums.get(e);
  if (!t) {
    const values = Object.fromEntries(e.values.map((v) => [v.gql, { value: v.gql }]));
    reg.enums.set(e, (t = new GraphQLEnumType({ name: e.name, values })));
  }
  return t;
}

function baseType(reg: Registry, b: ScalarName | EnumModel): GraphQLScalarType | GraphQLEnumType {
  return typeof b === "string" ? scalar(reg, b) : enumType(reg, b);
}

function valueOut(reg: Registry, t: ValueType): GraphQLOutputType & GraphQLInputType {
  return t.list ? list(baseType(reg, t.base)) : baseType(reg, t.base);
}

/** The types every API shares: built-in scalars, `FilterIs`, `OrderByDirection`, `Node`, `PageInfo`. */
function registerCommon(reg: Registry): void {
  for (const t of [GraphQLInt, GraphQLFloat, GraphQLString, GraphQLBoolean, GraphQLID]) register(reg, t);
  register(reg, new GraphQLEnumType({ name: "FilterIs", values: { NULL: {}, NOT_NULL: {} } }));
  register(
    reg,
    new GraphQLEnumType({
      name: "OrderByDirection",
      description: "Defines a per-field sorting order",
      values: {
        AscNullsFirst: { description: "Ascending order, nulls first" },
        AscNullsLast: { description: "Ascending order, nulls last" },
        DescNullsFirst: { description: "Descending order, nulls first" },
        DescNullsLast: { description: "Descending order, nulls last" },
      },
    }),
  );
  register(
    reg,
    new GraphQLInterfaceType({
      name: "Node",
      fields: { nodeId: { type: nn(GraphQLID), description: "Retrieves a record by `ID`" } },
    }),
  );
  register(reg, new GraphQLObjectType({ name: "PageInfo", fields: () => fieldsOf(reg, PAGE_INFO_FIELDS) }));
}

const PATTERN_OPS = new Set(["like", "ilike", "regex", "iregex", "startsWith"]);

/** A column filter type (`IntFilter`, `StringListFilter`, `<Enum>Filter`), rendered once per name. */
function filterType(reg: Registry, name: string, element: GraphQLInputType, isList: boolean): GraphQLInputType {
  const known = reg.named.get(name);
  if (known) return known as GraphQLInputObjectType;
  const fields: GraphQLInputFieldConfigMap = {};
  for (const op of filterOperators(name)) {
    if (op === "is") fields.is = { type: ref(reg, "FilterIs") };
    else if (isList || op === "in") fields[op] = { type: list(nn(element)) };
    else if (PATTERN_OPS.has(op)) fields[op] = { type: GraphQLString };
    else fields[op] = { type: element };
  }
  const description = `Boolean expression comparing fields on type "${name.replace(/(List)?Filter$/, "")}"`;
  return register(reg, new GraphQLInputObjectType({ name, description, fields }));
}

/** `<Type>Aggregate`: count plus one result object per function with at least one applicable column. */
function registerAggregate(reg: Registry, t: TableModel): void {
  const fields: Fields = { count: { type: nn(GraphQLInt), description: "Count of the records matching the `filter`" } };
  for (const op of AGGREGATE_OPS) {
    const columns = aggregateColumns(t, op);
    if (columns.length === 0) continue;
    const resultFields = Object.fromEntries(
      columns.map((c) => [c.field, { type: scalar(reg, aggregateResultType(c, op)) }]),
    );
    fields[op] = {
      type: register(reg, new GraphQLObjectType({ name: aggregateTypeName(t, op), fields: resultFields })),
    };
  }
  register(reg, new GraphQLObjectType({ name: aggregateTypeName(t), fields }));
}

/** A field of a record leading to records of `target`: one record, or a connection with its arguments. */
function recordsField(
  reg: Registry,
  target: TableModel,
  one: boolean,
  nonNull = false,
): GraphQLFieldConfig<unknown, unknown> {
  if (one) return { type: ref(reg, nonNull ? "$!" : "$", target) };
  return { type: ref(reg, tableType.connection(target)), args: argsOf(reg, CONNECTION_ARGS, target) };
}

/** A node field's graphql-js form; null when it leads to a table whose types are hidden. */
function nodeField(reg: Registry, f: NodeField): GraphQLFieldConfig<unknown, unknown> | null {
  switch (f.kind) {
    case "nodeId":
      return { type: nn(GraphQLID), description: "Globally Unique Record Identifier" };
    case "column": {
      const type = valueOut(reg, f.column.type);
      return { type: f.column.nonNull ? nn(type) : type, description: f.column.description ?? undefined };
    }
    case "relation": {
      const r = f.relation;
      if (!reg.shown.has(r.target)) return null;
      return recordsField(reg, r.target, r.cardinality === "one", r.nonNull);
    }
    case "computed": {
      const c = f.computed;
      const description = c.description ?? undefined;
      if (c.cardinality === "scalar") return { type: valueOut(reg, c.type!), description };
      if (!reg.shown.has(c.target!)) return null;
      return { ...recordsField(reg, c.target!, c.cardinality === "one"), description };
    }
  }
}

function nodeFields(reg: Registry, t: TableModel): Fields {
  const fields: Fields = {};
  for (const [name, f] of t.fields) {
    const config = nodeField(reg, f);
    if (config) fields[name] = config;
  }
  return fields;
}

function filterFields(reg: Registry, t: TableModel): GraphQLInputFieldConfigMap {
  const fields: GraphQLInputFieldConfigMap = {};
  for (const c of t.columns) {
    if (c.filterType)
      fields[c.field] = { type: filterType(reg, c.filterType, baseType(reg, c.type.base), c.type.list) };
  }
  fields.nodeId = { type: filterType(reg, "IDFilter", GraphQLID, false) };
  const self = ref<GraphQLInputObjectType>(reg, tableType.filter(t));
  if (t.logical.and)
    fields.and = {
      type: list(nn(self)),
      description: "Returns true only if all its inner filters are true, otherwise returns false",
    };
  if (t.logical.or)
    fields.or = {
      type: list(nn(self)),
      description: "Returns true if at least one of its inner filters is true, otherwise returns false",
    };
  if (t.logical.not) fields.not = { type: self, description: "Negates a filter" };
  return fields;
}

/** A table's record, edge, connection, filter, order, input and response types. */
function registerTable(reg: Registry, t: TableModel): void {
  const node = ref<GraphQLInterfaceType>(reg, "Node");
  register(
    reg,
    new GraphQLObjectType({
      name: t.typeName,
      description: t.description ?? undefined,
      interfaces: [node],
      fields: () => nodeFields(reg, t),
    }),
  );
  register(reg, new GraphQLObjectType({ name: tableType.edge(t), fields: () => fieldsOf(reg, EDGE_FIELDS, t) }));
  register(
    reg,
    new GraphQLObjectType({ name: tableType.connection(t), fields: () => fieldsOf(reg, connectionFields(t), t) }),
  );
  if (t.aggregate) registerAggregate(reg, t);
  const description = `Boolean expression comparing fields on type "${t.typeName}"`;
  register(
    reg,
    new GraphQLInputObjectType({ name: tableType.filter(t), description, fields: () => filterFields(reg, t) }),
  );
  const direction = ref<GraphQLEnumType>(reg, "OrderByDirection");
  const orderable = t.columns.filter((c) => c.orderable);
  register(
    reg,
    new GraphQLInputObjectType({
      name: tableType.orderBy(t),
      fields: () => Object.fromEntries(orderable.map((c) => [c.field, { type: direction }])),
    }),
  );
  const inputFields = (cols: TableModel["columns"]) => () =>
    Object.fromEntries(cols.map((c) => [c.field, { type: valueOut(reg, c.type) }]));
  register(reg, new GraphQLInputObjectType({ name: tableType.insertInput(t), fields: inputFields(t.insertColumns) }));
  register(reg, new GraphQLInputObjectType({ name: tableType.updateInput(t), fields: inputFields(t.updateColumns) }));
  for (const kind of ["insert", "update", "delete"] as const)
    register(
      reg,
      new GraphQLObjectType({ name: tableType.response(t, kind), fields: () => fieldsOf(reg, PAYLOAD_FIELDS, t) }),
    );
}

/** A Query or Mutation function field; null when it returns records of a hidden table. */
function functionField(reg: Registry, f: RootFunctionModel): GraphQLFieldConfig<unknown, unknown> | null {
  if (f.target && !reg.shown.has(f.target)) return null;
  const own: GraphQLFieldConfigArgumentMap = Object.fromEntries(
    f.args.map((a) => [a.field, { type: valueOut(reg, a.type) }]),
  );
  const description = f.description ?? undefined;
  if (f.cardinality === "scalar") return { type: valueOut(reg, f.type!), args: own, description };
  const records = recordsField(reg, f.target!, f.cardinality === "one");
  return { ...records, args: { ...own, ...records.args }, description };
}

function queryFields(reg: Registry, model: ApiModel): Fields {
  const fields: Fields = {
    node: { type: ref(reg, "Node"), args: argsOf(reg, NODE_ARGS), description: "Retrieve a record by its `ID`" },
  };
  for (const [name, q] of model.queryFields) {
    const t = q.table;
    if (!reg.shown.has(t)) continue;
    if (q.kind === "byPk")
      fields[name] = {
        type: ref(reg, "$", t),
        args: Object.fromEntries(t.pk.map((c) => [c.field, { type: nn(valueOut(reg, c.type)) }])),
        description: `Retrieve a record of type \`${t.typeName}\` by its primary key`,
      };
    else
      fields[name] = {
        type: nn(ref<GraphQLObjectType>(reg, tableType.connection(t))),
        args: argsOf(reg, CONNECTION_ARGS, t),
        description: `A pagable collection of type \`${t.typeName}\``,
      };
  }
  return withFunctions(reg, fields, model.queryFunctions);
}

function mutationFields(reg: Registry, model: ApiModel): Fields {
  const fields: Fields = {};
  for (const [name, m] of model.mutationFields) {
    if (!reg.shown.has(m.table)) continue;
    const spec = MUTATIONS[m.kind];
    fields[name] = { type: ref(reg, spec.type, m.table), args: argsOf(reg, spec.args, m.table) };
  }
  return withFunctions(reg, fields, model.mutationFunctions);
}

/** Root fields with the function fields added, sorted by name as pg_graphql sorts Query and Mutation. */
function withFunctions(reg: Registry, fields: Fields, fns: Map<string, RootFunctionModel>): Fields {
  for (const [name, f] of fns) {
    const config = functionField(reg, f);
    if (config) fields[name] = config;
  }
  return Object.fromEntries(Object.entries(fields).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

export function buildSchema(model: ApiModel): GraphQLSchema {
  // Types of schemas with introspection off stay out, with every field leading to them.
  const shown = model.tables.filter((t) => !model.hiddenSchemas.has(t.rel.schema));
  const reg: Registry = { named: new Map(), enums: new Map(), shown: new Set(shown) };
  registerCommon(reg);
  for (const t of shown) registerTable(reg, t);
  const mutation = mutationFields(reg, model);
  return new GraphQLSchema({
    query: new GraphQLObjectType({
      name: "Query",
      description: "The root type for querying data",
      fields: queryFields(reg, model),
    }),
    mutation: Object.keys(mutation).length
      ? new GraphQLObjectType({
          name: "Mutation",
          description: "The root type for creating and mutating data",
          fields: mutation,
        })
      : undefined,
    types: shown.map((t) => ref<GraphQLObjectType>(reg, "$", t)),
  });
}
