/**
 * The report of `supabase-pulumi advise`: the advisors' lints of each
 * project and branch, as text for a terminal, markdown for a pull-request
 * comment (grouped by level, each finding with its object and remediation
 * link) or JSON. Lints carry no secrets (names of database objects and
 * settings); nothing else of the projects is shown.
 */
import { LINT_LEVELS, atLeast, type AdvisorLint, type AdvisorType, type LintLevel } from "../provider/client";

export type Format = "text" | "markdown" | "json";

/** One project or branch and its lints (those not ignored). */
export interface Target {
  ref: string;
  /** Where it comes from: `--project`, or the resource's name in the stack. */
  label: string;
  lints: AdvisorLint[];
}

export interface AdviseReport {
  type: AdvisorType;
  failOn: LintLevel;
  targets: Target[];
  /** Cache keys of findings left out by --ignore / --ignore-file. */
  ignored: string[];
}

/** The findings at or above the threshold. */
export const failing = (r: AdviseReport): Array<{ target: Target; lint: AdvisorLint }> =>
  r.targets.flatMap((target) =>
    target.lints.filter((l) => atLeast(l.level, r.failOn)).map((lint) => ({ target, lint })),
  );

/** The linter writes a backslash before each backtick; shown as written it reads as code in markdown. */
const plain = (s: string) => s.replace(/\\`/g, "`");

/** The object a lint is about: `schema.name`, or the settings' entity. */
export function objectOf(l: AdvisorLint): string {
  const m = (l.metadata ?? {}) as Record<string, unknown>;
  if (typeof m.schema === "string" && typeof m.name === "string") return `${m.schema}.${m.name}`;
  if (typeof m.name === "string") return m.name;
  if (typeof m.entity === "string") return m.entity;
  return "project";
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

function verdict(r: AdviseReport): string {
  const n = failing(r).length;
  const scope = r.failOn === "INFO" ? "" : ` at ${r.failOn} or above`;
  return n === 0 ? `No finding${scope}.` : `${plural(n, "finding")}${scope}.`;
}

export function formatText(r: AdviseReport): string {
  const lines: string[] = [];
  for (const t of r.targets) {
    lines.push(`${t.label.includes(t.ref) ? t.label : `${t.label} (${t.ref})`}: ${plural(t.lints.length, "lint")}`);
    for (const l of t.lints) {
      const mark = atLeast(l.level, r.failOn) ? "✗" : " ";
      lines.push(`  ${mark} ${l.level.padEnd(5)} ${l.name}  ${objectOf(l)}`);
      lines.push(`      ${plain(l.detail)}`);
      lines.push(`      ${l.remediation}`);
    }
  }
  if (r.ignored.length > 0) lines.push(`Ignored: ${r.ignored.join(", ")}`);
  lines.push(verdict(r));
  return lines.join("\n") + "\n";
}

const cell = (s: string) => s.replace(/\|/g, "\\|").replace(/\r?\n/g, " ");

export function formatMarkdown(r: AdviseReport): string {
  const out: string[] = ["## Database advisors", ""];
  const n = failing(r).length;
  out.push(n === 0 ? `✅ ${verdict(r)}` : `❌ ${verdict(r)} (the gate fails at ${r.failOn})`, "");
  for (const level of LINT_LEVELS) {
    const rows = r.targets.flatMap((t) => t.lints.filter((l) => l.level === level).map((l) => ({ t, l })));
    if (rows.length === 0) continue;
    out.push(`### ${level} (${rows.length})`, "");
    out.push("| Project | Lint | Object | Finding | Fix |", "| --- | --- | --- | --- | --- |");
    for (const { t, l } of rows)
      out.push(
        `| ${cell(t.label)} | ${cell(l.title)} | \`${cell(objectOf(l))}\` | ${cell(plain(l.detail))} | [${cell(l.name)}](${l.remediation}) |`,
      );
    out.push("");
  }
  if (r.ignored.length > 0) out.push(`<sub>Ignored: ${r.ignored.map((k) => `\`${cell(k)}\``).join(", ")}</sub>`, "");
  return out.join("\n");
}

export function formatJson(r: AdviseReport): string {
  const fails = failing(r);
  return (
    JSON.stringify(
      {
        failed: fails.length > 0,
        failOn: r.failOn,
        type: r.type,
        counts: Object.fromEntries(
          LINT_LEVELS.map((lv) => [
            lv,
            r.targets.reduce((n, t) => n + t.lints.filter((l) => l.level === lv).length, 0),
          ]),
        ),
        targets: r.targets,
        ignored: r.ignored,
      },
      null,
      2,
    ) + "\n"
  );
}

export function formatReport(r: AdviseReport, format: Format): string {
  return format === "json" ? formatJson(r) : format === "markdown" ? formatMarkdown(r) : formatText(r);
}
