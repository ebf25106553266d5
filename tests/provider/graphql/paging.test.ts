/**
 * Keyset paging with a multi-column `orderBy` that mixes directions and
 * nulls placement: forward and backward pages over every cursor give the
 * rows of PostgreSQL's own ORDER BY (the user's order, then the primary key
 * ascending), edges in forward order, and pg_graphql's page info. On PGlite
 * and on PostgreSQL.
 */
import { backends, useDatabase } from "./backends";

type Any = any;

const SCHEMA_SQL = `
create table rec (id int primary key, a int, b text, c float8);
insert into rec values
  (1, 1, 'x', 1.5), (2, null, 'y', 2.5), (3, 1, null, null), (4, 2, 'x', 0.5), (5, null, null, 1.5),
  (6, 1, 'x', null), (7, 2, 'a', 3.5), (8, null, 'y', null), (9, 1, 'x', 1.5), (10, 3, null, 2.5),
  (11, 2, 'x', 0.5), (12, null, 'a', 1.5);
`;

const ORDERS: Array<[string, Array<Record<string, string>>, string]> = [
  [
    "a desc nulls first, b asc nulls last, c desc nulls last",
    [{ a: "DescNullsFirst" }, { b: "AscNullsLast" }, { c: "DescNullsLast" }],
    "a desc nulls first, b asc nulls last, c desc nulls last",
  ],
  [
    "a asc nulls last, c asc nulls first",
    [{ a: "AscNullsLast" }, { c: "AscNullsFirst" }],
    "a asc nulls last, c asc nulls first",
  ],
  [
    "b desc nulls last, a asc nulls first, id desc",
    [{ b: "DescNullsLast" }, { a: "AscNullsFirst" }, { id: "DescNullsFirst" }],
    "b desc nulls last, a asc nulls first, id desc nulls first",
  ],
  ["c desc nulls first", [{ c: "DescNullsFirst" }], "c desc nulls first"],
];

describe.each(backends())("GraphQL keyset paging on %s", (kind) => {
  const h = useDatabase(kind, SCHEMA_SQL);
  const page = `query($first: Int, $last: Int, $after: Cursor, $before: Cursor, $o: [recOrderBy!], $f: recFilter) {
    recCollection(first: $first, last: $last, after: $after, before: $before, orderBy: $o, filter: $f) {
      edges { cursor node { id } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } }`;
  const get = async (v: Record<string, unknown>) => {
    const body = await h.gql(page, v);
    if (body.errors) throw new Error(JSON.stringify(body.errors));
    const c = body.data.recCollection;
    return {
      ids: c.edges.map((e: Any) => e.node.id) as number[],
      cursors: c.edges.map((e: Any) => e.cursor) as string[],
      info: c.pageInfo,
    };
  };
  const sqlOrder = async (orderSql: string, where = "true") =>
    (await h.sql<{ id: number }>(`select id from rec where ${where} order by ${orderSql}, id asc`)).map((r) => r.id);

  describe.each(ORDERS)("orderBy %s", (_n, orderBy, orderSql) => {
    let all: { ids: number[]; cursors: string[] };
    beforeAll(async () => {
      all = await get({ o: orderBy });
    });

    it("the whole collection follows PostgreSQL's ORDER BY with the key as tiebreaker", async () => {
      expect(all.ids).toEqual(await sqlOrder(orderSql));
    });

    it("last/before over every cursor returns the rows just before it, in forward order", async () => {
      for (let i = 0; i < all.ids.length; i++) {
        for (const size of [1, 3]) {
          const p = await get({ o: orderBy, last: size, before: all.cursors[i] });
          const from = Math.max(0, i - size);
          expect(p.ids).toEqual(all.ids.slice(from, i));
          expect(p.cursors).toEqual(all.cursors.slice(from, i));
          expect(p.info).toEqual({
            hasPreviousPage: from > 0,
            hasNextPage: i > 0,
            startCursor: i > 0 ? all.cursors[from] : null,
            endCursor: i > 0 ? all.cursors[i - 1] : null,
          });
        }
      }
    });

    it("first/after over every cursor returns the rows just after it", async () => {
      for (let i = 0; i < all.ids.length; i++) {
        const p = await get({ o: orderBy, first: 3, after: all.cursors[i] });
        expect(p.ids).toEqual(all.ids.slice(i + 1, i + 4));
        expect(p.info.hasNextPage).toBe(i + 4 < all.ids.length);
        expect(p.info.hasPreviousPage).toBe(p.ids.length > 0);
      }
    });

    it("paging backward from the end enumerates everything", async () => {
      const seen: number[] = [];
      let before: string | undefined;
      for (let i = 0; i < 20; i++) {
        const p = await get({ o: orderBy, last: 5, before });
        seen.unshift(...p.ids);
        if (!p.info.hasPreviousPage) break;
        before = p.info.startCursor;
      }
      expect(seen).toEqual(all.ids);
    });

    it("backward paging within a filter", async () => {
      const f = { or: [{ a: { is: "NULL" } }, { a: { gte: 2 } }] };
      const expected = await sqlOrder(orderSql, "a is null or a >= 2");
      const last = await get({ o: orderBy, f, last: 3 });
      expect(last.ids).toEqual(expected.slice(-3));
      expect(last.info.hasPreviousPage).toBe(true);
      expect(last.info.hasNextPage).toBe(false);
      const prev = await get({ o: orderBy, f, last: 3, before: last.info.startCursor });
      expect(prev.ids).toEqual(expected.slice(-6, -3));
    });
  });

  it("a cursor shorter than the order counts the missing positions as equal", async () => {
    const o = [{ a: "DescNullsFirst" }, { b: "AscNullsLast" }];
    const ordered = await sqlOrder("a desc nulls first, b asc nulls last");
    // [2] names only a = 2: rows with a = 2 are neither before nor after it.
    const short = Buffer.from("[2]").toString("base64");
    const before = await get({ o, last: 30, before: short });
    const after = await get({ o, first: 30, after: short });
    const aOf = new Map(
      (await h.sql<{ id: number; a: number | null }>(`select id, a from rec`)).map((r) => [r.id, r.a]),
    );
    expect(before.ids).toEqual(ordered.filter((id) => aOf.get(id) === null || aOf.get(id)! > 2));
    expect(after.ids).toEqual(ordered.filter((id) => aOf.get(id) !== null && aOf.get(id)! < 2));
  });
});
