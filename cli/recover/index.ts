/**
 * `supabase-pulumi recover`: settles what a killed `pulumi up` left behind,
 * before the next `up` (see plan.ts for the decisions, apply.ts for how they
 * are written, checkpoint.ts for a file backend's unreadable checkpoint).
 *
 * It reads the stack's state once (`pulumi stack export`); with nothing
 * pending, that is all it does. Otherwise it looks up, per pending create,
 * what the interrupted create may have made (with the stack's provider
 * config, else the environment), prints the plan, and unless `--dry-run`
 * writes it: `pulumi stack import` of the edited state, then a refresh of
 * the imported resources.
 *
 * Exit codes: 0 nothing pending or everything settled; 1 a pending create
 * could not be settled (several objects match, a lookup failed, a resource
 * that is not this package's), or the engine failed.
 */
import { configure } from "../../provider/config";
import { registry, type ResourceKind } from "../../provider/registry";
import { commandFailure, commandLine, runCaptured, selectionFlags, type StackSelection } from "../pulumi";
import { takeSelection, walkFlags } from "../args";
import { editedState, stateFile } from "./apply";
import { fileBackendDir, isUnreadableCheckpoint, repairFileBackend } from "./checkpoint";
import { formatPlan, planRecovery, type HookOf, type RecoverPlan, type Step } from "./plan";
import { parseExport, type ExportedStack } from "./state";

export const USAGE = `Usage: supabase-pulumi recover [--stack NAME] [--cwd DIR] [--config-file FILE] [--dry-run] [--unlock]
                               [--import URN ID]

Settles what a killed pulumi up (a cancelled CI job, a lost runner) left in the stack's state,
so the next up neither creates a second copy of an object nor fails on one. For each pending
create it looks up what the interrupted create may have made, by the identity its inputs
declare (a project by organization and name, an API key by type and name, a function by slug,
...): exactly one match is imported under the resource's name; none, the pending create is
cleared; several, it stops and lists them. Kinds that adopt (configuration, secrets,
migrations, ...) need no lookup: the pending create is cleared and the next up writes again.
Pending updates and deletes need nothing: it says what the next up does with them.

  --dry-run        print the plan, change nothing
  --unlock         first remove the stack's lock (pulumi cancel): only when no other run of the
                   stack can be going (a CI concurrency group), since a killed run's lock stays
  --import URN ID  import this object for this pending create (the choice when several match)

With nothing pending it reads the state once and exits 0. Exit codes: 0 settled or nothing
pending, 1 a pending create could not be settled (nothing was changed) or the engine failed.
`;

export interface RecoverOptions extends StackSelection {
  dryRun?: boolean;
  unlock?: boolean;
  /** URN → id chosen by the user. */
  imports: Map<string, string>;
}

export function parseArgs(argv: string[]): RecoverOptions {
  const opts: RecoverOptions = { imports: new Map() };
  walkFlags(argv, (f) => {
    if (takeSelection(opts, f)) return true;
    if (f.inline !== undefined) return false;
    if (f.flag === "--dry-run") opts.dryRun = true;
    else if (f.flag === "--unlock") opts.unlock = true;
    else if (f.flag === "--import") {
      const urn = f.next();
      const id = f.next();
      if (!urn || !id) throw new Error("--import needs a URN and an id");
      opts.imports.set(urn, id);
    } else return false;
    return true;
  });
  return opts;
}

/** The stack's state; a file backend's checkpoint a killed run left unreadable is repaired first. */
export async function exportState(opts: StackSelection, log: (s: string) => void): Promise<ExportedStack> {
  const args = ["stack", "export", "--non-interactive", ...selectionFlags(opts, false)];
  let r = await runCaptured(args, opts.cwd);
  if (r.code !== 0 && isUnreadableCheckpoint(r.stderr + r.stdout)) {
    const who = await runCaptured(["whoami", "--json", "--non-interactive"], opts.cwd);
    const url = who.code === 0 ? (JSON.parse(who.stdout) as { url?: string }).url : process.env.PULUMI_BACKEND_URL;
    const dir = fileBackendDir(url);
    if (dir) {
      for (const line of repairFileBackend(dir)) log(`recover: ${line}\n`);
      r = await runCaptured(args, opts.cwd);
    }
  }
  if (r.code !== 0) throw commandFailure("pulumi stack export", r);
  return parseExport(r.stdout);
}

