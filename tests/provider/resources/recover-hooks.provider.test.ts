/**
 * The per-kind lookups of `supabase-pulumi recover` against the emulator:
 * what an interrupted create may have made, found by the identity its inputs
 * declare; objects the state already holds never match; several namesakes
 * all match (recover then stops and lists them).
 */
import * as runtime from "supabase-pulumi/runtime";
import type { CreatedObject, RecoverHook } from "../../../provider/kind";
import { registry, type ResourceKind } from "../../../provider/registry";
import { calls, useConfigProject } from "./config-helpers";

const ctx = useConfigProject("recover");

function lookup(kind: ResourceKind) {
  const hook = registry[kind].recover as RecoverHook;
  if (!hook || "adopts" in hook) throw new Error(`${kind} declares no lookup`);
  return (inputs: Record<string, unknown>, held: string[] = []): Promise<CreatedObject[]> =>
    hook.findCreated(inputs, new Set(held));
}

test("project: the organization's live project of this name that the state does not hold", async () => {
  const { emu, ref } = ctx;
  const org = ((await emu.api("GET", `/v1/projects/${ref}`)).body as { organization_id: string }).organization_id;
  const find = lookup("project");
  await emu.clearRequests();
  const found = await find({ organizationId: org, name: "recover" });
  expect(await calls(emu)).toEqual(["GET /v1/projects"]);
  expect(found).toEqual([expect.objectContaining({ id: ref, createdAt: expect.any(String) })]);
  expect(found[0].label).toContain('"recover"');
  // Held by a resource of the state: not a match; another name or organization: none.
  expect(await find({ organizationId: org, name: "recover" }, [ref])).toEqual([]);
  expect(await find({ organizationId: org, name: "other" })).toEqual([]);
  expect(await find({ organizationId: "no-such-org", name: "recover" })).toEqual([]);

  // A second namesake (a retried create): both match, with their creation times.
  const second = await emu.api("POST", "/v1/projects", {
    name: "recover",
    organization_id: org,
    region: "us-east-1",
    db_pass: "test-db-password-1234",
  });
  const both = await find({ organizationId: org, name: "recover" });
  expect(both.map((m) => m.id).sort()).toEqual([ref, second.body.id].sort());
  expect(both.every((m) => typeof m.createdAt === "string")).toBe(true);
  // Being deleted: no longer a match.
  await emu.advanceTime(10_000);
  expect((await emu.api("DELETE", `/v1/projects/${second.body.id}`)).status).toBeLessThan(300);
  expect((await find({ organizationId: org, name: "recover" })).map((m) => m.id)).toEqual([ref]);
});

test("organization: by name, less the ones the state holds", async () => {
  const { emu } = ctx;
  const org = (await emu.api("POST", "/v1/organizations", { name: "Interrupted Org" })).body as { id: string };
  const find = lookup("organization");
  expect((await find({ name: "Interrupted Org" })).map((m) => m.id)).toEqual([org.id]);
  expect(await find({ name: "Interrupted Org" }, [org.id])).toEqual([]);
  expect(await find({ name: "Never Made" })).toEqual([]);
});

test("apiKey: by type and name; its value is read for the record", async () => {
  const { ref } = ctx;
  const find = lookup("apiKey");
  const inputs = { projectRef: ref, type: "secret", name: "interrupted" };
  expect(await find(inputs)).toEqual([]);
  const made = await runtime.provider("apiKey").create(inputs);
  const found = await find(inputs);
  expect(found.map((m) => m.id)).toEqual([made.id]);
  expect(found[0].outputs).toMatchObject({ keyId: made.outs!.keyId, apiKey: made.outs!.apiKey, name: "interrupted" });
  expect(await find(inputs, [made.id])).toEqual([]);
  // Another type, or a publishable namesake: not a match.
  expect(await find({ ...inputs, type: "publishable" })).toEqual([]);
  const again = await runtime.provider("apiKey").create(inputs);
  expect((await find(inputs)).map((m) => m.id).sort()).toEqual([made.id, again.id].sort());
});

test("function and functions: by slug", async () => {
  const { emu, ref } = ctx;
  const fn = lookup("function");
  const inputs = { projectRef: ref, slug: "hello", source: "Deno.serve(() => new Response('hi'))" };
  expect(await fn(inputs)).toEqual([]);
  await runtime.provider("function").create(await checked("function", inputs));
  const found = await fn(inputs);
  expect(found).toEqual([expect.objectContaining({ id: `${ref}/hello`, createdAt: expect.any(String) })]);
  expect(await fn(inputs, [`${ref}/hello`])).toEqual([]);
  await emu.clearRequests();
  const set = lookup("functions");
  expect(await set({ projectRef: ref, __hashes: { hello: "x", other: "y" } })).toEqual([
    expect.objectContaining({ id: ref }),
  ]);
  expect(await calls(emu)).toEqual(["GET /v1/projects/{ref}/functions"]);
  expect(await set({ projectRef: ref, __hashes: { other: "y" } })).toEqual([]);
});

test("tableRows: the declared rows that exist are recorded as inserted", async () => {
  const { emu, ref } = ctx;
  await emu.api("POST", `/v1/projects/${ref}/database/query`, {
    query:
      "create table plans (code text primary key, price numeric(10,2) not null); insert into plans values ('free', 0);",
  });
  const find = lookup("tableRows");
  const inputs = await checked("tableRows", {
    projectRef: ref,
    table: "public.plans",
    rows: [
      { code: "free", price: "0" },
      { code: "pro", price: "25.00" },
    ],
  });
  const found = await find(inputs);
  expect(found).toHaveLength(1);
  expect(found[0].id).toBe(`${ref}/public.plans`);
  expect(found[0].label).toContain("1 of 2 declared rows");
  expect(found[0].outputs).toMatchObject({ rowCount: 1 });
  expect(await find(inputs, [`${ref}/public.plans`])).toEqual([]);
  await emu.api("POST", `/v1/projects/${ref}/database/query`, { query: "delete from plans" });
  expect(await find(inputs)).toEqual([]);
});

