/**
 * Page-size limits and directive loading: `max_rows` falls back from the
 * table or view to its schema, then to 30, both as the default page size and
 * as the cap; comment directives of the wrong shape fail every request with
 * pg_graphql's "Error while loading schema" text and no `data`. On PGlite and
 * on PostgreSQL.
 */
import { backends, useDatabase } from "./backends";

type Any = any;

const SCHEMA_SQL = `
create table plain (id int primary key);
insert into plain select g from generate_series(1, 40) g;
create table own (id int primary key);
comment on table own is e'@graphql({"max_rows": 7})';
insert into own select g from generate_series(1, 40) g;
create table parent (id int primary key);
insert into parent values (1);
create table child (id int primary key, parent_id int references parent(id));
insert into child select g, 1 from generate_series(1, 40) g;
create view plain_view as select id from plain;
comment on view plain_view is e'@graphql({"primary_key_columns": ["id"]})';
create view plain_view_view as select id from plain_view;
comment on view plain_view_view is e'@graphql({"primary_key_columns": ["id"]})';
create view own_view as select id from plain;
comment on view own_view is e'@graphql({"primary_key_columns": ["id"], "max_rows": 6})';

create schema capped;
comment on schema capped is e'@graphql({"max_rows": 4})';
grant usage on schema capped to anon, authenticated, service_role;
create table capped.item (id int primary key);
insert into capped.item select g from generate_series(1, 10) g;
create table capped.own_item (id int primary key);
comment on table capped.own_item is e'@graphql({"max_rows": 2})';
insert into capped.own_item select g from generate_series(1, 10) g;
create table capped.big_item (id int primary key);
comment on table capped.big_item is e'@graphql({"max_rows": 50})';
insert into capped.big_item select g from generate_series(1, 60) g;
create table capped.sub_item (id int primary key, item_id int references capped.item(id));
insert into capped.sub_item select g, 1 from generate_series(1, 10) g;
create view capped.item_view as select id from capped.item;
comment on view capped.item_view is e'@graphql({"primary_key_columns": ["id"]})';
create view capped.item_view_view as select id from capped.item_view;
comment on view capped.item_view_view is e'@graphql({"primary_key_columns": ["id"]})';
create materialized view capped.item_mat as select id from capped.item;
comment on materialized view capped.item_mat is e'@graphql({"primary_key_columns": ["id"]})';
grant all on all tables in schema capped to anon, authenticated, service_role;

create table fragile (id int primary key);
insert into fragile values (1);
`;

