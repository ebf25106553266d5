/**
 * scripts/language-host.js, our Node.js pulumi-language-nodejs: like the
 * engine's own plugins, it exits when the engine that started it is gone, so a
 * killed `pulumi up` leaves no host behind with parent PID 1.
 */
import { spawn, type ChildProcess } from "node:child_process";
import * as fs from "node:fs";
import * as net from "node:net";
import * as path from "node:path";
import * as readline from "node:readline";

const root = path.resolve(__dirname, "../../..");
const host = path.join(root, "scripts", "language-host.js");

jest.setTimeout(60_000);

const started: ChildProcess[] = [];
afterEach(() => {
  for (const c of started.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
});

function start(command: string, args: string[]): ChildProcess {
  const child = spawn(command, args, { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
  started.push(child);
  return child;
}

function lines(child: ChildProcess): AsyncIterableIterator<string> {
  return readline.createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
}

function exited(child: ChildProcess): Promise<{ code: number | null; stderr: string }> {
  let stderr = "";
  child.stderr!.on("data", (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => child.once("exit", (code) => resolve({ code, stderr })));
}

function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** Gone: no such process, or a zombie nobody reaped (its parent is gone too). */
function gone(pid: number): boolean {
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.startsWith("Z") ?? true;
  } catch {
    return true;
  }
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((r) => setTimeout(r, 100));
}

test("with no engine at its address, it exits and says why", async () => {
  const address = `127.0.0.1:${await closedPort()}`;
  const child = start(process.execPath, [host, address]);
  const done = exited(child);
  const port = (await lines(child).next()).value as string;
  expect(port).toMatch(/^\d+$/);
  const { code, stderr } = await done;
  expect(code).toBe(1);
  expect(stderr).toContain(`the engine is gone (${address} does not answer)`);
});

test("when the engine that started it is killed, it exits although the address still answers", async () => {
  // A gRPC server standing in for the engine: it keeps answering (every call "unimplemented") all along.
  const engine = start(process.execPath, [
    "-e",
    `const grpc = require("@grpc/grpc-js");
     const s = new grpc.Server();
     s.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (e, p) => console.log(p));`,
  ]);
  const enginePort = (await lines(engine).next()).value as string;
  // The "engine" process that starts the host, killed with SIGKILL as a user's Ctrl-\ or the OOM killer would.
  const parent = start("sh", ["-c", `"${process.execPath}" "${host}" 127.0.0.1:${enginePort} & echo "pid $!"; wait`]);
  let hostPid = 0;
  let listening = false;
  for await (const line of lines(parent)) {
    if (line.startsWith("pid ")) hostPid = Number(line.slice(4));
    else if (/^\d+$/.test(line)) listening = true;
    if (hostPid && listening) break;
  }
  expect(gone(hostPid)).toBe(false);
  parent.kill("SIGKILL");
  await until(() => gone(hostPid));
  expect(engine.exitCode).toBeNull();
});

describe("running a policy pack (RunPlugin, kind analyzer), as the engine asks for --policy-pack", () => {
  /* eslint-disable @typescript-eslint/no-require-imports */
  const grpc = require("@grpc/grpc-js") as typeof import("@grpc/grpc-js");
  const langrpc = require("@pulumi/pulumi/proto/language_grpc_pb.js");
  const langproto = require("@pulumi/pulumi/proto/language_pb.js");
  /* eslint-enable @typescript-eslint/no-require-imports */

  let pack: string;
  beforeAll(() => {
    // Inside the checkout (git ignores .tmp/), so @pulumi/pulumi resolves from the pack's folder as from a project's.
    fs.mkdirSync(path.join(root, ".tmp"), { recursive: true });
    pack = fs.mkdtempSync(path.join(root, ".tmp", "policy-pack-"));
    // A pack that prints its port and its arguments, as @pulumi/policy prints the port the engine reads.
    fs.writeFileSync(
      path.join(pack, "index.js"),
      'console.log("4242"); console.error(JSON.stringify(process.argv.slice(2)));',
    );
    fs.writeFileSync(path.join(pack, "package.json"), '{ "name": "fake-pack", "version": "1.0.0" }');
  });
  afterAll(() => fs.rmSync(pack, { recursive: true, force: true }));

  async function runPlugin(kind: string): Promise<{ stdout: string; stderr: string; exitcode?: number }> {
    const engine = start(process.execPath, [
      "-e",
      `const grpc = require("@grpc/grpc-js");
       const s = new grpc.Server();
       s.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (e, p) => console.log(p));`,
    ]);
    const enginePort = (await lines(engine).next()).value as string;
    const child = start(process.execPath, [host, `127.0.0.1:${enginePort}`]);
    const hostPort = (await lines(child).next()).value as string;
    const client = new langrpc.LanguageRuntimeClient(`127.0.0.1:${hostPort}`, grpc.credentials.createInsecure());
    const info = new langproto.ProgramInfo();
    info.setRootDirectory(pack);
    info.setProgramDirectory(pack);
    info.setEntryPoint(".");
    const req = new langproto.RunPluginRequest();
    req.setInfo(info);
    req.setKind(kind);
    req.setArgsList([`127.0.0.1:${enginePort}`]);
    req.setEnvList([`PATH=${process.env.PATH}`]);
    const out = { stdout: "", stderr: "", exitcode: undefined as number | undefined };
    await new Promise<void>((resolve, reject) => {
      const stream = client.runPlugin(req);
      stream.on("data", (r: any) => {
        if (r.hasStdout()) out.stdout += Buffer.from(r.getStdout_asU8()).toString();
        if (r.hasStderr()) out.stderr += Buffer.from(r.getStderr_asU8()).toString();
        if (r.hasExitcode()) out.exitcode = r.getExitcode();
      });
      stream.on("end", resolve);
      stream.on("error", reject);
    });
    client.close();
    return out;
  }

  test("runs @pulumi/pulumi's run-policy-pack in the pack's folder, streams its output and its exit code", async () => {
    const r = await runPlugin("analyzer");
    expect(r.stdout).toBe("4242\n");
    expect(r.exitcode).toBe(0);
    // run-policy-pack hands the pack the arguments after the engine's address and the pack's folder.
    expect(r.stderr.trim()).toBe("[]");
  });

  test("other kinds of plugin are refused with a message, not run", async () => {
    const r = await runPlugin("resource");
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain("runs policy packs only, not resource plugins");
    expect(r.exitcode).toBe(1);
  });
});