test("branch: the parent's branch of this name, by its own project ref", async () => {
  const { emu, ref } = ctx;
  const find = lookup("branch");
  const inputs = { projectRef: ref, name: "pr-9" };
  expect(await find(inputs)).toEqual([]);
  const made = await emu.api("POST", `/v1/projects/${ref}/branches`, { branch_name: "pr-9" });
  expect(made.status).toBe(201);
  await emu.clearRequests();
  const found = await find(inputs);
  expect(await calls(emu)).toEqual(["GET /v1/projects/{ref}/branches/{name}"]);
  expect(found).toEqual([expect.objectContaining({ id: made.body.project_ref, createdAt: expect.any(String) })]);
  expect(found[0].label).toContain('"pr-9"');
  expect(await find(inputs, [made.body.project_ref])).toEqual([]);
  expect(await find({ ...inputs, name: "pr-10" })).toEqual([]);
});

test("storageBucket: by name; the live settings are recorded, so no change follows when they are the declared", async () => {
  const { ref } = ctx;
  const find = lookup("storageBucket");
  const inputs = { projectRef: ref, name: "avatars", public: true, fileSizeLimit: "5MB" };
  expect(await find(inputs)).toEqual([]);
  const P = runtime.provider("storageBucket");
  const made = await P.create(await checked("storageBucket", inputs));
  const found = await find(inputs);
  expect(found).toEqual([expect.objectContaining({ id: `${ref}/avatars` })]);
  expect(found[0].outputs).toMatchObject({ public: true, fileSizeLimit: 5_000_000 });
  expect((await P.diff(made.id, found[0].outputs!, inputs)).changes).toBe(false);
  // Declared otherwise than it was made: the next up writes the difference.
  expect((await P.diff(made.id, found[0].outputs!, { ...inputs, public: false })).changes).toBe(true);
  expect(await find(inputs, [made.id])).toEqual([]);
  expect(await find({ ...inputs, name: "other" })).toEqual([]);
});

test("signingKey: the legacy secret by its route; a new key has no name, so every unheld key like it is a candidate", async () => {
  const { emu, ref } = ctx;
  const find = lookup("signingKey");
  const legacy = { projectRef: ref, legacy: true };
  expect(await find(legacy)).toEqual([]);
  const taken = await runtime.provider("signingKey").create(legacy);
  expect((await find(legacy)).map((m) => m.id)).toEqual([taken.id]);
  expect(await find(legacy, [taken.id])).toEqual([]);

  const inputs = { projectRef: ref, algorithm: "ES256", status: "standby" };
  expect(await find(inputs)).toEqual([]);
  const base = `/v1/projects/${ref}/config/auth/signing-keys`;
  const one = (await emu.api("POST", base, { algorithm: "ES256", status: "standby" })).body as { id: string };
  const found = await find(inputs);
  expect(found).toEqual([expect.objectContaining({ id: `${ref}/${one.id}`, createdAt: expect.any(String) })]);
  // The live status is recorded: declared in_use, the next up moves it.
  expect(found[0].outputs).toMatchObject({ signingKeyId: one.id, status: "standby", algorithm: "ES256" });
  // Another algorithm or status: not a candidate; a second one: both are, for the user to choose.
  expect(await find({ ...inputs, algorithm: "RS256" })).toEqual([]);
  await emu.api("POST", base, { algorithm: "RS256", status: "standby" });
  const two = (await emu.api("POST", base, { algorithm: "ES256", status: "standby" })).body as { id: string };
  expect((await find(inputs)).map((m) => m.id).sort()).toEqual([`${ref}/${one.id}`, `${ref}/${two.id}`].sort());
  expect((await find(inputs, [`${ref}/${one.id}`])).map((m) => m.id)).toEqual([`${ref}/${two.id}`]);
  // A new key is only ever a candidate (recover asks); the legacy secret and a keyId are certain.
  const hook = registry.signingKey.recover as Extract<RecoverHook, { findCreated: unknown }>;
  expect([inputs, legacy, { projectRef: ref, keyId: two.id }].map((i) => hook.uncertain?.(i))).toEqual([
    true,
    false,
    false,
  ]);
  // keyId: that key, as create would adopt it.
  expect((await find({ projectRef: ref, keyId: two.id })).map((m) => m.id)).toEqual([`${ref}/${two.id}`]);
});

test("every kind declares its recovery; every other kind adopts, with the reason recover prints", () => {
  const lookups = [
    "organization",
    "project",
    "apiKey",
    "function",
    "functions",
    "tableRows",
    "branch",
    "storageBucket",
    "signingKey",
    "readReplica",
  ];
  const hooks = Object.entries(registry).map(
    ([kind, def]) => [kind, (def as { recover?: RecoverHook }).recover] as const,
  );
  // A new kind passes its hook as defineKind's third argument (see provider/kind.ts, RecoverHook).
  expect(hooks.filter(([, h]) => !h).map(([k]) => k)).toEqual([]);
  for (const [kind, hook] of hooks) {
    if (lookups.includes(kind)) expect("findCreated" in hook!).toBe(true);
    else expect((hook as { adopts: string }).adopts.length).toBeGreaterThan(30);
  }
});

async function checked(kind: ResourceKind, inputs: Record<string, unknown>) {
  const r = await runtime.provider(kind).check({}, inputs);
  expect(r.failures ?? []).toEqual([]);
  return r.inputs!;
}
