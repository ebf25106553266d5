/**
 * The control plane asks for the access token everywhere; `controlToken:
 * false` (`--open-control-plane`) opens it on loopback only. The command line
 * takes the flags.
 */
import { parseArgs } from "../../../emulator/cli";
import { startTestEmulator, type TestEmulator } from "../../../harness/emulator";

const TOKEN = "sbp_0123456789abcdef0123456789abcdef01234567";

async function info(emu: TestEmulator, authorization?: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${emu.controlUrl}/info`, { headers: authorization ? { authorization } : {} });
  return { status: res.status, body: await res.json() };
}

async function withEmulator(opts: Parameters<typeof startTestEmulator>[0], fn: (emu: TestEmulator) => Promise<void>) {
  const emu = await startTestEmulator({ accessToken: TOKEN, ...opts });
  try {
    await fn(emu);
  } finally {
    await emu.close();
  }
}

test("on loopback the control plane asks for the access token by default", () =>
  withEmulator({ host: "127.0.0.1" }, async (emu) => {
    expect(await info(emu)).toEqual({ status: 401, body: { message: "Unauthorized" } });
    expect(await info(emu, "Bearer sbp_wrong")).toEqual({ status: 401, body: { message: "Unauthorized" } });
    const reset = await fetch(`${emu.controlUrl}/reset`, { method: "POST" });
    expect(reset.status).toBe(401);
    expect(await info(emu, `Bearer ${TOKEN}`)).toMatchObject({ status: 200, body: { apiUrl: emu.apiUrl } });
    // The test harness sends the token, so its helpers keep working.
    await emu.advanceTime(1000);
  }));

test("controlToken: false opens the control plane on loopback only", async () => {
  await withEmulator({ host: "127.0.0.1", controlToken: false }, async (emu) => {
    expect(await info(emu)).toMatchObject({ status: 200, body: { apiUrl: emu.apiUrl } });
  });
  await expect(startTestEmulator({ host: "0.0.0.0", controlToken: false })).rejects.toThrow(/only .* on loopback/);
});

test("beyond loopback every control call needs the access token", () =>
  withEmulator({ host: "0.0.0.0" }, async (emu) => {
    expect(await info(emu)).toEqual({ status: 401, body: { message: "Unauthorized" } });
    for (const [method, path] of [
      ["POST", "/reset"],
      ["POST", "/faults"],
      ["PUT", "/latency"],
      ["POST", "/time"],
      ["GET", "/requests"],
    ]) {
      const res = await fetch(`${emu.controlUrl}${path}`, { method });
      expect({ path, status: res.status, body: await res.json() }).toEqual({
        path,
        status: 401,
        body: { message: "Unauthorized" },
      });
    }
    expect(await info(emu, `Bearer ${TOKEN}`)).toMatchObject({ status: 200 });
  }));

test("the command line takes --control-token and the limits", () => {
  expect(
    parseArgs([
      "--control-token",
      "--max-body-bytes",
      "2048",
      "--request-timeout=5000",
      "--handler-timeout",
      "7000",
      "--graphql-max-document-bytes",
      "4096",
      "--graphql-max-fields",
      "100",
    ]),
  ).toMatchObject({
    controlToken: true,
    limits: {
      maxBodyBytes: 2048,
      requestTimeoutMs: 5000,
      handlerTimeoutMs: 7000,
      graphqlMaxDocumentBytes: 4096,
      graphqlMaxFields: 100,
    },
  });
  expect(() => parseArgs(["--max-body-bytes", "0"])).toThrow(/positive integer/);
  expect(parseArgs(["--open-control-plane", "--allowed-host", "emulator", "--allowed-host=db.test"])).toMatchObject({
    controlToken: false,
    allowedHosts: ["emulator", "db.test"],
  });
});
