/** Project settings across the project's life: persisted with --data-dir, gone with the project, settings knobs. */
import { usePersistentEmulators } from "../../../../harness/suite";
import * as fs from "node:fs";
import * as path from "node:path";
import { startTestEmulator, type TestEmulator } from "../../../../harness/emulator";
import { newProject, rawCall } from "./helpers";

const persistent = usePersistentEmulators("settings");
const { start, stop } = persistent;

/** Everything a client can read of a project's settings. */
async function snapshot(emu: TestEmulator, ref: string) {
  const p = `/v1/projects/${ref}`;
  return {
    secrets: (await emu.api("GET", `${p}/secrets`)).body,
    functions: (await emu.api("GET", `${p}/functions`)).body,
    body: (await rawCall(emu, "GET", `${p}/functions/bundle/body`)).bytes.toString("hex"),
    hostname: (await emu.api("GET", `${p}/custom-hostname`)).body,
    pgsodium: (await emu.api("GET", `${p}/pgsodium`)).body,
    bans: (await emu.api("POST", `${p}/network-bans/retrieve`)).body,
    restrictions: (await emu.api("GET", `${p}/network-restrictions`)).body,
  };
}

test("every setting survives a restart, and deleting the project removes them all", async () => {
  const first = await start();
  const ref = await newProject(first);
  const p = `/v1/projects/${ref}`;
  expect((await first.api("POST", `${p}/secrets`, [{ name: "API_TOKEN", value: "persisted-plaintext" }])).status).toBe(
    201,
  );
  expect(
    (
      await rawCall(first, "POST", `${p}/functions?slug=bundle&name=Bundle`, Buffer.from([1, 2, 3]), {
        "content-type": "application/vnd.denoland.eszip",
      })
    ).status,
  ).toBe(201);
  expect(
    (await first.api("POST", `${p}/custom-hostname/initialize`, { custom_hostname: "db.example.com" })).status,
  ).toBe(201);
  expect((await first.api("PUT", `${p}/pgsodium`, { root_key: "ab".repeat(32) })).status).toBe(200);
  expect((await first.control("POST", `/projects/${ref}/network-bans`, { ipv4_addresses: ["192.0.2.9"] })).status).toBe(
    200,
  );
  // Far enough out that a slow restart never lets the restrictions apply before the snapshot is compared.
  await first.setSettings({ restrictionsApplyDelayMs: 60_000 });
  expect(
    (await first.api("POST", `${p}/network-restrictions/apply`, { dbAllowedCidrs: ["192.0.2.0/24"] })).body.status,
  ).toBe("stored");
  const before = await snapshot(first, ref);
  await stop(first);

  const second = await start();
  expect(await snapshot(second, ref)).toEqual(before);
  // The restrictions deadline was kept too: it still applies on the (persisted) clock.
  await second.advanceTime(60_000);
  expect((await second.api("GET", `${p}/network-restrictions`)).body).toMatchObject({
    status: "applied",
    config: { dbAllowedCidrs: ["192.0.2.0/24"] },
  });

  // While the project goes down its settings answer 400 Resource has been removed; then it is gone, 404.
  await second.setSettings({ deletionDelayMs: 30_000 });
  expect((await second.api("DELETE", p)).status).toBe(200);
  for (const [method, sub] of [
    ["GET", "/secrets"],
    ["GET", "/functions"],
    ["GET", "/custom-hostname"],
    ["GET", "/pgsodium"],
    ["POST", "/network-bans/retrieve"],
    ["GET", "/network-restrictions"],
  ]) {
    expect(await second.api(method, `${p}${sub}`)).toMatchObject({
      status: 400,
      body: { message: "Resource has been removed" },
    });
  }
  await second.advanceTime(30_000);
  expect(await second.api("GET", `${p}/secrets`)).toMatchObject({
    status: 404,
    body: { message: "Project not found" },
  });
  expect(await second.api("GET", `${p}/types/typescript`)).toMatchObject({
    status: 404,
    body: { message: "Project not found" },
  });
  const state = fs.readFileSync(path.join(persistent.dataDir, "state.json"), "utf8");
  expect(state).not.toContain("API_TOKEN");
  expect(state).not.toContain("db.example.com");
  await stop(second);
});

test("the settings knobs are validated and restored by reset", async () => {
  const emu = await startTestEmulator();
  persistent.adopt(emu);
  expect((await emu.control("GET", "/settings")).body).toMatchObject({
    hostnameAutoVerifyMs: 3000,
    restrictionsApplyDelayMs: 1000,
  });
  expect(await emu.setSettings({ hostnameAutoVerifyMs: null, restrictionsApplyDelayMs: 0 })).toMatchObject({
    hostnameAutoVerifyMs: null,
    restrictionsApplyDelayMs: 0,
  });
  expect((await emu.control("PUT", "/settings", { restrictionsApplyDelayMs: -1 })).status).toBe(400);
  expect((await emu.control("PUT", "/settings", { hostnameAutoVerifyMs: "soon" })).status).toBe(400);

  // With no delay a change is applied at once.
  const ref = await newProject(emu);
  await emu.advanceTime(5_000);
  expect(
    (await emu.api("POST", `/v1/projects/${ref}/network-restrictions/apply`, { dbAllowedCidrs: ["10.0.0.0/8"] })).body,
  ).toMatchObject({
    status: "applied",
    config: { dbAllowedCidrs: ["10.0.0.0/8"], dbAllowedCidrsV6: [] },
    applied_at: expect.any(String),
  });

  await emu.reset();
  expect((await emu.control("GET", "/settings")).body).toMatchObject({
    hostnameAutoVerifyMs: 3000,
    restrictionsApplyDelayMs: 1000,
  });
  await stop(emu);
});