describe.each(backends())("GraphQL max_rows on %s", (kind) => {
  const h = useDatabase(kind, SCHEMA_SQL);
  const opts = { schemas: ["public", "capped"] };

  /** Rows returned without `first`, with `first: 100`, with `last: 100`, and whether more remain. */
  const sizes = async (collection: string) => {
    const body = await h.gql(
      `{ dflt: ${collection} { edges { node { id } } pageInfo { hasNextPage } }
         capped: ${collection}(first: 100) { edges { node { id } } }
         back: ${collection}(last: 100) { edges { node { id } } pageInfo { hasPreviousPage } } }`,
      undefined,
      opts,
    );
    if (body.errors) throw new Error(JSON.stringify(body.errors));
    const d = body.data;
    return {
      dflt: d.dflt.edges.length,
      capped: d.capped.edges.length,
      back: d.back.edges.length,
      more: d.dflt.pageInfo.hasNextPage,
      before: d.back.pageInfo.hasPreviousPage,
    };
  };

  it.each<[string, string, number]>([
    ["a table without any directive takes 30", "plainCollection", 30],
    ["a view without any directive takes 30", "plain_viewCollection", 30],
    ["a view over a view without any directive takes 30", "plain_view_viewCollection", 30],
    ["a table's own max_rows", "ownCollection", 7],
    ["a view's own max_rows", "own_viewCollection", 6],
    ["a table without its own takes the schema's", "itemCollection", 4],
    ["a view without its own takes the schema's", "item_viewCollection", 4],
    ["a view over a view takes the schema's", "item_view_viewCollection", 4],
    ["a materialized view takes the schema's", "item_matCollection", 4],
    ["a table's own max_rows below the schema's", "own_itemCollection", 2],
    ["a table's own max_rows above the schema's", "big_itemCollection", 50],
  ])("%s, as the default page size and as the cap", async (_n, collection, expected) => {
    expect(await sizes(collection)).toEqual({
      dflt: expected,
      capped: expected,
      back: expected,
      more: true,
      before: true,
    });
  });

  it("a smaller first or last is kept", async () => {
    const body = await h.gql(
      `{ a: itemCollection(first: 3) { edges { node { id } } } b: itemCollection(last: 2) { edges { node { id } } } }`,
      undefined,
      opts,
    );
    expect(body.data.a.edges.map((e: Any) => e.node.id)).toEqual([1, 2, 3]);
    expect(body.data.b.edges.map((e: Any) => e.node.id)).toEqual([9, 10]);
  });

  it("nested connections use the target's limit", async () => {
    const body = await h.gql(
      `{ parentCollection { edges { node { childCollection(first: 100) { edges { node { id } } pageInfo { hasNextPage } } } } }
         itemCollection(first: 1) { edges { node { sub_itemCollection { edges { node { id } } } } } } }`,
      undefined,
      opts,
    );
    expect(body.errors).toBeUndefined();
    const child = body.data.parentCollection.edges[0].node.childCollection;
    expect(child.edges).toHaveLength(30);
    expect(child.pageInfo.hasNextPage).toBe(true);
    expect(body.data.itemCollection.edges[0].node.sub_itemCollection.edges).toHaveLength(4);
  });

  it("paging through a capped collection reaches every row", async () => {
    const seen: number[] = [];
    let after: string | null = null;
    for (let i = 0; i < 10; i++) {
      const body: Any = await h.gql(
        `query($after: Cursor) { itemCollection(first: 100, after: $after) { edges { node { id } } pageInfo { hasNextPage endCursor } } }`,
        { after },
        opts,
      );
      const c = body.data.itemCollection;
      seen.push(...c.edges.map((e: Any) => e.node.id));
      if (!c.pageInfo.hasNextPage) break;
      after = c.pageInfo.endCursor;
    }
    expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  describe("directives of the wrong shape", () => {
    const loadError = (detail: string) => ({
      errors: [{ message: `Error while loading schema, check comment directives. ${detail}` }],
    });
    afterEach(async () => {
      await h.sql(
        `comment on table fragile is null; comment on column fragile.id is null; comment on schema capped is e'@graphql({"max_rows": 4})'`,
      );
      expect(await h.gql(`{ fragileCollection { edges { node { id } } } }`, undefined, opts)).toEqual({
        data: { fragileCollection: { edges: [{ node: { id: 1 } }] } },
      });
    });

    it.each<[string, string, string]>([
      [
        "a negative table max_rows",
        `comment on table fragile is e'@graphql({"max_rows": -1})'`,
        "invalid value: integer `-1`, expected u64",
      ],
      [
        "a negative schema max_rows",
        `comment on schema capped is e'@graphql({"max_rows": -5})'`,
        "invalid value: integer `-5`, expected u64",
      ],
      [
        "a fractional max_rows",
        `comment on table fragile is e'@graphql({"max_rows": 2.5})'`,
        "invalid type: floating point `2.5`, expected u64",
      ],
      [
        "a string max_rows",
        `comment on table fragile is e'@graphql({"max_rows": "10"})'`,
        'invalid type: string "10", expected u64',
      ],
      [
        "primary_key_columns as a string",
        `comment on table fragile is e'@graphql({"primary_key_columns": "account_id"})'`,
        'invalid type: string "account_id", expected a sequence',
      ],
      [
        "a numeric column name",
        `comment on column fragile.id is e'@graphql({"name": 5})'`,
        "invalid type: integer `5`, expected a string",
      ],
    ])("%s fails every request without data", async (_n, sql, detail) => {
      await h.sql(sql);
      const expected = loadError(detail);
      expect(await h.gql(`{ __typename }`, undefined, opts)).toEqual(expected);
      expect(await h.gql(`{ plainCollection(first: 1) { edges { node { id } } } }`, undefined, opts)).toEqual(expected);
      expect(
        await h.gql(`mutation { deleteFromplainCollection(filter: {id: {eq: 0}}) { affectedCount } }`, undefined, opts),
      ).toEqual(expected);
      expect(await h.gql(`{ __schema { queryType { name } } }`, undefined, opts)).toEqual(expected);
    });

    it("a directive error counts no field statements", async () => {
      await h.sql(`comment on table fragile is e'@graphql({"max_rows": -1})'`);
      const res = await h.request(`{ plainCollection(first: 1) { edges { node { id } } } }`, undefined, opts);
      expect(res.statements).toBe(0);
      expect(res.body).not.toHaveProperty("data");
    });
  });
});
