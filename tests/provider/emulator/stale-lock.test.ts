/**
 * The data-directory lock: an emulator killed with SIGKILL leaves its lock
 * behind, and the next start takes it over at once, even while the dead
 * process is still a zombie its parent has not reaped; a live emulator still
 * keeps the directory to itself.
 */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startTestEmulator } from "../../../harness/emulator";
import type { EmulatorInfo } from "../../../emulator/types";

const ROOT = path.resolve(__dirname, "../../..");
let dataDir: string;
const children: ChildProcessWithoutNullStreams[] = [];

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "supabase-emulator-lock-"));
});

afterEach(() => {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The emulator command on `dataDir`, resolved once it printed its JSON line. */
async function startChild(): Promise<{ child: ChildProcessWithoutNullStreams; info: EmulatorInfo }> {
  const child = spawn(
    process.execPath,
    ["-r", "ts-node/register", "emulator/cli.ts", "--port", "0", "--json", "--data-dir", dataDir],
    { cwd: ROOT, env: { ...process.env, TS_NODE_TRANSPILE_ONLY: "true" } },
  );
  children.push(child);
  let stdout = "";
  let stderr = "";
  child.stderr.on("data", (d: Buffer) => (stderr += d));
  const info = await new Promise<EmulatorInfo>((resolve, reject) => {
    child.stdout.on("data", (d: Buffer) => {
      stdout += d;
      if (stdout.includes("\n")) resolve(JSON.parse(stdout.split("\n")[0]) as EmulatorInfo);
    });
    child.on("exit", () => reject(new Error(`emulator exited early: ${stderr}`)));
  });
  return { child, info };
}

/** The process state letter from /proc (Z: a zombie), or "gone". */
function procState(pid: number): string {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[0];
  } catch {
    return "gone";
  }
}

/** This process's start time as the lock records it: clock ticks since boot, from /proc. */
function ownStart(): string {
  const stat = fs.readFileSync("/proc/self/stat", "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
}

/** Starts an emulator on `dataDir`, collecting what it writes to stderr meanwhile. */
async function startCapturing(): Promise<{ emu: Awaited<ReturnType<typeof startTestEmulator>>; notices: string }> {
  const notices: string[] = [];
  const spy = jest.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
    notices.push(String(chunk));
    return true;
  });
  try {
    return { emu: await startTestEmulator({ dataDir }), notices: notices.join("") };
  } finally {
    spy.mockRestore();
  }
}

test("a lock left by an emulator killed with SIGKILL is taken over at once, with a notice", async () => {
  const { child } = await startChild();
  const pid = child.pid!;
  expect(JSON.parse(fs.readFileSync(path.join(dataDir, "emulator.lock"), "utf8"))).toMatchObject({ pid });

  // A live emulator keeps the directory.
  await expect(startTestEmulator({ dataDir })).rejects.toThrow(`is in use by another emulator (pid ${pid})`);

  child.kill("SIGKILL");
  // Wait synchronously for the kernel to end it: this event loop does not
  // turn, so the child is not reaped and stays a zombie, as it would under a
  // busy parent; the old check (kill(pid, 0)) took a zombie for alive.
  let state = procState(pid);
  while (state !== "Z" && state !== "gone") state = procState(pid);
  expect(state).toBe("Z");

  const { emu, notices } = await startCapturing();
  try {
    expect(notices).toContain(`taking over the lock of pid ${pid}, which no longer runs`);
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, "emulator.lock"), "utf8"))).toEqual({
      pid: process.pid,
      started: ownStart(),
    });
  } finally {
    await emu.close();
  }
  expect(fs.existsSync(path.join(dataDir, "emulator.lock"))).toBe(false);
});

test("a lock whose pid now belongs to another process (a reused pid) is taken over", async () => {
  // This test process is alive but started at another time than the lock says.
  const lockFile = path.join(dataDir, "emulator.lock");
  const started = ownStart();
  expect(started).toMatch(/^\d+$/);
  const stale = String(Number(started) + 1);
  fs.writeFileSync(lockFile, JSON.stringify({ pid: process.pid, started: stale }));

  const { emu, notices } = await startCapturing();
  try {
    expect(notices).toContain(`${dataDir}: taking over the lock of pid ${process.pid}, which no longer runs`);
    // The new owner is recorded: the same pid, now with this process's own start time.
    expect(JSON.parse(fs.readFileSync(lockFile, "utf8"))).toEqual({ pid: process.pid, started });
  } finally {
    await emu.close();
  }
  expect(fs.existsSync(lockFile)).toBe(false);
});

test("a live owner's lock, with its own start time, is not taken over", async () => {
  const lockFile = path.join(dataDir, "emulator.lock");
  const owner = { pid: process.pid, started: ownStart() };
  fs.writeFileSync(lockFile, JSON.stringify(owner));
  await expect(startTestEmulator({ dataDir })).rejects.toThrow(`in use by another emulator (pid ${process.pid})`);
  expect(JSON.parse(fs.readFileSync(lockFile, "utf8"))).toEqual(owner);
});

test("two live emulators on one directory: the second is refused", async () => {
  const first = await startTestEmulator({ dataDir });
  try {
    await expect(startTestEmulator({ dataDir })).rejects.toThrow(`in use by another emulator (pid ${process.pid})`);
  } finally {
    await first.close();
  }
});
