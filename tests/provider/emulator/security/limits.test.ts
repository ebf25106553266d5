/**
 * Limits that protect the process: a statement that overruns the handler
 * timeout is stopped, so the project's database answers the next request;
 * two emulators on one data directory never both run.
 */
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { readyProject, startTestEmulator, type TestEmulator } from "../../../../harness/emulator";
import { startTestPostgres, type TestPostgres } from "../../../../harness/postgres";

const ROOT = path.resolve(__dirname, "../../../..");
const HANDLER_TIMEOUT_MS = 4000;

const sql = (emu: TestEmulator, ref: string, query: string) =>
  emu.api("POST", `/v1/projects/${ref}/database/query`, { query });

/** A project whose database is open (its first open may take longer than the short handler timeout). */
async function warmProject(emu: TestEmulator): Promise<string> {
  const { ref } = await readyProject(emu);
  for (let attempt = 0; attempt < 10; attempt++) if ((await sql(emu, ref, "select 1")).status === 201) return ref;
  throw new Error("the project's database never opened");
}

async function expectSleepStopped(emu: TestEmulator, ref: string): Promise<void> {
  const slow = await sql(emu, ref, "select pg_sleep(120)");
  expect(slow.status).toBe(504);
  // The next query is answered: the sleeping statement no longer holds the database.
  const next = await sql(emu, ref, "select 1 as ok");
  expect(next).toMatchObject({ status: 201, body: [{ ok: 1 }] });
}

describe("a statement past the handler timeout is stopped", () => {
  beforeAll(async () => {
    // The embedded template is built once per machine; not under the short handler timeout.
    const emu = await startTestEmulator();
    try {
      await sql(emu, (await readyProject(emu)).ref, "select 1");
    } finally {
      await emu.close();
    }
  });

  test("embedded, in memory", async () => {
    const emu = await startTestEmulator({ limits: { handlerTimeoutMs: HANDLER_TIMEOUT_MS } });
    try {
      await expectSleepStopped(emu, await warmProject(emu));
    } finally {
      await emu.close();
    }
  });

  test("embedded, durable: committed data survives the stop", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "supabase-emulator-timeout-"));
    const emu = await startTestEmulator({ dataDir, limits: { handlerTimeoutMs: HANDLER_TIMEOUT_MS } });
    try {
      const ref = await warmProject(emu);
      expect((await sql(emu, ref, "create table kept (v int); insert into kept values (7)")).status).toBe(201);
      await expectSleepStopped(emu, ref);
      expect((await sql(emu, ref, "select v from kept")).body).toEqual([{ v: 7 }]);
    } finally {
      await emu.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test("on a PostgreSQL server: the backend is cancelled", async () => {
    let server: TestPostgres | undefined;
    let url = process.env.SUPABASE_EMULATOR_TEST_POSTGRES_URL ?? "";
    if (!url) {
      server = await startTestPostgres();
      url = server.url;
    }
    const emu = await startTestEmulator({ postgresUrl: url, limits: { handlerTimeoutMs: HANDLER_TIMEOUT_MS } });
    try {
      const ref = await warmProject(emu);
      await expectSleepStopped(emu, ref);
      // The sleeping backend itself is gone, not merely left behind.
      const sleeping = async () =>
        (
          await sql(
            emu,
            ref,
            "select count(*)::int as n from pg_stat_activity where state = 'active' and query = 'select pg_sleep(120)'",
          )
        ).body as Array<{ n: number }>;
      let left = await sleeping();
      for (let i = 0; i < 20 && left[0].n !== 0; i++) left = await sleeping();
      expect(left).toEqual([{ n: 0 }]);
    } finally {
      await emu.close();
      await server?.stop();
    }
  });
});

describe("a project's Postgres configuration applies to its database", () => {
  const configure = (emu: TestEmulator, ref: string) =>
    emu.api("PUT", `/v1/projects/${ref}/config/database/postgres`, {
      statement_timeout: "1s",
      work_mem: "8MB",
      shared_buffers: "1GB",
      restart_database: false,
    });
  const show = async (emu: TestEmulator, ref: string, name: string) =>
    ((await sql(emu, ref, `show ${name}`)).body as Array<Record<string, string>>)[0][name];

  test("embedded: per-database settings are set, server-wide ones only stored", async () => {
    const emu = await startTestEmulator();
    try {
      const ref = await warmProject(emu);
      const before = await show(emu, ref, "shared_buffers");
      expect(await configure(emu, ref)).toMatchObject({ status: 200, body: { statement_timeout: "1s" } });
      expect(await show(emu, ref, "work_mem")).toBe("8MB");
      expect(await show(emu, ref, "statement_timeout")).toBe("1s");
      expect(await show(emu, ref, "shared_buffers")).toBe(before);
      // A value PostgreSQL refuses is refused, and nothing is stored.
      const bad = await emu.api("PUT", `/v1/projects/${ref}/config/database/postgres`, { work_mem: "lots" });
      expect(bad.status).toBe(400);
      expect((await emu.api("GET", `/v1/projects/${ref}/config/database/postgres`)).body).toMatchObject({
        work_mem: "8MB",
      });
    } finally {
      await emu.close();
    }
  });

  test("on a PostgreSQL server: statement_timeout cancels a slow statement", async () => {
    let server: TestPostgres | undefined;
    let url = process.env.SUPABASE_EMULATOR_TEST_POSTGRES_URL ?? "";
    if (!url) {
      server = await startTestPostgres();
      url = server.url;
    }
    const emu = await startTestEmulator({ postgresUrl: url });
    try {
      const ref = await warmProject(emu);
      expect((await configure(emu, ref)).status).toBe(200);
      expect(await show(emu, ref, "work_mem")).toBe("8MB");
      const slow = await sql(emu, ref, "select pg_sleep(5)");
      expect(slow.status).toBe(400);
      expect(slow.body.message).toContain("canceling statement due to statement timeout");
    } finally {
      await emu.close();
      await server?.stop();
    }
  });
});

test("two emulators started on one data directory at the same moment: exactly one runs", async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "supabase-emulator-race-"));
  const start = () => {
    const child = spawn(
      process.execPath,
      ["-r", "ts-node/register", "emulator/cli.ts", "--port", "0", "--json", "--data-dir", dataDir],
      { cwd: ROOT, env: { ...process.env, TS_NODE_TRANSPILE_ONLY: "true" }, stdio: ["ignore", "pipe", "pipe"] },
    );
    let stdout = "";
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d));
    const outcome = new Promise<{ ran: boolean; stderr: string }>((resolve) => {
      child.stdout.on("data", (d: Buffer) => {
        stdout += d;
        if (stdout.includes("\n")) resolve({ ran: true, stderr });
      });
      child.on("exit", () => resolve({ ran: false, stderr }));
    });
    return { child, outcome };
  };
  const both = [start(), start()];
  try {
    const outcomes = await Promise.all(both.map((b) => b.outcome));
    expect(outcomes.filter((o) => o.ran)).toHaveLength(1);
    expect(outcomes.find((o) => !o.ran)?.stderr).toMatch(/is in use by another emulator/);
  } finally {
    for (const { child } of both) if (child.exitCode === null) child.kill("SIGTERM");
    await Promise.all(
      both.map(({ child }) =>
        child.exitCode === null && child.signalCode === null
          ? new Promise((resolve) => child.once("exit", resolve))
          : undefined,
      ),
    );
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
