/** CustomHostname provider methods against the emulator, with the API footprint from the request log. */
import * as runtime from "supabase-pulumi/runtime";
import { calls, useSharedProject } from "./config-helpers";

const ctx = useSharedProject("s", { hostnameAutoVerifyMs: 100 });
const P = (kind: runtime.ResourceKind) => runtime.provider(kind);

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
  // A look first (a hostname already configured would be taken over), then the initialize.
  expect(c.slice(0, 2)).toEqual([
    "GET /v1/projects/{ref}/custom-hostname",
    "POST /v1/projects/{ref}/custom-hostname/initialize",
  ]);
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

describe("resuming", () => {
  const HOST = "resume.example.net";
  const inputs = (ref: string, extra: Record<string, unknown> = {}) => ({ projectRef: ref, hostname: HOST, ...extra });
  const routes = async () => (await ctx.emu.requests()).map((r) => `${r.route} ${r.status}`);

  afterEach(async () => {
    await ctx.emu.clearFaults();
    await ctx.emu.setSettings({ hostnameAutoVerifyMs: 100 });
    await ctx.emu.api("DELETE", `/v1/projects/${ctx.ref}/custom-hostname`);
  });

  test("an initialize whose answer is lost is adopted, not sent again", async () => {
    const { emu, ref } = ctx;
    await emu.addFault({
      method: "POST",
      path: "/v1/projects/{ref}/custom-hostname/initialize",
      reset: "after",
      times: 1,
    });
    const { outs } = await P("customHostname").create(inputs(ref));
    expect(outs!.hostname).toBe(HOST);
    const log = await routes();
    expect(log.filter((r) => r.startsWith("POST /v1/projects/{ref}/custom-hostname/initialize"))).toEqual([
      "POST /v1/projects/{ref}/custom-hostname/initialize 0",
    ]);
    expect(log).toContain("GET /v1/projects/{ref}/custom-hostname 200");
  });

  test("a create interrupted after its initialize resumes on the next up: the hostname is adopted", async () => {
    const { emu, ref } = ctx;
    // The earlier run's initialize happened; its create never returned.
    expect(
      (await emu.api("POST", `/v1/projects/${ref}/custom-hostname/initialize`, { custom_hostname: HOST })).status,
    ).toBe(201);
    await emu.clearRequests();
    const { outs } = await P("customHostname").create(inputs(ref, { activate: true, activationTimeoutSeconds: 60 }));
    expect(outs!.status).toBe("5_services_reconfigured");
    // Another hostname is still refused.
    await expect(P("customHostname").create({ projectRef: ref, hostname: "other.example.net" })).rejects.toThrow(
      /Delete the custom hostname/,
    );
  });

  test("activation waits out failing polls (503, resets, 429) and a lost activate answer, with one activation", async () => {
    const { emu, ref } = ctx;
    const reverify = "/v1/projects/{ref}/custom-hostname/reverify";
    await emu.addFault({ method: "POST", path: reverify, status: 503, times: 2 });
    await emu.addFault({ method: "POST", path: reverify, reset: "before", times: 1 });
    await emu.addFault({ method: "POST", path: reverify, status: 429, headers: { "Retry-After": "1" }, times: 1 });
    await emu.addFault({ method: "GET", path: "/v1/projects/{ref}/custom-hostname", status: 502, times: 1 });
    await emu.addFault({
      method: "POST",
      path: "/v1/projects/{ref}/custom-hostname/activate",
      reset: "after",
      times: 1,
    });
    const { outs } = await P("customHostname").create(inputs(ref, { activate: true, activationTimeoutSeconds: 120 }));
    expect(outs!.status).toBe("5_services_reconfigured");
    const log = await routes();
    // The lost activation was settled by reading the status: it is not sent twice.
    expect(log.filter((r) => r.includes("/activate"))).toEqual(["POST /v1/projects/{ref}/custom-hostname/activate 0"]);
    expect(log.filter((r) => r.startsWith(`POST ${reverify}`)).length).toBeGreaterThanOrEqual(5);
    expect((await emu.faults()).length).toBe(0);
  });

  test("initialized but not activated: recorded with its DNS records, and the next up continues activation", async () => {
    const { emu, ref } = ctx;
    await emu.setSettings({ hostnameAutoVerifyMs: null });
    let partial: { id?: string; properties?: Record<string, unknown> } | undefined;
    try {
      await P("customHostname").create(inputs(ref, { activate: true, activationTimeoutSeconds: 1 }));
    } catch (err) {
      partial = err as typeof partial;
    }
    expect(partial?.id).toBe(ref);
    expect(partial?.properties).toMatchObject({ status: "2_initiated", hostname: HOST });
    expect((partial!.properties!.dnsRecords as unknown[]).length).toBeGreaterThan(1);

    // DNS published; the next up sees the wanted activation and updates.
    await emu.control("POST", `/projects/${ref}/custom-hostname/verify-dns`);
    const news = inputs(ref, { activate: true, activationTimeoutSeconds: 60 });
    expect((await P("customHostname").diff(ref, partial!.properties!, news)).changes).toBe(true);
    await emu.clearRequests();
    const { outs } = await P("customHostname").update(ref, partial!.properties!, news);
    expect(outs!.status).toBe("5_services_reconfigured");
    const log = await routes();
    expect(log.some((r) => r.includes("/initialize"))).toBe(false);
    expect(log.filter((r) => r.includes("/activate"))).toEqual([
      "POST /v1/projects/{ref}/custom-hostname/activate 201",
    ]);
  });
});
