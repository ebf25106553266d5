/**
 * Security and freshness: roles, row level security, grants shaping the
 * schema, JWT claims in SQL, schema cache invalidation after DDL/COMMENT/
 * GRANT, and the HTTP endpoint's API key checks, on PGlite and PostgreSQL.
 */
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import { Clock } from "../../../emulator/store/clock";
import { DEFAULT_SETTINGS, EmulatorContext } from "../../../emulator/store/context";
import { signJwt, signProjectJwt } from "../../../emulator/auth/jwt";
import { newPublishableKey, newSecretKey } from "../../../emulator/auth/keys";
import { DEFAULT_RATE_LIMITS } from "../../../emulator/pipeline/ratelimit";
import { Router } from "../../../emulator/pipeline/router";
import { createRequestHandler } from "../../../emulator/pipeline/server";
import { Store, type ProjectRecord } from "../../../emulator/store/state";
import { graphqlRoutes } from "../../../emulator/graphql/route";
import { backends, useDatabase } from "./backends";

type Any = any;

const ALICE = "00000000-0000-0000-0000-00000000000a";
const BOB = "00000000-0000-0000-0000-00000000000b";

const SECURITY_SQL = `
create table doc (id serial primary key, owner uuid, body text not null);
alter table doc enable row level security;
create policy anon_read on doc for select to anon using (id = 2);
create policy own_rows on doc for all to authenticated
  using (owner = (current_setting('request.jwt.claims', true)::jsonb ->> 'sub')::uuid)
  with check (owner = (current_setting('request.jwt.claims', true)::jsonb ->> 'sub')::uuid);
insert into doc (owner, body) values ('${ALICE}', 'a1'), ('${BOB}', 'b1'), ('${ALICE}', 'a2'), ('${BOB}', 'b2');
create function _whoami(rec doc) returns text stable language sql as $$ select current_setting('request.jwt.claims', true)::jsonb ->> 'sub' $$;
create function _current_role(rec doc) returns text stable language sql as $$ select current_user::text $$;
create table secret (id int primary key, v text);
insert into secret values (1, 's');
revoke all on secret from anon, authenticated;
create table readonly_for_anon (id int primary key, v text);
revoke insert, update, delete on readonly_for_anon from anon;
create table partial_cols (id int primary key, visible text, hidden text);
revoke select on partial_cols from anon;
grant select (id, visible) on partial_cols to anon;
insert into partial_cols values (1, 'v', 'h');
`;

