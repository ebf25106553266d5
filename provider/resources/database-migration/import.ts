/**
 * DatabaseMigration's importer: the migration history, oldest first, one
 * `DatabaseMigration` per entry with its name and statements (and its
 * rollback as `downSql`), each depending on the one before so destroy rolls
 * them back newest first. Create adopts an entry with the same name and
 * statements without running it. The list has no statements, so each entry is
 * read by version (the API has no bulk read of the history).
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

export const databaseMigrationImporter: KindImporter = {
  scope: "project",
  async read(ctx) {
    const ref = ctx.project!.ref ?? ctx.project!.id;
    const client = managementClient();
    const list = await client.listMigrations(ref);
    const entries = await Promise.all(list.map((e) => client.getMigration(ref, e.version)));
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
