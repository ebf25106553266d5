/**
 * GraphQL data API conformance: scalars, reflection (views, directives,
 * inflection, computed fields, generated types) and introspection, on PGlite
 * and on PostgreSQL (the data API's contract and pg_graphql's behaviour).
 */
import { buildClientSchema, getIntrospectionQuery, printSchema } from "graphql";
import { backends, useDatabase } from "./backends";
import { CONNECTION_ARGS, gqlError, QUERY_SCHEMA_SQL } from "./fixtures";

type Any = any;

describe.each(backends())("GraphQL queries on %s", (kind) => {
  const h = useDatabase(kind, QUERY_SCHEMA_SQL);

  const error = gqlError(h);

  describe("scalars", () => {
    it("serializes every scalar as pg_graphql does", async () => {
      const body = await h.gql(
        `{ accountCollection(first: 1) { edges { node { id email age score balance big active born wake created_at uid meta tags nums mood addr } } } }`,
      );
      const n = body.data.accountCollection.edges[0].node;
      expect(new Date(n.created_at).toISOString()).toBe("2024-01-01T00:00:00.000Z");
      delete n.created_at;
      expect(n).toEqual({
        id: 1,
        email: "a@x.com",
        age: 30,
        score: 1.5,
        balance: "10.50",
        big: "9007199254740993",
        active: true,
        born: "1990-01-01",
        wake: "07:00:00",
        uid: "11111111-1111-1111-1111-111111111111",
        meta: '{"a": 1}',
        tags: ["red", "blue"],
        nums: [1, 2],
        mood: "happy",
        addr: "10.0.0.1",
      });
    });

    it("nulls are null, JSON arrays are serialized strings", async () => {
      const body = await h.gql(
        `{ accountCollection(filter: {id: {in: [2, 3]}}) { edges { node { meta big tags } } } }`,
      );
      expect(body.data.accountCollection.edges.map((e: Any) => e.node)).toEqual([
        { meta: "[1, 2]", big: "2", tags: ["blue"] },
        { meta: null, big: null, tags: null },
      ]);
    });

    it("reflects scalar types in the schema", async () => {
      const body = await h.gql(
        `{ __type(name: "account") { fields { name type { kind name ofType { kind name } } } } }`,
      );
      const t = Object.fromEntries(
        body.data.__type.fields.map((f: Any) => [
          f.name,
          f.type.kind === "NON_NULL"
            ? `${f.type.ofType.name ?? `[${f.type.ofType.kind}]`}!`
            : (f.type.name ?? `[${f.type.ofType.name}]`),
        ]),
      );
      expect(t).toMatchObject({
        nodeId: "ID!",
        id: "Int!",
        email: "String!",
        name: "String!",
        age: "Int",
        score: "Float",
        balance: "BigFloat",
        big: "BigInt",
        active: "Boolean",
        born: "Date",
        wake: "Time",
        created_at: "Datetime",
        uid: "UUID",
        meta: "JSON",
        tags: "[String]",
        nums: "[Int]",
        mood: "mood",
        addr: "Opaque",
      });
      expect(body.data.__type.fields.slice(0, 3).map((f: Any) => f.name)).toEqual(["nodeId", "id", "email"]);
    });

    it("filter types carry the exact operator sets", async () => {
      const get = async (name: string) =>
        (
          await h.gql(`query($n: String!) { __type(name: $n) { inputFields { name } } }`, { n: name })
        ).data.__type.inputFields.map((f: Any) => f.name);
      expect(await get("IntFilter")).toEqual(["eq", "gt", "gte", "in", "is", "lt", "lte", "neq"]);
      expect(await get("StringFilter")).toEqual([
        "eq",
        "gt",
        "gte",
        "ilike",
        "in",
        "iregex",
        "is",
        "like",
        "lt",
        "lte",
        "neq",
        "regex",
        "startsWith",
      ]);
      expect(await get("UUIDFilter")).toEqual(["eq", "neq"]);
      expect(await get("BigIntFilter")).toEqual(["eq", "gt", "gte", "in", "is", "lt", "lte", "neq"]);
      expect(await get("OpaqueFilter")).toEqual(["eq", "is"]);
      expect(await get("BooleanFilter")).toEqual(["eq", "is"]);
      expect(await get("moodFilter")).toEqual(["eq", "in", "is", "neq"]);
      expect(await get("StringListFilter")).toEqual(["containedBy", "contains", "eq", "is", "overlaps"]);
      expect(await get("IDFilter")).toEqual(["eq"]);
    });

    it("FilterIs and OrderByDirection enums", async () => {
      const body = await h.gql(
        `{ a: __type(name: "FilterIs") { enumValues { name } } b: __type(name: "OrderByDirection") { enumValues { name } } }`,
      );
      expect(body.data.a.enumValues.map((v: Any) => v.name)).toEqual(["NULL", "NOT_NULL"]);
      expect(body.data.b.enumValues.map((v: Any) => v.name)).toEqual([
        "AscNullsFirst",
        "AscNullsLast",
        "DescNullsFirst",
        "DescNullsLast",
      ]);
    });
  });

  describe("reflection", () => {
    it("tables without a primary key are not exposed", async () => {
      expect(await error(`{ nopkCollection { edges { node { x } } } }`)).toBe(
        'Unknown field "nopkCollection" on type Query',
      );
    });

    it("views need primary_key_columns, and then work with nullable columns", async () => {
      const body = await h.gql(
        `{ account_viewCollection(orderBy: [{id: DescNullsLast}]) { edges { node { id email } } } }`,
      );
      expect(body.data.account_viewCollection.edges.map((e: Any) => e.node.id)).toEqual([4, 3, 2, 1]);
      expect(await error(`{ no_pk_viewCollection { edges { node { id } } } }`)).toBe(
        'Unknown field "no_pk_viewCollection" on type Query',
      );
      const t = await h.gql(`{ __type(name: "account_view") { fields { name type { kind } } } }`);
      expect(
        t.data.__type.fields.filter((f: Any) => f.name !== "nodeId").every((f: Any) => f.type.kind !== "NON_NULL"),
      ).toBe(true);
    });

    it("views get relations from the foreign_keys directive", async () => {
      const body = await h.gql(
        `{ blog_viewCollection(first: 1) { edges { node { title author { name blogViews { edges { node { title } } } } } } } }`,
      );
      expect(body.data.blog_viewCollection.edges[0].node).toEqual({
        title: "A1",
        author: { name: "Alice", blogViews: { edges: [{ node: { title: "A1" } }, { node: { title: "A2" } }] } },
      });
    });

    it("materialized views are exposed with the directive", async () => {
      const body = await h.gql(`{ account_statsCollection { edges { node { id blogs } } } }`);
      expect(body.data.account_statsCollection.edges.map((e: Any) => e.node)).toEqual([
        { id: 1, blogs: 2 },
        { id: 2, blogs: 1 },
        { id: 4, blogs: 1 },
      ]);
    });

    it("partitioned parents are excluded, partitions exposed", async () => {
      expect(await error(`{ measureCollection { edges { node { id } } } }`)).toBe(
        'Unknown field "measureCollection" on type Query',
      );
      const body = await h.gql(`{ measure_lowCollection { edges { node { v } } } }`);
      expect(body.data.measure_lowCollection.edges).toEqual([{ node: { v: "one" } }]);
    });

    it("name directives rename types and columns", async () => {
      const body = await h.gql(`{ __type(name: "Member") { name fields { name } } }`);
      expect(body.data.__type.fields.map((f: Any) => f.name)).toEqual([
        "nodeId",
        "id",
        "displayName",
        "owner_id",
        "holder",
      ]);
      expect(await error(`{ renamedCollection { edges { node { id } } } }`)).toBe(
        'Unknown field "renamedCollection" on type Query',
      );
    });

    it("computed fields from functions taking the row type", async () => {
      const body = await h.gql(
        `{ accountCollection(first: 1) { edges { node { display top_blogs(orderBy: [{id: DescNullsLast}]) { edges { node { title } } } best_blog { title } } } } }`,
      );
      expect(body.data.accountCollection.edges[0].node).toEqual({
        display: "Alice <a@x.com>",
        top_blogs: { edges: [{ node: { title: "A2" } }, { node: { title: "A1" } }] },
        best_blog: { title: "A1" },
      });
    });

    it("no inflection by default: SQL names verbatim", async () => {
      const body = await h.gql(`{ __schema { queryType { fields { name } } mutationType { fields { name } } } }`);
      const q = body.data.__schema.queryType.fields.map((f: Any) => f.name);
      expect(q).toEqual([...q].sort());
      expect(q).toEqual(
        expect.arrayContaining(["accountCollection", "blog_postCollection", "memberCollection", "node"]),
      );
      expect(body.data.__schema.mutationType.fields.map((f: Any) => f.name)).toEqual(
        expect.arrayContaining([
          "insertIntoblog_postCollection",
          "updateblog_postCollection",
          "deleteFromblog_postCollection",
        ]),
      );
    });

    it("inflect_names on a schema: PascalCase types, camelCase fields", async () => {
      const opts = { schemas: ["inflected"] };
      const body = await h.gql(
        `{ accountHolderCollection { edges { node { __typename id firstName accountBYEmail blogPostCollection { edges { node { postTitle owner { firstName } } } } } } } }`,
        {},
        opts,
      );
      expect(body.data.accountHolderCollection.edges[0].node).toEqual({
        __typename: "AccountHolder",
        id: 1,
        firstName: "Ann",
        accountBYEmail: "ann@x",
        blogPostCollection: { edges: [{ node: { postTitle: "hello", owner: { firstName: "Ann" } } }] },
      });
      const m = await h.gql(`{ __schema { mutationType { fields { name } } } }`, {}, opts);
      expect(m.data.__schema.mutationType.fields.map((f: Any) => f.name)).toEqual([
        "deleteFromAccountHolderCollection",
        "deleteFromBlogPostCollection",
        "insertIntoAccountHolderCollection",
        "insertIntoBlogPostCollection",
        "updateAccountHolderCollection",
        "updateBlogPostCollection",
      ]);
    });

    it("the generated types exist per table with pg_graphql's names", async () => {
      const body = await h.gql(`{ __schema { types { name } } }`);
      const names = body.data.__schema.types.map((t: Any) => t.name);
      for (const n of [
        "blog",
        "blogConnection",
        "blogEdge",
        "PageInfo",
        "blogFilter",
        "blogOrderBy",
        "blogInsertInput",
        "blogUpdateInput",
        "blogInsertResponse",
        "blogUpdateResponse",
        "blogDeleteResponse",
        "Node",
        "Cursor",
        "BigInt",
        "BigFloat",
        "JSON",
        "Opaque",
      ]) {
        expect(names).toContain(n);
      }
    });

    it("mutation entries carry pg_graphql's arguments and defaults", async () => {
      const body = await h.gql(
        `{ __type(name: "Mutation") { fields { name args { name defaultValue type { kind name ofType { name kind ofType { kind ofType { name } } } } } type { kind name } } } }`,
      );
      const f = (n: string) => body.data.__type.fields.find((x: Any) => x.name === n);
      const upd = f("updateblogCollection");
      expect(upd.args.map((a: Any) => [a.name, a.defaultValue])).toEqual([
        ["set", null],
        ["filter", null],
        ["atMost", "1"],
      ]);
      expect(upd.type.kind).toBe("NON_NULL");
      expect(f("insertIntoblogCollection").type).toEqual({ kind: "OBJECT", name: "blogInsertResponse" });
      expect(f("insertIntoblogCollection").args[0].type.ofType.ofType.ofType.name).toBe("blogInsertInput");
      const ins = await h.gql(`{ __type(name: "accountInsertInput") { inputFields { name } } }`);
      expect(ins.data.__type.inputFields.map((x: Any) => x.name)).not.toContain("id");
    });

    it("collection entries have the seven connection arguments", async () => {
      const body = await h.gql(
        `{ __type(name: "Query") { fields { name args { name type { name kind ofType { name } } } } } }`,
      );
      const c = body.data.__type.fields.find((x: Any) => x.name === "accountCollection");
      expect(c.args.map((a: Any) => a.name)).toEqual(CONNECTION_ARGS);
      expect(c.args[2].type.name).toBe("Cursor");
    });
  });

  describe("introspection", () => {
    it("answers the full introspection query (GraphiQL, code generators)", async () => {
      const body = await h.gql(getIntrospectionQuery());
      expect(body.errors).toBeUndefined();
      const schema = buildClientSchema(body.data);
      expect(printSchema(schema)).toContain("type account implements Node");
      const c = schema.getQueryType()!.getFields().accountCollection;
      expect(c.args.map((a) => `${a.name}: ${String(a.type)}`)).toEqual([
        "first: Int",
        "last: Int",
        "before: Cursor",
        "after: Cursor",
        "offset: Int",
        "filter: accountFilter",
        "orderBy: [accountOrderBy!]",
      ]);
      expect(String(c.type)).toBe("accountConnection!");
      const u = schema.getMutationType()!.getFields().updateaccountCollection;
      expect(
        u.args.map(
          (a) => `${a.name}: ${String(a.type)}${a.defaultValue !== undefined ? ` = ${String(a.defaultValue)}` : ""}`,
        ),
      ).toEqual(["set: accountUpdateInput!", "filter: accountFilter", "atMost: Int! = 1"]);
      expect(String(u.type)).toBe("accountUpdateResponse!");
    });

    it("with another schema open, introspection hides the types of a schema that turned it off", async () => {
      const opts = { schemas: ["public", "closed"] };
      const body = await h.gql(
        `{ __type(name: "thing") { name } __schema { queryType { fields { name } } types { name } } }`,
        {},
        opts,
      );
      expect(body.errors).toBeUndefined();
      expect(body.data.__type).toBeNull();
      const queryFields = body.data.__schema.queryType.fields.map((f: Any) => f.name);
      expect(queryFields).toContain("accountCollection");
      expect(queryFields).not.toContain("thingCollection");
      expect(body.data.__schema.types.map((t: Any) => t.name)).not.toContain("thingConnection");
      expect((await h.gql(`{ thingCollection { edges { node { id } } } }`, {}, opts)).data).toEqual({
        thingCollection: { edges: [{ node: { id: 7 } }] },
      });
    });

    it("the introspection: false schema directive turns it off, queries still work", async () => {
      const opts = { schemas: ["closed"] };
      expect(await h.gql(`{ __schema { queryType { name } } }`, {}, opts)).toEqual({
        data: null,
        errors: [{ message: 'Unknown field "__schema" on type Query' }],
      });
      expect((await h.gql(`{ thingCollection { edges { node { id } } } }`, {}, opts)).data).toEqual({
        thingCollection: { edges: [{ node: { id: 7 } }] },
      });
    });
  });
});
