/**
 * LegacyApiKeys provider methods against the emulator, with the API footprint
 * from the request log; while off, the project's GraphQL API refuses the
 * legacy keys and still takes the publishable and secret ones.
 */
import * as runtime from "supabase-pulumi/runtime";
import { readyProject, type ReadyProject } from "../../../harness/emulator";
import { calls, expectRefused, useConfigProject } from "./config-helpers";

const ctx = useConfigProject("legacy");
const P = () => runtime.provider("legacyApiKeys");
const GET_PROJECT = "GET /v1/projects/{ref}";
const GET = "GET /v1/projects/{ref}/api-keys/legacy";
const PUT = "PUT /v1/projects/{ref}/api-keys/legacy";

async function graphql(p: ReadyProject, key: string): Promise<{ status: number; body: any }> {
  const res = await fetch(p.graphqlUrl, {
    method: "POST",
    headers: { apikey: key, "content-type": "application/json" },
    body: JSON.stringify({ query: "{ __typename }" }),
  });
  return { status: res.status, body: await res.json() };
}

test("turning the legacy keys off refuses them on GraphQL; drift, adoption and restore on destroy", async () => {
  const { emu } = ctx;
  const p = await readyProject(emu, "legacy-gql");
  const keys = (await emu.api("GET", `/v1/projects/${p.ref}/api-keys?reveal=true`)).body as any[];
  const publishable = keys.find((k) => k.type === "publishable").api_key as string;
  const secret = keys.find((k) => k.type === "secret").api_key as string;
  expect((await graphql(p, p.anonKey)).status).toBe(200);

  await emu.clearRequests();
  const declared = { projectRef: p.ref, enabled: false };
  const { id, outs } = await P().create(declared);
  expect(await calls(emu)).toEqual([GET_PROJECT, GET, PUT]);
  expect(outs!.previous).toEqual({ enabled: true });
  for (const key of [p.anonKey, p.serviceKey])
    expect(await graphql(p, key)).toEqual({ status: 401, body: { message: "Legacy API keys are disabled" } });
  for (const key of [publishable, secret]) expect((await graphql(p, key)).status).toBe(200);

  await emu.clearRequests();
  const read = await P().read(id, outs!);
  expect(await calls(emu)).toEqual([GET]);
  expect(read.props!.drift).toBeUndefined();

  // Turned on again out of band: drift, and update turns them off again.
  await emu.api("PUT", `/v1/projects/${p.ref}/api-keys/legacy?enabled=true`);
  const drifted = await P().read(id, outs!);
  expect(drifted.props!.drift).toEqual({ changed: ["enabled"] });
  expect((await P().diff(id, drifted.props!, declared)).changes).toBe(true);
  await emu.clearRequests();
  await P().update(id, drifted.props!, declared);
  expect(await calls(emu)).toEqual([GET_PROJECT, GET, PUT]);

  // Adopting what is already set writes nothing.
  await emu.clearRequests();
  await P().create(declared);
  expect(await calls(emu)).toEqual([GET_PROJECT, GET]);

  // Destroy restores the keys by default.
  await emu.clearRequests();
  await P().delete(id, outs!);
  expect(await calls(emu)).toEqual([GET_PROJECT, GET, PUT]);
  expect((await emu.api("GET", `/v1/projects/${p.ref}/api-keys/legacy`)).body).toEqual({ enabled: true });
  expect((await graphql(p, p.anonKey)).status).toBe(200);
});

test("bad inputs are refused at check, naming the field", async () => {
  await expectRefused(ctx.emu, "legacyApiKeys", [
    [{ projectRef: "x", enabled: false }, "projectRef"],
    [{ projectRef: ctx.ref }, "enabled"],
    [{ projectRef: ctx.ref, enabled: "no" }, "enabled"],
    [{ projectRef: ctx.ref, enabled: false, anon: false }, "anon"],
  ]);
});
