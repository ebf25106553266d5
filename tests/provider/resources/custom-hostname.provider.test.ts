/** CustomHostname provider methods against the emulator, with the API footprint from the request log. */
import * as runtime from "supabase-pulumi/runtime";
import { calls, useSharedProject } from "./config-helpers";

const ctx = useSharedProject("s", { hostnameAutoVerifyMs: 100 });
const P = (kind: string) => runtime.provider(kind);

test("custom hostname: initialize, activate, records shaped for DNS, delete", async () => {
  const { emu, ref } = ctx;
  const { id, outs } = await P("customHostname").create({
    projectRef: ref,
    hostname: "api.example.net",
    activate: true,
    activationTimeoutSeconds: 60,
  });
  expect(outs!.status).toBe("5_services_reconfigured");
  const c = await calls(emu);
  expect(c[0]).toBe("POST /v1/projects/{ref}/custom-hostname/initialize");
  expect(c[c.length - 1]).toBe("POST /v1/projects/{ref}/custom-hostname/activate");
  expect(outs!.dnsRecords[0]).toEqual({
    type: "CNAME",
    name: "api.example.net",
    value: expect.any(String),
    purpose: "routing",
  });

  await emu.clearRequests();
  await P("customHostname").delete(id, outs!);
  expect(await calls(emu)).toEqual(["DELETE /v1/projects/{ref}/custom-hostname"]);
  runtime.resetContexts();
  expect((await P("customHostname").read(id, outs!)).id).toBe("");
});
