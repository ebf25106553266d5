/**
 * Variables and list inputs: a list whose elements the schema declares
 * non-null (`in: [Int!]`, `and`/`or`, `orderBy`, `objects`, list-column
 * operators) fails with "Invalid input for NonNull type" when an element is
 * null or names an undefined variable, whether it comes from a variable or a
 * literal; nothing is written. On PGlite and on PostgreSQL.
 */
import { backends, useDatabase } from "./backends";

type Any = any;

const SCHEMA_SQL = `
create table item (id serial primary key, name text not null, tags text[], rank int);
insert into item (name, tags, rank) values ('a', '{x,y}', 3), ('b', '{y}', 1), ('c', null, 2);
`;

const NON_NULL = "Invalid input for NonNull type";

describe.each(backends())("GraphQL list variables on %s", (kind) => {
  const h = useDatabase(kind, SCHEMA_SQL);
  const ids = (body: Any) => body.data.itemCollection.edges.map((e: Any) => e.node.id);
  const count = async () => Number((await h.sql<{ n: number }>(`select count(*)::int as n from item`))[0].n);

  describe("non-null list elements", () => {
    it.each<[string, string, Record<string, unknown>]>([
      [
        "in: a null element in a variable",
        `query($v: [Int!]) { itemCollection(filter: {id: {in: $v}}) { edges { node { id } } } }`,
        { v: [1, null] },
      ],
      [
        "in: a null element in a literal",
        `{ itemCollection(filter: {id: {in: [1, null]}}) { edges { node { id } } } }`,
        {},
      ],
      [
        "in: an undefined variable as an element",
        `query($x: Int) { itemCollection(filter: {id: {in: [1, $x]}}) { edges { node { id } } } }`,
        {},
      ],
      [
        "in: the variable declared nullable makes no difference",
        `query($v: [Int]) { itemCollection(filter: {id: {in: $v}}) { edges { node { id } } } }`,
        { v: [null] },
      ],
      [
        "String in",
        `query($v: [String!]) { itemCollection(filter: {name: {in: $v}}) { edges { node { id } } } }`,
        { v: ["a", null] },
      ],
      [
        "list-column contains",
        `query($v: [String!]) { itemCollection(filter: {tags: {contains: $v}}) { edges { node { id } } } }`,
        { v: ["x", null] },
      ],
      [
        "list-column overlaps",
        `query($v: [String!]) { itemCollection(filter: {tags: {overlaps: $v}}) { edges { node { id } } } }`,
        { v: [null] },
      ],
      [
        "and",
        `query($f: [itemFilter!]) { itemCollection(filter: {and: $f}) { edges { node { id } } } }`,
        { f: [{ id: { eq: 1 } }, null] },
      ],
      ["or", `query($f: [itemFilter!]) { itemCollection(filter: {or: $f}) { edges { node { id } } } }`, { f: [null] }],
      [
        "orderBy",
        `query($o: [itemOrderBy!]) { itemCollection(orderBy: $o) { edges { node { id } } } }`,
        { o: [{ rank: "AscNullsLast" }, null] },
      ],
      [
        "orderBy with an undefined variable element",
        `query($x: itemOrderBy) { itemCollection(orderBy: [{rank: AscNullsLast}, $x]) { edges { node { id } } } }`,
        {},
      ],
    ])("%s", async (_n, query, variables) => {
      expect(await h.gql(query, variables)).toEqual({ data: null, errors: [{ message: NON_NULL }] });
    });

    it("a failing field drops out while the other fields keep their data", async () => {
      const body = await h.gql(
        `query($v: [Int!]) { bad: itemCollection(filter: {id: {in: $v}}) { edges { node { id } } } good: itemCollection(first: 1) { edges { node { id } } } }`,
        { v: [null] },
      );
      expect(body).toEqual({ data: { good: { edges: [{ node: { id: 1 } }] } }, errors: [{ message: NON_NULL }] });
    });

    it.each<[string, string, Record<string, unknown>]>([
      [
        "a null object",
        `mutation($o: [itemInsertInput!]!) { insertIntoitemCollection(objects: $o) { affectedCount } }`,
        { o: [{ name: "n" }, null] },
      ],
      [
        "a null object literal",
        `mutation { insertIntoitemCollection(objects: [{name: "n"}, null]) { affectedCount } }`,
        {},
      ],
      [
        "an undefined variable as an object",
        `mutation($x: itemInsertInput) { insertIntoitemCollection(objects: [{name: "n"}, $x]) { affectedCount } }`,
        {},
      ],
      [
        "a null element in an update filter",
        `mutation($v: [Int!]) { updateitemCollection(set: {name: "z"}, filter: {id: {in: $v}}) { affectedCount } }`,
        { v: [1, null] },
      ],
      [
        "a null element in a delete filter",
        `mutation($v: [Int!]) { deleteFromitemCollection(filter: {id: {in: $v}}, atMost: 5) { affectedCount } }`,
        { v: [null] },
      ],
    ])("mutations: %s fails and writes nothing", async (_n, query, variables) => {
      const before = await h.sql(`select * from item order by id`);
      expect(await h.gql(query, variables)).toEqual({ data: null, errors: [{ message: NON_NULL }] });
      expect(await h.sql(`select * from item order by id`)).toEqual(before);
    });
  });

  describe("well-formed lists", () => {
    it("non-null lists work from variables and literals, and a single value is a one-element list", async () => {
      const q = `query($v: [Int!]) { itemCollection(filter: {id: {in: $v}}) { edges { node { id } } } }`;
      expect(ids(await h.gql(q, { v: [1, 3] }))).toEqual([1, 3]);
      expect(ids(await h.gql(q, { v: 2 }))).toEqual([2]);
      expect(ids(await h.gql(`{ itemCollection(filter: {id: {in: [2, 3]}}) { edges { node { id } } } }`))).toEqual([
        2, 3,
      ]);
      expect(
        ids(
          await h.gql(`query($x: Int) { itemCollection(filter: {id: {in: [$x]}}) { edges { node { id } } } }`, {
            x: 3,
          }),
        ),
      ).toEqual([3]);
    });

    it("a null list is no filter for in, and an undefined list variable is ignored", async () => {
      const q = `query($v: [Int!]) { itemCollection(filter: {id: {in: $v}}) { edges { node { id } } } }`;
      expect(ids(await h.gql(q, { v: null }))).toEqual([]);
      expect(ids(await h.gql(q, {}))).toEqual([1, 2, 3]);
    });

    it("array column inputs may hold null elements (the input type is [String])", async () => {
      const body = await h.gql(
        `mutation($t: [String]) { insertIntoitemCollection(objects: [{name: "n", tags: $t}]) { records { tags } } }`,
        { t: ["p", null] },
      );
      expect(body).toEqual({ data: { insertIntoitemCollection: { records: [{ tags: ["p", null] }] } } });
      await h.sql(`delete from item where name = 'n'`);
      expect(await count()).toBe(3);
    });

    it("variable defaults apply to list variables", async () => {
      const body = await h.gql(
        `query($v: [Int!] = [2], $o: [itemOrderBy!] = [{rank: DescNullsLast}]) { a: itemCollection(filter: {id: {in: $v}}) { edges { node { id } } } b: itemCollection(orderBy: $o) { edges { node { id } } } }`,
      );
      expect(body.data.a.edges.map((e: Any) => e.node.id)).toEqual([2]);
      expect(body.data.b.edges.map((e: Any) => e.node.id)).toEqual([1, 3, 2]);
    });
  });
});
