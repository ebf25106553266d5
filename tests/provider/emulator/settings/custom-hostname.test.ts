/** Custom hostname: the 1..5 state machine with every wrong-step text, simulated DNS, and the 10/min limit. */
import type { ApiResponse, TestEmulator } from "../../../../harness/emulator";
import { rawCall, useSettingsProject } from "./helpers";

let emu: TestEmulator;
let ref: string;

const HOST = "api.example.com";
const TEXT = {
  none: "No custom hostname configuration found.",
  notConfigured: "Custom hostname not configured for project",
  exists: "Delete the custom hostname associated with your project before attempting to create a new one.",
  notPending: "Project is not pending custom hostname verification.",
  notVerified: "Verification has not been completed.",
  verified: "Verification has been completed, please proceed to activation.",
  activated: "Custom hostname has already been activated.",
};

useSettingsProject((e, r) => {
  emu = e;
  ref = r;
});

const base = () => `/v1/projects/${ref}/custom-hostname`;
const get = () => emu.api("GET", base());
const initialize = (host = HOST) => emu.api("POST", `${base()}/initialize`, { custom_hostname: host });
const reverify = () => emu.api("POST", `${base()}/reverify`);
const activate = () => emu.api("POST", `${base()}/activate`);
const remove = () => emu.api("DELETE", base());
const verifyDns = () => emu.control("POST", `/projects/${ref}/custom-hostname/verify-dns`);

function expect400(res: ApiResponse, message: string): void {
  expect(res.status).toBe(400);
  expect(res.body).toEqual({ message });
}

test("with no configuration every call but initialize answers its 400", async () => {
  expect400(await get(), TEXT.none);
  expect400(await reverify(), TEXT.notPending);
  expect400(await activate(), TEXT.notVerified);
  expect400(await remove(), TEXT.notConfigured);
  expect400(await verifyDns(), TEXT.none);
});

test("initialize answers 201 with the Cloudflare-shaped data; GET reads the same", async () => {
  const res = await initialize();
  expect(res.status).toBe(201);
  expect(res.body).toEqual({
    status: "2_initiated",
    custom_hostname: HOST,
    data: {
      success: true,
      errors: [],
      messages: [],
      result: {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        hostname: HOST,
        ssl: {
          status: "pending_validation",
          validation_records: [{ txt_name: `_acme-challenge.${HOST}`, txt_value: expect.any(String) }],
        },
        ownership_verification: {
          type: "txt",
          name: `_cf-custom-hostname.${HOST}`,
          value: expect.stringMatching(/^[0-9a-f-]{36}$/),
        },
        custom_origin_server: `${ref}.supabase.co`,
        status: "pending",
      },
    },
  });
  expect(res.body.data.result.ssl.validation_records[0].txt_value.length).toBeGreaterThan(10);
  expect(await get()).toMatchObject({ status: 200, body: res.body });
  expect400(
    await emu.api("POST", `${base()}/initialize`, { custom_hostname: "" }),
    "custom_hostname must be longer than or equal to 1 characters",
  );
  expect400(
    await emu.api("POST", `${base()}/initialize`, { custom_hostname: "a".repeat(254) }),
    "custom_hostname must be shorter than or equal to 253 characters",
  );
});

