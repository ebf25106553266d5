/**
 * `supabase-pulumi advise`: the platform's security and performance advisors
 * as a CI gate. It reads the lints of the projects named with `--project`,
 * or of every project and branch in a stack's state (`--stack`, read with
 * `pulumi stack export`; the credentials are then the stack's `supabase:`
 * config, as recover reads them), leaves out the ignored cache keys, prints
 * the report (advise-report.ts) and fails when a finding is at or above
 * `--fail-on`.
 *
 * Exit codes: 0 nothing at or above the threshold, 1 something is, 2 an error
 * (bad arguments, an unknown project, a stack without projects, a malformed
 * ignore file, the service refusing).
 */
import * as fs from "node:fs";
import { configure } from "../provider/config";
import { ADVISOR_TYPES, LINT_LEVELS, type AdvisorType, type LintLevel } from "../provider/client";
import { managementClient } from "../provider/context";
import { takeSelection, walkFlags } from "./args";
import { failing, formatReport, type AdviseReport, type Format, type Target } from "./advise-report";
import type { StackSelection } from "./pulumi";
import { configureFromStack, exportState } from "./recover";
import { kindOf, nameOf } from "./recover/state";

export const USAGE = `Usage: supabase-pulumi advise (--project REF ... | --stack NAME [--cwd DIR] [--config-file FILE])
                              [--type security|performance|all] [--fail-on error|warn|info]
                              [--format text|markdown|json] [--ignore CACHE_KEY ...] [--ignore-file FILE]

Reads the platform's advisors (the lints of each project's live database and settings) and fails
when a finding is at or above --fail-on (default: error).

  --project REF       a project or branch ref (repeatable); credentials from SUPABASE_ACCESS_TOKEN
  --stack NAME        every project and branch in the stack's state, with the stack's credentials
  --type              security, performance or all (default)
  --format            text (default), markdown (a pull-request comment) or json
  --ignore KEY        leave out the finding with this cache_key (repeatable)
  --ignore-file FILE  a JSON array of cache keys, or of { "cache_key": KEY, "reason": TEXT }

Exit codes: 0 nothing at or above the threshold, 1 findings at or above it, 2 error.
`;

export interface AdviseOptions extends StackSelection {
  projects: string[];
  type: AdvisorType;
  failOn: LintLevel;
  format: Format;
  ignore: string[];
  ignoreFile?: string;
}

function oneOf<T extends string>(flag: string, value: string, allowed: readonly T[], norm: (s: string) => string): T {
  const v = norm(value);
  if (!allowed.includes(v as T))
    throw new Error(`${flag} must be one of ${allowed.map((a) => a.toLowerCase()).join(", ")} (got ${value})`);
  return v as T;
}

export function parseArgs(argv: string[]): AdviseOptions {
  const opts: AdviseOptions = { projects: [], type: "all", failOn: "ERROR", format: "text", ignore: [] };
  walkFlags(argv, (f) => {
    if (takeSelection(opts, f)) return true;
    if (f.flag === "--project" || f.flag === "-p") opts.projects.push(f.value());
    else if (f.flag === "--type") opts.type = oneOf(f.flag, f.value(), ADVISOR_TYPES, (s) => s.toLowerCase());
    else if (f.flag === "--fail-on") opts.failOn = oneOf(f.flag, f.value(), LINT_LEVELS, (s) => s.toUpperCase());
    else if (f.flag === "--format") opts.format = oneOf(f.flag, f.value(), ["text", "markdown", "json"], (s) => s);
    else if (f.flag === "--ignore") opts.ignore.push(f.value());
    else if (f.flag === "--ignore-file") opts.ignoreFile = f.value();
    else return false;
    return true;
  });
  if (opts.projects.length > 0 && opts.stack) throw new Error("give --project or --stack, not both");
  if (opts.projects.length === 0 && !opts.stack) throw new Error("give --project REF or --stack NAME");
  for (const ref of opts.projects)
    if (!/^[a-z]{20}$/.test(ref)) throw new Error(`--project ${ref}: a project ref is 20 lowercase letters`);
  return opts;
}

/** The cache keys of an ignore file: a JSON array of keys or of `{ cache_key, reason? }`. */
export function readIgnoreFile(file: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, "utf8"));
  } catch (err) {
    throw new Error(`--ignore-file ${file}: ${(err as Error).message}`, { cause: err });
  }
  if (!Array.isArray(parsed)) throw new Error(`--ignore-file ${file}: expected a JSON array of cache keys`);
  return parsed.map((e, i) => {
    if (typeof e === "string" && e !== "") return e;
    if (e && typeof e === "object" && typeof (e as { cache_key?: unknown }).cache_key === "string")
      return (e as { cache_key: string }).cache_key;
    throw new Error(`--ignore-file ${file}: entry ${i} is neither a cache key nor { "cache_key": … }`);
  });
}

/** The projects and branches of a stack's state: their refs and resource names. */
async function stackTargets(
  opts: AdviseOptions,
  log: (s: string) => void,
): Promise<Array<{ ref: string; label: string }>> {
  const state = await exportState(opts, log);
  const found = new Map<string, string>();
  for (const r of state.deployment.resources ?? []) {
    const kind = kindOf(r.type, r.inputs);
    if (kind !== "project" && kind !== "branch") continue;
    const ref = typeof r.outputs?.ref === "string" ? r.outputs.ref : r.id;
    if (ref && !found.has(ref)) found.set(ref, `${kind === "branch" ? "branch" : "project"} ${nameOf(r.urn)}`);
  }
  if (found.size === 0) throw new Error(`the stack ${opts.stack} has no projects or branches in its state`);
  return [...found].map(([ref, label]) => ({ ref, label }));
}

export async function runAdvise(opts: AdviseOptions, log: (s: string) => void): Promise<AdviseReport> {
  const ignore = new Set([...opts.ignore, ...(opts.ignoreFile ? readIgnoreFile(opts.ignoreFile) : [])]);
  let targets: Array<{ ref: string; label: string }>;
  if (opts.stack) {
    targets = await stackTargets(opts, log);
    await configureFromStack(opts);
  } else {
    configure({ get: () => undefined }); // the environment's SUPABASE_* variables
    targets = opts.projects.map((ref) => ({ ref, label: `project ${ref}` }));
  }
  const client = managementClient();
  const ignored: string[] = [];
  const read: Target[] = [];
  for (const t of targets) {
    const lints = await client.getAdvisors(t.ref, { type: opts.type }).catch((err: Error) => {
      throw new Error(`${t.label}: ${err.message}`, { cause: err });
    });
    for (const l of lints) if (ignore.has(l.cache_key)) ignored.push(l.cache_key);
    read.push({ ...t, lints: lints.filter((l) => !ignore.has(l.cache_key)) });
  }
  return { type: opts.type, failOn: opts.failOn, targets: read, ignored };
}

export async function adviseCommand(
  argv: string[],
  print = (s: string) => void process.stdout.write(s),
  log = (s: string) => void process.stderr.write(s),
): Promise<number> {
  let opts: AdviseOptions;
  try {
    opts = parseArgs(argv);
  } catch (err) {
    log(`supabase-pulumi advise: ${(err as Error).message}\n\n${USAGE}`);
    return 2;
  }
  try {
    const report = await runAdvise(opts, log);
    print(formatReport(report, opts.format));
    return failing(report).length > 0 ? 1 : 0;
  } catch (err) {
    log(`supabase-pulumi advise: ${(err as Error).message}\n`);
    return 2;
  }
}
