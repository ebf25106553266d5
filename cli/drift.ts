/**
 * `supabase-pulumi drift`: one command for CI. It runs the engine's refresh
 * preview (`pulumi refresh --preview-only --json`, with streamed engine
 * events so the refreshed outputs are visible; nothing is written, and the
 * program does not run), takes the engine's verdict per resource (the
 * provider's diff of what `read` found against the recorded inputs), reads
 * each resource's `drift` detail
 * (row keys and columns, secret names, settings, CIDR entries; never a value)
 * and prints a short report: one line per drifted resource, grouped by type,
 * long lists capped with a count, and a summary.
 *
 * Exit codes: 0 no drift, 2 drift found, 1 error (the engine could not run,
 * credentials missing, the stack not found, bad arguments).
 *
 * Nothing secret reaches the report: `drift` holds names only, outputs marked
 * secret arrive from the engine as "[secret]", and for a resource without
 * drift detail only the names of changed outputs are listed.
 */
import { spawn } from "node:child_process";
import * as path from "node:path";

export type Format = "text" | "markdown" | "json";

export interface DriftDetail {
  changed?: string[] | Record<string, string[]>;
  added?: string[];
  deleted?: string[];
  more?: Record<string, number>;
}

export interface DriftedResource {
  /** Short type (`TableRows`), or the full type token for resources of other packages. */
  type: string;
  name: string;
  urn: string;
  /** `changed` out of band, or `deleted` (gone from the service). */
  status: "changed" | "deleted";
  /** The resource's own drift detail, when it reports one. */
  drift?: DriftDetail;
  /** Names of outputs that differ, for a resource that reports no detail. */
  changedOutputs?: string[];
}

export interface DriftReport {
  stack?: string;
  drifted: boolean;
  /** Resources refreshed. */
  checked: number;
  resources: DriftedResource[];
  /** The engine's own summary of the refresh, e.g. `{ update: 3, same: 8 }`. */
  refreshSummary: Record<string, number>;
}

/** Lines shown per type, and names shown per list, before "and N more". */
export const MAX_RESOURCES_PER_TYPE = 20;
export const MAX_NAMES_PER_LIST = 10;

const DYNAMIC_PREFIX = "pulumi-nodejs:dynamic/supabase:";

function shortType(type: string): string {
  return type.startsWith(DYNAMIC_PREFIX) ? type.slice(DYNAMIC_PREFIX.length) : type;
}

function nameOf(urn: string): string {
  return urn.slice(urn.lastIndexOf("::") + 2);
}

type Json = Record<string, unknown>;

/** Output names to leave out of "changed outputs": bookkeeping that moves with every change. */
const BOOKKEEPING = new Set(["__provider", "drift"]);