/** The provider config for the lookups: the stack's (as the provider sees it), else the environment. */
export async function configureFromStack(opts: StackSelection): Promise<void> {
  const r = await runCaptured(
    ["config", "--json", "--show-secrets", "--non-interactive", ...selectionFlags(opts, false)],
    opts.cwd,
  );
  const values: Record<string, string> = {};
  if (r.code === 0) {
    for (const [k, v] of Object.entries(JSON.parse(r.stdout) as Record<string, { value?: unknown }>))
      if (k.startsWith("supabase:") && typeof v.value === "string") values[k] = v.value;
  }
  configure({ get: (k: string) => values[k] });
}

const registryHook: HookOf = (kind: ResourceKind) => registry[kind].recover;

/** The user's `--import URN ID` choices override the lookups for those URNs. */
function withChoices(plan: RecoverPlan, imports: Map<string, string>): RecoverPlan {
  if (imports.size === 0) return plan;
  const steps: Step[] = plan.steps.map((s) => {
    const id = imports.get(s.urn);
    if (id === undefined || s.action === "note") return s;
    const chosen = s.action === "ambiguous" ? s.matches.find((m) => m.id === id) : undefined;
    return {
      urn: s.urn,
      name: s.name,
      ...(s.kind ? { kind: s.kind } : {}),
      action: "import" as const,
      id,
      match: chosen ?? { id, label: `the object chosen with --import` },
      identity: "chosen with --import",
    };
  });
  const unknown = [...imports.keys()].filter((u) => !plan.steps.some((s) => s.urn === u && s.action !== "note"));
  if (unknown.length > 0) throw new Error(`--import names no pending create: ${unknown.join(", ")}`);
  return { ...plan, steps, settled: steps.every((s) => s.action !== "ambiguous" && s.action !== "stop") };
}

export async function recoverCommand(
  argv: string[],
  out = (s: string) => void process.stdout.write(s),
  log = (s: string) => void process.stderr.write(s),
): Promise<number> {
  let opts: RecoverOptions;
  try {
    opts = parseArgs(argv);
  } catch (err) {
    log(`supabase-pulumi recover: ${(err as Error).message}\n\n${USAGE}`);
    return 1;
  }
  try {
    // The state first: reading it takes no lock, and repairs a checkpoint the engine itself could not read.
    const exported = await exportState(opts, log);
    if (opts.unlock && !opts.dryRun) {
      const r = await runCaptured(["cancel", "--yes", "--non-interactive", ...selectionFlags(opts, false)], opts.cwd);
      if (r.code !== 0) throw commandFailure("pulumi cancel", r);
      log(`recover: removed the stack's lock, if a run had left one (pulumi cancel)\n`);
    }
    if ((exported.deployment.pending_operations ?? []).length === 0) {
      out(formatPlan({ steps: [], pending: 0, settled: true }, opts, !!opts.dryRun));
      return 0;
    }
    const creates = exported.deployment.pending_operations!.some((op) => op.type === "creating");
    if (creates) await configureFromStack(opts);
    const plan = withChoices(await planRecovery(exported.deployment, registryHook), opts.imports);
    out(formatPlan(plan, opts, !!opts.dryRun));
    if (!plan.settled) return 1;
    if (opts.dryRun) return 0;
    const settled = plan.steps.filter((s) => s.action === "import" || s.action === "clear");
    if (settled.length === 0) return 0;
    const edited = editedState(exported, settled);
    const tmp = stateFile(edited);
    try {
      const args = ["stack", "import", "--file", tmp.file, "--non-interactive", ...selectionFlags(opts, false)];
      const r = await runCaptured(args, opts.cwd);
      if (r.code !== 0) throw commandFailure("pulumi stack import", r);
    } finally {
      tmp.remove();
    }
    const imported = settled.filter((s) => s.action === "import").map((s) => s.urn);
    if (imported.length > 0) {
      const args = [
        "refresh",
        "--yes",
        "--skip-preview",
        "--non-interactive",
        ...imported.flatMap((u) => ["--target", u]),
        ...selectionFlags(opts, false),
      ];
      log(`$ ${commandLine(["pulumi", ...args])}\n`);
      const r = await runCaptured(args, opts.cwd);
      if (r.code !== 0) throw commandFailure("pulumi refresh of the imported resources", r);
    }
    out(`Recovered: ${imported.length} imported, ${settled.length - imported.length} cleared. Run pulumi up next.\n`);
    return 0;
  } catch (err) {
    log(`supabase-pulumi recover: ${(err as Error).message}\n`);
    const msg = (err as Error).message;
    if (/currently locked/i.test(msg) && !opts.unlock)
      log(
        `The lock is the killed run's if no other run of this stack is going: run ${commandLine([
          "supabase-pulumi",
          "recover",
          "--unlock",
          ...selectionFlags(opts, true),
        ])}\n`,
      );
    return 1;
  }
}
