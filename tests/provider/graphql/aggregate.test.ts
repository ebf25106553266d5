/**
 * The `aggregate` connection field, enabled by the table directive
 * `{"aggregate": {"enabled": true}}`: count, sum, avg, min and max over the
 * rows matching the filter (pagination ignored), with pg_graphql's types
 * (integer sums BigInt, other sums and averages BigFloat, min/max the
 * column's type) and its error without the directive. On PGlite and on
 * PostgreSQL.
 */
import { backends, useDatabase } from "./backends";

type Any = any;

const SCHEMA_SQL = `
create table region (id int primary key, name text);
insert into region values (1, 'north'), (2, 'south');
create table sale (
  id serial primary key, region_id int references region(id), qty int, big bigint, amount numeric, ratio float8,
  label text, day date, meta jsonb, tags text[], uid uuid
);
comment on table sale is e'@graphql({"aggregate": {"enabled": true}, "totalCount": {"enabled": true}})';
insert into sale (region_id, qty, big, amount, ratio, label, day, meta, tags, uid) values
  (1, 2, 9007199254740993, 10.50, 0.5, 'b', '2024-01-02', '{}', '{x}', null),
  (1, 3, 1, 20.25, 1.5, 'a', '2024-03-01', null, null, null),
  (2, null, null, null, null, null, null, null, null, null),
  (2, 5, 4, 1, 2, 'c', '2023-12-31', null, null, null);
`;

describe.each(backends())("GraphQL aggregates on %s", (kind) => {
  const h = useDatabase(kind, SCHEMA_SQL);
  const data = async (query: string, variables?: unknown) => {
    const body = await h.gql(query, variables);
    if (body.errors) throw new Error(JSON.stringify(body.errors));
    return body.data;
  };

  it("count, sum, avg, min and max over every row matching the filter", async () => {
    const d = await data(`{ saleCollection {
      aggregate { count sum { qty big amount ratio } avg { qty amount } min { qty big label day } max { qty amount label day } } } }`);
    const agg = d.saleCollection.aggregate;
    expect(agg.count).toBe(4);
    expect(agg.sum).toEqual({ qty: 10, big: 9007199254740998, amount: 31.75, ratio: 4 });
    expect(Number(agg.avg.qty)).toBeCloseTo(10 / 3);
    expect(Number(agg.avg.amount)).toBeCloseTo(31.75 / 3);
    expect(agg.min).toEqual({ qty: 2, big: "1", label: "a", day: "2023-12-31" });
    expect(agg.max).toEqual({ qty: 5, amount: "20.25", label: "c", day: "2024-03-01" });
  });

  it("ignores pagination and follows the filter, like totalCount", async () => {
    const d = await data(
      `query($f: saleFilter) { saleCollection(first: 1, filter: $f) { totalCount aggregate { count sum { qty } } edges { node { id } } } }`,
      { f: { region_id: { eq: 1 } } },
    );
    expect(d.saleCollection).toEqual({
      totalCount: 2,
      aggregate: { count: 2, sum: { qty: 5 } },
      edges: [{ node: { id: 1 } }],
    });
  });

  it("an empty match counts 0 and gives null sums", async () => {
    const d = await data(
      `{ saleCollection(filter: {id: {eq: 99}}) { aggregate { count sum { qty } max { label } } } }`,
    );
    expect(d.saleCollection.aggregate).toEqual({ count: 0, sum: { qty: null }, max: { label: null } });
  });

  it("works on nested connections per parent row, and with aliases, fragments and __typename", async () => {
    const d = await data(`{ regionCollection { edges { node { id saleCollection { aggregate { ...A n: count } } } } } }
      fragment A on saleAggregate { __typename total: sum { __typename qty } }`);
    expect(d.regionCollection.edges.map((e: Any) => e.node.saleCollection.aggregate)).toEqual([
      { __typename: "saleAggregate", total: { __typename: "saleSumAggregateResult", qty: 5 }, n: 2 },
      { __typename: "saleAggregate", total: { __typename: "saleSumAggregateResult", qty: 5 }, n: 2 },
    ]);
  });

  it("one statement per top-level field", async () => {
    const res = await h.request(`{ saleCollection { aggregate { count min { day } } edges { node { id } } } }`);
    expect(res.statements).toBe(1);
  });

  it("reflects the aggregate types in the schema", async () => {
    const d = await data(`{
      conn: __type(name: "saleConnection") { fields { name type { kind name ofType { name } } } }
      agg: __type(name: "saleAggregate") { fields { name type { kind name ofType { name } } } }
      sum: __type(name: "saleSumAggregateResult") { fields { name type { name } } }
      avg: __type(name: "saleAvgAggregateResult") { fields { name type { name } } }
      min: __type(name: "saleMinAggregateResult") { fields { name type { name } } }
      region: __type(name: "regionConnection") { fields { name } } }`);
    expect(d.conn.fields.find((f: Any) => f.name === "aggregate").type).toEqual({
      kind: "OBJECT",
      name: "saleAggregate",
      ofType: null,
    });
    expect(d.agg.fields.map((f: Any) => f.name)).toEqual(["count", "sum", "avg", "min", "max"]);
    expect(d.agg.fields[0].type).toEqual({ kind: "NON_NULL", name: null, ofType: { name: "Int" } });
    const types = (t: Any) => Object.fromEntries(t.fields.map((f: Any) => [f.name, f.type.name]));
    expect(types(d.sum)).toEqual({
      id: "BigInt",
      region_id: "BigInt",
      qty: "BigInt",
      big: "BigInt",
      amount: "BigFloat",
      ratio: "BigFloat",
    });
    expect(types(d.avg)).toEqual({
      id: "BigFloat",
      region_id: "BigFloat",
      qty: "BigFloat",
      big: "BigFloat",
      amount: "BigFloat",
      ratio: "BigFloat",
    });
    expect(types(d.min)).toEqual({
      id: "Int",
      region_id: "Int",
      qty: "Int",
      big: "BigInt",
      amount: "BigFloat",
      ratio: "Float",
      label: "String",
      day: "Date",
    });
    expect(d.region.fields.map((f: Any) => f.name)).toEqual(["edges", "pageInfo"]);
  });

  it.each<[string, string, string]>([
    [
      "without the directive",
      `{ regionCollection { aggregate { count } } }`,
      "enable the aggregate directive to use aggregates",
    ],
    ["an unknown aggregate", `{ saleCollection { aggregate { median { qty } } } }`, "unknown field in aggregate"],
    [
      "a column the function does not apply to",
      `{ saleCollection { aggregate { sum { label } } } }`,
      "unknown field in aggregate",
    ],
    ["a JSON column", `{ saleCollection { aggregate { max { meta } } } }`, "unknown field in aggregate"],
  ])("rejects an aggregate %s", async (_n, query, message) => {
    expect(await h.gql(query)).toEqual({ data: null, errors: [{ message }] });
  });
});
