/**
 * One type model for validation and introspection: every field and argument
 * that introspection lists on a table's connection, edge, page info and
 * mutation payload types is one the executor accepts, and one that
 * introspection leaves out is refused. On PGlite and on PostgreSQL.
 */
import { backends, useDatabase } from "./backends";

type Any = any;

const SCHEMA_SQL = `
create table owner (id serial primary key, name text);
insert into owner (name) values ('a'), ('b');
create table item (id serial primary key, owner_id int references owner(id), qty int, label text);
comment on table item is e'@graphql({"aggregate": {"enabled": true}, "totalCount": {"enabled": true}})';
insert into item (owner_id, qty, label) values (1, 2, 'x'), (2, 3, 'y');
`;

const TYPE_QUERY = `query($name: String!) { __type(name: $name) {
  fields { name args { name } type { kind name ofType { kind name ofType { kind name ofType { kind name } } } } } } }`;

interface IntrospectedField {
  name: string;
  args: Array<{ name: string }>;
  type: { kind: string; ofType?: { kind: string; ofType?: { kind: string } } };
}

/** The innermost kind of a field's type, through NON_NULL and LIST wrappers. */
function namedKind(t: IntrospectedField["type"]): string {
  let cur: Any = t;
  while (cur.kind === "NON_NULL" || cur.kind === "LIST") cur = cur.ofType;
  return cur.kind;
}

/** A selection of every listed field: scalars as they are, objects and interfaces by `__typename`. */
function selectAll(fields: IntrospectedField[]): string {
  return fields
    .map((f) => (["OBJECT", "INTERFACE"].includes(namedKind(f.type)) ? `${f.name} { __typename }` : f.name))
    .join(" ");
}

describe.each(backends())("GraphQL type model on %s", (kind) => {
  const h = useDatabase(kind, SCHEMA_SQL);
  const fieldsOf = async (name: string): Promise<IntrospectedField[]> => {
    const body = await h.gql(TYPE_QUERY, { name });
    expect(body.errors).toBeUndefined();
    return body.data.__type.fields;
  };

  it("accepts every field introspection lists on a connection, an edge and page info", async () => {
    const connection = await fieldsOf("itemConnection");
    expect(connection.map((f) => f.name)).toEqual(["edges", "pageInfo", "totalCount", "aggregate"]);
    const edge = await fieldsOf("itemEdge");
    const pageInfo = await fieldsOf("PageInfo");
    const rest = connection.filter((f) => f.name !== "edges" && f.name !== "pageInfo");
    const query = `{ itemCollection { edges { ${selectAll(edge)} } pageInfo { ${selectAll(pageInfo)} } ${selectAll(rest)} } }`;
    const body = await h.gql(query);
    expect(body.errors).toBeUndefined();
    expect(body.data.itemCollection.totalCount).toBe(2);
    expect(body.data.itemCollection.edges).toHaveLength(2);
    // An aggregate selecting no function still answers one object (it once failed with "more than one row").
    expect(body.data.itemCollection.aggregate).toEqual({ __typename: "itemAggregate" });
  });

  it("accepts every argument introspection lists on a collection, with null values", async () => {
    const query = (await fieldsOf("Query")).find((f) => f.name === "itemCollection")!;
    const args = query.args.map((a) => `${a.name}: null`).join(", ");
    expect(query.args.map((a) => a.name)).toEqual(["first", "last", "before", "after", "offset", "filter", "orderBy"]);
    const body = await h.gql(`{ itemCollection(${args}) { edges { node { id } } } }`);
    expect(body.errors).toBeUndefined();
    expect(body.data.itemCollection.edges).toHaveLength(2);
  });

  it("accepts every field of the mutation payloads and refuses one introspection does not list", async () => {
    const insert = await fieldsOf("itemInsertResponse");
    const mutation = (await fieldsOf("Mutation")).find((f) => f.name === "deleteFromitemCollection")!;
    expect(mutation.args.map((a) => a.name)).toEqual(["filter", "atMost"]);
    const body = await h.gql(`mutation { insertIntoitemCollection(objects: [{qty: 1}]) { ${selectAll(insert)} } }`);
    expect(body.errors).toBeUndefined();
    expect(body.data.insertIntoitemCollection.affectedCount).toBe(1);
    const refused = await h.gql(`mutation { insertIntoitemCollection(objects: [{qty: 1}]) { rows } }`);
    expect(refused).toEqual({ data: null, errors: [{ message: "unknown field in insert" }] });
  });

  it("refuses totalCount where introspection does not list it", async () => {
    const owner = await fieldsOf("ownerConnection");
    expect(owner.map((f) => f.name)).toEqual(["edges", "pageInfo"]);
    const body = await h.gql(`{ ownerCollection { totalCount } }`);
    expect(body).toEqual({ data: null, errors: [{ message: "unknown field in connection" }] });
  });
});
