/**
 * Organization and Project on the real Pulumi engine against the emulator:
 * lifecycle with drift, secrets in state, the serialized provider's size,
 * API-call budgets from the emulator's request log, faults, and bad inputs.
 */
import * as pulumi from "@pulumi/pulumi";
import * as supabase from "supabase-pulumi";
import { useEmulator } from "../../harness/suite";
import { cleanup, emulatorStack, managementCalls, type TestEmulator } from "./helpers";

const DB_PASS = "e2e-db-password-4f9c2a";

function orgAndProjects(count: number, opts: { orgName?: string; projectName?: (i: number) => string } = {}) {
  return async () => {
    const cfg = new pulumi.Config("e2e");
    const org = new supabase.Organization("org", { name: opts.orgName ?? "E2E Org" });
    const projects = Array.from(
      { length: count },
      (_, i) =>
        new supabase.Project(`project-${i}`, {
          name: cfg.get(`name${i}`) ?? opts.projectName?.(i) ?? `e2e-project-${i}`,
          organizationId: org.organizationId,
          region: "eu-central-1",
          dbPass: DB_PASS,
          createTimeoutSeconds: 60,
        }),
    );
    return { orgId: org.organizationId, refs: projects.map((p) => p.ref), names: projects.map((p) => p.name) };
  };
}

let emu: TestEmulator;
const dirs: string[] = [];

useEmulator({
  setup: (started) => {
    emu = started;
  },
  beforeEach: (e) => e.reset(),
  teardown: () => {
    for (const d of dirs) cleanup(d);
  },
});

test("lifecycle: up, clean preview, out-of-band rename shows as drift, up restores, destroy removes", async () => {
  const s = await emulatorStack(emu, orgAndProjects(1));
  dirs.push(s.dir);

  await emu.clearRequests();
  const up = await s.stack.up({ parallel: 8 });
  expect(up.summary.result).toBe("succeeded");
  const ref = up.outputs.refs.value[0] as string;
  expect(ref).toMatch(/^[a-z]{20}$/);
  const created = await managementCalls(emu);
  const posts = created.filter((r) => r.method === "POST" && r.path === "/v1/projects");
  expect(posts).toHaveLength(1);
  console.log(`create: ${created.length} management calls (${posts.length} POST /v1/projects)`);

  // A clean preview; then a no-op up makes no management call at all.
  await s.stack.preview({ expectNoChanges: true });
  await emu.clearRequests();
  const noop = await s.stack.up({ parallel: 8 });
  expect(noop.summary.resourceChanges).not.toHaveProperty("update");
  expect(await managementCalls(emu)).toHaveLength(0);

  // Out-of-band rename through the emulator's API.
  const patched = await emu.api("PATCH", `/v1/projects/${ref}`, { name: "renamed-out-of-band" });
  expect(patched.status).toBe(200);

  // The CLI's drift check reports it and exits non-zero.
  const drift = await s.cli(["refresh", "--preview-only", "--expect-no-changes"]);
  expect(drift.stdout + drift.stderr).toMatch(/no changes were expected/);
  expect(drift.code).toBe(7); // the CLI's exit code for a violated --expect-no-changes

  // up (with refresh) puts the declared name back.
  const restore = await s.stack.up({ refresh: true, parallel: 8 });
  expect(restore.summary.resourceChanges?.update).toBe(1);
  const after = await emu.api("GET", `/v1/projects/${ref}`);
  expect(after.body.name).toBe("e2e-project-0");
  await s.stack.preview({ expectNoChanges: true, refresh: true });

  // Secrets stay secret; the serialized provider is small.
  // The CLI's own export (the Automation API's exportStack decrypts secrets).
  const exported = await s.cli(["stack", "export"]);
  expect(exported.code).toBe(0);
  const state = exported.stdout;
  expect(state).not.toContain(DB_PASS);
  expect(state).not.toContain(emu.accessToken);
  const dep = JSON.parse(state).deployment;
  const projectRes = dep.resources.find((r: any) => r.type === "pulumi-nodejs:dynamic/supabase:Project");
  const providerText: string = projectRes.outputs.__provider;
  expect(typeof providerText).toBe("string");
  expect(providerText).not.toContain(emu.accessToken);
  console.log(`serialized provider: ${Buffer.byteLength(providerText)} bytes`);
  expect(Buffer.byteLength(providerText)).toBeLessThan(10 * 1024);
  expect(projectRes.inputs.dbPass).toHaveProperty("ciphertext");

  await s.stack.destroy({ parallel: 8 });
  const left = await emu.api("GET", "/v1/projects");
  expect(left.body).toEqual([]);
});

