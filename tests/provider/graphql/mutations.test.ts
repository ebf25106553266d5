/**
 * Mutations: insert/update/delete semantics, atMost, whole-request
 * atomicity, input validation texts, and SQL injection attempts, on PGlite
 * and PostgreSQL.
 */
import { backends, useDatabase } from "./backends";
import { MUTATION_SCHEMA_SQL } from "./fixtures";

describe.each(backends())("GraphQL mutations on %s", (kind) => {
  const h = useDatabase(kind, MUTATION_SCHEMA_SQL);
  const count = async (table: string) =>
    Number((await h.sql<{ n: number }>(`select count(*)::int as n from ${table}`))[0].n);
  const snapshot = async () =>
    JSON.stringify(
      await h.sql(
        `select (select coalesce(json_agg(a order by id), '[]')::text from account a) as a, (select coalesce(json_agg(b order by id), '[]')::text from blog b) as b`,
      ),
    );

  describe("insert", () => {
    it("inserts and returns records with affectedCount", async () => {
      const body =
        await h.gql(`mutation { insertIntoaccountCollection(objects: [{email: "d@x", big: "9007199254740993", price: "25.10", meta: "{\\"k\\": [1, 2]}", tags: ["a", "b"]}]) {
        affectedCount records { email big price meta tags note shout blogCollection { edges { node { id } } } } } }`);
      expect(body).toEqual({
        data: {
          insertIntoaccountCollection: {
            affectedCount: 1,
            records: [
              {
                email: "d@x",
                big: "9007199254740993",
                price: "25.10",
                meta: '{"k": [1, 2]}',
                tags: ["a", "b"],
                note: "none",
                shout: "D@X",
                blogCollection: { edges: [] },
              },
            ],
          },
        },
      });
      expect((await h.sql(`select big::text, meta->'k' as k from account where email = 'd@x'`))[0]).toEqual({
        big: "9007199254740993",
        k: [1, 2],
      });
    });

    it("inserts several rows over the union of keys; absent keys take their defaults, explicit null is NULL", async () => {
      const body = await h.gql(
        `mutation { insertIntoaccountCollection(objects: [{email: "e@x", note: null}, {email: "f@x", big: 7}]) { affectedCount records { email note big } } }`,
      );
      expect(body.data.insertIntoaccountCollection).toEqual({
        affectedCount: 2,
        records: [
          { email: "e@x", note: null, big: null },
          { email: "f@x", note: "none", big: "7" },
        ],
      });
    });

    it("a single object is coerced to a list", async () => {
      const body = await h.gql(
        `mutation($o: tagInsertInput!) { insertIntotagCollection(objects: $o) { affectedCount records { name weight } } }`,
        { o: { name: "solo", weight: 1 } },
      );
      expect(body.data.insertIntotagCollection).toEqual({ affectedCount: 1, records: [{ name: "solo", weight: 1 }] });
    });

    it("returns a nodeId usable with node()", async () => {
      const ins = await h.gql(`mutation { insertIntotagCollection(objects: [{name: "nid"}]) { records { nodeId } } }`);
      const id = ins.data.insertIntotagCollection.records[0].nodeId;
      expect(Buffer.from(id, "base64").toString()).toBe('["public", "tag", "nid"]');
      expect((await h.gql(`query($id: ID!) { node(nodeId: $id) { ... on tag { name } } }`, { id })).data).toEqual({
        node: { name: "nid" },
      });
    });

    it.each<[string, string, unknown, string]>([
      [
        "empty objects",
        `mutation($o: [accountInsertInput!]!) { insertIntoaccountCollection(objects: $o) { affectedCount } }`,
        { o: [] },
        "At least one record must be provided to objects",
      ],
      [
        "missing objects",
        `mutation { insertIntoaccountCollection { affectedCount } }`,
        {},
        "Invalid input for NonNull type",
      ],
      [
        "an unknown key",
        `mutation($o: [accountInsertInput!]!) { insertIntoaccountCollection(objects: $o) { affectedCount } }`,
        { o: [{ email: "x@x", x: 1 }] },
        'Input for type accountInsertInput contains extra keys ["x"]',
      ],
      [
        "a serial primary key",
        `mutation($o: [accountInsertInput!]!) { insertIntoaccountCollection(objects: $o) { affectedCount } }`,
        { o: [{ id: 99, email: "x@x" }] },
        'Input for type accountInsertInput contains extra keys ["id"]',
      ],
      [
        "a non-object element",
        `mutation($o: [accountInsertInput!]!) { insertIntoaccountCollection(objects: $o) { affectedCount } }`,
        { o: [1] },
        "Invalid input for accountInsertInput type",
      ],
      [
        "a varchar(n) overflow in bytes",
        `mutation($o: [accountInsertInput!]!) { insertIntoaccountCollection(objects: $o) { affectedCount } }`,
        { o: [{ email: "éééééé@x" }] },
        "Invalid input for String type. Maximum character length 10",
      ],
      [
        "a BigFloat number",
        `mutation($o: [accountInsertInput!]!) { insertIntoaccountCollection(objects: $o) { affectedCount } }`,
        { o: [{ email: "p@x", price: 1.5 }] },
        "Invalid input for BigFloat type. String required",
      ],
      [
        "an Int given a string",
        `mutation { insertIntotagCollection(objects: [{name: "w", weight: "heavy"}]) { affectedCount } }`,
        {},
        "Invalid input for Int type",
      ],
      [
        "an unknown payload field",
        `mutation { insertIntotagCollection(objects: [{name: "w"}]) { dne } }`,
        {},
        "unknown field in insert",
      ],
      [
        "an unknown argument",
        `mutation { insertIntotagCollection(objects: [{name: "w"}], atMost: 2) { affectedCount } }`,
        {},
        'Input contains extra keys ["atMost"]',
      ],
      ["an unknown mutation field", `mutation { dne { affectedCount } }`, {}, 'Unknown field "dne" on type Mutation'],
      [
        "a check constraint (PostgreSQL's message)",
        `mutation { insertIntoaccountCollection(objects: [{email: "nope"}]) { affectedCount } }`,
        {},
        'new row for relation "account" violates check constraint "account_email_check"',
      ],
      [
        "invalid JSON text",
        `mutation { insertIntoaccountCollection(objects: [{email: "j@x", meta: "{oops"}]) { affectedCount } }`,
        {},
        "invalid input syntax for type json",
      ],
    ])("rejects %s with data: null and nothing written", async (_n, query, variables, message) => {
      const before = await snapshot();
      const body = await h.gql(query, variables);
      expect(body.data).toBeNull();
      expect(body.errors).toHaveLength(1);
      expect(body.errors[0].message).toBe(message);
      expect(await snapshot()).toBe(before);
    });
  });

  describe("update and delete", () => {
    it("updates matching rows (atMost default 1)", async () => {
      const body = await h.gql(
        `mutation { updateaccountCollection(set: {note: "upd"}, filter: {email: {eq: "a@x"}}) { affectedCount records { email note } } }`,
      );
      expect(body.data.updateaccountCollection).toEqual({ affectedCount: 1, records: [{ email: "a@x", note: "upd" }] });
    });

    it("update: null sets NULL, undefined variables are skipped", async () => {
      const body = await h.gql(
        `mutation($b: BigInt, $skip: String) { updateaccountCollection(set: {big: $b, note: $skip, price: null}, filter: {email: {eq: "a@x"}}) { records { big note price } } }`,
        { b: "42" },
      );
      expect(body.data.updateaccountCollection.records).toEqual([{ big: "42", note: "upd", price: null }]);
    });

    it("rolls back when atMost is exceeded", async () => {
      const before = await snapshot();
      const body = await h.gql(`mutation { updateaccountCollection(set: {note: "many"}) { affectedCount } }`);
      expect(body).toEqual({ data: null, errors: [{ message: "update impacts too many records" }] });
      expect(await snapshot()).toBe(before);
    });

    it("update with atMost large enough touches every matching row", async () => {
      const body = await h.gql(
        `mutation { updateaccountCollection(set: {note: "all"}, filter: {or: [{email: {eq: "b@x"}}, {email: {eq: "c@x"}}]}, atMost: 2) { affectedCount } }`,
      );
      expect(body.data.updateaccountCollection.affectedCount).toBe(2);
      expect(await h.sql(`select email from account where note = 'all' order by email`)).toEqual([
        { email: "b@x" },
        { email: "c@x" },
      ]);
    });

    it("rejects an empty set and unknown set keys", async () => {
      expect(
        await h.gql(`mutation($x: String) { updateaccountCollection(set: {note: $x}) { affectedCount } }`, {}),
      ).toEqual({ data: null, errors: [{ message: "At least one mapping must be provided to set argument" }] });
      expect(
        (await h.gql(`mutation { updateaccountCollection(set: {id: 5}) { affectedCount } }`)).errors[0].message,
      ).toBe('Input for type accountUpdateInput contains extra keys ["id"]');
    });

    it("delete with no match returns an empty result, not an error", async () => {
      expect(
        await h.gql(
          `mutation { deleteFromtagCollection(filter: {name: {eq: "none"}}) { affectedCount records { name } } }`,
        ),
      ).toEqual({ data: { deleteFromtagCollection: { affectedCount: 0, records: [] } } });
    });

    it("delete rolls back when atMost is exceeded", async () => {
      const before = await count("blog");
      expect(
        await h.gql(`mutation { deleteFromblogCollection(filter: {owner_id: {eq: 1}}) { affectedCount } }`),
      ).toEqual({ data: null, errors: [{ message: "delete impacts too many records" }] });
      expect(await count("blog")).toBe(before);
    });

    it("deleted records show nested data from the pre-statement snapshot (cascaded children still listed)", async () => {
      await h.sql(`insert into account (email) values ('gone@x')`);
      await h.sql(`insert into blog (owner_id, title) select id, 'doomed' from account where email = 'gone@x'`);
      const body = await h.gql(
        `mutation { deleteFromaccountCollection(filter: {email: {eq: "gone@x"}}) { affectedCount records { email blogCollection { edges { node { title } } } } } }`,
      );
      expect(body.data.deleteFromaccountCollection).toEqual({
        affectedCount: 1,
        records: [{ email: "gone@x", blogCollection: { edges: [{ node: { title: "doomed" } }] } }],
      });
      expect(await h.sql(`select * from blog where title = 'doomed'`)).toEqual([]);
    });

    it("update and delete by nodeId", async () => {
      const ins = await h.gql(
        `mutation { insertIntotagCollection(objects: [{name: "byid", weight: 1}]) { records { nodeId } } }`,
      );
      const id = ins.data.insertIntotagCollection.records[0].nodeId;
      const upd = await h.gql(
        `mutation($id: ID!) { updatetagCollection(set: {weight: 2}, filter: {nodeId: {eq: $id}}) { records { weight } } }`,
        { id },
      );
      expect(upd.data.updatetagCollection.records).toEqual([{ weight: 2 }]);
      const del = await h.gql(
        `mutation($id: ID!) { deleteFromtagCollection(filter: {nodeId: {eq: $id}}, atMost: 1) { affectedCount } }`,
        { id },
      );
      expect(del.data.deleteFromtagCollection.affectedCount).toBe(1);
      const again = await h.gql(
        `mutation($id: ID!) { deleteFromtagCollection(filter: {nodeId: {eq: $id}}) { affectedCount } }`,
        { id },
      );
      expect(again.data.deleteFromtagCollection.affectedCount).toBe(0);
    });
  });

  describe("atomic multi-mutation requests", () => {
    it("later fields see earlier ones; each field is one statement", async () => {
      const res = await h.request(`mutation {
        a: insertIntotagCollection(objects: [{name: "m1", weight: 1}]) { affectedCount }
        b: updatetagCollection(set: {weight: 5}, filter: {name: {eq: "m1"}}) { records { name weight } }
        c: deleteFromtagCollection(filter: {name: {eq: "m1"}}) { affectedCount }
        __typename }`);
      expect(res.body).toEqual({
        data: {
          a: { affectedCount: 1 },
          b: { records: [{ name: "m1", weight: 5 }] },
          c: { affectedCount: 1 },
          __typename: "Mutation",
        },
      });
      expect(res.statements).toBe(3);
    });

    it("an error in a later field rolls back the earlier ones", async () => {
      const before = await snapshot();
      const tags = await count("tag");
      const body = await h.gql(`mutation {
        a: insertIntotagCollection(objects: [{name: "rb"}]) { affectedCount }
        b: insertIntoaccountCollection(objects: [{email: "rb@x"}]) { affectedCount }
        c: updateaccountCollection(set: {note: "x"}, atMost: 1) { affectedCount } }`);
      expect(body).toEqual({ data: null, errors: [{ message: "update impacts too many records" }] });
      expect(await snapshot()).toBe(before);
      expect(await count("tag")).toBe(tags);
    });

    it("a database error in a later field rolls back too", async () => {
      const tags = await count("tag");
      const body = await h.gql(`mutation {
        a: insertIntotagCollection(objects: [{name: "dup"}]) { affectedCount }
        b: insertIntotagCollection(objects: [{name: "dup"}]) { affectedCount } }`);
      expect(body.data).toBeNull();
      expect(body.errors[0].message).toBe('duplicate key value violates unique constraint "tag_pkey"');
      expect(await count("tag")).toBe(tags);
    });
  });

  describe("injection", () => {
    const evil = [
      `'; drop table account; --`,
      `x') or 1=1; delete from account; --`,
      `"; drop table blog; --`,
      `$1`,
      `\\'; select pg_sleep(1); --`,
    ];

    it.each(evil)("filter values are bound, never spliced: %s", async (value) => {
      const before = await snapshot();
      const body = await h.gql(
        `query($v: String) { accountCollection(filter: {note: {eq: $v, like: $v}}) { edges { node { id } } } }`,
        { v: value },
      );
      expect(body).toEqual({ data: { accountCollection: { edges: [] } } });
      expect(await snapshot()).toBe(before);
    });

    it("orderBy keys and filter keys never reach SQL", async () => {
      const before = await snapshot();
      const o = await h.gql(
        `query($o: [accountOrderBy!]) { accountCollection(orderBy: $o) { edges { node { id } } } }`,
        { o: [{ 'id" desc; drop table account; --': "AscNullsLast" }] },
      );
      expect(o.errors[0].message).toBe(
        `Input for type accountOrderBy contains extra keys ["id\\" desc; drop table account; --"]`,
      );
      const f = await h.gql(`query($f: accountFilter) { accountCollection(filter: $f) { edges { node { id } } } }`, {
        f: { "email = email; drop table blog; --": { eq: "x" } },
      });
      expect(f.errors[0].message).toContain("contains extra keys");
      expect(await snapshot()).toBe(before);
    });

    it("insert values are stored verbatim", async () => {
      const value = `x'); delete from blog; --`;
      const blogs = await count("blog");
      const body = await h.gql(
        `mutation($o: [tagInsertInput!]!) { insertIntotagCollection(objects: $o) { records { name } } }`,
        { o: [{ name: value }] },
      );
      expect(body.data.insertIntotagCollection.records).toEqual([{ name: value }]);
      expect(await h.sql(`select name from tag where name = $1`, [value])).toEqual([{ name: value }]);
      expect(await count("blog")).toBe(blogs);
    });

    it("aliases and cursors cannot inject either", async () => {
      const before = await snapshot();
      const cursor = Buffer.from(`["'); drop table account; --"]`).toString("base64");
      const body = await h.gql(
        `query($c: Cursor) { evil_alias: accountCollection(first: 1, after: $c) { edges { node { id } } } }`,
        { c: cursor },
      );
      expect(body.data).toBeNull();
      expect(body.errors[0].message).toMatch(/invalid input syntax for type integer/);
      expect(await snapshot()).toBe(before);
    });
  });
});
