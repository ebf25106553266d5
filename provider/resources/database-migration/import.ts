/**
 * DatabaseMigration's importer: the migration history, oldest first, one
 * `DatabaseMigration` per entry with its name and statements (and its
 * rollback as `downSql`), each depending on the one before so destroy rolls
 * them back newest first. Create adopts an entry with the same name and
 * statements without running it. The history's list answers no statements,
 * so the whole history is read in one read-only query (the columns through
 * `to_jsonb`, so a table an older CLI made without `rollback` reads too);
 * where that query is refused, each entry is read by version instead.
 */
import { managementClient } from "../../context";
import type { ImportedResource, KindImporter } from "../../importer";
import { slugOf } from "../../importer";
import { UsageOutput, type UsageValue } from "../../resource-doc";

const NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$/;

/** Statements as one SQL text (the kind compares them regardless of how they are split). */
const sqlOf = (statements: readonly string[]) =>
  statements
    .map((s) => s.trim().replace(/;+$/, ""))
    .filter((s) => s !== "")
    .map((s) => `${s};`)
    .join("\n\n");

interface HistoryEntry {
  version: string;
  name?: string | null;
  statements?: string[] | null;
  rollback?: string[] | null;
}

const HISTORY_SQL =
  "select m.version, m.name, m.statements, to_jsonb(m) -> 'rollback' as rollback " +
  "from supabase_migrations.schema_migrations m order by m.version";

/** The history with its statements: one read-only query, or one read per entry where the query is refused. */
async function readHistory(ref: string): Promise<HistoryEntry[]> {
  const client = managementClient();
  try {
    return await client.runQuery<HistoryEntry & Record<string, unknown>>(ref, HISTORY_SQL, undefined, {
      readOnly: true,
    });
  } catch (err) {
    // No history table yet is an empty history; any other refusal falls back to the per-entry reads.
    if (
      /schema_migrations|supabase_migrations/.test(String((err as Error).message)) &&
      /does not exist/.test(String((err as Error).message))
    )
      return [];
    const list = await client.listMigrations(ref);
    return Promise.all(list.map((e) => client.getMigration(ref, e.version)));
  }
}

export const databaseMigrationImporter: KindImporter = {
  scope: "project",
  async read(ctx) {
    const ref = ctx.ref!;
    const entries = await readHistory(ref);
    const out: ImportedResource[] = [];
    let previous: string | undefined;
    for (const e of entries) {
      const name = e.name || e.version;
      const sql = sqlOf(e.statements ?? []);
      if (!NAME.test(name) || sql === "") continue;
      const inputs: Record<string, UsageValue> = {
        projectRef: new UsageOutput(ctx.names.project!, "ref"),
        name,
        sql,
      };
      const down = sqlOf(e.rollback ?? []);
      if (down !== "") inputs.downSql = down;
      const resource: ImportedResource = {
        name: ctx.name(`${slugOf(name, "m")}-${e.version}`),
        inputs,
        comment: [`Version ${e.version} of the migration history.`],
        ...(previous ? { dependsOn: [previous] } : {}),
      };
      out.push(resource);
      previous = resource.name;
    }
    return out;
  },
};
