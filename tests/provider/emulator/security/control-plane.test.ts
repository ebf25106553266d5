/**
 * What a local process or a web page in the user's browser can reach: each
 * test sends the attack and checks that it is refused.
 */
import * as http from "node:http";
import { startTestEmulator, type TestEmulator } from "../../../../harness/emulator";

let emu: TestEmulator;
beforeAll(async () => {
  emu = await startTestEmulator();
});
afterAll(() => emu.close());

/** A raw request, so the Host header can be anything. */
function raw(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port: emu.port, method, path, headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => (text += d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

const bearer = () => ({ authorization: `Bearer ${emu.accessToken}` });

describe("the control plane needs the access token", () => {
  test("GET /_emulator/info without a token: 401, and the token is not in the answer", async () => {
    const res = await fetch(`${emu.controlUrl}/info`);
    expect(res.status).toBe(401);
    expect(await res.text()).not.toContain(emu.accessToken);
  });

  test("a project's JWT secret without a token: 401", async () => {
    const res = await fetch(`${emu.controlUrl}/projects/abcdefghijklmnopqrst/jwt-secret`);
    expect(res.status).toBe(401);
  });

  test("with the token: answered", async () => {
    expect((await fetch(`${emu.controlUrl}/info`, { headers: bearer() })).status).toBe(200);
  });
});

describe("DNS rebinding: a Host that does not name the emulator gets 421", () => {
  const port = () => emu.port;
  test.each([
    ["control", "GET", "/_emulator/info"],
    ["management", "GET", "/v1/projects"],
    ["graphql", "POST", "/project/abcdefghijklmnopqrst/graphql/v1"],
  ])("on the %s surface", async (_surface, method, path) => {
    const res = await raw(method, path, { ...bearer(), host: `attacker.example:${port()}` });
    expect(res.status).toBe(421);
    expect(JSON.parse(res.body)).toEqual({ message: expect.stringContaining("attacker.example") });
  });

  test("a rebound name that ends like localhost is refused too", async () => {
    expect(
      (await raw("GET", "/v1/projects", { ...bearer(), host: `localhost.attacker.example:${port()}` })).status,
    ).toBe(421);
  });

  test("the bound address and localhost are served", async () => {
    for (const host of [`127.0.0.1:${port()}`, `localhost:${port()}`, "LOCALHOST"])
      expect({ host, status: (await raw("GET", "/v1/projects", { ...bearer(), host })).status }).toEqual({
        host,
        status: 200,
      });
  });

  test("--allowed-host names are served, others are not", async () => {
    const other = await startTestEmulator({ allowedHosts: ["emulator.internal"] });
    try {
      const call = (host: string) =>
        new Promise<number>((resolve, reject) => {
          http
            .request({ host: "127.0.0.1", port: other.port, path: "/v1/projects", headers: { host } }, (res) => {
              res.resume();
              resolve(res.statusCode ?? 0);
            })
            .on("error", reject)
            .end();
        });
      expect(await call("emulator.internal:80")).toBe(401);
      expect(await call("emulator.other")).toBe(421);
    } finally {
      await other.close();
    }
  });
});

describe("cross-site simple requests cannot change state: 415", () => {
  test("a text/plain POST to /_emulator/reset", async () => {
    const res = await raw("POST", "/_emulator/reset", { ...bearer(), "content-type": "text/plain" }, "{}");
    expect(res.status).toBe(415);
  });

  test.each([
    ["POST", "/_emulator/reset", undefined, undefined],
    ["POST", "/_emulator/time", "application/x-www-form-urlencoded", "advanceMs=1000"],
    ["POST", "/_emulator/faults", "multipart/form-data; boundary=x", '--x\r\n\r\n{"status":500}\r\n--x--'],
    ["PUT", "/_emulator/latency", "text/plain", '{"ms":1000}'],
  ])("%s %s as %s", async (method, path, type, body) => {
    const before = (await emu.control("GET", "/time")).body.offsetMs;
    const res = await raw(method, path, { ...bearer(), ...(type ? { "content-type": type } : {}) }, body);
    expect(res.status).toBe(415);
    expect((await emu.control("GET", "/time")).body.offsetMs).toBe(before);
    expect((await emu.control("GET", "/latency")).body).toEqual({ ms: 0, jitterMs: 0 });
  });

  test("even on an opened control plane", async () => {
    const open = await startTestEmulator({ controlToken: false });
    try {
      const res = await fetch(`${open.controlUrl}/reset`, { method: "POST", body: "{}" });
      expect(res.status).toBe(415);
      expect((await fetch(`${open.controlUrl}/info`)).status).toBe(200);
    } finally {
      await open.close();
    }
  });

  test("a management route that reads JSON refuses a text/plain or form body", async () => {
    for (const type of ["text/plain", "application/x-www-form-urlencoded"]) {
      const res = await raw("POST", "/v1/organizations", { ...bearer(), "content-type": type }, '{"name":"x"}');
      expect({ type, status: res.status }).toEqual({ type, status: 415 });
    }
    expect((await emu.api("GET", "/v1/organizations")).body).toEqual([]);
    // JSON (and vendor +json types) is accepted.
    expect((await emu.api("POST", "/v1/organizations", { name: "ok" })).status).toBe(201);
  });
});
