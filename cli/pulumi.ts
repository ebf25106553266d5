/**
 * Running the `pulumi` CLI for the subcommands, and writing the commands a
 * user should run (quoted for a POSIX shell, so they work pasted as printed).
 */
import { spawn } from "node:child_process";
import * as path from "node:path";

/** Where and on which stack the user asked the command to work: passed on to every `pulumi` command. */
export interface StackSelection {
  stack?: string;
  cwd?: string;
  configFile?: string;
}

/** The `pulumi` to run: the engine root's when set (as the tests and the demo do), else the one on PATH. */
export function pulumiBinary(): string {
  const root = process.env.SUPABASE_PULUMI_ENGINE_ROOT;
  return root ? path.join(root, "bin", "pulumi") : "pulumi";
}

/** The flags that select the stack the user chose (`--cwd` only when written out for the user to run). */
export function selectionFlags(sel: StackSelection, withCwd: boolean): string[] {
  const flags: string[] = [];
  if (sel.stack) flags.push("--stack", sel.stack);
  if (withCwd && sel.cwd) flags.push("--cwd", sel.cwd);
  if (sel.configFile) flags.push("--config-file", sel.configFile);
  return flags;
}

/** One argument for a POSIX shell: as is when it holds nothing the shell reads, else single-quoted. */
export function shellQuote(arg: string): string {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(arg)) return arg;
  return `'${arg.replace(/'/g, `'\\''`)}'`;
}

export function commandLine(argv: string[]): string {
  return argv.map(shellQuote).join(" ");
}

const ENGINE_ENV = { PULUMI_SKIP_UPDATE_CHECK: "true" };

/** Runs `pulumi` with its output captured (for the JSON event stream). */
export function runCaptured(
  args: string[],
  cwd: string | undefined,
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(pulumiBinary(), args, {
      cwd: cwd ?? process.cwd(),
      env: { ...process.env, ...ENGINE_ENV, ...env },
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (b: Buffer) => (out += b.toString()));
    child.stderr.on("data", (b: Buffer) => (err += b.toString()));
    child.on("error", (e) =>
      reject(new Error(`could not run ${pulumiBinary()} (${e.message}); install the Pulumi CLI first`)),
    );
    child.on("close", (c) => resolve({ code: c ?? 1, stdout: out, stderr: err }));
  });
}

/**
 * Runs `pulumi` with its progress written to this process's stderr (so a CI
 * log shows it, and stdout keeps only the report); answers the exit code.
 */
export function runToStderr(args: string[], cwd: string | undefined, log: (s: string) => void): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(pulumiBinary(), args, { cwd: cwd ?? process.cwd(), env: { ...process.env, ...ENGINE_ENV } });
    child.stdout.on("data", (b: Buffer) => log(b.toString()));
    child.stderr.on("data", (b: Buffer) => log(b.toString()));
    child.on("error", (e) =>
      reject(new Error(`could not run ${pulumiBinary()} (${e.message}); install the Pulumi CLI first`)),
    );
    child.on("close", (c) => resolve(c ?? 1));
  });
}

type Json = Record<string, unknown>;

/** Error diagnostics of a JSON event stream, for the message when the engine fails. */
function errorsOf(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split("\n")) {
    if (!line.startsWith("{")) continue;
    try {
      const d = (JSON.parse(line) as Json).diagnosticEvent as Json | undefined;
      if (d && d.severity === "error") out.push(String(d.message ?? "").trim());
    } catch {
      // not an event line
    }
  }
  return out.filter((m) => m !== "");
}

/** A failed engine command as an error: its error diagnostics, then the last lines it wrote on stderr. */
export function commandFailure(what: string, r: { code: number; stdout: string; stderr: string }): Error {
  const why = [...errorsOf(r.stdout), ...r.stderr.trim().split("\n").slice(-10)].filter((l) => l.trim() !== "");
  return new Error(`${what} failed (exit ${r.code}):\n${why.join("\n")}`);
}
