/**
 * Project settings on the real engine: for every resource, up → clean preview
 * → out-of-band change → refresh reports drift → up restores → destroy; API
 * budgets from the emulator's request log; no secret in state or output; the
 * custom-hostname activation under injected 429s.
 */
import * as pulumi from "@pulumi/pulumi";
import * as supabase from "supabase-pulumi";
import { useEmulator } from "../../harness/suite";
import { cleanup, emulatorStack, managementCalls, type TestEmulator } from "./helpers";

const DB_PASS = "settings-e2e-db-pass-77ab";
const SECRET_VALUE = "secret-value-5be1c0de";
const MAP_VALUE = "map-value-0c7f4a11";
const ROOT_KEY = "5e".repeat(32);
const FUNCTION_SOURCE = "Deno.serve(() => new Response('hello from e2e'))";

let emu: TestEmulator;
const dirs: string[] = [];
const captured: string[] = [];

useEmulator({
  setup: (started) => {
    emu = started;
  },
  beforeEach: async (e) => {
    await e.reset();
    await e.setSettings({ hostnameAutoVerifyMs: 300, restrictionsApplyDelayMs: 300 } as any);
  },
  teardown: () => {
    for (const d of dirs) cleanup(d);
  },
});

function baseProject() {
  const org = new supabase.Organization("org", { name: "Settings Org" });
  const project = new supabase.Project("project", {
    name: "settings",
    organizationId: org.organizationId,
    region: "eu-west-2",
    dbPass: DB_PASS,
  });
  return project;
}

function everySetting(opts: { hostnameActivate?: boolean } = {}) {
  return async () => {
    const cfg = new pulumi.Config("e2e");
    const project = baseProject();
    const ref = project.ref;
    const secret = new supabase.Secret("secret", {
      projectRef: ref,
      name: "API_TOKEN",
      value: cfg.get("secretValue") ?? SECRET_VALUE,
    });
    const map = new supabase.Secrets("map", {
      projectRef: ref,
      secrets: { MAP_ONE: MAP_VALUE, MAP_TWO: `${MAP_VALUE}-2` },
    });
    const fn = new supabase.Function("fn", {
      projectRef: ref,
      slug: "hello",
      source: FUNCTION_SOURCE,
      verifyJwt: false,
    });
    const host = new supabase.CustomHostname("host", {
      projectRef: ref,
      hostname: "api.example.com",
      activate: opts.hostnameActivate ?? true,
      activationTimeoutSeconds: 120,
    });
    const key = new supabase.Pgsodium("key", { projectRef: ref, rootKey: ROOT_KEY, acknowledgeDataLoss: true });
    const net = new supabase.NetworkRestriction("net", {
      projectRef: ref,
      dbAllowedCidrs: ["10.1.2.3/8", "192.168.0.0/16"],
      dbAllowedCidrsV6: ["2001:DB8::/32"],
    });
    return {
      ref,
      secretDigest: secret.digest,
      mapNames: map.names,
      fnVersion: fn.version,
      hostStatus: host.status,
      dnsRecords: host.dnsRecords,
      rootKey: key.rootKey,
      cidrs: net.dbAllowedCidrs,
    };
  };
}

const onOutput = (o: string) => void captured.push(o);

