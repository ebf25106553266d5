/**
 * A README's layout table against the folder it describes. The table is the
 * Markdown table under a given heading; the first column names entries in
 * backticks (several per cell allowed). A name with a slash counts for its
 * first segment as a folder (`routes/*.ts` and `routes/` both name `routes/`);
 * a name without one is a file at the folder's root. Dot entries (`.ci/`,
 * `.gitignore`) and the README itself are not part of a layout.
 */
import * as fs from "node:fs";
import * as path from "node:path";

/** The entries the table's first column names: `dir/` for folders, `name` for root files. */
export function layoutTableNames(markdown: string, heading: string): string[] {
  const lines = markdown.split("\n");
  const at = lines.findIndex((l) => /^#+\s/.test(l) && l.replace(/^#+\s+/, "").trim() === heading);
  if (at < 0) throw new Error(`no heading "${heading}"`);
  const start = lines.findIndex((l, i) => i > at && l.startsWith("|"));
  const nextHeading = lines.findIndex((l, i) => i > at && /^#+\s/.test(l));
  if (start < 0 || (nextHeading >= 0 && start > nextHeading)) throw new Error(`no table under "${heading}"`);
  const rows: string[] = [];
  for (let i = start; i < lines.length && lines[i].startsWith("|"); i++) rows.push(lines[i]);
  // Header and delimiter rows go; every body row's first cell names one or more entries.
  const names = new Set<string>();
  for (const row of rows.slice(2)) {
    const first = row.split("|")[1] ?? "";
    const cited = [...first.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
    if (cited.length === 0) throw new Error(`a layout row names nothing: ${row}`);
    for (const name of cited) {
      const slash = name.indexOf("/");
      names.add(slash < 0 ? name : `${name.slice(0, slash)}/`);
    }
  }
  return [...names].sort();
}

/** What a folder holds at its root, as the table names it; `ignore` lists local-only entries (build output…). */
export function folderEntries(dir: string, ignore: readonly string[] = []): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((e) => !e.name.startsWith(".") && e.name !== "README.md" && !ignore.includes(e.name))
    .map((e) => (e.isDirectory() ? `${e.name}/` : e.name))
    .sort();
}

export interface LayoutCheck {
  /** Entries of the folder the table does not name. */
  missing: string[];
  /** Names in the table the folder does not hold (any more). */
  stale: string[];
}

/** Compares the layout table under `heading` of `readme` with the root of `dir`. */
export function checkLayoutTable(
  readme: string,
  dir: string,
  heading: string,
  options: { ignore?: readonly string[] } = {},
): LayoutCheck {
  const named = layoutTableNames(fs.readFileSync(readme, "utf8"), heading);
  const present = folderEntries(dir, options.ignore);
  return {
    missing: present.filter((e) => !named.includes(e)),
    stale: named.filter((n) => !present.includes(n)),
  };
}

export const repoRoot = path.resolve(__dirname, "../../..");
