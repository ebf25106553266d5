/**
 * `supabase-pulumi drift`: one command for CI. It runs the engine's refresh
 * preview (`pulumi refresh --preview-only --json`, with streamed engine
 * events so the refreshed outputs are visible; nothing is written, and the
 * program does not run), takes the engine's verdict per resource (the
 * provider's diff of what `read` found against the recorded inputs), reads
 * each resource's `drift` detail and prints the report of drift-report.ts.
 *
 * `--repair` then restores the drifted resources and checks again:
 *
 *   1. `pulumi refresh --yes --target <urn>…` of the drifted resources: the
 *      state takes what the service has (a resource gone from the service
 *      leaves the state). A targeted refresh reads exactly the resources
 *      named; the others were just found unchanged, so reading them again
 *      would change nothing.
 *   2. `pulumi up --yes --target <urn>… --target-dependents`: the program's
 *      values are written back to the drifted resources, and a resource
 *      deleted out of band is created again (its URN is a target, which a
 *      targeted create needs). `--target-dependents` lets resources that
 *      depend on a re-created one take its new outputs (an API key's id, a
 *      function's version); without it the engine would refuse the update.
 *      The targets are URNs, so nothing else is touched; undeployed program
 *      changes to other resources stay undeployed.
 *   3. The same refresh preview again, whose report is printed: exit 0 only
 *      when it finds no drift.
 *
 * One `pulumi up --refresh --target …` would be a single step, but whether
 * the refresh half honours the targets has changed between engine versions;
 * two commands are exact on every version.
 *
 * Exit codes: 0 no drift (after the repair, with --repair), 2 drift found (or
 * left after the repair), 1 error (the engine could not run, credentials
 * missing, the stack not found, bad arguments, a repair step failed).
 */
import {
  formatMarkdown,
  formatReport,
  formatText,
  reportFromEvents,
  type DriftReport,
  type Format,
} from "./drift-report";
import { commandFailure, commandLine, runCaptured, runToStderr, selectionFlags, type StackSelection } from "./pulumi";
import { takeSelection, walkFlags } from "./args";

export interface DriftOptions extends StackSelection {
  format: Format;
  /** Restore the drifted resources after the report, then check again. */
  repair?: boolean;
}

export const USAGE = `Usage: supabase-pulumi drift [--stack NAME] [--cwd DIR] [--config-file FILE] [--format text|markdown|json] [--repair]

Runs the engine's refresh preview of the stack (pulumi refresh --preview-only: nothing is written,
the program does not run) and reports what drifted: one line per resource, grouped by type, and the
command that restores the declared state (pulumi up --refresh --yes, with the same flags).

  --repair   after the report, restore the drifted resources only (pulumi refresh, then pulumi up,
             both with --target <urn> of each drifted resource), then check again and print that
             second report.

Exit codes: 0 no drift (after the repair, with --repair), 2 drift found (or left after the repair),
1 error (the engine could not run, credentials missing, a repair step failed, ...).
`;

export function parseArgs(argv: string[]): DriftOptions {
  const opts: DriftOptions = { format: "text" };
  walkFlags(argv, (f) => {
    if (takeSelection(opts, f)) return true;
    if (f.flag === "--repair" && f.inline === undefined) opts.repair = true;
    else if (f.flag === "--format") {
      const format = f.value();
      if (format !== "text" && format !== "markdown" && format !== "json")
        throw new Error(`--format must be text, markdown or json`);
      opts.format = format;
    } else return false;
    return true;
  });
  return opts;
}

/** Runs the refresh preview and answers the report (throws when the engine fails). */
export async function runDrift(opts: StackSelection): Promise<DriftReport> {
  const args = ["refresh", "--preview-only", "--json", "--non-interactive", ...selectionFlags(opts, false)];
  const r = await runCaptured(args, opts.cwd, { PULUMI_ENABLE_STREAMING_JSON_PREVIEW: "true" });
  if (r.code !== 0) throw commandFailure("pulumi refresh --preview-only", r);
  return reportFromEvents(r.stdout, opts);
}

/** The two engine commands of a repair, targeted at the drifted resources. */
export function repairCommands(report: DriftReport, sel: StackSelection): { refresh: string[]; up: string[] } {
  const targets = report.resources.flatMap((r) => ["--target", r.urn]);
  const common = ["--yes", "--skip-preview", "--non-interactive", ...targets];
  return {
    refresh: ["refresh", ...common, ...selectionFlags(sel, false)],
    up: ["up", ...common, "--target-dependents", ...selectionFlags(sel, false)],
  };
}