describe.each(backends())("GraphQL security on %s", (kind) => {
  const h = useDatabase(kind, SECURITY_SQL);
  const auth = (sub: string) => ({ role: "authenticated", claims: { role: "authenticated", sub } });
  const docs = async (opts: Any) => {
    const body = await h.gql(`{ docCollection { edges { node { id } } } }`, {}, opts);
    if (body.errors) throw new Error(JSON.stringify(body.errors));
    return body.data.docCollection.edges.map((e: Any) => e.node.id);
  };

  describe("row level security per role", () => {
    it("anon sees only what its policy allows", async () => {
      expect(await docs({ role: "anon" })).toEqual([2]);
    });
    it("authenticated sees its own rows (sub claim via request.jwt.claims)", async () => {
      expect(await docs(auth(ALICE))).toEqual([1, 3]);
      expect(await docs(auth(BOB))).toEqual([2, 4]);
    });
    it("service_role bypasses RLS", async () => {
      expect(await docs({ role: "service_role" })).toEqual([1, 2, 3, 4]);
    });
    it("claims and role are visible to SQL in the request", async () => {
      const body = await h.gql(
        `{ docCollection(first: 1) { edges { node { whoami current_role } } } }`,
        {},
        auth(ALICE),
      );
      expect(body.data.docCollection.edges[0].node).toEqual({ whoami: ALICE, current_role: "authenticated" });
    });
    it("updates touch only visible rows and atMost counts only those", async () => {
      const body = await h.gql(
        `mutation { updatedocCollection(set: {body: "mine"}, atMost: 2) { affectedCount records { id } } }`,
        {},
        auth(ALICE),
      );
      expect(body.data.updatedocCollection).toEqual({ affectedCount: 2, records: [{ id: 1 }, { id: 3 }] });
      expect(await h.sql(`select id from doc where body = 'mine' order by id`)).toEqual([{ id: 1 }, { id: 3 }]);
    });
    it("with check policies reject foreign rows with PostgreSQL's message", async () => {
      const body = await h.gql(
        `mutation($o: [docInsertInput!]!) { insertIntodocCollection(objects: $o) { affectedCount } }`,
        { o: [{ owner: BOB, body: "forged" }] },
        auth(ALICE),
      );
      expect(body).toEqual({
        data: null,
        errors: [{ message: 'new row violates row-level security policy for table "doc"' }],
      });
    });
    it("anon cannot delete rows it cannot see", async () => {
      const body = await h.gql(
        `mutation { deleteFromdocCollection(filter: {id: {eq: 1}}) { affectedCount } }`,
        {},
        { role: "anon" },
      );
      expect(body.data.deleteFromdocCollection.affectedCount).toBe(0);
      expect(await h.sql(`select count(*)::int as n from doc`)).toEqual([{ n: 4 }]);
    });
    it("the forward relation to an RLS table is nullable", async () => {
      await h.sql(`create table note (id int primary key, doc_id int not null references doc(id))`);
      const t = await h.gql(`{ __type(name: "note") { fields { name type { kind } } } }`);
      expect(t.data.__type.fields.find((f: Any) => f.name === "doc").type.kind).toBe("OBJECT");
    });
  });

  describe("grants shape the schema", () => {
    it("revoking all privileges hides the type and its entries from that role", async () => {
      expect((await h.gql(`{ secretCollection { edges { node { v } } } }`, {}, { role: "anon" })).errors).toEqual([
        { message: 'Unknown field "secretCollection" on type Query' },
      ]);
      expect((await h.gql(`{ __type(name: "secret") { name } }`, {}, { role: "anon" })).data).toEqual({ __type: null });
      expect((await h.gql(`{ secretCollection { edges { node { v } } } }`)).data).toEqual({
        secretCollection: { edges: [{ node: { v: "s" } }] },
      });
    });
    it("revoking insert/update/delete removes the mutation entries", async () => {
      const m = await h.gql(`{ __type(name: "Mutation") { fields { name } } }`, {}, { role: "anon" });
      const names = m.data.__type.fields.map((f: Any) => f.name);
      expect(names).toContain("insertIntodocCollection");
      expect(names).not.toEqual(expect.arrayContaining(["insertIntoreadonly_for_anonCollection"]));
      expect(names.filter((n: string) => n.includes("readonly_for_anon"))).toEqual([]);
      const body = await h.gql(
        `mutation { updatereadonly_for_anonCollection(set: {v: "x"}) { affectedCount } }`,
        {},
        { role: "anon" },
      );
      expect(body).toEqual({
        data: null,
        errors: [{ message: 'Unknown field "updatereadonly_for_anonCollection" on type Mutation' }],
      });
      expect((await h.gql(`{ readonly_for_anonCollection { edges { cursor } } }`, {}, { role: "anon" })).data).toEqual({
        readonly_for_anonCollection: { edges: [] },
      });
    });
    it("column privileges remove fields from the type, filter and orderBy", async () => {
      const body = await h.gql(
        `{ partial_colsCollection { edges { node { id visible hidden } } } }`,
        {},
        { role: "anon" },
      );
      expect(body.errors).toEqual([{ message: "Unknown field 'hidden' on type 'partial_cols'" }]);
      const f = await h.gql(`{ __type(name: "partial_colsFilter") { inputFields { name } } }`, {}, { role: "anon" });
      expect(f.data.__type.inputFields.map((x: Any) => x.name)).toEqual([
        "id",
        "visible",
        "nodeId",
        "and",
        "or",
        "not",
      ]);
      const ok = await h.gql(`{ partial_colsCollection { edges { node { id visible } } } }`, {}, { role: "anon" });
      expect(ok.data.partial_colsCollection.edges).toEqual([{ node: { id: 1, visible: "v" } }]);
    });
    it("a role without any mutation entry gets Unknown type Mutation", async () => {
      // Creating a role needs a superuser: a project's owner on a server is not one.
      await h.superuser(`create role gql_reader nologin; grant gql_reader to ${h.owner()}`);
      await h.sql(`grant usage on schema public to gql_reader; grant select on secret to gql_reader`);
      const body = await h.gql(
        `mutation { insertIntosecretCollection(objects: [{id: 2}]) { affectedCount } }`,
        {},
        { role: "gql_reader" },
      );
      expect(body).toEqual({ data: null, errors: [{ message: "Unknown type Mutation" }] });
      await h.superuser(`drop owned by gql_reader; drop role gql_reader`).catch(() => undefined);
    });
  });

  describe("schema cache invalidation", () => {
    it("a table created after a request appears on the next request", async () => {
      expect((await h.gql(`{ fresh_tableCollection { edges { cursor } } }`)).errors[0].message).toBe(
        'Unknown field "fresh_tableCollection" on type Query',
      );
      await h.sql(`create table fresh_table (id int primary key); insert into fresh_table values (1)`);
      expect((await h.gql(`{ fresh_tableCollection { edges { node { id } } } }`)).data).toEqual({
        fresh_tableCollection: { edges: [{ node: { id: 1 } }] },
      });
    });
    it("COMMENT directives apply on the next request", async () => {
      await h.sql(`comment on table fresh_table is e'@graphql({"name": "Fresh", "totalCount": {"enabled": true}})'`);
      expect((await h.gql(`{ freshCollection { totalCount } }`)).data).toEqual({ freshCollection: { totalCount: 1 } });
    });
    it("GRANT and REVOKE apply on the next request", async () => {
      await h.sql(`revoke all on fresh_table from anon`);
      expect((await h.gql(`{ freshCollection { totalCount } }`, {}, { role: "anon" })).errors[0].message).toBe(
        'Unknown field "freshCollection" on type Query',
      );
      await h.sql(`grant select on fresh_table to anon`);
      expect((await h.gql(`{ freshCollection { totalCount } }`, {}, { role: "anon" })).data).toEqual({
        freshCollection: { totalCount: 1 },
      });
    });
    it("dropping and adding columns apply on the next request", async () => {
      await h.sql(`alter table fresh_table add column label text default 'L'`);
      expect((await h.gql(`{ freshCollection { edges { node { label } } } }`)).data.freshCollection.edges).toEqual([
        { node: { label: "L" } },
      ]);
      await h.sql(`alter table fresh_table drop column label`);
      expect((await h.gql(`{ freshCollection { edges { node { label } } } }`)).errors[0].message).toBe(
        "Unknown field 'label' on type 'Fresh'",
      );
    });
    it("dropping the schema-version counter reinstalls it, and DDL keeps applying", async () => {
      // On a server the counter belongs to the server's superuser (the owner is none), which can drop it.
      await h.superuser(`drop schema if exists graphql cascade`);
      expect((await h.gql(`{ freshCollection { totalCount } }`)).data).toEqual({ freshCollection: { totalCount: 1 } });
      await h.sql(
        `comment on table fresh_table is e'@graphql({"name": "Refreshed", "totalCount": {"enabled": true}})'`,
      );
      expect((await h.gql(`{ refreshedCollection { totalCount } }`)).data).toEqual({
        refreshedCollection: { totalCount: 1 },
      });
      await h.sql(`comment on table fresh_table is e'@graphql({"name": "Fresh", "totalCount": {"enabled": true}})'`);
    });
    it("a bad directive fails every request without data", async () => {
      await h.sql(`comment on table fresh_table is e'@graphql({"max_rows": -1})'`);
      expect(await h.gql(`{ __typename }`)).toEqual({
        errors: [
          {
            message: "Error while loading schema, check comment directives. invalid value: integer `-1`, expected u64",
          },
        ],
      });
      await h.sql(`comment on table fresh_table is null`);
      expect(await h.gql(`{ __typename }`)).toEqual({ data: { __typename: "Query" } });
    });
  });

  describe("HTTP endpoint", () => {
    let server: http.Server;
    let base = "";
    let project: ProjectRecord;
    let app: EmulatorContext;
    beforeAll(async () => {
      const store = Store.open();
      app = new EmulatorContext({
        clock: new Clock(),
        store,
        db: h.manager(),
        accessToken: "management-token",
        settings: DEFAULT_SETTINGS,
        rateLimit: DEFAULT_RATE_LIMITS,
      });
      project = {
        ref: h.ref(),
        numericId: 1,
        name: "gql",
        organizationSlug: "org",
        region: "us-east-1",
        createdAtMs: Date.now(),
        readyAtMs: 0,
        dbPassHash: "x",
        jwtSecret: "super-secret-jwt-token-with-at-least-32-characters",
        publishableKey: newPublishableKey(Date.now()),
        secretKey: newSecretKey(Date.now()),
      };
      store.data.projects.push(project);
      server = http.createServer(createRequestHandler(app, new Router().add(...graphqlRoutes)));
      await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/project/${project.ref}/graphql/v1`;
    });
    afterAll(() => new Promise<void>((r) => server.close(() => r())));
    const post = async (
      headers: Record<string, string>,
      body: unknown = { query: "{ docCollection { edges { node { id } } } }" },
    ) => {
      const res = await fetch(base, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: await res.json() };
    };
    const ids = (b: Any) => b.data.docCollection.edges.map((e: Any) => e.node.id);

    it("rejects a missing API key with 401 JSON", async () => {
      expect(await post({})).toEqual({ status: 401, body: { message: "No API key found in request" } });
    });
    it("rejects an invalid API key with 401 JSON", async () => {
      expect(await post({ apikey: "nope" })).toEqual({ status: 401, body: { message: "Invalid API key" } });
      const foreign = signJwt({ role: "anon" }, "another-projects-secret-another-projects-secret");
      expect((await post({ apikey: foreign })).status).toBe(401);
    });
    it("the anon key runs as anon", async () => {
      const res = await post({ apiKey: signProjectJwt(project, "anon") });
      expect(res.status).toBe(200);
      expect(ids(res.body)).toEqual([2]);
    });
    it("the service_role key runs as service_role", async () => {
      expect(ids((await post({ apikey: signProjectJwt(project, "service_role") })).body)).toEqual([1, 2, 3, 4]);
    });
    it("a bearer user JWT runs as its role claim with its claims", async () => {
      const jwt = signJwt(
        { role: "authenticated", sub: BOB, exp: Math.floor(Date.now() / 1000) + 60 },
        project.jwtSecret,
      );
      const res = await post({ apikey: signProjectJwt(project, "anon"), authorization: `Bearer ${jwt}` });
      expect(ids(res.body)).toEqual([2, 4]);
    });
    it("rejects a bearer JWT with a bad signature or expired", async () => {
      const anon = signProjectJwt(project, "anon");
      const bad = signJwt({ role: "service_role" }, "wrong-secret-wrong-secret-wrong-secret");
      expect(await post({ apikey: anon, authorization: `Bearer ${bad}` })).toEqual({
        status: 401,
        body: { message: "Invalid JWT" },
      });
      const expired = signJwt({ role: "authenticated", sub: BOB, exp: 1 }, project.jwtSecret);
      expect((await post({ apikey: anon, authorization: `Bearer ${expired}` })).status).toBe(401);
    });
    it("GraphQL errors are 200 and requests are logged as graphql", async () => {
      const res = await post({ apikey: signProjectJwt(project, "service_role") }, { query: "{ dne }" });
      expect(res).toEqual({
        status: 200,
        body: { data: null, errors: [{ message: 'Unknown field "dne" on type Query' }] },
      });
      const log = app.log.list({ api: "graphql" });
      expect(log.at(-1)).toMatchObject({
        method: "POST",
        route: "POST /project/{ref}/graphql/v1",
        api: "graphql",
        status: 200,
      });
    });
    it("a non-JSON body is a 400 with a message", async () => {
      const res = await fetch(base, {
        method: "POST",
        headers: { apikey: signProjectJwt(project, "anon"), "content-type": "application/json" },
        body: "not json",
      });
      expect(res.status).toBe(400);
      expect(typeof ((await res.json()) as { message?: unknown }).message).toBe("string");
    });
  });
});