function stable(v: unknown): string {
  if (v === null || typeof v !== "object") return JSON.stringify(v) ?? "undefined";
  if (Array.isArray(v)) return `[${v.map(stable).join(",")}]`;
  const o = v as Json;
  return `{${Object.keys(o)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${stable(o[k])}`)
    .join(",")}}`;
}

/**
 * Builds the report from the engine's streamed preview events (one JSON
 * object a line). Also accepts the single preview digest older engines print
 * without streaming; it carries no refreshed outputs, so resources then show
 * by the change the program would make.
 */
export function reportFromEvents(text: string, stack?: string): DriftReport {
  const events: Json[] = [];
  const trimmed = text.trim();
  if (trimmed.startsWith("{") && !trimmed.includes("\n{")) {
    const one = JSON.parse(trimmed) as Json;
    if (Array.isArray(one.steps)) return reportFromDigest(one, stack);
    events.push(one);
  } else {
    for (const line of trimmed.split("\n")) {
      const l = line.trim();
      if (l.startsWith("{")) events.push(JSON.parse(l) as Json);
    }
  }
  const resources: DriftedResource[] = [];
  let checked = 0;
  let refreshSummary: Record<string, number> = {};
  for (const e of events) {
    const summary = e.summaryEvent as Json | undefined;
    if (summary) refreshSummary = (summary.resourceChanges as Record<string, number>) ?? {};
    const out = e.resOutputsEvent as Json | undefined;
    const meta = out?.metadata as Json | undefined;
    // A standalone refresh reports each resource as same, update or delete.
    const op = meta?.op;
    if (!meta || (op !== "same" && op !== "update" && op !== "delete" && op !== "refresh")) continue;
    const type = String(meta.type ?? "");
    if (type === "pulumi:pulumi:Stack" || type.startsWith("pulumi:providers:")) continue;
    checked++;
    const urn = String(meta.urn);
    const oldOuts = ((meta.old as Json | undefined)?.outputs ?? {}) as Json;
    const newState = meta.new as Json | undefined;
    const newOuts = newState?.outputs as Json | undefined;
    const base = { type: shortType(type), name: nameOf(urn), urn };
    if (op === "same") continue;
    if (op === "delete" || !newState || !newOuts || Object.keys(newOuts).length === 0) {
      resources.push({ ...base, status: "deleted" });
      continue;
    }
    const drift = newOuts.drift as DriftDetail | undefined;
    if (drift && typeof drift === "object") {
      resources.push({ ...base, status: "changed", drift });
      continue;
    }
    const keys = [...new Set([...Object.keys(oldOuts), ...Object.keys(newOuts)])].filter((k) => !BOOKKEEPING.has(k));
    const changedOutputs = keys.filter((k) => stable(oldOuts[k]) !== stable(newOuts[k])).sort();
    if (changedOutputs.length > 0 || op === "update") resources.push({ ...base, status: "changed", changedOutputs });
  }
  return { stack, drifted: resources.length > 0, checked, resources, refreshSummary };
}

function reportFromDigest(digest: Json, stack?: string): DriftReport {
  const steps = (digest.steps ?? []) as Json[];
  const resources: DriftedResource[] = [];
  let checked = 0;
  for (const s of steps) {
    const urn = String(s.urn);
    const type = String((s.newState as Json | undefined)?.type ?? (s.oldState as Json | undefined)?.type ?? "");
    if (type === "pulumi:pulumi:Stack" || type.startsWith("pulumi:providers:")) continue;
    checked++;
    if (s.op !== "update" && s.op !== "delete") continue;
    const drift = ((s.newState as Json | undefined)?.outputs as Json | undefined)?.drift as DriftDetail | undefined;
    resources.push({
      type: shortType(type),
      name: nameOf(urn),
      urn,
      status: s.op === "delete" ? "deleted" : "changed",
      ...(drift && typeof drift === "object" ? { drift } : {}),
    });
  }
  return {
    stack,
    drifted: resources.length > 0,
    checked,
    resources,
    refreshSummary: (digest.changeSummary as Record<string, number>) ?? {},
  };
}

function capped(items: string[], extra = 0): string {
  const shown = items.slice(0, MAX_NAMES_PER_LIST);
  const more = items.length - shown.length + extra;
  return more > 0 ? `${shown.join(", ")} and ${more} more` : shown.join(", ");
}

/** What drifted, in words: `changed code=pro (price); deleted code=team`. */
export function describe(r: DriftedResource): string {
  if (r.status === "deleted") return "deleted out of band (gone from the service)";
  if (!r.drift)
    return r.changedOutputs && r.changedOutputs.length > 0 ? `outputs changed: ${capped(r.changedOutputs)}` : "changed";
  const d = r.drift;
  const more = d.more ?? {};
  const parts: string[] = [];
  if (Array.isArray(d.changed)) parts.push(`changed ${capped(d.changed, more.changed)}`);
  else if (d.changed && typeof d.changed === "object") {
    const entries = Object.entries(d.changed).map(([k, cols]) => `${k} (${(cols ?? []).join(", ")})`);
    parts.push(`changed ${capped(entries, more.changed)}`);
  }
  if (d.deleted && d.deleted.length > 0) parts.push(`deleted ${capped(d.deleted, more.deleted)}`);
  if (d.added && d.added.length > 0) parts.push(`added ${capped(d.added, more.added)}`);
  return parts.length > 0 ? parts.join("; ") : "changed";
}

function grouped(report: DriftReport): Array<[string, DriftedResource[]]> {
  const groups = new Map<string, DriftedResource[]>();
  for (const r of report.resources) groups.set(r.type, [...(groups.get(r.type) ?? []), r]);
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b));
}

function summaryLine(report: DriftReport): string {
  const where = report.stack ? ` in stack ${report.stack}` : "";
  if (!report.drifted) return `No drift${where}: ${report.checked} resources checked.`;
  const n = report.resources.length;
  return `Drift${where}: ${n} of ${report.checked} resources drifted (${grouped(report)
    .map(([t, rs]) => `${rs.length} ${t}`)
    .join(", ")}).`;
}

function planLine(report: DriftReport): string | undefined {
  if (!report.drifted) return undefined;
  return "Run `pulumi up` to restore the declared state (or change the program to accept what changed).";
}

export function formatText(report: DriftReport): string {
  const lines = [summaryLine(report)];
  for (const [type, rs] of grouped(report)) {
    lines.push("", `${type} (${rs.length})`);
    for (const r of rs.slice(0, MAX_RESOURCES_PER_TYPE)) lines.push(`  ${r.name}: ${describe(r)}`);
    if (rs.length > MAX_RESOURCES_PER_TYPE) lines.push(`  … and ${rs.length - MAX_RESOURCES_PER_TYPE} more ${type}`);
  }
  const plan = planLine(report);
  if (plan) lines.push("", plan.replace(/`/g, ""));
  return lines.join("\n") + "\n";
}

