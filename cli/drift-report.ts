/**
 * The drift report: built from the engine's refresh preview events, and
 * written as text (logs), markdown (a pull-request comment or a CI job
 * summary) or JSON (other tools). One line per drifted resource, grouped by
 * type, long lists capped with a count, a summary, and, when something
 * drifted, the command that restores the declared state.
 *
 * Nothing secret reaches the report: `drift` holds names only, outputs marked
 * secret arrive from the engine as "[secret]", and for a resource without
 * drift detail only the names of changed outputs are listed.
 */
import type { Drift } from "../provider/resources/drift";
import { stableJson } from "../provider/stable-json";
import { commandLine, selectionFlags, type StackSelection } from "./pulumi";

export type Format = "text" | "markdown" | "json";

export interface DriftedResource {
  /** Short type (`TableRows`), or the full type token for resources of other packages. */
  type: string;
  name: string;
  urn: string;
  /** `changed` out of band, or `deleted` (gone from the service). */
  status: "changed" | "deleted";
  /** The resource's own drift detail, when it reports one. */
  drift?: Drift;
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
  /** When something drifted: how to restore the declared state. */
  restore?: RestoreAdvice;
}

/**
 * The way back to the declared state, as commands to run word for word. The
 * drift check only previews a refresh (the state keeps the values recorded
 * at the last `up`), so a plain `pulumi up` finds nothing to do: `--refresh`
 * first reads the service into the state, then the same `up` writes the
 * program's values back. `--yes` because the report is the review (and a CI
 * shell cannot answer the prompt); the flags are the ones the check was
 * given, so the command works from the same directory.
 */
export interface RestoreAdvice {
  /** `pulumi up --refresh --yes` with the stack, cwd and config file of the check. */
  command: string;
  argv: string[];
  /** The drift command's own repair of the drifted resources only, followed by a second check. */
  repair: string;
}

export function restoreAdvice(sel: StackSelection): RestoreAdvice {
  const argv = ["pulumi", "up", "--refresh", "--yes", ...selectionFlags(sel, true)];
  return {
    command: commandLine(argv),
    argv,
    repair: commandLine(["supabase-pulumi", "drift", "--repair", ...selectionFlags(sel, true)]),
  };
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

/**
 * Builds the report from the engine's streamed preview events (one JSON
 * object a line). Also accepts the single preview digest older engines print
 * without streaming; it carries no refreshed outputs, so resources then show
 * by the change the program would make.
 */
export function reportFromEvents(text: string, sel: StackSelection = {}): DriftReport {
  const events: Json[] = [];
  const trimmed = text.trim();
  if (trimmed.startsWith("{") && !trimmed.includes("\n{")) {
    const one = JSON.parse(trimmed) as Json;
    if (Array.isArray(one.steps)) return withAdvice(reportFromDigest(one, sel.stack), sel);
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
    const drift = newOuts.drift as Drift | undefined;
    if (drift && typeof drift === "object") {
      resources.push({ ...base, status: "changed", drift });
      continue;
    }
    const keys = [...new Set([...Object.keys(oldOuts), ...Object.keys(newOuts)])].filter((k) => !BOOKKEEPING.has(k));
    const changedOutputs = keys.filter((k) => stableJson(oldOuts[k]) !== stableJson(newOuts[k])).sort();
    if (changedOutputs.length > 0 || op === "update") resources.push({ ...base, status: "changed", changedOutputs });
  }
  return withAdvice({ stack: sel.stack, drifted: resources.length > 0, checked, resources, refreshSummary }, sel);
}

function withAdvice(report: DriftReport, sel: StackSelection): DriftReport {
  return report.drifted ? { ...report, restore: restoreAdvice(sel) } : report;
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
    const drift = ((s.newState as Json | undefined)?.outputs as Json | undefined)?.drift as Drift | undefined;
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

const RESTORE_INTRO = "To restore the declared state (read the service into the state, then apply the program), run:";
const KEEP = "To keep what changed instead, change the program to match.";
const repairLine = (a: RestoreAdvice, code: (s: string) => string) =>
  `Or run ${code(a.repair)} to restore only the drifted resources and check again.`;

export function formatText(report: DriftReport): string {
  const lines = [summaryLine(report)];
  for (const [type, rs] of grouped(report)) {
    lines.push("", `${type} (${rs.length})`);
    for (const r of rs.slice(0, MAX_RESOURCES_PER_TYPE)) lines.push(`  ${r.name}: ${describe(r)}`);
    if (rs.length > MAX_RESOURCES_PER_TYPE) lines.push(`  … and ${rs.length - MAX_RESOURCES_PER_TYPE} more ${type}`);
  }
  const a = report.restore;
  if (a)
    lines.push(
      "",
      RESTORE_INTRO,
      `  ${a.command}`,
      repairLine(a, (s) => s),
      KEEP,
    );
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
  const a = report.restore;
  if (a) lines.push("", RESTORE_INTRO, "", "```sh", a.command, "```", "", `${repairLine(a, code)} ${KEEP}`);
  return lines.join("\n") + "\n";
}

export function formatReport(report: DriftReport, format: Format): string {
  if (format === "json") return JSON.stringify(report, null, 2) + "\n";
  return format === "markdown" ? formatMarkdown(report) : formatText(report);
}
