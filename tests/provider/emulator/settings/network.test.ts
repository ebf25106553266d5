/** Network bans (with the control endpoint standing in for fail2ban) and network restrictions stored → applied. */
import type { TestEmulator } from "../../../../harness/emulator";
import { rawCall, useSettingsProject } from "./helpers";

let emu: TestEmulator;
let ref: string;

useSettingsProject((e, r) => {
  emu = e;
  ref = r;
});

describe("network bans", () => {
  const retrieve = () => emu.api("POST", `/v1/projects/${ref}/network-bans/retrieve`);

  test("a new project has none; the control endpoint bans; DELETE lifts bans with an empty 200", async () => {
    expect(await retrieve()).toMatchObject({ status: 201, body: { banned_ipv4_addresses: [] } });
    const added = await emu.control("POST", `/projects/${ref}/network-bans`, {
      ipv4_addresses: ["203.0.113.10", "198.51.100.7", "203.0.113.10"],
    });
    expect(added).toMatchObject({ status: 200, body: { banned_ipv4_addresses: ["203.0.113.10", "198.51.100.7"] } });
    expect((await retrieve()).body).toEqual({ banned_ipv4_addresses: ["203.0.113.10", "198.51.100.7"] });

    const removed = await rawCall(
      emu,
      "DELETE",
      `/v1/projects/${ref}/network-bans`,
      JSON.stringify({ ipv4_addresses: ["203.0.113.10", "192.0.2.1"], requester_ip: false }),
      {
        "content-type": "application/json",
      },
    );
    expect(removed.status).toBe(200);
    expect(removed.bytes.length).toBe(0);
    expect(removed.headers.get("content-type")).toBeNull();
    expect((await retrieve()).body).toEqual({ banned_ipv4_addresses: ["198.51.100.7"] });
  });

  test("requester_ip also lifts the caller's own ban", async () => {
    await emu.control("POST", `/projects/${ref}/network-bans`, { ipv4_addresses: ["127.0.0.1", "198.51.100.7"] });
    expect(
      (
        await emu.api("DELETE", `/v1/projects/${ref}/network-bans`, {
          ipv4_addresses: [],
          requester_ip: true,
          identifier: "postgres",
        })
      ).status,
    ).toBe(200);
    expect((await retrieve()).body).toEqual({ banned_ipv4_addresses: ["198.51.100.7"] });
  });

  test("validation: ipv4_addresses is required and must hold IPv4 addresses", async () => {
    expect(await emu.api("DELETE", `/v1/projects/${ref}/network-bans`, {})).toMatchObject({
      status: 400,
      body: { message: "ipv4_addresses should not be empty" },
    });
    expect(await emu.api("DELETE", `/v1/projects/${ref}/network-bans`, { ipv4_addresses: ["1.2.3"] })).toMatchObject({
      status: 400,
      body: { message: 'Invalid IPv4 address: "1.2.3"' },
    });
    expect(await emu.control("POST", `/projects/${ref}/network-bans`, { ipv4_addresses: ["::1"] })).toMatchObject({
      status: 400,
      body: { message: 'Invalid IPv4 address: "::1"' },
    });
    expect(
      await emu.control("POST", "/projects/abcdefghijklmnopqrst/network-bans", { ipv4_addresses: [] }),
    ).toMatchObject({ status: 404 });
  });
});