/** A repair's outcome: the commands as the user would run them, the failure if one failed, the second check. */
export interface RepairResult {
  before: DriftReport;
  /** The engine commands run (empty when nothing drifted). */
  commands: string[];
  /** Why the repair failed, when a step did. */
  failed?: string;
  /** The second check's report; absent when it could not run (see `checkError`). */
  after?: DriftReport;
  checkError?: string;
}

/** Refresh and `up` of the drifted resources, then the second check. Engine progress goes to `log`. */
export async function repairDrift(
  before: DriftReport,
  opts: StackSelection,
  log: (s: string) => void,
): Promise<RepairResult> {
  if (!before.drifted) return { before, commands: [] };
  const { refresh, up } = repairCommands(before, opts);
  const result: RepairResult = { before, commands: [] };
  for (const args of [refresh, up]) {
    const line = commandLine(["pulumi", ...args, ...(opts.cwd ? ["--cwd", opts.cwd] : [])]);
    result.commands.push(line);
    log(`$ ${line}\n`);
    const code = await runToStderr(args, opts.cwd, log).catch((err: Error) => err);
    if (code !== 0) {
      result.failed =
        code instanceof Error ? code.message : `pulumi ${args[0]} exited ${code} (its output is on stderr, in the log)`;
      break;
    }
  }
  try {
    result.after = await runDrift(opts);
  } catch (err) {
    result.checkError = (err as Error).message;
  }
  return result;
}

/** The exit code of a repair: 0 only when every step ran and the second check is clean. */
export function repairExitCode(r: RepairResult): number {
  if (!r.before.drifted) return 0;
  if (r.failed || r.checkError || !r.after) return 1;
  return r.after.drifted ? 2 : 0;
}

/** What follows the first report in text or markdown: the commands run, then the second report. */
function formatRepairTail(r: RepairResult, format: "text" | "markdown"): string {
  if (!r.before.drifted) return "";
  const lines: string[] = [];
  const n = r.before.resources.length;
  const what = `the ${n} drifted resource${n === 1 ? "" : "s"}`;
  if (format === "markdown") {
    lines.push("", `### Repair of ${what}`, "", "```sh", ...r.commands, "```");
    if (r.failed) lines.push("", `**Failed:** ${r.failed}.`);
    lines.push("", "After the repair:", "");
  } else {
    lines.push("", `Repair of ${what}:`, ...r.commands.map((c) => `  ${c}`));
    if (r.failed) lines.push(`Failed: ${r.failed}.`);
    lines.push("", "After the repair:");
  }
  const second = !r.after
    ? `The second check could not run: ${r.checkError ?? "unknown error"}\n`
    : format === "markdown"
      ? formatMarkdown(r.after)
      : formatText(r.after);
  return lines.join("\n") + "\n" + second;
}

/** The report of a repair: the first report, the commands run, then the second report (one object in JSON). */
export function formatRepair(r: RepairResult, format: Format): string {
  if (format === "json") {
    const { before, commands, failed, after, checkError } = r;
    const drifted = after ? after.drifted : before.drifted;
    const repaired = repairExitCode(r) === 0;
    return JSON.stringify({ drifted, repaired, before, commands, failed, after, checkError }, null, 2) + "\n";
  }
  return formatReport(r.before, format) + formatRepairTail(r, format);
}

/** The command: prints the report (and with --repair, the repair and the second report); answers the exit code. */
export async function driftCommand(
  argv: string[],
  print = (s: string) => void process.stdout.write(s),
  log = (s: string) => void process.stderr.write(s),
): Promise<number> {
  let opts: DriftOptions;
  try {
    opts = parseArgs(argv);
  } catch (err) {
    log(`supabase-pulumi drift: ${(err as Error).message}\n\n${USAGE}`);
    return 1;
  }
  let report: DriftReport;
  try {
    report = await runDrift(opts);
  } catch (err) {
    log(`supabase-pulumi drift: ${(err as Error).message}\n`);
    return 1;
  }
  if (!opts.repair) {
    print(formatReport(report, opts.format));
    return report.drifted ? 2 : 0;
  }
  // In text and markdown the first report goes out before the repair starts, so a long repair shows what it repairs.
  if (opts.format !== "json") print(formatReport(report, opts.format));
  const result = await repairDrift(report, opts, log);
  print(opts.format === "json" ? formatRepair(result, "json") : formatRepairTail(result, opts.format));
  if (result.failed) log(`supabase-pulumi drift: the repair failed: ${result.failed}\n`);
  if (result.checkError) log(`supabase-pulumi drift: the second check failed: ${result.checkError}\n`);
  return repairExitCode(result);
}
