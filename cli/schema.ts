/**
 * `supabase-pulumi schema`: the declared database schema outside Pulumi.
 *
 * - `schema plan --project REF --dir DIR`: DIR's SQL files, in lexicographic
 *   order, loaded into a scratch database (pgschema); the live catalog read
 *   with ONE call to the read-only SQL route; the SQL that would take the live
 *   schema to the declared one, printed. Exit 0 nothing to apply, 1 something
 *   is, 2 an error (a file that does not load is named with its line and
 *   PostgreSQL's message).
 * - `schema pull --project REF --out DIR`: the live schema written as
 *   declarative files (pgschema/layout.ts); loading them back plans nothing,
 *   which pull checks before it answers 0.
 *
 * Credentials come from SUPABASE_ACCESS_TOKEN (and SUPABASE_API_URL), as for
 * `advise --project`; nothing secret is printed.
 */
import * as fs from "node:fs";
import { configure } from "../provider/config";
import { managementClient } from "../provider/context";
import {
  DeclaredSqlError,
  planMigration,
  readCatalog,
  reservedReason,
  SCHEMA_NAME,
  ScratchDatabase,
  type Catalog,
  type DeclaredFile,
  type Plan,
} from "../pgschema";
import { LAYOUT, layoutFiles, readDeclaredDir, writeDeclaredDir } from "../pgschema/layout";
import { walkFlags } from "./args";

export const USAGE = `Usage: supabase-pulumi schema plan --project REF --dir DIR [--schemas a,b] [--allow-destructive]
       supabase-pulumi schema pull --project REF --out DIR [--schemas a,b] [--force]

plan   loads DIR's .sql files (sub-folders too, in lexicographic order of their paths) into a
       scratch database, reads the project's live catalog (one read-only SQL call) and prints
       the SQL that would make the live schema the declared one.
pull   writes the project's live schema as declarative files under DIR: 00_schemas.sql,
       10_types.sql, 20_functions.sql, 30_tables/<schema>.<table>.sql (each table with its
       constraints, indexes, policies, grants and triggers), 40_functions_late.sql, 50_views.sql,
       60_references.sql; \`schema plan\` on them plans nothing.

  --project REF        the project or branch ref; credentials from SUPABASE_ACCESS_TOKEN
  --dir DIR            the declared schema (plan)
  --out DIR            where to write (pull); refused when it holds .sql files, unless --force
  --schemas a,b        the schemas compared or written (default: public); or --schema NAME, repeatable
  --allow-destructive  a plan that drops a table or a column, or narrows a type, is otherwise refused
  --force              (pull) replace the .sql files already in DIR

Exit codes: plan: 0 nothing to apply, 1 changes to apply, 2 error; pull: 0 written, 2 error.
`;

export interface SchemaOptions {
  action: "plan" | "pull";
  project: string;
  dir: string;
  schemas: string[];
  allowDestructive: boolean;
  force: boolean;
}

export function parseArgs(argv: string[]): SchemaOptions {
  const [action, ...rest] = argv;
  if (action !== "plan" && action !== "pull")
    throw new Error(action === undefined ? "give plan or pull" : `unknown schema command ${action} (plan or pull)`);
  let project: string | undefined;
  let dir: string | undefined;
  let out: string | undefined;
  let schemas: string[] | undefined;
  let allowDestructive = false;
  let force = false;
  walkFlags(rest, (f) => {
    if (f.flag === "--project" || f.flag === "-p") project = f.value();
    else if (f.flag === "--dir" && action === "plan") dir = f.value();
    else if (f.flag === "--out" && action === "pull") out = f.value();
    else if (f.flag === "--schemas")
      schemas = [
        ...(schemas ?? []),
        ...f
          .value()
          .split(",")
          .map((s) => s.trim()),
      ];
    else if (f.flag === "--schema") schemas = [...(schemas ?? []), f.value()];
    else if (f.flag === "--allow-destructive" && action === "plan" && f.inline === undefined) allowDestructive = true;
    else if (f.flag === "--force" && action === "pull" && f.inline === undefined) force = true;
    else return false;
    return true;
  });
  if (!project) throw new Error("give --project REF");
  if (!/^[a-z]{20}$/.test(project)) throw new Error(`--project ${project}: a project ref is 20 lowercase letters`);
  const folder = action === "plan" ? dir : out;
  if (!folder) throw new Error(action === "plan" ? "give --dir DIR" : "give --out DIR");
  const owned = schemas ?? ["public"];
  if (owned.length === 0 || owned.some((s) => s === "")) throw new Error("--schemas needs schema names, a,b");
  const declared = new Set(owned);
  for (const s of owned) {
    if (!SCHEMA_NAME.test(s)) throw new Error(`--schemas: ${JSON.stringify(s)} is not a schema name`);
    const why = reservedReason(s, declared);
    if (why) throw new Error(`--schemas: ${s} is reserved: ${why}`);
  }
  return { action, project, dir: folder, schemas: [...declared], allowDestructive, force };
}

/** The live catalog of `schemas`: one call to the read-only SQL route. */
export function readLiveCatalog(project: string, schemas: readonly string[]): Promise<Catalog> {
  const client = managementClient();
  return readCatalog((sql) => client.runQuery(project, sql, undefined, { readOnly: true }), schemas);
}

