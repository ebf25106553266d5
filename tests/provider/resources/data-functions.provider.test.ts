/**
 * The SDK's data functions, against the emulator. They read the same
 * configuration as the resources (here: the SUPABASE_* environment) and never
 * change anything: the request log shows reads only.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import * as supabase from "supabase-pulumi";
import { readyProject, startTestEmulator } from "../../../harness/emulator";
import { useEmulator } from "../../../harness/suite";

type Emu = Awaited<ReturnType<typeof startTestEmulator>>;
let emu: Emu;
let ref: string;
const saved = { ...process.env };

useEmulator({
  setup: async (started) => {
    emu = started;
    process.env.SUPABASE_ACCESS_TOKEN = emu.accessToken;
    process.env.SUPABASE_API_URL = emu.apiUrl;
    process.env.SUPABASE_PROJECT_URL_TEMPLATE = emu.projectUrlTemplate;
    ({ ref } = await readyProject(emu, "fns", "Functions Org"));
    await emu.api("POST", `/v1/projects/${ref}/secrets`, [{ name: "ONE", value: "1" }]);
    await emu.api("POST", `/v1/projects/${ref}/functions`, {
      slug: "hello",
      name: "hello",
      body: "Deno.serve(() => new Response('x'))",
    });
    await emu.control("POST", `/projects/${ref}/network-bans`, { ipv4_addresses: ["203.0.113.9"] });
    await emu.api("POST", `/v1/projects/${ref}/database/query`, {
      query:
        "create type mood as enum ('ok', 'sad'); create table notes (id bigint generated always as identity primary key, body text not null, mood mood);",
    });
  },
  teardown: () => {
    process.env = saved;
  },
});

test("each function reads what the service reports, without writing", async () => {
  await emu.clearRequests();
  expect((await supabase.getOrganizations()).map((o) => o.name)).toContain("Functions Org");
  expect((await supabase.getProjects()).map((p) => p.id)).toContain(ref);
  const secrets = await supabase.getSecrets({ projectRef: ref });
  expect(secrets.map((s) => s.name)).toEqual(["ONE"]);
  // The digest is a secret, as Secret.digest is: an unsalted SHA-256 of "1" gives the value away.
  expect(await pulumi.isSecret(secrets[0].digest)).toBe(true);
  expect(await new Promise((resolve) => secrets[0].digest.apply(resolve))).toBe(
    "6b86b273ff34fce19d6b804eff5a3f5747ada4eaa22f1d49c01e52ddb7875b4b",
  );
  expect((await supabase.getFunctions({ projectRef: ref })).map((f) => f.slug)).toEqual(["hello"]);
  expect(await supabase.getFunctionBody({ projectRef: ref, slug: "hello" })).toBe(
    "Deno.serve(() => new Response('x'))",
  );
  expect(await supabase.getNetworkBans({ projectRef: ref })).toEqual(["203.0.113.9"]);
  const methods = (await emu.requests()).filter((r) => r.api === "management").map((r) => r.method);
  // The bans are read through the service's POST …/retrieve, which changes nothing.
  expect(methods.filter((m) => m !== "GET")).toEqual(["POST"]);
});

test("network bans are removed with the exported client (the documented one-line script)", async () => {
  await emu.control("POST", `/projects/${ref}/network-bans`, { ipv4_addresses: ["198.51.100.4", "198.51.100.5"] });
  // The documented script loads the client by package name.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { createClientFromEnv } = require("supabase-pulumi/client") as typeof import("../../../provider/client");
  await createClientFromEnv().removeNetworkBans(ref, ["198.51.100.4", "203.0.113.9"]);
  expect(await supabase.getNetworkBans({ projectRef: ref })).toEqual(["198.51.100.5"]);
});

test("getTypescriptTypes generates from the live catalog and can write a file, only when it changed", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "types-"));
  const file = path.join(dir, "gen", "database.ts");
  const types = await supabase.getTypescriptTypes({ projectRef: ref, outputFile: file });
  expect(types).toContain("export type Database");
  expect(types).toMatch(/notes:\s*\{/);
  expect(types).toMatch(/mood: "ok" \| "sad"/);
  expect(fs.readFileSync(file, "utf8")).toBe(types);
  const mtime = fs.statSync(file).mtimeMs;
  await new Promise((r) => setTimeout(r, 20));
  await supabase.getTypescriptTypes({ projectRef: ref, outputFile: file });
  expect(fs.statSync(file).mtimeMs).toBe(mtime);
  fs.rmSync(dir, { recursive: true, force: true });
});

test("Output variants take Inputs and resolve to the same values", async () => {
  const out = supabase.getSecretsOutput({ projectRef: Promise.resolve(ref) });
  expect(await pulumi.isSecret(out)).toBe(true);
  const value = await new Promise((resolve) => out.apply(resolve));
  expect(value).toEqual([{ name: "ONE", digest: expect.stringMatching(/^[0-9a-f]{64}$/) }]);
});

test("getApiKeys answers every key, legacy and new, each value a secret; one read, nothing written", async () => {
  const created = await emu.api("POST", `/v1/projects/${ref}/api-keys?reveal=true`, { type: "secret", name: "ci_key" });
  await emu.clearRequests();
  const keys = await supabase.getApiKeys({ projectRef: ref });
  const calls = (await emu.requests()).filter((r) => r.api === "management").map((r) => r.route);
  expect(calls).toEqual(["GET /v1/projects/{ref}/api-keys"]);
  expect(keys.map((k) => [k.name, k.type])).toEqual(
    expect.arrayContaining([
      ["anon", "legacy"],
      ["service_role", "legacy"],
      ["default", "publishable"],
      ["default", "secret"],
      ["ci_key", "secret"],
    ]),
  );
  const reveal = (o: pulumi.Output<string>) => new Promise<string>((resolve) => o.apply(resolve));
  for (const k of keys) expect(await pulumi.isSecret(k.apiKey)).toBe(true);
  const ci = keys.find((k) => k.name === "ci_key")!;
  // Revealed: the secret key's value is usable, not the mask the list shows by default.
  expect(await reveal(ci.apiKey)).toBe(created.body.api_key);
  const anon = keys.find((k) => k.name === "anon")!;
  expect((await reveal(anon.apiKey)).split(".")).toHaveLength(3);

  const out = supabase.getApiKeysOutput({ projectRef: Promise.resolve(ref) });
  expect(await pulumi.isSecret(out)).toBe(true);
  const listed = await new Promise<Array<{ name: string; apiKey: string }>>((resolve) => out.apply(resolve));
  expect(listed.find((k) => k.name === "ci_key")!.apiKey).toBe(created.body.api_key);
});

test("getBranches answers the project's branches with their own refs; one read, nothing written", async () => {
  expect(await supabase.getBranches({ projectRef: ref })).toEqual([]);
  const created = await emu.api("POST", `/v1/projects/${ref}/branches`, { branch_name: "pr-7", git_branch: "pr/7" });
  expect(created.status).toBe(201);
  await emu.clearRequests();
  const branches = await supabase.getBranches({ projectRef: ref });
  const calls = (await emu.requests()).filter((r) => r.api === "management").map((r) => r.route);
  expect(calls).toEqual(["GET /v1/projects/{ref}/branches"]);
  const pr = branches.find((b) => b.name === "pr-7")!;
  expect(pr).toMatchObject({ parent_project_ref: ref, git_branch: "pr/7", is_default: false });
  expect(pr.project_ref).toMatch(/^[a-z]{20}$/);
  expect(pr.project_ref).not.toBe(ref);
  const out = supabase.getBranchesOutput({ projectRef: Promise.resolve(ref) });
  const listed = await new Promise<Array<{ name: string }>>((resolve) => out.apply(resolve));
  expect(listed.map((b) => b.name)).toEqual(branches.map((b) => b.name));
  await emu.api("DELETE", `/v1/branches/${pr.project_ref}`);
});

test("getPoolerConnectionString: the pooler's details; with the password filled in, a secret", async () => {
  await emu.clearRequests();
  const reveal = (o: pulumi.Output<string>) => new Promise<string>((resolve) => o.apply(resolve));
  const plain = await supabase.getPoolerConnectionString({ projectRef: ref });
  expect(plain).toMatchObject({ port: 6543, user: `postgres.${ref}`, database: "postgres", databaseType: "PRIMARY" });
  expect(await pulumi.isSecret(plain.connectionString)).toBe(false);
  expect(await reveal(plain.connectionString)).toContain("[YOUR-PASSWORD]");

  const withPassword = await supabase.getPoolerConnectionString({ projectRef: ref, password: "p@ss word" });
  expect(await pulumi.isSecret(withPassword.connectionString)).toBe(true);
  expect(await reveal(withPassword.connectionString)).toBe(
    `postgresql://postgres.${ref}:p%40ss%20word@${plain.host}:6543/postgres`,
  );
  const session = await supabase.getPoolerConnectionString({ projectRef: ref, poolMode: "session" });
  expect([session.port, session.poolMode]).toEqual([5432, "session"]);
  expect(await reveal(session.connectionString)).toContain(`${plain.host}:5432/postgres`);
  await expect(supabase.getPoolerConnectionString({ projectRef: ref, databaseType: "READ_REPLICA" })).rejects.toThrow(
    /no READ_REPLICA pooler/,
  );

  const out = supabase.getPoolerConnectionStringOutput({ projectRef: Promise.resolve(ref), password: "pw" });
  expect(await pulumi.isSecret(out)).toBe(true);
  const calls = (await emu.requests()).filter((r) => r.api === "management").map((r) => r.route);
  expect(new Set(calls)).toEqual(new Set(["GET /v1/projects/{ref}/config/database/pooler"]));
  expect(calls).toHaveLength(5);
});

test("getAdvisors answers the lints of the live database, filtered by type and level, most severe first", async () => {
  await emu.api("POST", `/v1/projects/${ref}/database/query`, {
    query:
      "create table open_notes (id int primary key); create table fk_notes (id int primary key, n bigint references notes (id));",
  });
  await emu.clearRequests();
  const all = await supabase.getAdvisors({ projectRef: ref });
  const routes = (await emu.requests()).filter((r) => r.api === "management").map((r) => r.route);
  expect(routes.sort()).toEqual([
    "GET /v1/projects/{ref}/advisors/performance",
    "GET /v1/projects/{ref}/advisors/security",
  ]);
  const keys = all.map((l) => l.cache_key);
  expect(keys).toEqual(
    expect.arrayContaining([
      "rls_disabled_in_public_public_open_notes",
      "unindexed_foreign_keys_public_fk_notes_fk_notes_n_fkey",
    ]),
  );
  const order = ["ERROR", "WARN", "INFO"];
  expect(all.map((l) => order.indexOf(l.level))).toEqual([...all.map((l) => order.indexOf(l.level))].sort());

  const errors = await supabase.getAdvisors({ projectRef: ref, type: "security", minLevel: "ERROR" });
  expect(errors.length).toBeGreaterThan(0);
  expect(errors.every((l) => l.level === "ERROR" && l.categories.includes("SECURITY"))).toBe(true);
  const perf = await supabase.getAdvisors({ projectRef: ref, type: "performance" });
  expect(perf.map((l) => l.cache_key)).toContain("unindexed_foreign_keys_public_fk_notes_fk_notes_n_fkey");
  expect(perf.every((l) => l.categories.includes("PERFORMANCE"))).toBe(true);
  const out = supabase.getAdvisorsOutput({ projectRef: Promise.resolve(ref), minLevel: "ERROR" });
  const viaOutput = await new Promise<Array<{ level: string }>>((resolve) => out.apply(resolve));
  expect(viaOutput.every((l) => l.level === "ERROR")).toBe(true);
  await expect(supabase.getAdvisors({ projectRef: ref, type: "speed" as never })).rejects.toThrow(
    "type: must be one of",
  );
});
