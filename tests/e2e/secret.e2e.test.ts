/** Secret on the real engine: its lifecycle with drift, and the API budgets of many Secrets (batched writes, one list per refresh). */
import * as pulumi from "@pulumi/pulumi";
import * as supabase from "supabase-pulumi";
import { emulatorStack, managementCalls, settingLifecycle, settingsProject, useSettingsEmulator } from "./helpers";

const suite = useSettingsEmulator();

const SECRET_VALUE = "secret-value-5be1c0de";
const FUNCTION_SOURCE = "Deno.serve(() => new Response('hello from e2e'))";

test("up, clean preview, out-of-band change is drift, up restores, destroy", async () => {
  await settingLifecycle(suite, {
    type: "Secret",
    declare: (ref) => ({
      secretDigest: new supabase.Secret("secret", { projectRef: ref, name: "API_TOKEN", value: SECRET_VALUE }).digest,
    }),
    outOfBand: (emu, ref) =>
      emu.api("POST", `/v1/projects/${ref}/secrets`, [{ name: "API_TOKEN", value: "changed elsewhere" }]),
    secrets: [SECRET_VALUE],
  });
});

test("budgets: 100 Secrets in ≤15 POSTs and refreshed in ≤2 GETs; a Secrets map in 1 POST; an unchanged Function is never redeployed", async () => {
  const { emu, dirs } = suite;
  const s = await emulatorStack(emu, async () => {
    const cfg = new pulumi.Config("e2e");
    const project = settingsProject();
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
  // The function is deployed once, as a bundle.
  expect(calls.filter((c) => c.method === "POST" && /\/functions\/deploy(\?|$)/.test(c.path))).toHaveLength(1);

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
