/**
 * GraphQL data API conformance: reflection, filters, ordering, pagination,
 * relations, nodeId, totalCount, views, directives, inflection, scalars and
 * error texts, on PGlite and on PostgreSQL (the data API's contract and pg_graphql's behaviour).
 */
import { buildClientSchema, getIntrospectionQuery, printSchema } from "graphql";
import { backends, useDatabase } from "./backends";
import { ACCOUNT_2_NODE_ID, QUERY_SCHEMA_SQL } from "./fixtures";

type Any = any;

describe.each(backends())("GraphQL queries on %s", (kind) => {
  const h = useDatabase(kind, QUERY_SCHEMA_SQL);

  const ids = async (filter: unknown, variables: Record<string, unknown> = {}) => {
    const body = await h.gql(`query($f: accountFilter) { accountCollection(filter: $f) { edges { node { id } } } }`, {
      f: filter,
      ...variables,
    });
    if (body.errors) throw new Error(JSON.stringify(body.errors));
    return body.data.accountCollection.edges.map((e: Any) => e.node.id);
  };
  const error = async (query: string, variables?: unknown, opts?: Any) => {
    const body = await h.gql(query, variables, opts);
    expect(body.errors).toBeDefined();
    return body.errors[0].message as string;
  };

  describe("filter operators per type", () => {
    it.each<[string, unknown, number[]]>([
      ["Int eq", { age: { eq: 25 } }, [2, 5]],
      ["Int neq (nulls excluded)", { age: { neq: 25 } }, [1, 4]],
      ["Int gt", { age: { gt: 25 } }, [1, 4]],
      ["Int gte", { age: { gte: 30 } }, [1, 4]],
      ["Int lt", { age: { lt: 30 } }, [2, 5]],
      ["Int lte", { age: { lte: 25 } }, [2, 5]],
      ["Int in", { age: { in: [30, 40] } }, [1, 4]],
      ["Int in with a single value (list coercion)", { age: { in: 30 } }, [1]],
      ["Int in []", { age: { in: [] } }, []],
      ["Int is NULL", { age: { is: "NULL" } }, [3]],
      ["Int is NOT_NULL", { age: { is: "NOT_NULL" } }, [1, 2, 4, 5]],
      ["null operand matches nothing", { age: { lt: null } }, []],
      ["String eq", { name: { eq: "Bob" } }, [2]],
      ["String neq", { name: { neq: "Bob" } }, [1, 3, 4, 5]],
      ["String gt", { name: { gt: "Bob" } }, [3, 4, 5]],
      ["String in", { name: { in: ["Alice", "Dave"] } }, [1, 4]],
      ["String like", { name: { like: "%e" } }, [1, 4, 5]],
      ["String ilike", { name: { ilike: "%A%" } }, [1, 3, 4]],
      ["String regex", { name: { regex: "^[A-Z]" } }, [1, 2, 4]],
      ["String iregex", { name: { iregex: "^C" } }, [3]],
      ["String startsWith", { name: { startsWith: "ev" } }, [5]],
      ["String startsWith treats % literally", { name: { startsWith: "%" } }, []],
      ["String startsWith treats _ literally", { name: { startsWith: "eve_" } }, [5]],
      ["varchar eq", { email: { eq: "d@y.org" } }, [4]],
      ["Float gt", { score: { gt: 2.5 } }, [4, 5]],
      ["Float eq", { score: { eq: 1.5 } }, [1]],
      ["BigFloat eq", { balance: { eq: "20" } }, [2]],
      ["BigFloat gte", { balance: { gte: "40.25" } }, [4, 5]],
      ["BigFloat lt", { balance: { lt: "20" } }, [1]],
      ["BigInt eq beyond 2^53", { big: { eq: "9007199254740993" } }, [1]],
      ["BigInt gt with a number", { big: { gt: 2 } }, [1, 4, 5]],
      ["BigInt in", { big: { in: ["2", "4"] } }, [2, 4]],
      ["Boolean eq", { active: { eq: true } }, [1, 4]],
      ["Boolean is NULL", { active: { is: "NULL" } }, [3]],
      ["Date gt", { born: { gt: "1990-01-01" } }, [2, 5]],
      ["Date lte", { born: { lte: "1990-01-01" } }, [1, 4]],
      ["Time lt", { wake: { lt: "07:00" } }, [5]],
      ["Time gte", { wake: { gte: "08:30" } }, [2, 4]],
      ["Datetime gte", { created_at: { gte: "2024-02-01T00:00:00Z" } }, [2, 4, 5]],
      ["Datetime in", { created_at: { in: ["2024-03-01T00:00:00+00:00"] } }, [4]],
      ["UUID eq", { uid: { eq: "11111111-1111-1111-1111-111111111111" } }, [1]],
      ["UUID neq", { uid: { neq: "11111111-1111-1111-1111-111111111111" } }, [2, 4, 5]],
      ["enum eq", { mood: { eq: "happy" } }, [1, 5]],
      ["enum neq", { mood: { neq: "sad" } }, [1, 4, 5]],
      ["enum in", { mood: { in: ["sad", "meh"] } }, [2, 4]],
      ["enum is NULL", { mood: { is: "NULL" } }, [3]],
      ["Opaque eq", { addr: { eq: "10.0.0.1" } }, [1]],
      ["Opaque is NOT_NULL", { addr: { is: "NOT_NULL" } }, [1, 2]],
      ["list contains", { tags: { contains: ["blue"] } }, [1, 2]],
      ["list contains a single value", { nums: { contains: 2 } }, [1, 2]],
      ["list containedBy", { tags: { containedBy: ["red", "blue", "x"] } }, [1, 2, 5]],
      ["list overlaps", { tags: { overlaps: ["green", "red"] } }, [1, 4]],
      ["list eq", { tags: { eq: ["blue"] } }, [2]],
      ["list is NULL", { tags: { is: "NULL" } }, [3]],
      ["nodeId eq", { nodeId: { eq: ACCOUNT_2_NODE_ID } }, [2]],
      ["several columns are ANDed", { age: { eq: 25 }, active: { eq: false }, name: { neq: "Bob" } }, [5]],
      ["or", { or: [{ age: { eq: 25 } }, { name: { eq: "Alice" } }] }, [1, 2, 5]],
      ["and", { and: [{ age: { eq: 25 } }, { active: { eq: false } }] }, [2, 5]],
      ["not", { not: { age: { eq: 25 } } }, [1, 4]],
      ["not with several keys is NOT(a AND b)", { not: { age: { eq: 25 }, name: { eq: "Bob" } } }, [1, 3, 4, 5]],
      [
        "nested and/or/not",
        { and: [{ or: [{ age: { gte: 30 } }, { name: { eq: "carol" } }] }, { not: { name: { eq: "Dave" } } }] },
        [1, 3],
      ],
      ["or: [] is ignored", { or: [] }, [1, 2, 3, 4, 5]],
      ["and: [] is ignored", { and: [] }, [1, 2, 3, 4, 5]],
      ["not: {} is ignored", { not: {} }, [1, 2, 3, 4, 5]],
      ["or with an object is a one-item list (its keys AND)", { or: { age: { eq: 25 }, name: { eq: "Bob" } } }, [2]],
      ["filter: null is no filter", null, [1, 2, 3, 4, 5]],
    ])("%s", async (_name, filter, expected) => {
      expect(await ids(filter)).toEqual(expected);
    });

    it("ignores an operator whose variable is undefined", async () => {
      const body = await h.gql(
        `query($x: Int) { accountCollection(filter: {age: {eq: $x}}) { edges { node { id } } } }`,
        {},
      );
      expect(body.data.accountCollection.edges).toHaveLength(5);
    });

    it("filters with literals and enum literals in the document", async () => {
      const body = await h.gql(
        `{ accountCollection(filter: {mood: {in: [sad, meh]}, age: {is: NOT_NULL}}) { edges { node { id } } } }`,
      );
      expect(body.data.accountCollection.edges.map((e: Any) => e.node.id)).toEqual([2, 4]);
    });

    it.each<[string, unknown, string]>([
      ["unknown column", { dne_id: { eq: 1 } }, 'Input for type accountFilter contains extra keys ["dne_id"]'],
      [
        "JSON columns cannot be filtered",
        { meta: { eq: "{}" } },
        'Input for type accountFilter contains extra keys ["meta"]',
      ],
      [
        "UUIDFilter has only eq and neq",
        { uid: { in: ["11111111-1111-1111-1111-111111111111"] } },
        'Input for type UUIDFilter contains extra keys ["in"]',
      ],
      ["BooleanFilter has no gt", { active: { gt: true } }, 'Input for type BooleanFilter contains extra keys ["gt"]'],
      ["operator object required", { age: 3 }, "Invalid input for IntFilter type"],
      ["wrong operand type", { age: { eq: "x" } }, "Invalid input for Int type"],
      ["BigFloat needs a string", { balance: { eq: 20 } }, "Invalid input for BigFloat type. String required"],
      ["bad FilterIs", { age: { is: "BOGUS" } }, "Invalid input for FilterIs type"],
      ["is: null", { age: { is: null } }, "Error transpiling Is filter value type"],
    ])("rejects %s", async (_name, filter, message) => {
      expect(
        await error(`query($f: accountFilter) { accountCollection(filter: $f) { edges { node { id } } } }`, {
          f: filter,
        }),
      ).toBe(message);
    });

    it("columns named and, or, not replace those operators", async () => {
      const body = await h.gql(
        `{ weirdCollection(filter: {and: {eq: 2}, or: {eq: "y"}, not: {eq: "n2"}}) { edges { node { and or not } } } }`,
      );
      expect(body.errors).toBeUndefined();
      expect(body.data.weirdCollection.edges).toEqual([{ node: { and: 2, or: "y", not: "n2" } }]);
      const t = await h.gql(
        `{ __type(name: "weirdFilter") { inputFields { name type { name kind ofType { name } } } } }`,
      );
      const fields = t.data.__type.inputFields.map((f: Any) => [f.name, f.type.name ?? f.type.ofType?.name]);
      expect(fields).toEqual([
        ["and", "IntFilter"],
        ["or", "StringFilter"],
        ["not", "StringFilter"],
        ["nodeId", "IDFilter"],
      ]);
    });
  });

  describe("ordering", () => {
    const order = async (orderBy: unknown) => {
      const body = await h.gql(
        `query($o: [accountOrderBy!]) { accountCollection(orderBy: $o) { edges { node { id } } } }`,
        { o: orderBy },
      );
      if (body.errors) throw new Error(JSON.stringify(body.errors));
      return body.data.accountCollection.edges.map((e: Any) => e.node.id);
    };
    it.each<[string, unknown, number[]]>([
      ["default is the primary key ascending", undefined, [1, 2, 3, 4, 5]],
      ["empty orderBy is the default", [], [1, 2, 3, 4, 5]],
      ["AscNullsLast (ties broken by the primary key)", [{ age: "AscNullsLast" }], [2, 5, 1, 4, 3]],
      ["AscNullsFirst", [{ age: "AscNullsFirst" }], [3, 2, 5, 1, 4]],
      ["DescNullsFirst", [{ age: "DescNullsFirst" }], [3, 4, 1, 2, 5]],
      ["DescNullsLast", [{ age: "DescNullsLast" }], [4, 1, 2, 5, 3]],
      ["multi-column in array order", [{ age: "DescNullsLast" }, { id: "DescNullsLast" }], [4, 1, 5, 2, 3]],
      ["a single object is a one-element list", { id: "DescNullsFirst" }, [5, 4, 3, 2, 1]],
      ["a null direction is skipped", [{ id: null, email: "DescNullsLast" }], [5, 4, 3, 2, 1]],
      ["by a String column", [{ email: "DescNullsLast" }], [5, 4, 3, 2, 1]],
    ])("%s", async (_n, orderBy, expected) => {
      expect(await order(orderBy)).toEqual(expected);
    });

    it.each<[string, unknown, string]>([
      [
        "several pairs in one element",
        [{ age: "AscNullsLast", id: "AscNullsLast" }],
        "Invalid input for accountOrderBy type. Each element must contain exactly one column-to-direction pair",
      ],
      ["an unknown direction", [{ age: "Up" }], "Invalid input for OrderByDirection type"],
      ["an unknown column", [{ x: "AscNullsLast" }], 'Input for type accountOrderBy contains extra keys ["x"]'],
      ["a non-object element", ["id"], "Invalid input for accountOrderBy type"],
    ])("rejects %s", async (_n, orderBy, message) => {
      expect(
        await error(`query($o: [accountOrderBy!]) { accountCollection(orderBy: $o) { edges { node { id } } } }`, {
          o: orderBy,
        }),
      ).toBe(message);
    });
  });

  describe("pagination", () => {
    const page = `query($first: Int, $last: Int, $after: Cursor, $before: Cursor, $offset: Int, $o: [accountOrderBy!]) {
      accountCollection(first: $first, last: $last, after: $after, before: $before, offset: $offset, orderBy: $o) {
        edges { cursor node { id } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } }`;
    const get = async (v: Record<string, unknown>) => {
      const body = await h.gql(page, v);
      if (body.errors) throw new Error(JSON.stringify(body.errors));
      const c = body.data.accountCollection;
      return { ids: c.edges.map((e: Any) => e.node.id), cursors: c.edges.map((e: Any) => e.cursor), info: c.pageInfo };
    };

    it("first page: cursors are base64 of the jsonb key array", async () => {
      const p = await get({ first: 2 });
      expect(p.ids).toEqual([1, 2]);
      expect(p.cursors).toEqual(["WzFd", "WzJd"]);
      expect(p.info).toEqual({ hasNextPage: true, hasPreviousPage: false, startCursor: "WzFd", endCursor: "WzJd" });
    });

    it("pg_graphql's documented example: first 1 after WzFd", async () => {
      const body = await h.gql(
        `{ accountCollection(first: 1, after: "WzFd") { edges { cursor node { nodeId email } } } }`,
      );
      expect(body.data.accountCollection.edges).toEqual([
        { cursor: "WzJd", node: { nodeId: ACCOUNT_2_NODE_ID, email: "b@x.com" } },
      ]);
    });

    it("next page after endCursor has a previous page", async () => {
      const p = await get({ first: 2, after: "WzJd" });
      expect(p.ids).toEqual([3, 4]);
      expect(p.info.hasPreviousPage).toBe(true);
      expect(p.info.hasNextPage).toBe(true);
    });

    it("forward paging enumerates everything and ends with hasNextPage false", async () => {
      const seen: number[] = [];
      let after: string | undefined;
      for (let i = 0; i < 10; i++) {
        const p = await get({ first: 2, after });
        seen.push(...p.ids);
        if (!p.info.hasNextPage) break;
        after = p.info.endCursor;
      }
      expect(seen).toEqual([1, 2, 3, 4, 5]);
    });

    it("last returns the final rows in forward order", async () => {
      const p = await get({ last: 2 });
      expect(p.ids).toEqual([4, 5]);
      expect(p.info).toEqual({ hasNextPage: false, hasPreviousPage: true, startCursor: "WzRd", endCursor: "WzVd" });
    });

    it("last with before pages backwards", async () => {
      const p = await get({ last: 2, before: "WzRd" });
      expect(p.ids).toEqual([2, 3]);
      expect(p.info.hasNextPage).toBe(true);
      expect(p.info.hasPreviousPage).toBe(true);
    });

    it("backward paging enumerates everything and ends with hasPreviousPage false", async () => {
      const seen: number[] = [];
      let before: string | undefined;
      for (let i = 0; i < 10; i++) {
        const p = await get({ last: 2, before });
        seen.unshift(...p.ids);
        if (!p.info.hasPreviousPage) break;
        before = p.info.startCursor;
      }
      expect(seen).toEqual([1, 2, 3, 4, 5]);
    });

    it("cursors follow orderBy plus the primary key (pg_graphql's documented example)", async () => {
      const p = await get({ first: 2, o: [{ email: "AscNullsLast" }] });
      expect(p.cursors[1]).toBe("WyJiQHguY29tIiwgMl0=");
      expect(Buffer.from(p.cursors[0], "base64").toString()).toBe('["a@x.com", 1]');
    });

    it("pages through a nullable ordering column with null cursors", async () => {
      const o = [{ age: "AscNullsLast" }];
      const p1 = await get({ first: 2, o });
      const p2 = await get({ first: 2, o, after: p1.info.endCursor });
      const p3 = await get({ first: 2, o, after: p2.info.endCursor });
      expect([p1.ids, p2.ids, p3.ids]).toEqual([[2, 5], [1, 4], [3]]);
      expect(Buffer.from(p3.cursors[0], "base64").toString()).toBe("[null, 3]");
      expect(p3.info.hasNextPage).toBe(false);
    });

    it("pages descending with nulls first backwards", async () => {
      const o = [{ age: "DescNullsFirst" }];
      const all = await get({ o });
      expect(all.ids).toEqual([3, 4, 1, 2, 5]);
      const back = await get({ o, last: 2, before: all.cursors[3] });
      expect(back.ids).toEqual([4, 1]);
    });

    it("offset skips rows after the cursor", async () => {
      expect((await get({ first: 2, offset: 1 })).ids).toEqual([2, 3]);
      const p = await get({ first: 1, offset: 1, after: "WzJd" });
      expect(p.ids).toEqual([4]);
      expect(p.info.hasPreviousPage).toBe(true);
    });

    it("first: 0 gives an empty page; empty pages have null cursors", async () => {
      const p = await get({ first: 0 });
      expect(p.ids).toEqual([]);
      expect(p.info).toEqual({ hasNextPage: true, hasPreviousPage: false, startCursor: null, endCursor: null });
      const body = await h.gql(
        `{ accountCollection(filter: {id: {eq: 99}}) { edges { cursor } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } }`,
      );
      expect(body.data.accountCollection).toEqual({
        edges: [],
        pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null },
      });
    });

    it("page size is capped by max_rows (directive) and defaults to it", async () => {
      const capped = await h.gql(`{ memberCollection: memberCollection(first: 50) { edges { node { id } } } }`);
      expect(capped.errors).toBeUndefined();
      expect(capped.data.memberCollection.edges).toHaveLength(3);
      const dflt = await h.gql(`{ memberCollection { edges { node { id } } pageInfo { hasNextPage } } }`);
      expect(dflt.data.memberCollection.edges).toHaveLength(3);
      expect(dflt.data.memberCollection.pageInfo.hasNextPage).toBe(true);
    });

    it.each<[string, Record<string, unknown>, string]>([
      ["negative first", { first: -1 }, "`first` must be an unsigned integer"],
      ["negative last", { last: -2 }, "`last` must be an unsigned integer"],
      ["first and last", { first: 1, last: 1 }, 'only one of "first" and "last" may be provided'],
      ["before and after", { before: "WzFd", after: "WzFd" }, 'only one of "before" and "after" may be provided'],
      ["first with before", { first: 1, before: "WzFd" }, '"first" may only be used with "after"'],
      ["last with after", { last: 1, after: "WzFd" }, '"last" may only be used with "before"'],
      ["offset with last", { last: 1, offset: 1 }, '"offset" may only be used with "first" and "after"'],
      ["an undecodable cursor", { first: 1, after: "!!" }, "Failed to decode cursor, error 1"],
      [
        "a cursor longer than the order",
        { first: 1, after: Buffer.from("[1, 2, 3]").toString("base64") },
        "orderBy clause incompatible with pagination cursor",
      ],
    ])("rejects %s", async (_n, v, message) => {
      expect(await error(page, v)).toBe(message);
    });
  });

  describe("relations", () => {
    it("to-one field named after the FK column, reverse collection named after the table", async () => {
      const body = await h.gql(`{ blogCollection(first: 1) { edges { node { title owner { name } } } } }`);
      expect(body.data.blogCollection.edges[0].node).toEqual({ title: "A1", owner: { name: "Alice" } });
    });

    it("reverse collections take the full connection arguments", async () => {
      const body = await h.gql(`{ accountCollection(filter: {id: {eq: 1}}) { edges { node {
        blogCollection(first: 1, orderBy: [{rating: AscNullsLast}], filter: {rating: {gt: 1}}) { edges { node { title } } pageInfo { hasNextPage } } } } } }`);
      expect(body.data.accountCollection.edges[0].node.blogCollection).toEqual({
        edges: [{ node: { title: "A2" } }],
        pageInfo: { hasNextPage: true },
      });
    });

    it("nests two levels (account → blogs → posts) in one statement", async () => {
      const res = await h.request(
        `{ accountCollection(first: 2) { edges { node { id blogCollection { edges { node { title blog_postCollection { edges { node { title blog { title } } } } } } } } } } }`,
      );
      const body = res.body as Any;
      expect(res.statements).toBe(1);
      const a1 = body.data.accountCollection.edges[0].node;
      expect(
        a1.blogCollection.edges.map((e: Any) => [
          e.node.title,
          e.node.blog_postCollection.edges.map((p: Any) => p.node.title),
        ]),
      ).toEqual([
        ["A1", ["p1", "p2"]],
        ["A2", ["p3"]],
      ]);
      expect(a1.blogCollection.edges[0].node.blog_postCollection.edges[0].node.blog.title).toBe("A1");
      expect(body.data.accountCollection.edges[1].node.blogCollection.edges.map((e: Any) => e.node.title)).toEqual([
        "B1",
      ]);
    });

    it("a nullable FK gives null for a missing parent", async () => {
      const body = await h.gql(
        `{ blog_postCollection(filter: {title: {eq: "orphan"}}) { edges { node { title blog { id } } } } }`,
      );
      expect(body.data.blog_postCollection.edges[0].node).toEqual({ title: "orphan", blog: null });
    });

    it("unique FK columns give one-to-one fields on both sides", async () => {
      const body = await h.gql(
        `{ accountCollection(first: 3) { edges { node { id profile { bio account { id } } } } } }`,
      );
      expect(body.data.accountCollection.edges.map((e: Any) => e.node.profile)).toEqual([
        { bio: "hi", account: { id: 1 } },
        { bio: "yo", account: { id: 2 } },
        null,
      ]);
    });

    it("FK name directives rename both sides", async () => {
      const body = await h.gql(
        `{ memberCollection(first: 1) { edges { node { displayName holder { email members { totalCount } } } } } }`,
      );
      expect(body.errors).toBeUndefined();
      expect(body.data.memberCollection.edges[0].node).toEqual({
        displayName: "m1",
        holder: { email: "b@x.com", members: { totalCount: 3 } },
      });
    });

    it("forward fields are non-null for NOT NULL FK columns, reverse ones nullable", async () => {
      const blog = await h.gql(`{ __type(name: "blog") { fields { name type { kind name ofType { name } } } } }`);
      const owner = blog.data.__type.fields.find((f: Any) => f.name === "owner");
      expect(owner.type).toEqual({ kind: "NON_NULL", name: null, ofType: { name: "account" } });
      const post = await h.gql(`{ __type(name: "blog_post") { fields { name type { kind name } } } }`);
      expect(post.data.__type.fields.find((f: Any) => f.name === "blog").type).toEqual({
        kind: "OBJECT",
        name: "blog",
      });
    });
  });

  describe("nodeId", () => {
    it("encodes [schema, table, pk] as base64 of jsonb text", async () => {
      const body = await h.gql(`{ accountCollection(filter: {id: {eq: 2}}) { edges { node { nodeId } } } }`);
      expect(body.data.accountCollection.edges[0].node.nodeId).toBe(ACCOUNT_2_NODE_ID);
      expect(Buffer.from(ACCOUNT_2_NODE_ID, "base64").toString()).toBe('["public", "account", 2]');
    });

    it("round-trips through node() with inline fragments", async () => {
      const list = await h.gql(`{ blog_postCollection(first: 1) { edges { node { nodeId } } } }`);
      const id = list.data.blog_postCollection.edges[0].node.nodeId;
      expect(Buffer.from(id, "base64").toString()).toBe(
        '["public", "blog_post", "aaaaaaaa-0000-0000-0000-000000000001"]',
      );
      const body = await h.gql(
        `query($id: ID!) { node(nodeId: $id) { nodeId __typename ... on blog_post { title } ... on account { email } } }`,
        { id },
      );
      expect(body.data.node).toEqual({ nodeId: id, __typename: "blog_post", title: "p1" });
    });

    it("composite primary keys", async () => {
      const body = await h.gql(`{ comp_pkCollection(first: 1) { edges { cursor node { nodeId } } } }`);
      const edge = body.data.comp_pkCollection.edges[0];
      expect(Buffer.from(edge.node.nodeId, "base64").toString()).toBe('["public", "comp_pk", 1, 4]');
      expect(edge.cursor).toBe("WzEsIDRd");
      const back = await h.gql(`query($id: ID!) { node(nodeId: $id) { ... on comp_pk { v } } }`, {
        id: edge.node.nodeId,
      });
      expect(back.data.node).toEqual({ v: "x" });
    });

    it("a missing row gives null", async () => {
      const id = Buffer.from('["public", "account", 999]').toString("base64");
      expect((await h.gql(`query($id: ID!) { node(nodeId: $id) { nodeId } }`, { id })).data).toEqual({ node: null });
    });

    it.each<[string, unknown, string]>([
      ["a non-string", 5, "Invalid value passed to nodeId argument, Error 1"],
      ["bad base64", "@@@", "Invalid value passed to nodeId argument. Error 2"],
      ["bad JSON", Buffer.from("nope").toString("base64"), "Invalid value passed to nodeId argument. Error 4"],
      [
        "too few elements",
        Buffer.from('["public", "account"]').toString("base64"),
        "Invalid value passed to nodeId argument. Error 5",
      ],
      [
        "a non-string schema",
        Buffer.from('[1, "account", 1]').toString("base64"),
        "Invalid value passed to nodeId argument. Error 6",
      ],
      ["not an array", Buffer.from('{"a": 1}').toString("base64"), "Invalid value passed to nodeId argument. Error 10"],
      [
        "an unknown collection",
        Buffer.from('["public", "nopk", 1]').toString("base64"),
        "Collection referenced by nodeId did not match any known collection",
      ],
      [
        "a wrong key count",
        Buffer.from('["public", "account", 1, 2]').toString("base64"),
        "Primary key column count mismatch. Expected 1, provided 2",
      ],
    ])("node() rejects %s", async (_n, id, message) => {
      expect(await error(`query($id: ID!) { node(nodeId: $id) { nodeId } }`, { id })).toBe(message);
    });

    it("a nodeId filter with another table's id is rejected", async () => {
      const other = Buffer.from('["public", "blog", 1]').toString("base64");
      expect(
        await error(`query($id: ID!) { accountCollection(filter: {nodeId: {eq: $id}}) { edges { node { id } } } }`, {
          id: other,
        }),
      ).toBe("nodeId belongs to a different collection");
    });
  });

  describe("totalCount", () => {
    it("counts every row matching the filter, ignoring pagination", async () => {
      const body = await h.gql(
        `{ a: memberCollection(first: 1) { totalCount } b: memberCollection(filter: {owner_id: {eq: 1}}, first: 1) { totalCount edges { node { id } } } }`,
      );
      expect(body.data).toEqual({ a: { totalCount: 5 }, b: { totalCount: 2, edges: [{ node: { id: 2 } }] } });
    });

    it("is an unknown field without the directive", async () => {
      expect(await error(`{ accountCollection { totalCount } }`)).toBe("unknown field in connection");
    });
  });

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
      expect(c.args.map((a: Any) => a.name)).toEqual([
        "first",
        "last",
        "before",
        "after",
        "offset",
        "filter",
        "orderBy",
      ]);
      expect(c.args[2].type.name).toBe("Cursor");
    });
  });

  describe("errors and request shapes", () => {
    it("an unknown top-level field drops out; the others keep their data", async () => {
      const body = await h.gql(`{ accountCollection(first: 1) { edges { node { id } } } dne { x } }`);
      expect(body).toEqual({
        data: { accountCollection: { edges: [{ node: { id: 1 } }] } },
        errors: [{ message: 'Unknown field "dne" on type Query' }],
      });
    });

    it("when every field fails, data is null", async () => {
      expect(await h.gql(`{ dne { x } }`)).toEqual({
        data: null,
        errors: [{ message: 'Unknown field "dne" on type Query' }],
      });
    });

    it.each<[string, string, string]>([
      [
        "an unknown node field",
        `{ accountCollection { edges { node { dneField } } } }`,
        "Unknown field 'dneField' on type 'account'",
      ],
      ["an unknown pageInfo field", `{ accountCollection { pageInfo { dne } } }`, "unknown field in pageInfo"],
      ["an unknown edge field", `{ accountCollection { edges { dne } } }`, "unknown field in edge"],
      [
        "an unknown argument",
        `{ accountCollection(foo: 1) { edges { cursor } } }`,
        'Input contains extra keys ["foo"]',
      ],
      ["a wrong argument type", `{ accountCollection(first: "x") { edges { cursor } } }`, "Invalid input for Int type"],
    ])("reports %s", async (_n, query, message) => {
      expect(await h.gql(query)).toEqual({ data: null, errors: [{ message }] });
    });

    it.each<[string, string, unknown, string | undefined, string]>([
      ["a parse error", `{ accountCollection { `, {}, undefined, "Syntax Error: Expected Name, found <EOF>."],
      ["non-object variables", `{ __typename }`, [1], undefined, "variables must be an object"],
      ["an unknown operation name", `query A { __typename }`, {}, "B", "Operation not found"],
      [
        "an anonymous operation among others",
        `query A { __typename } { __typename }`,
        {},
        "A",
        "Anonymous operations must be the only defined operation",
      ],
      [
        "duplicate operation names",
        `query A { __typename } query A { __typename }`,
        {},
        "A",
        "Operation names must be unique",
      ],
      [
        "subscriptions",
        `subscription { accountCollection { edges { cursor } } }`,
        {},
        undefined,
        "Subscriptions are not supported",
      ],
      [
        "fragment cycles",
        `{ ...A } fragment A on Query { ...B } fragment B on Query { ...A }`,
        {},
        undefined,
        "Found a cycle between fragments",
      ],
      ["an unknown directive", `{ __typename @dne }`, {}, undefined, "Unknown directive dne"],
    ])("request-level error without data: %s", async (_n, query, variables, operationName, message) => {
      expect(await h.gql(query, variables, { operationName })).toEqual({ errors: [{ message }] });
    });

    it("supports aliases, fragments, __typename, @skip and @include, operationName and variable defaults", async () => {
      const body = await h.gql(
        `query Other { __typename }
         query Main($n: Int = 2, $no: Boolean!) { __typename rows: accountCollection(first: $n) { __typename edges { ...E node { email @skip(if: true) name @include(if: $no) } } pageInfo { __typename } } }
         fragment E on accountEdge { node { ... on account { nodeId } me: id } }`,
        { no: false },
        { operationName: "Main" },
      );
      expect(body).toEqual({
        data: {
          __typename: "Query",
          rows: {
            __typename: "accountConnection",
            edges: [
              { node: { nodeId: "WyJwdWJsaWMiLCAiYWNjb3VudCIsIDFd", me: 1 } },
              { node: { nodeId: ACCOUNT_2_NODE_ID, me: 2 } },
            ],
            pageInfo: { __typename: "PageInfo" },
          },
        },
      });
    });

    it("runs one statement per top-level field", async () => {
      const res = await h.request(
        `{ a: accountCollection { edges { node { id blogCollection { edges { node { id owner { id } } } } } } } b: blogCollection { edges { node { id } } } }`,
      );
      expect(res.statements).toBe(2);
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

const BY_PK_SQL = `
create table author (id int primary key, name text not null, email text);
create table book (id bigint primary key, author_id int not null references author(id), title text not null);
create table tag (book_id bigint references book(id), label text, primary key (book_id, label));
create table gadget (id uuid primary key, name text);
create table coded (code varchar(4) primary key, v text);
create table fixed (code char(3) primary key, v text);
create table loose (code varchar primary key, v text);
create function _book_count(a author) returns int stable language sql as $$ select count(*)::int from book where author_id = a.id $$;
create function _books_desc(a author) returns setof book stable language sql as $$ select * from book where author_id = a.id order by id desc $$;
create function _first_book(a author) returns setof book stable rows 1 language sql as $$ select * from book where author_id = a.id order by id limit 1 $$;
create function _titles(a author) returns text[] stable language sql as $$ select array_agg(title order by id) from book where author_id = a.id $$;
insert into author values (1, 'Ann', 'ann@x.com'), (2, 'Bob', null);
insert into book values (10, 1, 'A1'), (11, 1, 'A2'), (12, 1, 'A3'), (20, 2, 'B1');
insert into tag values (10, 'red'), (10, 'blue'), (11, 'red');
insert into gadget values ('00000000-0000-0000-0000-000000000001', 'g1');
insert into coded values ('ab', 'x');
insert into fixed values ('ab', 'x');
insert into loose values ('ab', 'x');
`;

describe.each(backends())("GraphQL <type>ByPk entry points on %s", (kind) => {
  const h = useDatabase(kind, BY_PK_SQL);

  it("returns the row for an integer key, and null when none matches", async () => {
    expect(await h.gql(`{ authorByPk(id: 1) { id name email } }`)).toEqual({
      data: { authorByPk: { id: 1, name: "Ann", email: "ann@x.com" } },
    });
    expect(await h.gql(`{ authorByPk(id: 99) { id } }`)).toEqual({ data: { authorByPk: null } });
  });

  it("takes bigint, uuid, text and multi-column keys, through variables too", async () => {
    expect((await h.gql(`{ bookByPk(id: "20") { title } }`)).data).toEqual({ bookByPk: { title: "B1" } });
    expect(
      (
        await h.gql(`query($id: UUID!) { gadgetByPk(id: $id) { name } }`, {
          id: "00000000-0000-0000-0000-000000000001",
        })
      ).data,
    ).toEqual({ gadgetByPk: { name: "g1" } });
    expect((await h.gql(`{ looseByPk(code: "ab") { v } }`)).data).toEqual({ looseByPk: { v: "x" } });
    expect(
      (
        await h.gql(`query($b: BigInt!, $l: String!) { tagByPk(book_id: $b, label: $l) { book_id label } }`, {
          b: "10",
          l: "blue",
        })
      ).data,
    ).toEqual({ tagByPk: { book_id: "10", label: "blue" } });
  });

  it("exists only when every key column has an allowed type", async () => {
    const body = await h.gql(
      `{ __schema { queryType { fields { name args { name type { kind ofType { name } } } } } } }`,
    );
    const fields = body.data.__schema.queryType.fields as Any[];
    const names = fields.map((f) => f.name);
    expect(names).toEqual(expect.arrayContaining(["authorByPk", "bookByPk", "tagByPk", "gadgetByPk", "looseByPk"]));
    expect(names).not.toContain("codedByPk");
    expect(names).not.toContain("fixedByPk");
    const tag = fields.find((f) => f.name === "tagByPk");
    expect(tag.args).toEqual([
      { name: "book_id", type: { kind: "NON_NULL", ofType: { name: "BigInt" } } },
      { name: "label", type: { kind: "NON_NULL", ofType: { name: "String" } } },
    ]);
  });

  it("supports nodeId, relations with their arguments, and computed fields", async () => {
    const body = await h.gql(`{
      authorByPk(id: 1) {
        nodeId
        __typename
        n: book_count
        titles
        first: first_book { title }
        desc: books_desc(first: 2, orderBy: [{ id: DescNullsLast }]) { edges { node { id } } }
        bookCollection(filter: {id: {gte: "11"}}, orderBy: [{id: DescNullsLast}], first: 1) {
          edges { node { title author { name } tagCollection { edges { node { label } } } } }
          pageInfo { hasNextPage }
        }
      }
    }`);
    expect(body.errors).toBeUndefined();
    const a = body.data.authorByPk;
    expect(a.__typename).toBe("author");
    expect(typeof a.nodeId).toBe("string");
    expect(a.n).toBe(3);
    expect(a.titles).toEqual(["A1", "A2", "A3"]);
    expect(a.first).toEqual({ title: "A1" });
    expect(a.desc.edges).toEqual([{ node: { id: "12" } }, { node: { id: "11" } }]);
    expect(a.bookCollection).toEqual({
      edges: [{ node: { title: "A3", author: { name: "Ann" }, tagCollection: { edges: [] } } }],
      pageInfo: { hasNextPage: true },
    });
    expect((await h.gql(`{ node(nodeId: "${a.nodeId}") { ... on author { id } } }`)).data).toEqual({ node: { id: 1 } });
  });

  it("supports fragments, aliases and several entries in one request, one statement each", async () => {
    const res = await h.request(
      `fragment F on author { name } { a: authorByPk(id: 1) { ...F } b: authorByPk(id: 2) { ... on author { name } } }`,
    );
    expect(res.body).toEqual({ data: { a: { name: "Ann" }, b: { name: "Bob" } } });
    expect(res.statements).toBe(2);
  });

  it("gives the documented errors", async () => {
    expect(await h.gql(`{ authorByPk { id } }`)).toEqual({
      data: null,
      errors: [{ message: "Missing primary key column(s): id" }],
    });
    expect((await h.gql(`{ tagByPk(book_id: "10") { label } }`)).errors).toEqual([
      { message: "Missing primary key column(s): label" },
    ]);
    expect((await h.gql(`{ authorByPk(id: 1) { nope } }`)).errors).toEqual([
      { message: 'Unknown field "nope" on type author' },
    ]);
  });
});
