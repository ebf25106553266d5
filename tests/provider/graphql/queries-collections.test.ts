/**
 * GraphQL data API conformance: the arguments of a collection (filter
 * operators per type, orderBy, cursor pagination with first/last, after/before,
 * offset and max_rows) and totalCount, on PGlite and on PostgreSQL (the data
 * API's contract and pg_graphql's behaviour).
 */
import { backends, useDatabase } from "./backends";
import { ACCOUNT_2_NODE_ID, gqlError, QUERY_SCHEMA_SQL } from "./fixtures";

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
  const error = gqlError(h);

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
});