describe("network restrictions", () => {
  const read = () => emu.api("GET", `/v1/projects/${ref}/network-restrictions`);
  const apply = (body: unknown) => emu.api("POST", `/v1/projects/${ref}/network-restrictions/apply`, body);
  const ALLOW_ALL = { dbAllowedCidrs: ["0.0.0.0/0"], dbAllowedCidrsV6: ["::/0"] };

  test("a new project allows everything, applied", async () => {
    expect(await read()).toMatchObject({ status: 200 });
    expect((await read()).body).toEqual({ entitlement: "allowed", config: ALLOW_ALL, status: "applied" });
  });

  test("a change is stored with old_config, then applied restrictionsApplyDelayMs later", async () => {
    expect((await emu.control("GET", "/settings")).body).toMatchObject({ restrictionsApplyDelayMs: 1000 });
    const stored = await apply({ dbAllowedCidrs: ["203.0.113.0/24"], dbAllowedCidrsV6: ["2001:db8::/32"] });
    expect(stored.status).toBe(201);
    expect(stored.body).toEqual({
      entitlement: "allowed",
      config: { dbAllowedCidrs: ["203.0.113.0/24"], dbAllowedCidrsV6: ["2001:db8::/32"] },
      old_config: ALLOW_ALL,
      status: "stored",
      updated_at: expect.any(String),
    });
    // The clock also runs in real time, so leave a margin before the deadline.
    await emu.advanceTime(800);
    expect((await read()).body.status).toBe("stored");
    await emu.advanceTime(200);
    const applied = (await read()).body;
    expect(applied).toEqual({
      entitlement: "allowed",
      config: { dbAllowedCidrs: ["203.0.113.0/24"], dbAllowedCidrsV6: ["2001:db8::/32"] },
      status: "applied",
      updated_at: stored.body.updated_at,
      applied_at: new Date(Date.parse(stored.body.updated_at) + 1000).toISOString(),
    });

    // Omitted lists are replaced too: the whole config is the request.
    const v4only = await apply({ dbAllowedCidrs: ["10.0.0.0/8"] });
    expect(v4only.body).toMatchObject({
      config: { dbAllowedCidrs: ["10.0.0.0/8"], dbAllowedCidrsV6: [] },
      old_config: { dbAllowedCidrs: ["203.0.113.0/24"], dbAllowedCidrsV6: ["2001:db8::/32"] },
      status: "stored",
    });
  });

  test("an apply that changes nothing answers applied at once", async () => {
    const same = await apply({ dbAllowedCidrsV6: ["::/0"], dbAllowedCidrs: ["0.0.0.0/0"] });
    expect(same.status).toBe(201);
    expect(same.body).toEqual({ entitlement: "allowed", config: ALLOW_ALL, status: "applied" });

    // Reverting a pending change before it applies withdraws it.
    expect((await apply({ dbAllowedCidrs: ["192.0.2.0/24"] })).body.status).toBe("stored");
    expect((await apply(ALLOW_ALL)).body).toEqual({ entitlement: "allowed", config: ALLOW_ALL, status: "applied" });
    await emu.advanceTime(5_000);
    expect((await read()).body.config).toEqual(ALLOW_ALL);
  });

  test("each entry must be a CIDR of its list's family", async () => {
    const cases: Array<[unknown, string]> = [
      [{ dbAllowedCidrs: ["10.0.0.0"] }, 'Invalid IPv4 CIDR in dbAllowedCidrs: "10.0.0.0"'],
      [{ dbAllowedCidrs: ["10.0.0.0/33"] }, 'Invalid IPv4 CIDR in dbAllowedCidrs: "10.0.0.0/33"'],
      [{ dbAllowedCidrs: ["2001:db8::/32"] }, 'Invalid IPv4 CIDR in dbAllowedCidrs: "2001:db8::/32"'],
      [{ dbAllowedCidrs: ["300.1.1.1/8"] }, 'Invalid IPv4 CIDR in dbAllowedCidrs: "300.1.1.1/8"'],
      [{ dbAllowedCidrsV6: ["10.0.0.0/8"] }, 'Invalid IPv6 CIDR in dbAllowedCidrsV6: "10.0.0.0/8"'],
      [{ dbAllowedCidrsV6: ["2001:db8::/129"] }, 'Invalid IPv6 CIDR in dbAllowedCidrsV6: "2001:db8::/129"'],
      [
        { dbAllowedCidrs: ["nope"], dbAllowedCidrsV6: ["fe80::1%eth0/64"] },
        'Invalid IPv4 CIDR in dbAllowedCidrs: "nope", Invalid IPv6 CIDR in dbAllowedCidrsV6: "fe80::1%eth0/64"',
      ],
    ];
    for (const [body, message] of cases) expect(await apply(body)).toMatchObject({ status: 400, body: { message } });
    expect(await apply({ dbAllowedCidrs: "10.0.0.0/8" })).toMatchObject({
      status: 400,
      body: { message: "dbAllowedCidrs must be an array" },
    });
    expect((await read()).body.config).toEqual(ALLOW_ALL);
  });
});