/** The plan as a SQL script, one statement a line; a destructive one under a comment saying why (and whether refused). */
export function formatPlan(plan: Plan): string {
  if (plan.statements.length === 0) return "-- nothing to apply\n";
  const refused = new Set(plan.refused);
  const body = plan.statements.map(
    (s) =>
      `${s.destructive ? `-- destructive${refused.has(s) ? " (refused without --allow-destructive)" : ""}: ${s.object}: ${s.reason}\n` : ""}${s.sql};\n`,
  );
  const tail =
    plan.refused.length > 0
      ? `-- ${plan.refused.length} destructive statement(s) refused; plan again with --allow-destructive to apply them.\n`
      : "";
  return `${body.join("")}${tail}`;
}

async function withScratch<T>(f: (db: ScratchDatabase) => Promise<T>): Promise<T> {
  const db = await ScratchDatabase.open();
  try {
    return await f(db);
  } finally {
    await db.close();
  }
}

export async function runPlan(opts: SchemaOptions): Promise<Plan> {
  if (!fs.existsSync(opts.dir) || !fs.statSync(opts.dir).isDirectory())
    throw new Error(`--dir ${opts.dir}: not a folder`);
  const files = readDeclaredDir(opts.dir);
  if (files.length === 0) throw new Error(`--dir ${opts.dir}: no .sql files`);
  const declared = withScratch(async (db) => {
    await db.load(files);
    return db.catalog(opts.schemas);
  });
  declared.catch(() => undefined);
  const live = await readLiveCatalog(opts.project, opts.schemas);
  return planMigration(live, await declared, { allowDestructive: opts.allowDestructive });
}

/** Writes the live schema under `opts.dir`; answers the files written and what would not load back exactly. */
export async function runPull(opts: SchemaOptions): Promise<{ files: string[]; differs: string[] }> {
  if (fs.existsSync(opts.dir)) {
    if (!fs.statSync(opts.dir).isDirectory()) throw new Error(`--out ${opts.dir}: not a folder`);
    const old = readDeclaredDir(opts.dir);
    if (old.length > 0 && !opts.force)
      throw new Error(`--out ${opts.dir} already holds .sql files (${old[0]!.name}, …); give --force to replace them`);
    for (const f of old) fs.rmSync(`${opts.dir}/${f.name}`);
  }
  const live = await readLiveCatalog(opts.project, opts.schemas);
  return withScratch(async (db) => {
    const pulled = await pulledFiles(db, live, opts.schemas);
    // A project with nothing declared yet (a new one) still gets a folder that `schema plan` reads.
    const files = pulled.files.length > 0 ? pulled.files : [starterFile(opts.schemas)];
    const differs = pulled.differs;
    writeDeclaredDir(opts.dir, files);
    return { files: files.map((f) => f.name), differs };
  });
}

/** The file pull writes for schemas that hold no objects: a comment that loads as nothing. */
function starterFile(schemas: readonly string[]): DeclaredFile {
  return {
    name: LAYOUT.schemas,
    sql: `-- ${schemas.join(", ")}: no tables, views, functions or types yet. Declare them in .sql files of this folder\n-- (applied in lexicographic order of their paths); \`supabase-pulumi schema plan\` prints the SQL they need.\n`,
  };
}

/**
 * The declared files of `live` (a catalog of `schemas`), and the objects they
 * would not reproduce exactly: they are loaded back into `db` (a scratch
 * database, reset to the platform's baseline first) and planned against `live`.
 */
export async function pulledFiles(
  db: ScratchDatabase,
  live: Catalog,
  schemas: readonly string[],
): Promise<{ files: DeclaredFile[]; differs: string[] }> {
  await db.reset(schemas);
  const files = layoutFiles(await db.catalog(schemas), live);
  await db.load(files);
  const again = planMigration(live, await db.catalog(schemas), { allowDestructive: true });
  return { files, differs: [...new Set(again.statements.map((s) => s.object))] };
}

export async function schemaCommand(
  argv: string[],
  print = (s: string) => void process.stdout.write(s),
  log = (s: string) => void process.stderr.write(s),
): Promise<number> {
  let opts: SchemaOptions;
  try {
    opts = parseArgs(argv);
  } catch (err) {
    log(`supabase-pulumi schema: ${(err as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const name = "supabase-pulumi schema";
  try {
    configure({ get: () => undefined }); // the environment's SUPABASE_* variables
    if (opts.action === "plan") {
      const plan = await runPlan(opts);
      print(formatPlan(plan));
      return plan.statements.length === 0 ? 0 : 1;
    }
    const { files, differs } = await runPull(opts);
    print(
      `Wrote ${files.length} file${files.length === 1 ? "" : "s"} to ${opts.dir}:\n${files.map((f) => `  ${f}\n`).join("")}`,
    );
    if (differs.length > 0) {
      log(`${name}: the files do not reproduce these objects exactly: ${differs.join(", ")}\n`);
      return 2;
    }
    return 0;
  } catch (err) {
    const message = err instanceof DeclaredSqlError ? err.message : (err as Error).message;
    log(`${name}: ${message}\n`);
    return 2;
  }
}
