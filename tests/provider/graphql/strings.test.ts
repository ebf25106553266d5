/**
 * Length-limited strings: `varchar(n)` and `char(n)` values in inserts,
 * updates and filters are checked against the limit (in bytes, as pg_graphql
 * does) with pg_graphql's error text, and `char(n)` values come back the way
 * PostgreSQL stores them, blank-padded. On PGlite and on PostgreSQL.
 */
import { backends, useDatabase } from "./backends";

type Any = any;

const SCHEMA_SQL = `
create table code (
  id serial primary key,
  short varchar(5),
  fixed char(3),
  free varchar,
  body text,
  shorts varchar(2)[]
);
insert into code (short, fixed, free, body, shorts) values ('abc', 'ab', 'anything at all', 'text', '{a,bb}'), ('xy', 'xyz', null, null, null);
`;

const tooLong = (n: number) => `Invalid input for String type. Maximum character length ${n}`;

describe.each(backends())("GraphQL length-limited strings on %s", (kind) => {
  const h = useDatabase(kind, SCHEMA_SQL);
  const error = async (query: string, variables?: unknown) => {
    const body = await h.gql(query, variables);
    expect(body.data ?? null).toBeNull();
    expect(body.errors).toHaveLength(1);
    return body.errors[0].message as string;
  };
  const rows = async () => h.sql(`select id, short, fixed from code order by id`);

  describe("insert", () => {
    const insert = `mutation($o: [codeInsertInput!]!) { insertIntocodeCollection(objects: $o) { records { short fixed } } }`;

    it("accepts values up to the limit; char(n) comes back blank-padded as PostgreSQL stores it", async () => {
      const body = await h.gql(insert, { o: [{ short: "abcde", fixed: "a" }] });
      expect(body).toEqual({ data: { insertIntocodeCollection: { records: [{ short: "abcde", fixed: "a  " }] } } });
      await h.sql(`delete from code where short = 'abcde'`);
    });

    it.each<[string, Record<string, unknown>, number]>([
      ["varchar(n) over the limit", { short: "abcdef" }, 5],
      ["char(n) over the limit", { fixed: "abcd" }, 3],
      ["a multibyte value within n characters but over n bytes", { short: "ééé" }, 5],
      ["an element of a varchar(n)[] over the limit", { shorts: ["a", "bbb"] }, 2],
    ])("rejects %s", async (_n, object, n) => {
      const before = await rows();
      expect(await error(insert, { o: [object] })).toBe(tooLong(n));
      expect(await rows()).toEqual(before);
    });

    it("rejects a too-long literal in the document too", async () => {
      expect(await error(`mutation { insertIntocodeCollection(objects: [{short: "abcdef"}]) { affectedCount } }`)).toBe(
        tooLong(5),
      );
    });

    it("unlimited varchar and text take long values", async () => {
      const long = "x".repeat(500);
      const body = await h.gql(insert.replace("short fixed", "free body"), { o: [{ free: long, body: long }] });
      expect(body.data.insertIntocodeCollection.records).toEqual([{ free: long, body: long }]);
      await h.sql(`delete from code where free = $1`, [long]);
    });
  });

  describe("update", () => {
    const update = `mutation($s: codeUpdateInput!) { updatecodeCollection(set: $s, filter: {id: {eq: 1}}) { records { short fixed } } }`;

    it("accepts values up to the limit", async () => {
      expect(await h.gql(update, { s: { short: "abcd", fixed: "q" } })).toEqual({
        data: { updatecodeCollection: { records: [{ short: "abcd", fixed: "q  " }] } },
      });
      await h.sql(`update code set short = 'abc', fixed = 'ab' where id = 1`);
    });

    it.each<[string, Record<string, unknown>, number]>([
      ["varchar(n)", { short: "abcdef" }, 5],
      ["char(n)", { fixed: "abcd" }, 3],
      ["multibyte varchar(n)", { short: "日本" }, 5],
    ])("rejects a %s value over the limit and changes nothing", async (_n, set, n) => {
      const before = await rows();
      expect(await error(update, { s: set })).toBe(tooLong(n));
      expect(await rows()).toEqual(before);
    });
  });

  describe("filters", () => {
    const ids = async (filter: unknown) => {
      const body = await h.gql(`query($f: codeFilter) { codeCollection(filter: $f) { edges { node { id } } } }`, {
        f: filter,
      });
      if (body.errors) throw new Error(JSON.stringify(body.errors));
      return body.data.codeCollection.edges.map((e: Any) => e.node.id);
    };

    it.each<[string, unknown, number[]]>([
      ["varchar(n) eq", { short: { eq: "abc" } }, [1]],
      ["char(n) eq ignores trailing blanks", { fixed: { eq: "ab" } }, [1]],
      ["char(n) eq with the padded value", { fixed: { eq: "ab " } }, [1]],
      ["char(n) in", { fixed: { in: ["xyz", "zz"] } }, [2]],
      ["patterns are not length-limited", { short: { like: "%b%" } }, [1]],
    ])("%s", async (_n, filter, expected) => {
      expect(await ids(filter)).toEqual(expected);
    });

    it.each<[string, unknown, number]>([
      ["varchar(n) eq", { short: { eq: "abcdef" } }, 5],
      ["varchar(n) neq", { short: { neq: "abcdef" } }, 5],
      ["varchar(n) gt", { short: { gt: "abcdef" } }, 5],
      ["varchar(n) in", { short: { in: ["a", "abcdef"] } }, 5],
      ["char(n) eq", { fixed: { eq: "abcd" } }, 3],
      ["a nested and", { and: [{ fixed: { lt: "abcd" } }] }, 3],
    ])("rejects a %s operand over the limit", async (_n, filter, n) => {
      const body = await h.gql(`query($f: codeFilter) { codeCollection(filter: $f) { edges { node { id } } } }`, {
        f: filter,
      });
      expect(body).toEqual({ data: null, errors: [{ message: tooLong(n) }] });
    });

    it("checks update and delete filters too", async () => {
      const before = await rows();
      expect(
        await error(`mutation { deleteFromcodeCollection(filter: {short: {eq: "abcdef"}}) { affectedCount } }`),
      ).toBe(tooLong(5));
      expect(
        await error(
          `mutation { updatecodeCollection(set: {body: "b"}, filter: {fixed: {eq: "abcd"}}) { affectedCount } }`,
        ),
      ).toBe(tooLong(3));
      expect(await rows()).toEqual(before);
    });
  });

  it("reads char(n) blank-padded in collections and arrays keep their elements", async () => {
    const body = await h.gql(`{ codeCollection { edges { node { short fixed shorts } } } }`);
    expect(body.data.codeCollection.edges.map((e: Any) => e.node)).toEqual([
      { short: "abc", fixed: "ab ", shorts: ["a", "bb"] },
      { short: "xy", fixed: "xyz", shorts: null },
    ]);
  });
});
