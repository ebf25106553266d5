/** ApiKey provider methods against the emulator, with the API footprint from the request log. */
import * as runtime from "supabase-pulumi/runtime";
import { calls, expectRefused, useConfigProject } from "./config-helpers";

const ctx = useConfigProject("keys");
const P = () => runtime.provider("apiKey");
const LIST = "GET /v1/projects/{ref}/api-keys";
const POST = "POST /v1/projects/{ref}/api-keys";
const PATCH = "PATCH /v1/projects/{ref}/api-keys/{id}";
const DELETE = "DELETE /v1/projects/{ref}/api-keys/{id}";

interface ListedKey {
  id: string;
  name: string;
  type: string;
  description: string | null;
  api_key: string;
}
const listed = async (): Promise<ListedKey[]> => (await ctx.emu.api("GET", `/v1/projects/${ctx.ref}/api-keys`)).body;

async function graphql(apiKey: string, query: string) {
  const url = `${ctx.emu.projectUrlTemplate.replace("{ref}", ctx.ref)}/graphql/v1`;
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", apiKey },
    body: JSON.stringify({ query }),
  });
  return { status: res.status, body: (await res.json()) as { data?: unknown; errors?: unknown } };
}

test("create is 1 POST with the value revealed once; the secret key works on the GraphQL API", async () => {
  const { emu, ref } = ctx;
  const { id, outs } = await P().create({ projectRef: ref, type: "secret", name: "ci_deploy", description: "CI" });
  expect(await calls(emu)).toEqual([POST]);
  expect(outs).toMatchObject({ projectRef: ref, type: "secret", name: "ci_deploy", description: "CI" });
  expect(outs!.apiKey).toMatch(/^sb_secret_[\w-]{20,}$/);
  expect(id).toBe(`${ref}/${outs!.keyId}`);
  expect(outs!.prefix).toBe((outs!.apiKey as string).slice(0, (outs!.prefix as string).length));
  // The list masks it: the create answer was the one chance to read it.
  const live = (await listed()).find((k) => k.id === outs!.keyId)!;
  expect(live.api_key).not.toBe(outs!.apiKey);

  await emu.api("POST", `/v1/projects/${ref}/database/query`, {
    query: "create table notes (id int primary key, body text); insert into notes values (1, 'hello');",
  });
  const ok = await graphql(outs!.apiKey, "{ notesCollection { edges { node { body } } } }");
  expect(ok).toEqual({
    status: 200,
    body: { data: { notesCollection: { edges: [{ node: { body: "hello" } }] } } },
  });
  expect((await graphql("sb_secret_not-a-key-of-this-project", "{ __typename }")).status).toBe(401);

  const pub = await P().create({ projectRef: ref, type: "publishable", name: "web_app" });
  expect(pub.outs!.apiKey).toMatch(/^sb_publishable_/);
  expect((await graphql(pub.outs!.apiKey, "{ __typename }")).status).toBe(200);
});

test("no-op refresh, in-place rename, drift when renamed or deleted out of band, destroy", async () => {
  const { emu, ref } = ctx;
  const inputs = { projectRef: ref, type: "secret", name: "backend", description: "server" };
  const { id, outs } = await P().create(inputs);

  await emu.clearRequests();
  const read = await P().read(id, outs!);
  expect(await calls(emu)).toEqual([LIST]);
  expect(read.props).toEqual(outs);
  expect(await P().diff(id, read.props!, inputs)).toMatchObject({ changes: false, replaces: [] });

  // Renamed and redescribed in place: one PATCH, the value is kept.
  const renamed = { ...inputs, name: "backend_v2", description: "server, v2" };
  expect(await P().diff(id, outs!, renamed)).toMatchObject({ changes: true, replaces: [] });
  await emu.clearRequests();
  const { outs: after } = await P().update(id, outs!, renamed);
  expect(await calls(emu)).toEqual([PATCH]);
  expect(after).toMatchObject({ name: "backend_v2", description: "server, v2", apiKey: outs!.apiKey });
  expect((await listed()).find((k) => k.id === outs!.keyId)).toMatchObject({ name: "backend_v2" });

  // Renamed out of band: refresh names it, diff shows a change, update writes the name back.
  await emu.api("PATCH", `/v1/projects/${ref}/api-keys/${outs!.keyId}`, { name: "someone_else" });
  runtime.resetContexts();
  const drifted = await P().read(id, after!);
  expect(drifted.props).toMatchObject({ name: "someone_else", drift: { changed: ["name"] } });
  expect(await P().diff(id, drifted.props!, renamed)).toMatchObject({ changes: true, replaces: [] });
  await emu.clearRequests();
  const { outs: restored } = await P().update(id, drifted.props!, renamed);
  expect(await calls(emu)).toEqual([PATCH]);
  expect(restored!.drift).toBeUndefined();
  expect((await listed()).find((k) => k.id === outs!.keyId)).toMatchObject({ name: "backend_v2" });

  // A type change replaces; so does another project.
  expect(await P().diff(id, restored!, { ...renamed, type: "publishable" })).toMatchObject({ replaces: ["type"] });

  await emu.clearRequests();
  await P().delete(id, restored!);
  expect(await calls(emu)).toEqual([DELETE]);
  expect((await listed()).some((k) => k.id === outs!.keyId)).toBe(false);
  // Deleted out of band (here: already gone): refresh shows it deleted, destroy is still fine.
  runtime.resetContexts();
  expect((await P().read(id, restored!)).id).toBe("");
  await P().delete(id, restored!);
});

