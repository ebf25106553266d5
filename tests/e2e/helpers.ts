/**
 * Shared set-up of the e2e tier: an in-process emulator on a random loopback
 * port, and inline-program stacks on the real engine with their own engine
 * home and file backend in a temporary directory.
 */
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type * as pulumi from "@pulumi/pulumi";
import type * as automation from "@pulumi/pulumi/automation";
import * as supabase from "supabase-pulumi";
import { inlineStack, offlineEnv, REPO_ROOT, type EngineStack } from "../../scripts/engine";
import { installedVersion, packTarball } from "../../harness/tarball";
import { startTestEmulator } from "../../harness/emulator";
import { useEmulator } from "../../harness/suite";

export type TestEmulator = Awaited<ReturnType<typeof startTestEmulator>>;

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `supabase-pulumi-${prefix}-`));
}

let counter = 0;

/** A fresh stack wired to the emulator through stack config (secrets encrypted). */
export async function emulatorStack(
  emu: TestEmulator,
  program: automation.PulumiFn,
  extraConfig: Record<string, { value: string; secret?: boolean }> = {},
): Promise<EngineStack & { dir: string }> {
  const dir = tempDir("e2e");
  const s = await inlineStack({
    dir,
    projectName: "e2e",
    stackName: `t${process.pid}x${++counter}`,
    program,
    config: {
      "supabase:accessToken": { value: emu.accessToken, secret: true },
      "supabase:apiUrl": { value: emu.apiUrl },
      "supabase:projectUrlTemplate": { value: emu.projectUrlTemplate },
      ...extraConfig,
    },
  });
  return { ...s, dir };
}

/** Management-API requests in the emulator's log since it was last cleared. */
export async function managementCalls(emu: TestEmulator) {
  return (await emu.requests()).filter((r) => r.api === "management");
}

export function cleanup(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
}

/**
 * The emulator of a project-setting e2e file: reset before each test, with hostname
 * verification and restriction applying shortened; `dirs` collects stack
 * directories to remove at the end.
 */
export function useSettingsEmulator(): { readonly emu: TestEmulator; readonly dirs: string[] } {
  const dirs: string[] = [];
  const suite = useEmulator({
    beforeEach: async (e) => {
      await e.reset();
      await e.setSettings({ hostnameAutoVerifyMs: 300, restrictionsApplyDelayMs: 300 });
    },
    teardown: () => {
      for (const d of dirs) cleanup(d);
    },
  });
  return {
    get emu() {
      return suite.emu;
    },
    dirs,
  };
}

export const SETTINGS_DB_PASS = "settings-e2e-db-pass-77ab";

/** The organization and project a project-setting stack hangs off. */
export function settingsProject(): supabase.Project {
  const org = new supabase.Organization("org", { name: "Settings Org" });
  return new supabase.Project("project", {
    name: "settings",
    organizationId: org.organizationId,
    region: "eu-west-2",
    dbPass: SETTINGS_DB_PASS,
  });
}

export interface SettingLifecycle {
  /** The resource type as the engine prints it (`supabase:<type>`). */
  type: string;
  /** Declares the resource on the project; its outputs become the stack's (next to `ref`). */
  declare(ref: pulumi.Output<string>): Record<string, unknown>;
  /** Checks the outputs of the first up. */
  afterUp?(outputs: automation.OutputMap): void;
  /** Changes the resource out of band (must answer 2xx). */
  outOfBand(emu: TestEmulator, ref: string): Promise<{ status: number }>;
  /** Checks the service after up restored the resource. */
  afterRestore?(emu: TestEmulator, ref: string): Promise<void>;
  /** Values that must appear nowhere in the engine's output or the exported state. */
  secrets?: string[];
  /** Checks the management calls of the destroy. */
  afterDestroy?(routes: string[]): void;
}

/**
 * One project setting on the real engine: up, clean preview, a no-op up makes no
 * management call, an out-of-band change is drift, up restores it, no secret in
 * the output or state, destroy.
 */
