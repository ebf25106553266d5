/**
 * Ends the Node.js dynamic-provider hosts of an engine that is gone.
 *
 * The engine runs every dynamic resource in one host process of the Node.js
 * SDK (`pulumi-resource-pulumi-nodejs`, a `sh` shim around
 * `node …/@pulumi/pulumi/cmd/dynamic-provider/index.js <engine>`). That host
 * loads nothing of this package until the engine's first resource call
 * (`check`) deserializes a provider, and it has no watch of its own: an engine
 * killed between the host's start and that first call leaves it running for
 * ever with parent PID 1. (Writing its port to the dead engine's pipe fails,
 * but the host's `uncaughtException` handler swallows that error.) The host
 * cannot be reached before that call: it is the stock SDK's, started by the
 * stock engine with the engine's environment.
 *
 * So the program, which loads this package before it registers any of its
 * resources, starts this process, detached, with the engine's address (see
 * `guardDynamicProviderHosts` in sdk/provider.ts): it watches the engine like
 * the hosts do once our runtime is loaded, and when the engine's address
 * refuses connections it ends every dynamic-provider host (and its shim) that
 * was started for that address, then exits itself. Hosts of other engines are
 * never touched: a host's command line names its engine's address.
 *
 * Usage: node host-guard.js <engine address>
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import { parseEngineAddress, watchEngine } from "./engine-watch";

export interface HostProcess {
  pid: number;
  args: string[];
}

/** Every process of the machine with its arguments: from /proc where there is one, else from `ps`. */
export function processes(): HostProcess[] {
  if (fs.existsSync("/proc/self/cmdline")) {
    const out: HostProcess[] = [];
    for (const entry of fs.readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const args = fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0").filter(Boolean);
        if (args.length > 0) out.push({ pid: Number(entry), args });
      } catch {
        // Exited meanwhile, or not ours to read.
      }
    }
    return out;
  }
  try {
    return execFileSync("ps", ["-axo", "pid=,args="], { encoding: "utf8" })
      .split("\n")
      .map((line) => /^\s*(\d+)\s+(.*)$/.exec(line))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => ({ pid: Number(m[1]), args: m[2]!.split(/\s+/) }));
  } catch {
    return [];
  }
}

const HOST = /(?:[\\/]cmd[\\/]dynamic-provider(?:[\\/]index\.js)?|[\\/]pulumi-resource-pulumi-nodejs(?:\.cmd)?)$/;

/** The dynamic-provider hosts (node processes and their shims) started for the engine at `address`. */
export function dynamicProviderHosts(address: string, all: HostProcess[] = processes()): HostProcess[] {
  return all.filter((p) => p.pid !== process.pid && p.args.includes(address) && p.args.some((a) => HOST.test(a)));
}

function signal(pid: number, sig: NodeJS.Signals): void {
  try {
    process.kill(pid, sig);
  } catch {
    // Gone already, or not ours.
  }
}

/** Ends the hosts of `address`: SIGTERM, then SIGKILL for any still there after `graceMs`. */
export async function endDynamicProviderHosts(address: string, graceMs = 2_000): Promise<number> {
  const hosts = dynamicProviderHosts(address);
  for (const h of hosts) signal(h.pid, "SIGTERM");
  if (hosts.length === 0) return 0;
  await new Promise((r) => setTimeout(r, graceMs));
  for (const h of dynamicProviderHosts(address)) signal(h.pid, "SIGKILL");
  return hosts.length;
}

if (require.main === module) {
  const address = process.argv[2];
  if (!parseEngineAddress(address)) process.exit(2);
  watchEngine(address, {
    keepAlive: true,
    onGone: (why) => {
      void endDynamicProviderHosts(address!).then((n) => {
        if (n > 0)
          process.stderr.write(`supabase-pulumi: the engine is gone (${why}); ended ${n} provider host process(es)\n`);
        process.exit(0);
      });
    },
  });
}