test("refreshes of many keys of one project share one list call", async () => {
  const { emu, ref } = ctx;
  const created = [];
  for (let i = 0; i < 5; i++)
    created.push(await P().create({ projectRef: ref, type: "publishable", name: `app_${i}` }));
  runtime.resetContexts();
  await emu.clearRequests();
  const reads = await Promise.all(created.map((c) => P().read(c.id, c.outs!)));
  expect(reads.map((r) => r.id)).toEqual(created.map((c) => c.id));
  expect(await calls(emu)).toEqual([LIST]);
});

test("adoption takes over the key of that type and name, and refuses when two share it", async () => {
  const { emu, ref } = ctx;
  const made = await emu.api("POST", `/v1/projects/${ref}/api-keys?reveal=true`, { type: "secret", name: "legacy_ci" });
  await emu.clearRequests();
  const { id, outs } = await P().create({
    projectRef: ref,
    type: "secret",
    name: "legacy_ci",
    description: "adopted",
    adopt: true,
  });
  expect(await calls(emu)).toEqual([LIST, PATCH]);
  expect(id).toBe(`${ref}/${made.body.id}`);
  expect(outs!.apiKey).toBe(made.body.api_key);
  expect((await listed()).filter((k) => k.name === "legacy_ci")).toHaveLength(1);

  await emu.api("POST", `/v1/projects/${ref}/api-keys`, { type: "secret", name: "legacy_ci" });
  await expect(P().create({ projectRef: ref, type: "secret", name: "legacy_ci", adopt: true })).rejects.toMatchObject({
    code: "AMBIGUOUS",
  });
});

test("a POST reset after the server acted is settled by a lookup, not a second key", async () => {
  const { emu, ref } = ctx;
  await emu.addFault({ method: "POST", path: "/v1/projects/{ref}/api-keys", reset: "after", times: 1 });
  const { outs } = await P().create({ projectRef: ref, type: "secret", name: "flaky_net" });
  const c = await calls(emu);
  expect(c.filter((x) => x === POST)).toHaveLength(1);
  expect((await listed()).filter((k) => k.name === "flaky_net")).toHaveLength(1);
  expect(outs!.apiKey).toMatch(/^sb_secret_/);
});

test("bad inputs are refused at check, naming the field", async () => {
  const ref = ctx.ref;
  await expectRefused(ctx.emu, "apiKey", [
    [{ projectRef: "X", type: "secret", name: "good_name" }, "projectRef"],
    [{ projectRef: ref, type: "legacy", name: "good_name" }, "type"],
    [{ projectRef: ref, type: "secret", name: "Bad-Name" }, "name"],
    [{ projectRef: ref, type: "secret", name: "abc" }, "name"],
    [{ projectRef: ref, type: "secret", name: "good_name", description: 5 }, "description"],
    [{ projectRef: ref, type: "secret", name: "good_name", secretJwtTemplate: { role: "root" } }, "secretJwtTemplate"],
    [
      { projectRef: ref, type: "publishable", name: "good_name", secretJwtTemplate: { role: "anon" } },
      "secretJwtTemplate",
    ],
    [{ projectRef: ref, type: "secret", name: "good_name", adopt: "yes" }, "adopt"],
    [{ projectRef: ref, type: "secret", name: "good_name", value: "x" }, "value"],
  ]);
});