export async function settingLifecycle(
  suite: { readonly emu: TestEmulator; readonly dirs: string[] },
  spec: SettingLifecycle,
): Promise<void> {
  const { emu, dirs } = suite;
  const captured: string[] = [];
  const onOutput = (o: string) => void captured.push(o);
  const s = await emulatorStack(emu, async () => {
    const ref = settingsProject().ref;
    return { ref, ...spec.declare(ref) };
  });
  dirs.push(s.dir);
  const up = await s.stack.up({ parallel: 8, onOutput });
  expect(up.summary.result).toBe("succeeded");
  const ref = up.outputs.ref.value as string;
  spec.afterUp?.(up.outputs);
  await s.stack.preview({ expectNoChanges: true, onOutput });

  // A no-op up makes no management call.
  await emu.clearRequests();
  await s.stack.up({ parallel: 8, onOutput });
  expect(await managementCalls(emu)).toEqual([]);

  const res = await spec.outOfBand(emu, ref);
  expect(res.status).toBeLessThan(300);
  await emu.advanceTime(5_000); // let stored restrictions apply
  const drift = await s.cli(["refresh", "--preview-only", "--expect-no-changes"]);
  captured.push(drift.stdout, drift.stderr);
  expect(drift.code).toBe(7);
  expect(drift.stdout).toContain(`supabase:${spec.type}`);
  const restore = await s.stack.up({ refresh: true, parallel: 8, onOutput });
  expect(restore.summary.result).toBe("succeeded");
  const clean = await s.cli(["refresh", "--preview-only", "--expect-no-changes"]);
  if (clean.code !== 0) throw new Error(`after restoring ${spec.type}, refresh still reports drift:\n${clean.stdout}`);
  await spec.afterRestore?.(emu, ref);

  // Secrets stay secret: nothing plaintext in the CLI's export or any output.
  const exported = await s.cli(["stack", "export"]);
  captured.push(exported.stdout);
  const everything = captured.join("\n");
  for (const secret of [SETTINGS_DB_PASS, emu.accessToken, ...(spec.secrets ?? [])])
    expect(everything).not.toContain(secret);

  await emu.clearRequests();
  await s.stack.destroy({ parallel: 8, onOutput });
  spec.afterDestroy?.((await managementCalls(emu)).map((c) => c.route ?? `${c.method} ${c.path}`));
}

/** What a command printed, and its exit code (1 when it could not start or was killed). */
export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
  /** Both streams, stdout first. */
  out: string;
}

/** Runs a command to its end with exactly `env`; never rejects, so a test can assert on the exit code. */
export function runCommand(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<CommandResult> {
  return new Promise((resolve) => {
    execFile(cmd, args, { cwd, env, maxBuffer: 64 << 20 }, (err, stdout, stderr) => {
      const exit = (err as { code?: unknown } | null)?.code;
      const [o, e] = [String(stdout), String(stderr)];
      resolve({ code: err ? (typeof exit === "number" ? exit : 1) : 0, stdout: o, stderr: e, out: `${o}\n${e}` });
    });
  });
}

/** One process as /proc shows it: its parent and whether it is a zombie (exited, not yet reaped). */
function procStat(pid: number): { ppid: number; zombie: boolean } | undefined {
  try {
    // "pid (comm) state ppid …": comm may hold spaces and parentheses, so read after the last ") ".
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const [state, ppid] = stat.slice(stat.lastIndexOf(") ") + 2).split(" ");
    return { ppid: Number(ppid), zombie: state === "Z" };
  } catch {
    return undefined;
  }
}

/** Every live process below `pid` (its children, theirs, …), with its command line. */
export function descendants(pid: number): Array<{ pid: number; cmd: string }> {
  const parents = new Map<number, number[]>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = procStat(Number(entry));
    if (!stat || stat.zombie) continue;
    parents.set(stat.ppid, [...(parents.get(stat.ppid) ?? []), Number(entry)]);
  }
  const out: Array<{ pid: number; cmd: string }> = [];
  const walk = (p: number) => {
    for (const child of parents.get(p) ?? []) {
      let cmd = "";
      try {
        cmd = fs.readFileSync(`/proc/${child}/cmdline`, "utf8").split("\0").join(" ").trim();
      } catch {
        // Exited meanwhile.
      }
      out.push({ pid: child, cmd });
      walk(child);
    }
  };
  walk(pid);
  return out;
}

/** Whether a process is gone: no such process, or a zombie nobody reaped yet. */
export function processGone(pid: number): boolean {
  const stat = procStat(pid);
  return !stat || stat.zombie;
}

/**
 * A user's copy of `examples/<name>`: the folder copied into a fresh temporary
 * directory, the packed tarball installed into it with the pinned Pulumi SDK
 * and TypeScript (as a user's `npm install` would), and the environment its
 * engine runs need (an offline engine home and file backend in the directory,
 * plus `extra`: the API to point at). The stack is the caller's to create.
 */
export async function installedExample(
  name: string,
  extra: Record<string, string>,
): Promise<{ dir: string; project: string; env: Record<string, string> }> {
  const dir = tempDir(name);
  const project = path.join(dir, name);
  fs.cpSync(path.join(REPO_ROOT, "examples", name), project, { recursive: true });
  const tarball = packTarball(dir);
  const env = { ...offlineEnv(dir), ...extra };
  const install = await runCommand(
    "npm",
    [
      "install",
      "--prefer-offline",
      "--no-audit",
      "--no-fund",
      tarball,
      `@pulumi/pulumi@${installedVersion("@pulumi/pulumi")}`,
      `typescript@${installedVersion("typescript")}`,
    ],
    project,
    { ...process.env, ...env },
  );
  if (install.code !== 0) throw new Error(`npm install in examples/${name}'s copy failed:\n${install.out}`);
  return { dir, project, env };
}

/** The environment that points the provider at `emu`. */
export const emulatorEnv = (emu: TestEmulator): Record<string, string> => ({
  SUPABASE_ACCESS_TOKEN: emu.accessToken,
  SUPABASE_API_URL: emu.apiUrl,
  SUPABASE_PROJECT_URL_TEMPLATE: emu.projectUrlTemplate,
});
