/**
 * The graphql-js schema of an API model, with pg_graphql's type names, field
 * order, nullability and argument defaults. It serves introspection
 * (GraphiQL, code generators); execution goes through the SQL compiler.
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
  type GraphQLFieldConfigArgumentMap,
  type GraphQLFieldConfigMap,
  type GraphQLInputFieldConfigMap,
  type GraphQLInputType,
  type GraphQLOutputType,
} from "graphql";
import { AGGREGATE_OPS, aggregateColumns, aggregateResultType, aggregateTypeName } from "./aggregate";
import { filterOperators } from "./filter";
import type { ApiModel, EnumModel, RootFunctionModel, ScalarName, TableModel, ValueType } from "./model";

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

export function buildSchema(model: ApiModel): GraphQLSchema {
  const scalars = new Map<string, GraphQLScalarType>();
  const scalar = (name: ScalarName | "Cursor"): GraphQLScalarType => {
    if (name === "Int") return GraphQLInt;
    if (name === "Float") return GraphQLFloat;
    if (name === "String") return GraphQLString;
    if (name === "Boolean") return GraphQLBoolean;
    let s = scalars.get(name);
    if (!s) scalars.set(name, (s = new GraphQLScalarType({ name, description: CUSTOM_SCALARS[name] })));
    return s;
  };
  const enumTypes = new Map<EnumModel, GraphQLEnumType>();
  const enumType = (e: EnumModel) => {
    let t = enumTypes.get(e);
    if (!t)
      enumTypes.set(
        e,
        (t = new GraphQLEnumType({
          name: e.name,
          values: Object.fromEntries(e.values.map((v) => [v.gql, { value: v.gql }])),
        })),
      );
    return t;
  };
  const baseType = (b: ScalarName | EnumModel) => (typeof b === "string" ? scalar(b) : enumType(b));
  const valueOut = (t: ValueType): GraphQLOutputType => (t.list ? list(baseType(t.base)) : baseType(t.base));

  const filterIs = new GraphQLEnumType({ name: "FilterIs", values: { NULL: {}, NOT_NULL: {} } });
  const direction = new GraphQLEnumType({
    name: "OrderByDirection",
    description: "Defines a per-field sorting order",
    values: {
      AscNullsFirst: { description: "Ascending order, nulls first" },
      AscNullsLast: { description: "Ascending order, nulls last" },
      DescNullsFirst: { description: "Descending order, nulls first" },
      DescNullsLast: { description: "Descending order, nulls last" },
    },
  });

  const filters = new Map<string, GraphQLInputObjectType>();
  const filterType = (name: string, element: GraphQLInputType, isList: boolean): GraphQLInputObjectType => {
    let f = filters.get(name);
    if (f) return f;
    const fields: GraphQLInputFieldConfigMap = {};
    for (const op of filterOperators(name)) {
      if (op === "is") fields.is = { type: filterIs };
      else if (isList || op === "in") fields[op] = { type: list(nn(element)) };
      else if (["like", "ilike", "regex", "iregex", "startsWith"].includes(op)) fields[op] = { type: GraphQLString };
      else fields[op] = { type: element };
    }
    f = new GraphQLInputObjectType({
      name,
      description: `Boolean expression comparing fields on type "${name.replace(/(List)?Filter$/, "")}"`,
      fields,
    });
    filters.set(name, f);
    return f;
  };
  const idFilter = () => filterType("IDFilter", GraphQLID, false);

  const nodeInterface = new GraphQLInterfaceType({
    name: "Node",
    fields: { nodeId: { type: nn(GraphQLID), description: "Retrieves a record by `ID`" } },
  });
  const pageInfo = new GraphQLObjectType({
    name: "PageInfo",
    fields: {
      endCursor: { type: GraphQLString },
      hasNextPage: { type: nn(GraphQLBoolean) },
      hasPreviousPage: { type: nn(GraphQLBoolean) },
      startCursor: { type: GraphQLString },
    },
  });

  /** `<Type>Aggregate`: count plus one result object per function with at least one applicable column. */
  const aggregateType = (t: TableModel): GraphQLObjectType => {
    const fields: GraphQLFieldConfigMap<unknown, unknown> = {
      count: { type: nn(GraphQLInt), description: "Count of the records matching the `filter`" },
    };
    for (const op of AGGREGATE_OPS) {
      const columns = aggregateColumns(t, op);
      if (columns.length === 0) continue;
      fields[op] = {
        type: new GraphQLObjectType({
          name: aggregateTypeName(t, op),
          fields: Object.fromEntries(columns.map((c) => [c.field, { type: scalar(aggregateResultType(c, op)) }])),
        }),
      };
    }
    return new GraphQLObjectType({ name: aggregateTypeName(t), fields });
  };

  interface TableTypes {
    node: GraphQLObjectType;
    connection: GraphQLObjectType;
    edge: GraphQLObjectType;
    filter: GraphQLInputObjectType;
    orderBy: GraphQLInputObjectType;
    insertInput: GraphQLInputObjectType;
    updateInput: GraphQLInputObjectType;
    insertResponse: GraphQLObjectType;
    updateResponse: GraphQLObjectType;
    deleteResponse: GraphQLObjectType;
  }
  const types = new Map<TableModel, TableTypes>();
  const connectionArgs = (t: TableModel): GraphQLFieldConfigArgumentMap => ({
    first: { type: GraphQLInt, description: "Query the first `n` records in the collection" },
    last: { type: GraphQLInt, description: "Query the last `n` records in the collection" },
    before: { type: scalar("Cursor"), description: "Query values in the collection before the provided cursor" },
    after: { type: scalar("Cursor"), description: "Query values in the collection after the provided cursor" },
    offset: {
      type: GraphQLInt,
      description:
        "Skip n values from the after cursor. Alternative to cursor pagination. Backward pagination not supported.",
    },
    filter: {
      type: types.get(t)!.filter,
      description: "Filters to apply to the results set when querying from the collection",
    },
    orderBy: { type: list(nn(types.get(t)!.orderBy)), description: "Sort order to apply to the collection" },
  });

  // Types of schemas with introspection off stay out, with every field leading to them.
  const shown = model.tables.filter((t) => !model.hiddenSchemas.has(t.rel.schema));
  for (const t of shown) {
    const tt = {} as TableTypes;
    types.set(t, tt);
    tt.node = new GraphQLObjectType({
      name: t.typeName,
      description: t.description ?? undefined,
      interfaces: [nodeInterface],
      fields: () => {
        const fields: GraphQLFieldConfigMap<unknown, unknown> = {};
        for (const [name, f] of t.fields) {
          const leadsTo = f.kind === "relation" ? f.relation.target : f.kind === "computed" ? f.computed.target : null;
          if (leadsTo && !types.has(leadsTo)) continue;
          if (f.kind === "nodeId")
            fields[name] = { type: nn(GraphQLID), description: "Globally Unique Record Identifier" };
          else if (f.kind === "column")
            fields[name] = {
              type: f.column.nonNull ? nn(valueOut(f.column.type)) : valueOut(f.column.type),
              description: f.column.description ?? undefined,
            };
          else if (f.kind === "relation") {
            const r = f.relation;
            const target = types.get(r.target)!;
            if (r.cardinality === "one") fields[name] = { type: r.nonNull ? nn(target.node) : target.node };
            else fields[name] = { type: target.connection, args: connectionArgs(r.target) };
          } else {
            const c = f.computed;
            const description = c.description ?? undefined;
            if (c.cardinality === "scalar") fields[name] = { type: valueOut(c.type!), description };
            else if (c.cardinality === "one") fields[name] = { type: types.get(c.target!)!.node, description };
            else
              fields[name] = {
                type: types.get(c.target!)!.connection,
                args: connectionArgs(c.target!),
                description,
              };
          }
        }
        return fields;
      },
    });
    tt.edge = new GraphQLObjectType({
      name: `${t.typeName}Edge`,
      fields: () => ({ cursor: { type: nn(GraphQLString) }, node: { type: nn(tt.node) } }),
    });
    tt.connection = new GraphQLObjectType({
      name: `${t.typeName}Connection`,
      fields: () => ({
        edges: { type: nn(list(nn(tt.edge))) },
        pageInfo: { type: nn(pageInfo) },
        ...(t.totalCount
          ? {
              totalCount: {
                type: nn(GraphQLInt),
                description: "The total number of records matching the `filter` criteria",
              },
            }
          : {}),
        ...(t.aggregate
          ? {
              aggregate: {
                type: aggregateType(t),
                description: "Aggregate functions over the records matching the `filter`",
              },
            }
          : {}),
      }),
    });
    tt.filter = new GraphQLInputObjectType({
      name: `${t.typeName}Filter`,
      description: `Boolean expression comparing fields on type "${t.typeName}"`,
      fields: () => {
        const fields: GraphQLInputFieldConfigMap = {};
        for (const c of t.columns) {
          if (!c.filterType) continue;
          const el = baseType(c.type.base);
          fields[c.field] = { type: filterType(c.filterType, el, c.type.list) };
        }
        fields.nodeId = { type: idFilter() };
        if (t.logical.and)
          fields.and = {
            type: list(nn(tt.filter)),
            description: "Returns true only if all its inner filters are true, otherwise returns false",
          };
        if (t.logical.or)
          fields.or = {
            type: list(nn(tt.filter)),
            description: "Returns true if at least one of its inner filters is true, otherwise returns false",
          };
        if (t.logical.not) fields.not = { type: tt.filter, description: "Negates a filter" };
        return fields;
      },
    });
    tt.orderBy = new GraphQLInputObjectType({
      name: `${t.typeName}OrderBy`,
      fields: () => Object.fromEntries(t.columns.filter((c) => c.orderable).map((c) => [c.field, { type: direction }])),
    });
    const inputFields = (cols: TableModel["columns"]) => () =>
      Object.fromEntries(cols.map((c) => [c.field, { type: valueOut(c.type) as GraphQLInputType }]));
    tt.insertInput = new GraphQLInputObjectType({
      name: `${t.typeName}InsertInput`,
      fields: inputFields(t.insertColumns),
    });
    tt.updateInput = new GraphQLInputObjectType({
      name: `${t.typeName}UpdateInput`,
      fields: inputFields(t.updateColumns),
    });
    const response = (kind: string) =>
      new GraphQLObjectType({
        name: `${t.typeName}${kind}Response`,
        fields: () => ({
          affectedCount: { type: nn(GraphQLInt), description: "Count of the records impacted by the mutation" },
          records: { type: nn(list(nn(tt.node))), description: "Array of records impacted by the mutation" },
        }),
      });
    tt.insertResponse = response("Insert");
    tt.updateResponse = response("Update");
    tt.deleteResponse = response("Delete");
  }

  const queryFields: GraphQLFieldConfigMap<unknown, unknown> = {
    node: {
      type: nodeInterface,
      args: { nodeId: { type: nn(GraphQLID), description: "The record's `ID`" } },
      description: "Retrieve a record by its `ID`",
    },
  };
  for (const [name, q] of model.queryFields) {
    if (!types.has(q.table)) continue;
    if (q.kind === "byPk") {
      queryFields[name] = {
        type: types.get(q.table)!.node,
        args: Object.fromEntries(q.table.pk.map((c) => [c.field, { type: nn(valueOut(c.type) as GraphQLInputType) }])),
        description: `Retrieve a record of type \`${q.table.typeName}\` by its primary key`,
      };
      continue;
    }
    queryFields[name] = {
      type: nn(types.get(q.table)!.connection),
      args: connectionArgs(q.table),
      description: `A pagable collection of type \`${q.table.typeName}\``,
    };
  }
  const mutationFields: GraphQLFieldConfigMap<unknown, unknown> = {};
  for (const [name, m] of model.mutationFields) {
    if (!types.has(m.table)) continue;
    const tt = types.get(m.table)!;
    const filterArg = {
      type: tt.filter,
      description: "Restricts the mutation's impact to records matching the criteria",
    };
    const atMostArg = {
      type: nn(GraphQLInt),
      defaultValue: 1,
      description: "The maximum number of records in the collection permitted to be affected",
    };
    if (m.kind === "insert")
      mutationFields[name] = { type: tt.insertResponse, args: { objects: { type: nn(list(nn(tt.insertInput))) } } };
    else if (m.kind === "update")
      mutationFields[name] = {
        type: nn(tt.updateResponse),
        args: { set: { type: nn(tt.updateInput) }, filter: filterArg, atMost: atMostArg },
      };
    else mutationFields[name] = { type: nn(tt.deleteResponse), args: { filter: filterArg, atMost: atMostArg } };
  }
  const functionField = (f: RootFunctionModel) => {
    if (f.target && !types.has(f.target)) return null;
    const own: GraphQLFieldConfigArgumentMap = Object.fromEntries(
      f.args.map((a) => [a.field, { type: valueOut(a.type) as GraphQLInputType }]),
    );
    const description = f.description ?? undefined;
    if (f.cardinality === "scalar") return { type: valueOut(f.type!), args: own, description };
    const tt = types.get(f.target!)!;
    if (f.cardinality === "one") return { type: tt.node, args: own, description };
    return { type: tt.connection, args: { ...own, ...connectionArgs(f.target!) }, description };
  };
  for (const [fields, fns] of [
    [queryFields, model.queryFunctions],
    [mutationFields, model.mutationFunctions],
  ] as const) {
    for (const [name, f] of fns) {
      const config = functionField(f);
      if (config) fields[name] = config;
    }
  }
  // pg_graphql sorts Query and Mutation fields by name.
  const sorted = (m: GraphQLFieldConfigMap<unknown, unknown>) =>
    Object.fromEntries(Object.entries(m).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return new GraphQLSchema({
    query: new GraphQLObjectType({
      name: "Query",
      description: "The root type for querying data",
      fields: sorted(queryFields),
    }),
    mutation: Object.keys(mutationFields).length
      ? new GraphQLObjectType({
          name: "Mutation",
          description: "The root type for creating and mutating data",
          fields: sorted(mutationFields),
        })
      : undefined,
    types: [...types.values()].map((t) => t.node),
  });
}
