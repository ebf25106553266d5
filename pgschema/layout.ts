/**
 * Declared-schema files on disk: reading a folder of SQL files in the order
 * the vendor CLI applies them, and writing a live catalog as such a folder
 * (`schema pull`, and `import` for a project with migrations).
 *
 * The layout written sorts into a loadable order:
 *
 *   00_schemas.sql          schemas, extensions, default privileges, schema grants
 *   10_types.sql            enums, domains, sequences
 *   20_functions.sql        functions and procedures (bodies checked at run time, as pg_dump does)
 *   30_tables/S.T.sql       one table: columns, constraints, indexes, row level security, policies, grants, triggers, comments
 *   40_functions_late.sql   functions whose signature uses a table's row type, or with a SQL-standard body
 *   50_views.sql            views and materialized views, in dependency order
 *   60_references.sql       what a table file cannot hold because it reads an object written after it
 *                           (a foreign key to a later table, a policy reading a view, ...)
 *
 * Every statement comes from the planner (`planMigration(baseline, live)`), so
 * the files say exactly what the planner compares, and loading them back plans nothing.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { Catalog } from "./catalog";
import { planMigration } from "./plan";
import { mentions, type Statement } from "./sql-text";
import type { DeclaredFile } from "./scratch";

/** The `.sql` files under `dir` (its sub-folders too), by relative path in byte order, as the vendor CLI applies them. */
export function readDeclaredDir(dir: string): DeclaredFile[] {
  const out: DeclaredFile[] = [];
  const walk = (rel: string) => {
    for (const e of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const name = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(name);
      else if (e.isFile() && e.name.endsWith(".sql"))
        out.push({ name, sql: fs.readFileSync(path.join(dir, name), "utf8") });
    }
  };
  walk("");
  return out.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

export const LAYOUT = {
  schemas: "00_schemas.sql",
  types: "10_types.sql",
  functions: "20_functions.sql",
  tables: "30_tables",
  lateFunctions: "40_functions_late.sql",
  views: "50_views.sql",
  references: "60_references.sql",
} as const;

/** A file name for a qualified name: quotes dropped, anything unusual replaced. */
const fileName = (id: string) => `${id.replace(/"/g, "").replace(/[^A-Za-z0-9_.-]/g, "_")}.sql`;

/** The relations and functions an id-bearing statement may read, by file. */
interface Located {
  file: string;
  /** Names as they may appear in SQL text: the qualified id, and the bare name in `public`. */
  names: string[];
}

const namesOf = (id: string) => {
  const bare = id.startsWith("public.") ? id.slice("public.".length).replace(/\(.*$/, "") : undefined;
  const qualified = id.replace(/\(.*$/, "");
  return bare ? [qualified, bare] : [qualified];
};

/**
 * The files that write `live` (a catalog of `schemas`) over `baseline` (the
 * same schemas in a new project: the scratch database as it opens).
 */
export function layoutFiles(baseline: Catalog, live: Catalog): DeclaredFile[] {
  const statements = planMigration(baseline, live, { allowDestructive: true }).statements;
  const tableFile = new Map<string, string>();
  const used = new Set<string>();
  for (const t of live.tables) {
    let name = `${LAYOUT.tables}/${fileName(t.id)}`;
    for (let i = 2; used.has(name); i++) name = `${LAYOUT.tables}/${fileName(t.id).replace(/\.sql$/, `_${i}.sql`)}`;
    used.add(name);
    tableFile.set(t.id, name);
  }
  const late = new Set(
    live.functions.filter((f) => f.rowTypes.length > 0 || /\bBEGIN\s+ATOMIC\b/i.test(f.def)).map((f) => f.id),
  );
  const views = new Set(live.views.map((v) => v.id));
  const indexTable = new Map(live.indexes.map((i) => [i.id, i.table]));

  // What a table file may not mention: objects written in a file that sorts after it.
  const located: Located[] = [
    ...live.tables.map((t) => ({ file: tableFile.get(t.id)!, names: namesOf(t.id) })),
    ...live.views.map((v) => ({ file: LAYOUT.views, names: namesOf(v.id) })),
    ...live.functions.filter((f) => late.has(f.id)).map((f) => ({ file: LAYOUT.lateFunctions, names: namesOf(f.id) })),
  ];
  const readsLater = (file: string, s: Statement, own: string) => {
    const code = s.sql.replace(/'(?:[^']|'')*'/g, "''"); // names inside string literals are not references
    return located.some((l) => l.file > file && !l.names.includes(own) && l.names.some((n) => mentions(code, n)));
  };

  /** The file a statement belongs to by its object. */
  const home = (s: Statement): string => {
    const object = s.object.replace(/^(comment|grants) /, "");
    const sp = object.indexOf(" ");
    const kind = object.slice(0, sp);
    const id = object.slice(sp + 1);
    const tableOf = (partId: string) => {
      // `public.notes.owner_read` → the longest table id it starts with.
      let best: string | undefined;
      for (const t of tableFile.keys()) if (partId.startsWith(`${t}.`) && (!best || t.length > best.length)) best = t;
      return best;
    };
    switch (kind) {
      case "schema":
      case "extension":
      case "default":
        return LAYOUT.schemas;
      case "type":
      case "domain":
        return LAYOUT.types;
      case "sequence": {
        const owner = /OWNED BY (.+)\.[^.]+$/.exec(s.sql)?.[1];
        if (owner && tableFile.has(owner)) return tableFile.get(owner)!;
        return LAYOUT.types;
      }
      case "function":
      case "procedure":
        return late.has(id) ? LAYOUT.lateFunctions : LAYOUT.functions;
      case "view":
      case "materialized":
        return LAYOUT.views;
      case "table":
      case "row":
        if (views.has(id)) return LAYOUT.views;
        return tableFile.get(id.replace(/^level security /, "")) ?? LAYOUT.references;
      case "index": {
        const t = indexTable.get(id);
        if (t && views.has(t)) return LAYOUT.views;
        return (t && tableFile.get(t)) ?? LAYOUT.references;
      }
      case "column":
      case "constraint":
      case "policy":
      case "trigger": {
        const t = tableOf(id);
        if (t) return tableFile.get(t)!;
        const v = [...views].find((v) => id.startsWith(`${v}.`));
        return v ? LAYOUT.views : LAYOUT.references;
      }
      default:
        return LAYOUT.references;
    }
  };

  const files = new Map<string, string[]>();
  for (const s of statements) {
    let file = home(s);
    if (file.startsWith(`${LAYOUT.tables}/`)) {
      const own = [...tableFile].find(([, f]) => f === file)?.[0] ?? "";
      if (readsLater(file, s, own)) file = LAYOUT.references;
    }
    const list = files.get(file) ?? [];
    list.push(`${s.sql};\n`);
    files.set(file, list);
  }
  const out: DeclaredFile[] = [];
  for (const [name, list] of files) {
    let sql = list.join("\n");
    // Like pg_dump: a function's body may read tables written later; it is checked when it runs.
    if (name === LAYOUT.functions) sql = `SET check_function_bodies = false;\n\n${sql}\nRESET check_function_bodies;\n`;
    out.push({ name, sql });
  }
  return out.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** Writes `files` under `dir` (folders as needed). */
export function writeDeclaredDir(dir: string, files: readonly DeclaredFile[]): void {
  for (const f of files) {
    const target = path.join(dir, ...f.name.split("/"));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, f.sql);
  }
}
