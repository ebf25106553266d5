/**
 * provider/host-guard.ts: the process a program starts so that the Node.js
 * dynamic-provider hosts of its engine end with the engine even when none of
 * them ever loaded this package (killed before the first resource call). Here
 * the engine is a loopback listener and the host a stand-in laid out as the
 * SDK's (a `sh` shim named pulumi-resource-pulumi-nodejs running
 * `node …/cmd/dynamic-provider/index.js <engine>`) that, like the SDK's host,
 * swallows uncaught errors and never exits by itself.
 */
import { spawn, type ChildProcess } from "node:child_process";
import * as fs from "node:fs";
import * as net from "node:net";
import * as os from "node:os";
import * as path from "node:path";
import { dynamicProviderHosts, type HostProcess } from "../../../provider/host-guard";

const root = path.resolve(__dirname, "../../..");

jest.setTimeout(120_000);

function listen(): Promise<net.Server> {
  return new Promise((resolve) => {
    const s = net.createServer((socket) => socket.destroy()).listen(0, "127.0.0.1", () => resolve(s));
  });
}
const addressOf = (s: net.Server) => `127.0.0.1:${(s.address() as net.AddressInfo).port}`;

/** Whether the process is gone (no such process, or a zombie). */
function gone(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(") ") + 2).startsWith("Z");
  } catch {
    return true;
  }
}

/** Polls until `ok` holds, for at most `ms` (a generous bound: the machines are shared). */
async function eventually(ok: () => boolean, ms = 60_000): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 100)))
    if (ok()) return true;
  return ok();
}

test("the hosts of an engine are its dynamic-provider processes and their shims, named with its address", () => {
  const a = "127.0.0.1:40001";
  const all: HostProcess[] = [
    { pid: 10, args: ["/bin/sh", "/p/node_modules/@pulumi/pulumi/pulumi-resource-pulumi-nodejs", a] },
    { pid: 11, args: ["node", "/p/node_modules/@pulumi/pulumi/cmd/dynamic-provider/index.js", a] },
    { pid: 12, args: ["node", "/q/node_modules/@pulumi/pulumi/cmd/dynamic-provider/index.js", "127.0.0.1:40002"] },
    { pid: 13, args: ["node", "/p/index.js", a] },
    { pid: 14, args: ["/p/node_modules/.bin/pulumi-resource-supabase", a] },
  ];
  expect(dynamicProviderHosts(a, all).map((p) => p.pid)).toEqual([10, 11]);
});

describe("the guard process", () => {
  let dir: string;
  const started: ChildProcess[] = [];
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "host-guard-"));
    const script = path.join(dir, "node_modules", "@pulumi", "pulumi", "cmd", "dynamic-provider", "index.js");
    fs.mkdirSync(path.dirname(script), { recursive: true });
    // As the SDK's host: uncaught errors are logged and swallowed; a server keeps it alive.
    fs.writeFileSync(
      script,
      'process.on("uncaughtException", () => {});\n' +
        'require("node:net").createServer().listen(0, "127.0.0.1", () => console.log("ready"));\n',
    );
    const shim = path.join(dir, "node_modules", "@pulumi", "pulumi", "pulumi-resource-pulumi-nodejs");
    fs.writeFileSync(shim, `#!/bin/sh\n"${process.execPath}" "${script}" $@\n`, { mode: 0o755 });
  });
  afterAll(() => {
    for (const c of started) if (c.pid && !gone(c.pid)) c.kill("SIGKILL");
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A stand-in host for `address`, once it is up: the shim and its node child. */
  async function host(address: string): Promise<HostProcess[]> {
    const shim = path.join(dir, "node_modules", "@pulumi", "pulumi", "pulumi-resource-pulumi-nodejs");
    const c = spawn("/bin/sh", [shim, address], { stdio: ["ignore", "pipe", "ignore"], detached: true });
    started.push(c);
    await new Promise<void>((resolve) => c.stdout!.once("data", () => resolve()));
    // From now on nobody reads its stdout: as with a dead engine, a later write would fail.
    c.stdout!.destroy();
    const hosts = dynamicProviderHosts(address);
    expect(hosts.length).toBe(2);
    return hosts;
  }

  test("ends the hosts of its engine once the engine is gone, leaves another engine's alone, and exits", async () => {
    const engine = await listen();
    const other = await listen();
    const address = addressOf(engine);
    const mine = await host(address);
    const theirs = await host(addressOf(other));
    const guard = spawn(
      process.execPath,
      ["-r", "ts-node/register/transpile-only", path.join(root, "provider", "host-guard.ts"), address],
      { cwd: root, stdio: "ignore" },
    );
    started.push(guard);
    const exited = new Promise<number | null>((resolve) => guard.once("exit", (c) => resolve(c)));
    // While the engine lives, the guard waits and the hosts run.
    await new Promise((r) => setTimeout(r, 1_500));
    expect(mine.every((p) => !gone(p.pid))).toBe(true);

    engine.close();
    expect(await exited).toBe(0);
    expect(await eventually(() => mine.every((p) => gone(p.pid)))).toBe(true);
    expect(theirs.every((p) => !gone(p.pid))).toBe(true);
    other.close();
    for (const p of theirs) process.kill(p.pid, "SIGKILL");
  });

  test("started after its engine is already gone, it still ends the hosts", async () => {
    const engine = await listen();
    const address = addressOf(engine);
    const mine = await host(address);
    await new Promise<void>((resolve) => engine.close(() => resolve()));
    const guard = spawn(
      process.execPath,
      ["-r", "ts-node/register/transpile-only", path.join(root, "provider", "host-guard.ts"), address],
      { cwd: root, stdio: "ignore" },
    );
    started.push(guard);
    expect(await new Promise<number | null>((resolve) => guard.once("exit", (c) => resolve(c)))).toBe(0);
    expect(await eventually(() => mine.every((p) => gone(p.pid)))).toBe(true);
  });
});
