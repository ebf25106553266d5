/**
 * Selection merging: fields that share a response key merge when they name
 * the same field with the same arguments, and otherwise fail with
 * pg_graphql's texts. A conflict among top-level fields fails the request
 * without `data`; a nested one drops only its top-level field. On PGlite and
 * on PostgreSQL.
 */
import { backends, useDatabase } from "./backends";

const SCHEMA_SQL = `
create table account (id int primary key, email text not null);
insert into account values (1, 'a@x'), (2, 'b@x');
`;

describe.each(backends())("GraphQL selection merging on %s", (kind) => {
  const h = useDatabase(kind, SCHEMA_SQL);

  it("same field, same arguments: selections merge", async () => {
    const body = await h.gql(`{
      accountCollection(first: 1) { edges { node { id } } }
      accountCollection(first: 1) { edges { node { email } } }
      ...F }
      fragment F on Query { accountCollection(first: 1) { edges { node { id } } } }`);
    expect(body).toEqual({ data: { accountCollection: { edges: [{ node: { id: 1, email: "a@x" } }] } } });
  });

  it.each<[string, string, string]>([
    [
      "two top-level fields with different arguments",
      `{ accountCollection(first: 1) { edges { node { id } } } accountCollection(first: 2) { edges { node { id } } } }`,
      "Two fields named `accountCollection` have different arguments",
    ],
    [
      "an alias naming two different top-level fields",
      `{ a: accountCollection { edges { node { id } } } a: accountByPk(id: 1) { id } }`,
      "Fields `accountCollection` and `accountByPk` are different",
    ],
    [
      "a conflict through a fragment",
      `{ accountCollection(first: 1) { edges { node { id } } } ...F } fragment F on Query { accountCollection(last: 1) { edges { node { id } } } }`,
      "Two fields named `accountCollection` have different arguments",
    ],
  ])("%s fails the request without data", async (_n, query, message) => {
    expect(await h.gql(query)).toEqual({ errors: [{ message }] });
  });

  it("a nested conflict fails only its top-level field", async () => {
    const body = await h.gql(`{
      bad: accountCollection { edges { node { x: id x: email } } }
      good: accountByPk(id: 2) { email } }`);
    expect(body).toEqual({
      data: { good: { email: "b@x" } },
      errors: [{ message: "Fields `id` and `email` are different" }],
    });
  });

  it("a conflict in a mutation rolls back and gives data null", async () => {
    const body = await h.gql(`mutation {
      insertIntoaccountCollection(objects: [{id: 3, email: "c@x"}]) { records { id } }
      deleteFromaccountCollection(filter: {id: {eq: 3}}) { records { k: id k: email } } }`);
    expect(body).toEqual({ data: null, errors: [{ message: "Fields `id` and `email` are different" }] });
    expect(await h.sql(`select count(*)::int as n from account`)).toEqual([{ n: 2 }]);
  });
});
