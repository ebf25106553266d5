/**
 * Comment directives beyond paging: `description` on tables, columns and
 * computed-field functions reaches introspection; enum `mappings` must be a
 * map of strings; an enum label that is not a GraphQL name breaks
 * introspection (pg_graphql's text) but not ordinary queries. On PGlite and
 * on PostgreSQL.
 */
import { backends, useDatabase } from "./backends";

type Any = any;

const SCHEMA_SQL = `
create type color as enum ('red', 'green');
comment on type color is e'@graphql({"mappings": {"red": "RED"}})';
create table item (id int primary key, c color, n text);
comment on table item is e'@graphql({"description": "An item"})';
comment on column item.n is e'@graphql({"name": "label", "description": "The label"})';
insert into item values (1, 'red', 'x'), (2, 'green', 'y');
create function _shout(rec item) returns text stable language sql as $$ select upper(rec.n) $$;
comment on function _shout(item) is e'@graphql({"description": "Loud label"})';
`;

describe.each(backends())("GraphQL comment directives on %s", (kind) => {
  const h = useDatabase(kind, SCHEMA_SQL);

  it("descriptions of tables, columns and computed fields appear in introspection", async () => {
    const body = await h.gql(`{ __type(name: "item") { description fields { name description } } }`);
    expect(body.data.__type.description).toBe("An item");
    const byName = Object.fromEntries(body.data.__type.fields.map((f: Any) => [f.name, f.description]));
    expect(byName).toMatchObject({ id: null, label: "The label", shout: "Loud label" });
  });

  it("enum mappings rename values in output, filters and introspection", async () => {
    const body = await h.gql(`{ itemCollection(filter: {c: {eq: RED}}) { edges { node { id c label shout } } }
      __type(name: "color") { enumValues { name } } }`);
    expect(body).toEqual({
      data: {
        itemCollection: { edges: [{ node: { id: 1, c: "RED", label: "x", shout: "X" } }] },
        __type: { enumValues: [{ name: "RED" }, { name: "green" }] },
      },
    });
  });

  it.each<[string, string, string]>([
    ["mappings that are not a map", `{"mappings": ["red"]}`, "invalid type: sequence, expected a map"],
    ["a mapping that is not a string", `{"mappings": {"red": 1}}`, "invalid type: integer `1`, expected a string"],
  ])("%s fail every request without data", async (_n, directive, detail) => {
    await h.sql(`comment on type color is e'@graphql(${directive})'`);
    try {
      expect(await h.gql(`{ itemCollection { edges { node { id } } } }`)).toEqual({
        errors: [{ message: `Error while loading schema, check comment directives. ${detail}` }],
      });
    } finally {
      await h.sql(`comment on type color is e'@graphql({"mappings": {"red": "RED"}})'`);
    }
  });

  it("an enum label that is not a GraphQL name breaks introspection only", async () => {
    await h.sql(`create type state as enum ('ok', 'not-ok'); create table job (id int primary key, s state);
      insert into job values (1, 'ok');`);
    try {
      expect(await h.gql(`{ __schema { queryType { name } } }`)).toEqual({
        data: null,
        errors: [{ message: 'Names must only contain [_a-zA-Z0-9] but "not-ok" does not.' }],
      });
      expect(await h.gql(`{ jobCollection { edges { node { id s } } } }`)).toEqual({
        data: { jobCollection: { edges: [{ node: { id: 1, s: "ok" } }] } },
      });
    } finally {
      await h.sql(`drop table job; drop type state;`);
    }
  });
});
