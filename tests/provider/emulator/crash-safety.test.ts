/**
 * Crash safety of --data-dir: the emulator command is killed with SIGKILL in
 * the middle of a stream of writes (organizations, project settings and SQL
 * inserts); after a restart on the same directory, every write it
 * acknowledged is there.
 */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startTestEmulator } from "../../../harness/emulator";
import type { EmulatorInfo } from "../../../emulator/types";

const ROOT = path.resolve(__dirname, "../../..");
const TOKEN = "sbp_0123456789abcdef0123456789abcdef01234567";
let dataDir: string;
let child: ChildProcessWithoutNullStreams | undefined;

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "supabase-emulator-crash-"));
});

afterAll(() => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function startChild(): Promise<EmulatorInfo> {
  child = spawn(
    process.execPath,
    [
      "-r",
      "ts-node/register",
      "emulator/cli.ts",
      "--port",
      "0",
      "--json",
      "--data-dir",
      dataDir,
      "--access-token",
      TOKEN,
      "--provisioning-delay",
      "0",
      "--no-rate-limit",
    ],
    { cwd: ROOT, env: { ...process.env, TS_NODE_TRANSPILE_ONLY: "true" } },
  );
  let stdout = "";
  let stderr = "";
  child.stderr.on("data", (d: Buffer) => (stderr += d));
  return new Promise<EmulatorInfo>((resolve, reject) => {
    child!.stdout.on("data", (d: Buffer) => {
      stdout += d;
      if (stdout.includes("\n")) resolve(JSON.parse(stdout.split("\n")[0]) as EmulatorInfo);
    });
    child!.on("exit", () => reject(new Error(`emulator exited early: ${stderr}`)));
  });
}

async function call(url: string, method: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

test("every write acknowledged before a SIGKILL is there after a restart", async () => {
  const info = await startChild();
  const api = (method: string, p: string, body?: unknown) => call(`${info.apiUrl}${p}`, method, body);
  const org = (await api("POST", "/v1/organizations", { name: "Crash org" })).body;
  const project = await api("POST", "/v1/projects", {
    name: "crashy",
    organization_id: org.id,
    region: "us-east-1",
    db_pass: "crash-test-password",
  });
  expect(project.status).toBe(201);
  const ref = project.body.id as string;
  expect(
    (
      await api("POST", `/v1/projects/${ref}/database/query`, {
        query: "create table notes (id int primary key, body text not null); grant all on notes to service_role;",
      })
    ).status,
  ).toBe(201);

  const acked = { orgs: [] as string[], sqlRows: [] as number[], names: [] as string[] };
  let stop = false;
  const writers = [
    (async () => {
      for (let i = 0; !stop; i++) {
        const res = await api("POST", "/v1/organizations", { name: `org ${i}` }).catch(() => undefined);
        if (res?.status === 201) acked.orgs.push(res.body.slug as string);
      }
    })(),
    (async () => {
      for (let i = 1; !stop; i++) {
        const res = await api("POST", `/v1/projects/${ref}/database/query`, {
          query: `insert into notes values (${i}, 'sql ${i}')`,
        }).catch(() => undefined);
        if (res?.status === 201) acked.sqlRows.push(i);
      }
    })(),
    (async () => {
      for (let i = 0; !stop; i++) {
        const res = await api("PATCH", `/v1/projects/${ref}`, { name: `renamed ${i}` }).catch(() => undefined);
        if (res?.status === 200) acked.names.push(`renamed ${i}`);
      }
    })(),
  ];
  // Kill once every stream has had writes acknowledged (and more in flight), however loaded the machine.
  const enough = () => acked.orgs.length >= 5 && acked.sqlRows.length >= 5;
  for (let waited = 0; !enough() && waited < 60_000; waited += 50) await new Promise((r) => setTimeout(r, 50));
  const killed = child!;
  const gone = new Promise<void>((resolve) => {
    if (killed.exitCode !== null || killed.signalCode !== null) resolve();
    else killed.once("exit", () => resolve());
  });
  killed.kill("SIGKILL");
  stop = true;
  await Promise.all(writers);
  // A killed process with several threads takes a moment to go: restart once it has (as a user would see it gone).
  await gone;
  process.stdout.write(
    `[crash] acknowledged before SIGKILL: ${acked.orgs.length} organizations, ${acked.sqlRows.length} SQL rows, ${acked.names.length} renames\n`,
  );
  expect(acked.orgs.length).toBeGreaterThan(0);
  expect(acked.sqlRows.length).toBeGreaterThan(0);

  const emu = await startTestEmulator({ dataDir, accessToken: TOKEN });
  try {
    const slugs = ((await emu.api("GET", "/v1/organizations")).body as Array<{ slug: string }>).map((o) => o.slug);
    expect(slugs).toEqual(expect.arrayContaining([org.slug, ...acked.orgs]));
    const again = (await emu.api("GET", `/v1/projects/${ref}`)).body;
    // The last acknowledged rename, or a later one that was applied but not answered.
    const lastAcked = acked.names.length ? Number(acked.names[acked.names.length - 1].split(" ")[1]) : -1;
    expect(Number(String(again.name).split(" ")[1] ?? -1)).toBeGreaterThanOrEqual(lastAcked);
    const rows = (
      await emu.api("POST", `/v1/projects/${ref}/database/query`, { query: "select id from notes order by id" })
    ).body as Array<{ id: number }>;
    const ids = new Set(rows.map((r) => r.id));
    expect(acked.sqlRows.filter((id) => !ids.has(id))).toEqual([]);
  } finally {
    await emu.close();
  }
});