test("the full path 2 → 3 → 4 → 5 with every wrong step's 400 on the way, then DELETE", async () => {
  await emu.setSettings({ hostnameAutoVerifyMs: null });
  expect((await initialize()).status).toBe(201);

  // 2_initiated: DNS not published yet.
  expect400(await initialize("other.example.com"), TEXT.exists);
  expect400(await activate(), TEXT.notVerified);
  const pending = await reverify();
  expect(pending).toMatchObject({ status: 201, body: { status: "2_initiated" } });
  await emu.advanceTime(24 * 3600_000);
  expect((await get()).body.status).toBe("2_initiated");

  // 3_challenge_verified: the records are published, reverify has not run yet.
  const published = await verifyDns();
  expect(published).toMatchObject({ status: 200, body: { status: "3_challenge_verified" } });
  expect((await get()).body).toMatchObject({ status: "3_challenge_verified", data: { result: { status: "active" } } });
  expect400(await initialize(), TEXT.exists);
  expect400(await activate(), TEXT.notVerified);
  const verified = await reverify();
  expect(verified).toMatchObject({
    status: 201,
    body: {
      status: "4_origin_setup_completed",
      data: { result: { ssl: { status: "active", validation_records: [] } } },
    },
  });

  // 4_origin_setup_completed.
  expect400(await initialize(), TEXT.exists);
  expect400(await reverify(), TEXT.verified);
  const active = await activate();
  expect(active.status).toBe(201);
  expect(active.body).toMatchObject({
    status: "5_services_reconfigured",
    custom_hostname: HOST,
    data: {
      success: true,
      result: {
        hostname: HOST,
        ssl: { status: "active", validation_records: [] },
        ownership_verification: { type: "txt", name: "", value: "" },
        custom_origin_server: `${ref}.supabase.co`,
        status: "active",
      },
    },
  });

  // 5_services_reconfigured.
  expect400(await initialize(), TEXT.exists);
  expect400(await reverify(), TEXT.activated);
  expect400(await activate(), TEXT.activated);
  expect((await get()).body).toEqual(active.body);

  const deleted = await rawCall(emu, "DELETE", base());
  expect(deleted.status).toBe(200);
  expect(deleted.bytes.length).toBe(0);
  expect(deleted.headers.get("content-type")).toBeNull();
  expect400(await get(), TEXT.none);
  expect400(await remove(), TEXT.notConfigured);
  // A new hostname can be started after the delete.
  expect((await initialize("next.example.com")).body).toMatchObject({
    status: "2_initiated",
    custom_hostname: "next.example.com",
  });
});

test("DNS verifies by itself hostnameAutoVerifyMs after initialize, on the emulator clock", async () => {
  expect((await emu.control("GET", "/settings")).body).toMatchObject({ hostnameAutoVerifyMs: 3000 });
  await initialize();
  await emu.advanceTime(2_500);
  expect((await reverify()).body.status).toBe("2_initiated");
  await emu.advanceTime(500);
  expect((await get()).body.status).toBe("3_challenge_verified");
  expect((await reverify()).body.status).toBe("4_origin_setup_completed");
  expect((await activate()).body.status).toBe("5_services_reconfigured");

  // A negative delay means never, like null; the setting applies to hostnames initialized afterwards.
  expect((await remove()).status).toBe(200);
  await emu.setSettings({ hostnameAutoVerifyMs: -1 });
  await initialize();
  await emu.advanceTime(3_600_000);
  expect((await reverify()).body.status).toBe("2_initiated");
});

test("initialize, reverify and DELETE allow 10 per minute (X-RateLimit-Limit: 10); GET and activate 120", async () => {
  expect((await get()).headers["x-ratelimit-limit"]).toBe("120");
  expect((await activate()).headers["x-ratelimit-limit"]).toBe("120");

  const first = await initialize();
  expect(first.headers["x-ratelimit-limit"]).toBe("10");
  expect(first.headers["x-ratelimit-remaining"]).toBe("9");
  for (let i = 0; i < 9; i++) expect((await initialize()).status).toBe(400);
  const throttled = await initialize();
  expect(throttled.status).toBe(429);
  expect(throttled.body).toEqual({ message: "ThrottlerException: Too Many Requests" });
  expect(throttled.headers["x-ratelimit-limit"]).toBe("10");

  for (let i = 0; i < 10; i++) {
    const res = await reverify();
    expect(res.status).toBe(201);
    expect(res.headers["x-ratelimit-limit"]).toBe("10");
  }
  expect((await reverify()).status).toBe(429);

  expect((await remove()).status).toBe(200);
  for (let i = 0; i < 9; i++) expect((await remove()).status).toBe(400);
  const lastDelete = await remove();
  expect(lastDelete.status).toBe(429);
  expect(lastDelete.headers["x-ratelimit-limit"]).toBe("10");

  // A new window opens after a minute.
  await emu.advanceTime(60_000);
  expect((await initialize()).status).toBe(201);
});
