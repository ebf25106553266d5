/**
 * The data functions through the plugin's `invoke` answer what the SDK's
 * functions answer, with the same reads of the API, and `getApiKeys` and
 * `getSecrets` are answered as secrets.
 */
import * as pulumi from "@pulumi/pulumi";
import * as supabase from "supabase-pulumi";
import { readyProject, type TestEmulator } from "../../../harness/emulator";
import { useEmulator } from "../../../harness/suite";
import { dataFunctions } from "../../../provider/plugin/functions";
import { isSecret, reveal } from "../../../provider/plugin/provider";
import { plugin } from "./entry-points";

let emu: TestEmulator;
let ref: string;
const saved = { ...process.env };

useEmulator({
  setup: async (started) => {
    emu = started;
    // The SDK's functions read the environment here; the plugin its Configure.
    process.env.SUPABASE_ACCESS_TOKEN = emu.accessToken;
    process.env.SUPABASE_API_URL = emu.apiUrl;
    process.env.SUPABASE_PROJECT_URL_TEMPLATE = emu.projectUrlTemplate;
    plugin.configure({ "supabase:config:accessToken": emu.accessToken, "supabase:config:apiUrl": emu.apiUrl });
    ({ ref } = await readyProject(emu, "fns", "Functions Org"));
    await emu.api("POST", `/v1/projects/${ref}/secrets`, [{ name: "ONE", value: "1" }]);
    await emu.api("POST", `/v1/projects/${ref}/functions`, {
      slug: "hello",
      name: "hello",
      body: "Deno.serve(() => new Response('x'))",
    });
    await emu.control("POST", `/projects/${ref}/network-bans`, { ipv4_addresses: ["203.0.113.9"] });
    await emu.api("POST", `/v1/projects/${ref}/branches`, { branch_name: "preview", git_branch: "feature/x" });
  },
  teardown: () => {
    process.env = saved;
  },
});

async function calls(): Promise<string[]> {
  const log = await emu.requests();
  await emu.clearRequests();
  return log.map((r) => r.route ?? `${r.method} ${r.path}`);
}

async function invoke(name: string, args: Record<string, unknown>): Promise<{ value: unknown; secret: boolean }> {
  const r = await plugin.invoke!(`supabase:index:${name}`, args);
  const out = (r.outputs as Record<string, unknown>)[dataFunctions[name].result.name];
  return { value: reveal(out), secret: isSecret(out) };
}

const cases: Array<[string, () => Record<string, unknown>, (args: never) => Promise<unknown>]> = [
  ["getProjects", () => ({}), () => supabase.getProjects()],
  ["getFunctions", () => ({ projectRef: ref }), (a) => supabase.getFunctions(a)],
  ["getBranches", () => ({ projectRef: ref }), (a) => supabase.getBranches(a)],
  ["getFunctionBody", () => ({ projectRef: ref, slug: "hello" }), (a) => supabase.getFunctionBody(a)],
  ["getNetworkBans", () => ({ projectRef: ref }), (a) => supabase.getNetworkBans(a)],
  ["getAdvisors", () => ({ projectRef: ref, type: "security", minLevel: "WARN" }), (a) => supabase.getAdvisors(a)],
  [
    "getTypescriptTypes",
    () => ({ projectRef: ref, includedSchemas: ["public"] }),
    (a) => supabase.getTypescriptTypes(a),
  ],
];

test.each(cases)("%s: the same answer and the same calls as the SDK's function", async (name, args, sdk) => {
  await emu.clearRequests();
  const expected = JSON.parse(JSON.stringify(await sdk(args() as never))) as unknown;
  const sdkCalls = await calls();
  const got = await invoke(name, args());
  expect(got).toEqual({ value: expected, secret: false });
  expect(await calls()).toEqual(sdkCalls);
  expect(sdkCalls.length).toBe(1);
});

test("getOrganizations answers each organization's id, name and slug", async () => {
  const expected = (await supabase.getOrganizations()).map((o) => ({ id: o.id, name: o.name, slug: o.slug }));
  expect((await invoke("getOrganizations", {})).value).toEqual(expected);
  expect(expected.map((o) => o.name)).toContain("Functions Org");
});

test("getApiKeys answers the keys with their values, the whole list as a secret", async () => {
  const sdk = await supabase.getApiKeys({ projectRef: ref });
  const got = await invoke("getApiKeys", { projectRef: ref });
  expect(got.secret).toBe(true);
  const keys = got.value as Array<{ name: string; apiKey: string }>;
  expect(keys.map((k) => k.name)).toEqual(sdk.map((k) => k.name));
  for (const k of keys) expect(k.apiKey.length).toBeGreaterThan(20);
});

test("getSecrets answers the names and digests the SDK answers, the whole list as a secret", async () => {
  await emu.clearRequests();
  const sdk = await supabase.getSecrets({ projectRef: ref });
  const sdkCalls = await calls();
  const got = await invoke("getSecrets", { projectRef: ref });
  expect(got.secret).toBe(true);
  expect(await calls()).toEqual(sdkCalls);
  const digests = await Promise.all(
    sdk.map((s) => new Promise<string>((resolve) => pulumi.output(s.digest).apply((d) => resolve(d)))),
  );
  expect(got.value).toEqual(sdk.map((s, i) => ({ name: s.name, digest: digests[i] })));
  expect(digests[0]).toMatch(/^[0-9a-f]{64}$/);
});

test("getPoolerConnectionString answers what the SDK answers, a secret only with the password", async () => {
  const sdk = await supabase.getPoolerConnectionString({ projectRef: ref });
  const cs = await new Promise<string>((resolve) => sdk.connectionString.apply(resolve));
  await emu.clearRequests();
  const plain = await invoke("getPoolerConnectionString", { projectRef: ref });
  expect(plain).toEqual({ value: { ...sdk, connectionString: cs }, secret: false });
  expect(await calls()).toEqual(["GET /v1/projects/{ref}/config/database/pooler"]);
  const withPassword = await invoke("getPoolerConnectionString", { projectRef: ref, password: "pw-1" });
  expect(withPassword.secret).toBe(true);
  expect((withPassword.value as { connectionString: string }).connectionString).toBe(
    cs.replace("[YOUR-PASSWORD]", "pw-1"),
  );
});

test("getAdvisors refuses an unknown type or level before any call", async () => {
  await emu.clearRequests();
  await expect(invoke("getAdvisors", { projectRef: ref, type: "speed" })).rejects.toThrow(
    "type: must be one of security, performance, all",
  );
  await expect(invoke("getAdvisors", { projectRef: ref, minLevel: "LOUD" })).rejects.toThrow(
    "minLevel: must be one of ERROR, WARN, INFO",
  );
  expect(await calls()).toEqual([]);
});
