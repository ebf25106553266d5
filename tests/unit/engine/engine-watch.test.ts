/**
 * provider/engine-watch.ts: the provider hosts (our plugin, and the Node.js
 * SDK's dynamic-provider host once it loads our runtime) exit when their
 * engine is gone, instead of living on with parent PID 1.
 */
import { spawn } from "node:child_process";
import * as net from "node:net";
import * as path from "node:path";
import { engineAddressFromArgs, parseEngineAddress, watchEngine } from "../../../provider/engine-watch";

const root = path.resolve(__dirname, "../../..");

jest.setTimeout(60_000);

function listen(): Promise<net.Server> {
  return new Promise((resolve) => {
    const s = net.createServer((socket) => socket.destroy()).listen(0, "127.0.0.1", () => resolve(s));
  });
}
const portOf = (s: net.Server) => (s.address() as net.AddressInfo).port;

test("the engine's address is the first argument that is not a logging or tracing flag", () => {
  expect(engineAddressFromArgs(["127.0.0.1:4000"])).toBe("127.0.0.1:4000");
  expect(engineAddressFromArgs(["--logtostderr", "-v=9", "--tracing", "file:/t", "127.0.0.1:4000"])).toBe(
    "127.0.0.1:4000",
  );
  expect(engineAddressFromArgs(["--logtostderr"])).toBeUndefined();
  expect(parseEngineAddress("127.0.0.1:4000")).toEqual({ host: "127.0.0.1", port: 4000 });
  expect(parseEngineAddress("[::1]:4000")).toEqual({ host: "::1", port: 4000 });
  for (const bad of [undefined, "", "localhost", ":4000", "127.0.0.1:0", "127.0.0.1:70000"])
    expect(parseEngineAddress(bad)).toBeUndefined();
});

test("an engine that accepts is alive; once it refuses twice in a row it is gone, and the watch stops", async () => {
  const engine = await listen();
  const address = `127.0.0.1:${portOf(engine)}`;
  const checks: boolean[] = [];
  let gone: string | undefined;
  let goneCalls = 0;
  let closed = false;
  await new Promise<void>((resolve) => {
    watchEngine(address, {
      intervalMs: 5,
      onCheck: (alive) => {
        checks.push(alive);
        // Three live answers first, then the engine goes away.
        if (checks.length === 3 && !closed) {
          closed = true;
          engine.close();
        }
      },
      onGone: (why) => {
        gone = why;
        goneCalls++;
        resolve();
      },
    });
  });
  expect(checks.slice(0, 3)).toEqual([true, true, true]);
  expect(checks.slice(-2)).toEqual([false, false]);
  expect(gone).toBe(`${address} refuses connections`);
  // Stopped: no further check or call after the verdict.
  const after = checks.length;
  await new Promise((r) => setTimeout(r, 50));
  expect(checks.length).toBe(after);
  expect(goneCalls).toBe(1);
});

test("a single refusal between live answers is not enough", async () => {
  const engine = await listen();
  const port = portOf(engine);
  const checks: boolean[] = [];
  const onGone = jest.fn();
  let stop: () => void = () => undefined;
  await new Promise<void>((resolve) => {
    stop = watchEngine(`127.0.0.1:${port}`, {
      intervalMs: 5,
      onGone,
      onCheck: (alive) => {
        checks.push(alive);
        if (checks.length === 1) engine.close(); // the next check is refused …
        if (checks.length === 2) engine.listen(port, "127.0.0.1"); // … and the one after it answers again
        if (checks.length === 4) resolve();
      },
    });
  });
  stop();
  engine.close();
  expect(checks).toEqual([true, false, true, true]);
  expect(onGone).not.toHaveBeenCalled();
});

test("the plugin process exits when its engine's address refuses connections", async () => {
  const engine = await listen();
  const address = `127.0.0.1:${portOf(engine)}`;
  const child = spawn(
    process.execPath,
    ["-r", "ts-node/register/transpile-only", path.join(root, "provider", "plugin", "main.ts"), address],
    { cwd: root, stdio: ["ignore", "pipe", "pipe"] },
  );
  let stderr = "";
  child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
  // The plugin prints the port it serves on once it is up; then the engine goes away.
  await new Promise<void>((resolve) => child.stdout.once("data", () => resolve()));
  engine.close();
  const code = await new Promise<number | null>((resolve) => child.once("exit", (c) => resolve(c)));
  expect(code).toBe(1);
  expect(stderr).toContain(`supabase-pulumi: the engine is gone (${address} refuses connections); exiting`);
});