test("refreshing a stack of 20 projects makes at most 2 management calls", async () => {
  const s = await emulatorStack(emu, orgAndProjects(20));
  dirs.push(s.dir);
  await s.stack.up({ parallel: 8 });
  await emu.clearRequests();
  const res = await s.stack.refresh({ parallel: 8 });
  expect(res.summary.result).toBe("succeeded");
  const calls = await managementCalls(emu);
  console.log(
    `refresh of 20 projects + 1 organization: ${calls.length} management calls: ${calls.map((c) => `${c.method} ${c.path}`).join(", ")}`,
  );
  expect(calls.filter((c) => c.path.startsWith("/v1/projects")).length).toBeLessThanOrEqual(2);
  expect(calls.length).toBeLessThanOrEqual(3);
  await s.stack.destroy({ parallel: 8 });
});

test("up and refresh succeed with 30% of GETs failing with 503 and a 429 carrying Retry-After: 1", async () => {
  const s = await emulatorStack(emu, orgAndProjects(3));
  dirs.push(s.dir);
  await emu.addFault({ method: "GET", status: 503, ratio: 0.3 });
  await emu.addFault({
    method: "GET",
    status: 429,
    times: 1,
    headers: { "Retry-After": "1" },
    body: { message: "ThrottlerException: Too Many Requests" },
  });
  const up = await s.stack.up({ parallel: 8 });
  expect(up.summary.result).toBe("succeeded");
  const refresh = await s.stack.refresh({ parallel: 8 });
  expect(refresh.summary.result).toBe("succeeded");
  const faults = (await emu.requests()).filter((r) => r.fault);
  console.log(`faults injected during up+refresh: ${faults.length}`);
  expect(faults.length).toBeGreaterThan(0);
  await emu.clearFaults();
  await s.stack.destroy({ parallel: 8 });
});

test("a create POST whose connection is reset after the server acted is adopted, not duplicated", async () => {
  const s = await emulatorStack(emu, orgAndProjects(1, { projectName: () => "reset-after-create" }));
  dirs.push(s.dir);
  await emu.addFault({ method: "POST", path: "/v1/projects", reset: "after", times: 1 });
  let first: unknown;
  try {
    await s.stack.up({ parallel: 8 });
  } catch (err) {
    first = err;
  }
  if (first) {
    // Even if the first run gave up, the next run adopts instead of duplicating.
    await s.stack.up({ parallel: 8 });
  }
  const projects = (await emu.api("GET", "/v1/projects")).body as Array<{ name: string; id: string }>;
  const named = projects.filter((p) => p.name === "reset-after-create");
  expect(named).toHaveLength(1);
  const outputs = await s.stack.outputs();
  expect(outputs.refs.value[0]).toBe(named[0].id);
  const resets = (await emu.requests()).filter((r) => r.method === "POST" && r.path === "/v1/projects");
  expect(resets[0].status).toBe(0);
  await s.stack.destroy({ parallel: 8 });
});

test("bad inputs are refused at check, before any API call", async () => {
  const s = await emulatorStack(emu, async () => {
    new supabase.Project("bad", {
      name: "",
      organizationId: "not a slug!",
      region: "mars-1" as supabase.Region,
      dbPass: "short",
    });
  });
  dirs.push(s.dir);
  await emu.clearRequests();
  let message = "";
  try {
    await s.stack.up({ parallel: 8 });
  } catch (err) {
    message = String((err as Error).message);
  }
  expect(message).toMatch(/name must not be empty/);
  expect(message).toMatch(/unknown region "mars-1"/);
  expect(message).toMatch(/dbPass must be at least 8 characters/);
  expect(message).toMatch(/organizationId must be an organization slug/);
  expect(message).not.toContain('short"');
  expect(await managementCalls(emu)).toHaveLength(0);
});
