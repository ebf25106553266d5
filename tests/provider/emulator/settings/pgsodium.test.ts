/** The pgsodium root key: random per project, replaceable with 64 hex characters only. */
import { startTestEmulator, type TestEmulator } from "../../../../harness/emulator";
import { newProject } from "./helpers";

let emu: TestEmulator;

const KEY_TEXT = "Expected a 32 byte secret, hex-encoded (64 characters).";

beforeAll(async () => {
  emu = await startTestEmulator({ provisioningDelayMs: 0 });
});

afterAll(async () => {
  await emu?.close();
});

test("each project has its own stable random root key", async () => {
  const a = await newProject(emu, "a");
  const b = await newProject(emu, "b");
  const keyA = await emu.api("GET", `/v1/projects/${a}/pgsodium`);
  expect(keyA.status).toBe(200);
  expect(keyA.body).toEqual({ root_key: expect.stringMatching(/^[0-9a-f]{64}$/) });
  expect((await emu.api("GET", `/v1/projects/${a}/pgsodium`)).body).toEqual(keyA.body);
  expect((await emu.api("GET", `/v1/projects/${b}/pgsodium`)).body.root_key).not.toBe(keyA.body.root_key);
});

test("PUT replaces the key; anything but 64 hex characters is 400 with the service's text", async () => {
  const ref = await newProject(emu);
  const key = "0123456789abcdef".repeat(4);
  expect(await emu.api("PUT", `/v1/projects/${ref}/pgsodium`, { root_key: key })).toMatchObject({
    status: 200,
    body: { root_key: key },
  });
  expect((await emu.api("GET", `/v1/projects/${ref}/pgsodium`)).body).toEqual({ root_key: key });

  const bad = [
    { root_key: "MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=" },
    { root_key: key.slice(1) },
    { root_key: `${key}0` },
    { root_key: `${key.slice(2)}zz` },
    { root_key: 42 },
    {},
  ];
  for (const body of bad) {
    expect(await emu.api("PUT", `/v1/projects/${ref}/pgsodium`, body)).toMatchObject({
      status: 400,
      body: { message: KEY_TEXT },
    });
  }
  expect((await emu.api("GET", `/v1/projects/${ref}/pgsodium`)).body).toEqual({ root_key: key });
  expect(await emu.api("GET", "/v1/projects/abcdefghijklmnopqrst/pgsodium")).toMatchObject({
    status: 404,
    body: { message: "Project not found" },
  });
});
