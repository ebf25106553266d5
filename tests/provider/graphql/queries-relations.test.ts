/**
 * GraphQL data API conformance: rows reached by relation and by key. Relations
 * (to-one fields, reverse collections, nesting, FK name directives), nodeId
 * (encoding, node(), its errors) and the <type>ByPk entry points (key types,
 * nodeId, relations and computed fields through them, their errors), on PGlite
 * and on PostgreSQL (the data API's contract and pg_graphql's behaviour).
 */
import { backends, useDatabase } from "./backends";
import { ACCOUNT_2_NODE_ID, gqlError, QUERY_SCHEMA_SQL } from "./fixtures";

type Any = any;

describe.each(backends())("GraphQL queries on %s", (kind) => {
  const h = useDatabase(kind, QUERY_SCHEMA_SQL);

  const error = gqlError(h);

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
