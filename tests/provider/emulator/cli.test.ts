/** The supabase-emulator command: --json prints exactly one line and serves until SIGTERM. */
import { spawn } from "node:child_process";
import * as path from "node:path";
import { banner, parseArgs } from "../../../emulator/cli";
import type { EmulatorInfo } from "../../../emulator/types";

const ROOT = path.resolve(__dirname, "../../..");

test("--json prints one EmulatorInfo line, serves, and exits cleanly on SIGTERM", async () => {
  const child = spawn(
    process.execPath,
    [
      "-r",
      "ts-node/register",
      "emulator/cli.ts",
      "--port",
      "0",
      "--json",
      "--provisioning-delay",
      "0",
      "--access-token",
      "sbp_cli",
    ],
    {
      cwd: ROOT,
      env: { ...process.env, TS_NODE_TRANSPILE_ONLY: "true" },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let stdout = "";
  let stderr = "";
  child.stderr.on("data", (d: Buffer) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  try {
    const firstLine = await new Promise<string>((resolve, reject) => {
      child.stdout.on("data", (d: Buffer) => {
        stdout += d;
        if (stdout.includes("\n")) resolve(stdout.split("\n")[0]);
      });
      child.on("exit", () => reject(new Error(`emulator exited early: ${stderr}`)));
    });
    const info = JSON.parse(firstLine) as EmulatorInfo;
    expect(Object.keys(info).sort()).toEqual(["accessToken", "apiUrl", "controlUrl", "database", "projectUrlTemplate"]);
    expect(info).toMatchObject({ accessToken: "sbp_cli", database: "pglite" });
    expect(info.apiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(info.projectUrlTemplate).toBe(`${info.apiUrl}/project/{ref}`);
    expect(info.controlUrl).toBe(`${info.apiUrl}/_emulator`);

    const headers = { authorization: "Bearer sbp_cli", "content-type": "application/json" };
    const org = (await (
      await fetch(`${info.apiUrl}/v1/organizations`, { method: "POST", headers, body: JSON.stringify({ name: "CLI" }) })
    ).json()) as { slug: string };
    const res = await fetch(`${info.apiUrl}/v1/organizations`, { headers });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([{ id: org.slug, slug: org.slug, name: "CLI" }]);
    // The control plane asks for the printed token.
    expect((await fetch(`${info.controlUrl}/info`)).status).toBe(401);
    expect((await fetch(`${info.controlUrl}/info`, { headers })).status).toBe(200);
  } finally {
    child.kill("SIGTERM");
  }
  expect(await exited).toBe(0);
  expect(stdout.trimEnd().split("\n")).toHaveLength(1);
});

test("arguments and the human banner", () => {
  expect(parseArgs([])).toEqual({ host: "127.0.0.1", port: 54330, json: false, help: false });
  expect(
    parseArgs([
      "--port=0",
      "--data-dir",
      "d",
      "--postgres-url",
      "postgres://u:p@h/db",
      "--provisioning-delay",
      "10",
      "--no-rate-limit",
    ]),
  ).toMatchObject({
    port: 0,
    dataDir: "d",
    postgresUrl: "postgres://u:p@h/db",
    provisioningDelayMs: 10,
    rateLimit: { enabled: false },
  });
  expect(() => parseArgs(["--port", "x"])).toThrow(/non-negative integer/);
  expect(() => parseArgs(["--bogus"])).toThrow(/unknown option/);

  const text = banner(
    {
      apiUrl: "http://127.0.0.1:54330",
      accessToken: "sbp_abc",
      projectUrlTemplate: "http://127.0.0.1:54330/project/{ref}",
      controlUrl: "http://127.0.0.1:54330/_emulator",
      database: "postgres",
      port: 54330,
      close: async () => undefined,
    },
    { postgresUrl: "postgres://admin:hunter2@db.local:5432/postgres" },
  );
  expect(text).toContain("API URL: http://127.0.0.1:54330");
  expect(text).toContain("Access token: sbp_abc");
  expect(text).toContain("GraphQL URL: http://127.0.0.1:54330/project/{ref}/graphql/v1");
  expect(text).toContain("Control URL: http://127.0.0.1:54330/_emulator");
  expect(text).toContain("postgres://admin:***@db.local:5432/postgres");
  expect(text).not.toContain("hunter2");
  expect(text).toContain("Data dir: none");
});