/** Markdown for a pull-request comment or a CI job summary. */
export function formatMarkdown(report: DriftReport): string {
  const code = (s: string) => `\`${s.replace(/`/g, "'")}\``;
  const lines = [`### ${report.drifted ? "⚠️ " : "✅ "}${summaryLine(report)}`];
  for (const [type, rs] of grouped(report)) {
    lines.push("", `#### ${type} (${rs.length})`, "");
    for (const r of rs.slice(0, MAX_RESOURCES_PER_TYPE)) lines.push(`- ${code(r.name)}: ${code(describe(r))}`);
    if (rs.length > MAX_RESOURCES_PER_TYPE) lines.push(`- … and ${rs.length - MAX_RESOURCES_PER_TYPE} more`);
  }
  const plan = planLine(report);
  if (plan) lines.push("", plan);
  return lines.join("\n") + "\n";
}

export function formatReport(report: DriftReport, format: Format): string {
  if (format === "json") return JSON.stringify(report, null, 2) + "\n";
  return format === "markdown" ? formatMarkdown(report) : formatText(report);
}

export interface DriftOptions {
  stack?: string;
  cwd?: string;
  configFile?: string;
  format: Format;
}

export const USAGE = `Usage: supabase-pulumi drift [--stack NAME] [--cwd DIR] [--format text|markdown|json] [--config-file FILE]

Runs the engine's refresh preview of the stack (pulumi refresh --preview-only: nothing is written,
the program does not run) and reports what drifted: one line per resource, grouped by type.

Exit codes: 0 no drift, 2 drift found, 1 error (the engine could not run, credentials missing, ...).
`;

export function parseArgs(argv: string[]): DriftOptions {
  const opts: DriftOptions = { format: "text" };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const [flag, inline] = a.includes("=") ? [a.slice(0, a.indexOf("=")), a.slice(a.indexOf("=") + 1)] : [a, undefined];
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined || v === "") throw new Error(`${flag} needs a value`);
      return v;
    };
    if (flag === "--stack" || flag === "-s") opts.stack = value();
    else if (flag === "--cwd" || flag === "-C") opts.cwd = value();
    else if (flag === "--config-file") opts.configFile = value();
    else if (flag === "--format") {
      const f = value();
      if (f !== "text" && f !== "markdown" && f !== "json") throw new Error(`--format must be text, markdown or json`);
      opts.format = f;
    } else throw new Error(`unknown argument ${a}`);
  }
  return opts;
}

/** The `pulumi` to run: the engine root's when set (as the tests and the demo do), else the one on PATH. */
function pulumiBinary(): string {
  const root = process.env.SUPABASE_PULUMI_ENGINE_ROOT;
  return root ? path.join(root, "bin", "pulumi") : "pulumi";
}

/** Error diagnostics of the event stream, for the message when the engine fails. */
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

/** Runs the refresh preview and answers the report (throws when the engine fails). */
export async function runDrift(opts: DriftOptions): Promise<DriftReport> {
  const args = ["refresh", "--preview-only", "--json", "--non-interactive"];
  if (opts.stack) args.push("--stack", opts.stack);
  if (opts.configFile) args.push("--config-file", opts.configFile);
  const env = { ...process.env, PULUMI_ENABLE_STREAMING_JSON_PREVIEW: "true", PULUMI_SKIP_UPDATE_CHECK: "true" };
  const { code, stdout, stderr } = await new Promise<{ code: number; stdout: string; stderr: string }>(
    (resolve, reject) => {
      const child = spawn(pulumiBinary(), args, { cwd: opts.cwd ?? process.cwd(), env });
      let out = "";
      let err = "";
      child.stdout.on("data", (b: Buffer) => (out += b.toString()));
      child.stderr.on("data", (b: Buffer) => (err += b.toString()));
      child.on("error", (e) =>
        reject(new Error(`could not run ${pulumiBinary()} (${e.message}); install the Pulumi CLI first`)),
      );
      child.on("close", (c) => resolve({ code: c ?? 1, stdout: out, stderr: err }));
    },
  );
  if (code !== 0) {
    const why = [...errorsOf(stdout), ...stderr.trim().split("\n").slice(-10)].filter((l) => l.trim() !== "");
    throw new Error(`pulumi refresh --preview-only failed (exit ${code}):\n${why.join("\n")}`);
  }
  return reportFromEvents(stdout, opts.stack);
}

/** The command: prints the report and answers the exit code. */
export async function driftCommand(argv: string[], print = (s: string) => process.stdout.write(s)): Promise<number> {
  let opts: DriftOptions;
  try {
    opts = parseArgs(argv);
  } catch (err) {
    process.stderr.write(`supabase-pulumi drift: ${(err as Error).message}\n\n${USAGE}`);
    return 1;
  }
  try {
    const report = await runDrift(opts);
    print(formatReport(report, opts.format));
    return report.drifted ? 2 : 0;
  } catch (err) {
    process.stderr.write(`supabase-pulumi drift: ${(err as Error).message}\n`);
    return 1;
  }
}
