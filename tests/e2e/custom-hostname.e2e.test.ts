/** CustomHostname on the real engine: its lifecycle with drift, and activation under injected 429s. */
import * as supabase from "supabase-pulumi";
import { emulatorStack, managementCalls, settingLifecycle, settingsProject, useSettingsEmulator } from "./helpers";

const suite = useSettingsEmulator();

test("up, clean preview, out-of-band change is drift, up restores, destroy", async () => {
  await settingLifecycle(suite, {
    type: "CustomHostname",
    declare: (ref) => {
      const host = new supabase.CustomHostname("host", {
        projectRef: ref,
        hostname: "api.example.com",
        activate: true,
        activationTimeoutSeconds: 120,
      });
      return { hostStatus: host.status, dnsRecords: host.dnsRecords };
    },
    afterUp: (outputs) => {
      expect(outputs.hostStatus.value).toBe("5_services_reconfigured");
      const records = outputs.dnsRecords.value as Array<{ type: string; name: string }>;
      expect(records.map((r) => r.type)).toContain("CNAME");
    },
    outOfBand: (emu, ref) => emu.api("DELETE", `/v1/projects/${ref}/custom-hostname`),
  });
});

test("custom-hostname activation under injected 429s stays within 10 calls per minute on those routes", async () => {
  const { emu, dirs } = suite;
  await emu.setSettings({ hostnameAutoVerifyMs: 15_000 });
  const s = await emulatorStack(emu, async () => {
    const project = settingsProject();
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
