/**
 * Query and Mutation functions: immutable and stable functions become Query
 * fields, volatile ones Mutation fields, with their named arguments; scalar,
 * single-record and set-of-record returns; overloaded functions, unnamed
 * arguments and names an entry already takes are left out. On PGlite and on
 * PostgreSQL.
 */
import { backends, useDatabase } from "./backends";
import { CONNECTION_ARGS } from "./fixtures";

type Any = any;

const SCHEMA_SQL = `
create table account (id serial primary key, email text not null);
insert into account (email) values ('a@x'), ('b@x'), ('c@y');
create function add_numbers(a int, b int default 10) returns int immutable language sql as $$ select a + b $$;
create function greeting(name text) returns text stable language sql as $$ select 'hi ' || coalesce(name, 'nobody') $$;
create function account_by_email(addr text) returns account stable language sql as $$ select * from account where email = addr $$;
create function accounts_in(domain text) returns setof account stable language sql as $$ select * from account where email like '%@' || domain $$;
create function add_account(addr text) returns account volatile language sql as $$ insert into account (email) values (addr) returning * $$;
create function fail_now() returns int volatile language plpgsql as $$ begin raise exception 'failed on purpose'; end $$;
comment on function greeting(text) is e'@graphql({"description": "Says hi"})';
create function twice(x int) returns int immutable language sql as $$ select x * 2 $$;
create function twice(x text) returns text immutable language sql as $$ select x || x $$;
create function unnamed(int) returns int immutable language sql as $$ select $1 $$;
create function "accountCollection"() returns int stable language sql as $$ select 1 $$;
`;

describe.each(backends())("GraphQL Query and Mutation functions on %s", (kind) => {
  const h = useDatabase(kind, SCHEMA_SQL);

  it("stable and immutable functions are Query fields; omitted arguments take their defaults", async () => {
    const body = await h.gql(
      `query($n: String) { add_numbers(a: 1, b: 2) d: add_numbers(a: 1) greeting(name: $n) g: greeting }`,
      {
        n: "ann",
      },
    );
    expect(body).toEqual({ data: { add_numbers: 3, d: 11, greeting: "hi ann", g: "hi nobody" } });
  });

  it("a function returning a record gives the node; setof gives a connection with its arguments", async () => {
    const body = await h.gql(`{
      account_by_email(addr: "b@x") { id email nodeId }
      missing: account_by_email(addr: "none") { id }
      accounts_in(domain: "x", first: 1, filter: {id: {gt: 1}}) { edges { node { id } } pageInfo { hasNextPage } } }`);
    expect(body.errors).toBeUndefined();
    expect(body.data.account_by_email).toMatchObject({ id: 2, email: "b@x" });
    expect(body.data.missing).toBeNull();
    expect(body.data.accounts_in).toEqual({ edges: [{ node: { id: 2 } }], pageInfo: { hasNextPage: false } });
  });

  it("each function field is one statement", async () => {
    const res = await h.request(`{ add_numbers(a: 1) accounts_in(domain: "x") { edges { node { id } } } }`);
    expect(res.statements).toBe(2);
  });

  it("volatile functions are Mutation fields, and their writes roll back with the request", async () => {
    const body = await h.gql(`mutation { add_account(addr: "d@x") { id email } }`);
    expect(body).toEqual({ data: { add_account: { id: 4, email: "d@x" } } });
    const failed = await h.gql(`mutation { add_account(addr: "e@x") { id } fail_now }`);
    expect(failed).toEqual({ data: null, errors: [{ message: "failed on purpose" }] });
    expect(await h.sql(`select email from account order by id`)).toEqual([
      { email: "a@x" },
      { email: "b@x" },
      { email: "c@y" },
      { email: "d@x" },
    ]);
    await h.sql(`delete from account where email = 'd@x'`);
  });

  it.each<[string, string, string]>([
    ["a volatile function on Query", `{ fail_now }`, 'Unknown field "fail_now" on type Query'],
    ["a stable function on Mutation", `mutation { greeting(name: "x") }`, 'Unknown field "greeting" on type Mutation'],
    ["an overloaded function", `{ twice(x: 2) }`, 'Unknown field "twice" on type Query'],
    ["a function with an unnamed argument", `{ unnamed }`, 'Unknown field "unnamed" on type Query'],
    ["an unknown argument", `{ add_numbers(a: 1, c: 2) }`, 'Input contains extra keys ["c"]'],
    ["an argument of the wrong type", `{ add_numbers(a: "1") }`, "Invalid input for Int type"],
  ])("rejects %s", async (_n, query, message) => {
    const body = await h.gql(query);
    expect(body.errors).toEqual([{ message }]);
  });

  it("a function whose name a collection takes is dropped", async () => {
    const body = await h.gql(`{ accountCollection(first: 1) { edges { node { id } } } }`);
    expect(body.data.accountCollection.edges).toEqual([{ node: { id: 1 } }]);
  });

  it("introspection lists the fields with their arguments and descriptions", async () => {
    const body = await h.gql(`{ __schema {
      queryType { fields { name description args { name type { name kind } } type { name kind } } }
      mutationType { fields { name } } } }`);
    const q = Object.fromEntries(body.data.__schema.queryType.fields.map((f: Any) => [f.name, f]));
    expect(q.add_numbers.args.map((a: Any) => [a.name, a.type.name])).toEqual([
      ["a", "Int"],
      ["b", "Int"],
    ]);
    expect(q.greeting.description).toBe("Says hi");
    expect(q.account_by_email.type).toEqual({ name: "account", kind: "OBJECT" });
    expect(q.accounts_in.type).toEqual({ name: "accountConnection", kind: "OBJECT" });
    expect(q.accounts_in.args.map((a: Any) => a.name)).toEqual(["domain", ...CONNECTION_ARGS]);
    expect(q.twice).toBeUndefined();
    expect(q.fail_now).toBeUndefined();
    const m = body.data.__schema.mutationType.fields.map((f: Any) => f.name);
    expect(m).toEqual(expect.arrayContaining(["add_account", "fail_now"]));
    expect(m).not.toContain("greeting");
  });
});
