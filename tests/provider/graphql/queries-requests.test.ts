/**
 * GraphQL data API conformance: error texts and request shapes (partial data,
 * request-level errors, aliases, fragments, directives, operationName,
 * statements per field), on PGlite and on PostgreSQL (the data API's contract
 * and pg_graphql's behaviour).
 */
import { backends, useDatabase } from "./backends";
import { ACCOUNT_2_NODE_ID, QUERY_SCHEMA_SQL } from "./fixtures";

describe.each(backends())("GraphQL queries on %s", (kind) => {
  const h = useDatabase(kind, QUERY_SCHEMA_SQL);

  describe("errors and request shapes", () => {
    it("an unknown top-level field drops out; the others keep their data", async () => {
      const body = await h.gql(`{ accountCollection(first: 1) { edges { node { id } } } dne { x } }`);
      expect(body).toEqual({
        data: { accountCollection: { edges: [{ node: { id: 1 } }] } },
        errors: [{ message: 'Unknown field "dne" on type Query' }],
      });
    });

    it("when every field fails, data is null", async () => {
      expect(await h.gql(`{ dne { x } }`)).toEqual({
        data: null,
        errors: [{ message: 'Unknown field "dne" on type Query' }],
      });
    });

    it.each<[string, string, string]>([
      [
        "an unknown node field",
        `{ accountCollection { edges { node { dneField } } } }`,
        "Unknown field 'dneField' on type 'account'",
      ],
      ["an unknown pageInfo field", `{ accountCollection { pageInfo { dne } } }`, "unknown field in pageInfo"],
      ["an unknown edge field", `{ accountCollection { edges { dne } } }`, "unknown field in edge"],
      [
        "an unknown argument",
        `{ accountCollection(foo: 1) { edges { cursor } } }`,
        'Input contains extra keys ["foo"]',
      ],
      ["a wrong argument type", `{ accountCollection(first: "x") { edges { cursor } } }`, "Invalid input for Int type"],
    ])("reports %s", async (_n, query, message) => {
      expect(await h.gql(query)).toEqual({ data: null, errors: [{ message }] });
    });

    it.each<[string, string, unknown, string | undefined, string]>([
      ["a parse error", `{ accountCollection { `, {}, undefined, "Syntax Error: Expected Name, found <EOF>."],
      ["non-object variables", `{ __typename }`, [1], undefined, "variables must be an object"],
      ["an unknown operation name", `query A { __typename }`, {}, "B", "Operation not found"],
      [
        "an anonymous operation among others",
        `query A { __typename } { __typename }`,
        {},
        "A",
        "Anonymous operations must be the only defined operation",
      ],
      [
        "duplicate operation names",
        `query A { __typename } query A { __typename }`,
        {},
        "A",
        "Operation names must be unique",
      ],
      [
        "subscriptions",
        `subscription { accountCollection { edges { cursor } } }`,
        {},
        undefined,
        "Subscriptions are not supported",
      ],
      [
        "fragment cycles",
        `{ ...A } fragment A on Query { ...B } fragment B on Query { ...A }`,
        {},
        undefined,
        "Found a cycle between fragments",
      ],
      ["an unknown directive", `{ __typename @dne }`, {}, undefined, "Unknown directive dne"],
    ])("request-level error without data: %s", async (_n, query, variables, operationName, message) => {
      expect(await h.gql(query, variables, { operationName })).toEqual({ errors: [{ message }] });
    });

    it("supports aliases, fragments, __typename, @skip and @include, operationName and variable defaults", async () => {
      const body = await h.gql(
        `query Other { __typename }
         query Main($n: Int = 2, $no: Boolean!) { __typename rows: accountCollection(first: $n) { __typename edges { ...E node { email @skip(if: true) name @include(if: $no) } } pageInfo { __typename } } }
         fragment E on accountEdge { node { ... on account { nodeId } me: id } }`,
        { no: false },
        { operationName: "Main" },
      );
      expect(body).toEqual({
        data: {
          __typename: "Query",
          rows: {
            __typename: "accountConnection",
            edges: [
              { node: { nodeId: "WyJwdWJsaWMiLCAiYWNjb3VudCIsIDFd", me: 1 } },
              { node: { nodeId: ACCOUNT_2_NODE_ID, me: 2 } },
            ],
            pageInfo: { __typename: "PageInfo" },
          },
        },
      });
    });

    it("runs one statement per top-level field", async () => {
      const res = await h.request(
        `{ a: accountCollection { edges { node { id blogCollection { edges { node { id owner { id } } } } } } } b: blogCollection { edges { node { id } } } }`,
      );
      expect(res.statements).toBe(2);
    });
  });
});
