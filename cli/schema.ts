/**
 * `supabase-pulumi schema plan`: the declared-schema plan outside Pulumi. It
 * loads a folder of `.sql` files into the scratch database, reads the live
 * catalog of the owned schemas (one read-only query through the management
 * API) and prints the SQL that `DatabaseSchema`'s next `up` would run.
 *
 * Exit codes: 0 nothing to apply, 1 statements to apply, 2 an error (bad
 * arguments, a file that does not load, a reserved schema, the service refusing).
 */
import { DeclaredSqlError, reservedReason, SCHEMA_NAME } from "../pgschema";
import { configure } from "../provider/config";
import { closeScratch, planFor } from "../provider/resources/database-schema/engine";
import { walkFlags } from "./args";

export const USAGE = `Usage: supabase-pulumi schema plan --project REF --dir DIR [--schema NAME ...]

Prints the SQL that brings the project's owned schemas to the declaration in DIR (its .sql files,
in lexicographic order of their paths), one statement a line, each destructive one marked.

  --project REF   the project or branch ref; credentials from SUPABASE_ACCESS_TOKEN
  --dir DIR       the folder of declared .sql files
  --schema NAME   an owned schema (repeatable; default public)

Exit codes: 0 nothing to apply, 1 statements to apply, 2 error.
`;

export async function schemaCommand(
  argv: string[],
  out = (s: string) => void process.stdout.write(s),
  err = (s: string) => void process.stderr.write(s),
): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub !== "plan") {
    err(
      `supabase-pulumi schema: ${sub === undefined ? "a subcommand is needed" : `unknown subcommand ${sub}`}\n\n${USAGE}`,
    );
    return 2;
  }
  const opts = { project: "", dir: "", schemas: [] as string[] };
  try {
    walkFlags(rest, (f) => {
      if (f.flag === "--project") opts.project = f.value();
      else if (f.flag === "--dir") opts.dir = f.value();
      else if (f.flag === "--schema") opts.schemas.push(f.value());
      else return false;
      return true;
    });
    if (!opts.project || !opts.dir) throw new Error("--project and --dir are required");
    if (opts.schemas.length === 0) opts.schemas.push("public");
    for (const s of opts.schemas) {
      if (!SCHEMA_NAME.test(s)) throw new Error(`--schema ${s}: not a schema name`);
      const why = reservedReason(s, new Set(["storage"]));
      if (why) throw new Error(`schema "${s}" cannot be owned: ${why}`);
    }
    configure({ get: () => undefined }); // the environment's SUPABASE_* variables
    const { plan } = await planFor({
      projectRef: opts.project,
      sourceDir: opts.dir,
      schemas: opts.schemas,
      allowDestructive: true,
    });
    for (const s of plan.statements) out(`${s.destructive ? "-- destructive: " + s.reason + "\n" : ""}${s.sql};\n`);
    if (plan.statements.length === 0) out("-- nothing to apply\n");
    return plan.statements.length === 0 ? 0 : 1;
  } catch (e) {
    const msg = e instanceof DeclaredSqlError ? e.message : e instanceof Error ? e.message : String(e);
    err(`supabase-pulumi schema: ${msg}\n`);
    return 2;
  } finally {
    await closeScratch();
  }
}