test("every resource: up, clean preview, out-of-band change is drift, up restores, destroy", async () => {
  const s = await emulatorStack(emu, everySetting());
  dirs.push(s.dir);
  const up = await s.stack.up({ parallel: 8, onOutput });
  expect(up.summary.result).toBe("succeeded");
  const ref = up.outputs.ref.value as string;
  expect(up.outputs.hostStatus.value).toBe("5_services_reconfigured");
  expect(up.outputs.cidrs.value).toEqual(["10.0.0.0/8", "192.168.0.0/16"]);
  const records = up.outputs.dnsRecords.value as Array<{ type: string; name: string }>;
  expect(records.map((r) => r.type)).toContain("CNAME");
  await s.stack.preview({ expectNoChanges: true, onOutput });

  // A no-op up of the whole stack makes no management call.
  await emu.clearRequests();
  await s.stack.up({ parallel: 8, onOutput });
  expect(await managementCalls(emu)).toEqual([]);

  const outOfBand: Array<[string, () => Promise<unknown>]> = [
    [
      "Secret",
      () => emu.api("POST", `/v1/projects/${ref}/secrets`, [{ name: "API_TOKEN", value: "changed elsewhere" }]),
    ],
    ["Secrets", () => emu.api("DELETE", `/v1/projects/${ref}/secrets`, ["MAP_TWO"])],
    [
      "Function",
      () =>
        emu.api("PATCH", `/v1/projects/${ref}/functions/hello`, { body: "Deno.serve(() => new Response('tampered'))" }),
    ],
    ["CustomHostname", () => emu.api("DELETE", `/v1/projects/${ref}/custom-hostname`)],
    ["Pgsodium", () => emu.api("PUT", `/v1/projects/${ref}/pgsodium`, { root_key: "7f".repeat(32) })],
    [
      "NetworkRestriction",
      () =>
        emu.api("POST", `/v1/projects/${ref}/network-restrictions/apply`, {
          dbAllowedCidrs: ["0.0.0.0/0"],
          dbAllowedCidrsV6: ["::/0"],
        }),
    ],
  ];
  for (const [type, change] of outOfBand) {
    const res: any = await change();
    expect(res.status).toBeLessThan(300);
    await emu.advanceTime(5_000); // let stored restrictions apply
    const drift = await s.cli(["refresh", "--preview-only", "--expect-no-changes"]);
    captured.push(drift.stdout, drift.stderr);
    expect(drift.code).toBe(7);
    expect(drift.stdout).toContain(`supabase:${type}`);
    const restore = await s.stack.up({ refresh: true, parallel: 8, onOutput });
    expect(restore.summary.result).toBe("succeeded");
    const clean = await s.cli(["refresh", "--preview-only", "--expect-no-changes"]);
    if (clean.code !== 0) throw new Error(`after restoring ${type}, refresh still reports drift:\n${clean.stdout}`);
  }
  expect((await emu.api("GET", `/v1/projects/${ref}/pgsodium`)).body.root_key).toBe(ROOT_KEY);
  expect((await emu.api("GET", `/v1/projects/${ref}/functions/hello/body`)).body).toBe(FUNCTION_SOURCE);

  // Secrets stay secret: nothing plaintext in the CLI's export or any output.
  const exported = await s.cli(["stack", "export"]);
  captured.push(exported.stdout);
  const everything = captured.join("\n");
  for (const secret of [DB_PASS, SECRET_VALUE, MAP_VALUE, ROOT_KEY, emu.accessToken])
    expect(everything).not.toContain(secret);

  // Destroy restores allow-all before the project itself goes.
  await emu.clearRequests();
  await s.stack.destroy({ parallel: 8, onOutput });
  const destroyCalls = (await managementCalls(emu)).map((c) => c.route);
  const apply = destroyCalls.indexOf("POST /v1/projects/{ref}/network-restrictions/apply");
  expect(apply).toBeGreaterThanOrEqual(0);
  expect(apply).toBeLessThan(destroyCalls.indexOf("DELETE /v1/projects/{ref}"));
});

test("budgets: 100 Secrets in ≤15 POSTs and refreshed in ≤2 GETs; a Secrets map in 1 POST; an unchanged Function is never redeployed", async () => {
  const s = await emulatorStack(emu, async () => {
    const cfg = new pulumi.Config("e2e");
    const project = baseProject();
    for (let i = 0; i < 100; i++)
      new supabase.Secret(`s${i}`, { projectRef: project.ref, name: `KEY_${i}`, value: `value-${i}` });
    new supabase.Secrets("map", {
      projectRef: project.ref,
      secrets: Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`MAP_${i}`, `v${i}`])),
    });
    new supabase.Function("fn", {
      projectRef: project.ref,
      slug: "stable",
      source: FUNCTION_SOURCE,
      name: cfg.get("fnName") ?? "stable",
    });
    new supabase.Secret("extra", { projectRef: project.ref, name: "EXTRA", value: cfg.get("extra") ?? "one" });
  });
  dirs.push(s.dir);
  await emu.clearRequests();
  await s.stack.up({ parallel: 8 });
  const calls = await managementCalls(emu);
  const secretPosts = calls.filter((c) => c.method === "POST" && /\/secrets$/.test(c.path)).length;
  const postTimes = calls
    .filter((c) => c.method === "POST" && /\/secrets$/.test(c.path))
    .map((c) => Date.parse(c.time));
  console.log(
    `101 Secret resources + 1 Secrets map: ${secretPosts} POST …/secrets (one of them the map's); gaps ms: ${postTimes
      .slice(1)
      .map((t, i) => t - postTimes[i])
      .join(",")}`,
  );
  expect(secretPosts).toBeLessThanOrEqual(16); // ≤15 for the 100 per-item Secrets, +1 for the map
  expect(calls.filter((c) => c.method === "POST" && /\/functions$/.test(c.path))).toHaveLength(1);

  await emu.clearRequests();
  await s.stack.refresh({ parallel: 8 });
  const refreshCalls = await managementCalls(emu);
  const secretGets = refreshCalls.filter((c) => c.method === "GET" && /\/secrets$/.test(c.path)).length;
  console.log(`refresh of 101 Secrets + 1 map: ${secretGets} GET …/secrets; all calls: ${refreshCalls.length}`);
  expect(secretGets).toBeLessThanOrEqual(2);

  // Changing something else never redeploys the unchanged function.
  await s.stack.setConfig("e2e:extra", { value: "two" });
  await emu.clearRequests();
  await s.stack.up({ parallel: 8 });
  const after = await managementCalls(emu);
  expect(after.filter((c) => /\/functions/.test(c.path))).toEqual([]);
  expect(after.filter((c) => c.method === "POST" && /\/secrets$/.test(c.path))).toHaveLength(1);
  await s.stack.destroy({ parallel: 8 });
});

test("a Secrets map is created with exactly 1 POST", async () => {
  const s = await emulatorStack(emu, async () => {
    const project = baseProject();
    new supabase.Secrets("map", { projectRef: project.ref, secrets: { A: "1", B: "2", C: "3" } });
  });
  dirs.push(s.dir);
  await emu.clearRequests();
  await s.stack.up({ parallel: 8 });
  const posts = (await managementCalls(emu)).filter((c) => c.method === "POST" && /\/secrets$/.test(c.path));
  expect(posts).toHaveLength(1);
  await s.stack.destroy({ parallel: 8 });
});

test("custom-hostname activation under injected 429s stays within 10 calls per minute on those routes", async () => {
  await emu.setSettings({ hostnameAutoVerifyMs: 15_000 } as any);
  const s = await emulatorStack(emu, async () => {
    const project = baseProject();
    const host = new supabase.CustomHostname("host", {
      projectRef: project.ref,
      hostname: "app.example.org",
      activate: true,
      activationTimeoutSeconds: 180,
    });
    return { status: host.status };
  });
  dirs.push(s.dir);
  await emu.addFault({
    method: "POST",
    path: "re:/custom-hostname/reverify$",
    status: 429,
    times: 2,
    headers: { "Retry-After": "2" },
    body: { message: "ThrottlerException: Too Many Requests" },
  });
  await emu.clearRequests();
  const up = await s.stack.up({ parallel: 8 });
  expect(up.outputs.status.value).toBe("5_services_reconfigured");
  const hostCalls = (await managementCalls(emu)).filter(
    (c) => /custom-hostname\/(initialize|reverify)$|custom-hostname$/.test(c.path) && c.method !== "GET",
  );
  const times = hostCalls.map((c) => Date.parse(c.time)).sort((a, b) => a - b);
  let worst = 0;
  for (let i = 0; i < times.length; i++)
    worst = Math.max(worst, times.filter((t) => t >= times[i] && t < times[i] + 60_000).length);
  console.log(
    `custom hostname: ${hostCalls.length} calls on the 10/min routes, at most ${worst} in any minute; ${hostCalls.filter((c) => c.status === 429).length} answered 429`,
  );
  expect(worst).toBeLessThanOrEqual(10);
  await s.stack.destroy({ parallel: 8 });
});
