/**
 * Import of a project with migrations: besides the `DatabaseMigration`s of
 * its history, a `DatabaseSchema` owning `public`, whose `sourceDir` is what
 * `schema pull` writes. The files are loaded back before they are offered, so
 * the resource's first `up` plans nothing and writes nothing; when they would
 * not reproduce the live schema exactly, no `DatabaseSchema` is written and
 * the program says why.
 */
import type { ScratchDatabase } from "../../pgschema";
import { type ImportContext, type ImportedResource } from "../../provider/importer";
import { UsageOutput } from "../../provider/resource-doc";
import { pulledFiles, readLiveCatalog } from "../schema";

const SCHEMAS = ["public"];

/** The `DatabaseSchema` of a project whose history has `migrations`, or why there is none. */
export async function declaredSchema(
  ctx: ImportContext,
  migrations: readonly ImportedResource[],
  scratch: () => Promise<ScratchDatabase>,
): Promise<{ resource?: ImportedResource; note?: string }> {
  if (migrations.length === 0) return {};
  const live = await readLiveCatalog(ctx.ref!, SCHEMAS);
  if (live.tables.length + live.views.length + live.functions.length + live.enums.length === 0) return {};
  const { files, differs } = await pulledFiles(await scratch(), live, SCHEMAS);
  const project = ctx.project?.name ?? ctx.ref!;
  if (differs.length > 0)
    return {
      note: `DatabaseSchema: none in project ${project} (the pulled files would not reproduce ${differs.join(", ")} exactly)`,
    };
  const dir = `${ctx.filesRoot}schemas`;
  return {
    resource: {
      name: ctx.name("schema"),
      inputs: { projectRef: new UsageOutput(ctx.names.project!, "ref"), sourceDir: dir },
      comment: [
        `The public schema as declared files (what \`supabase-pulumi schema pull\` writes, in ${dir}/): the first up plans nothing.`,
        "From here on, change public in those files and this resource writes the migration; the DatabaseMigrations keep the history.",
      ],
      dependsOn: [migrations[migrations.length - 1]!.name],
      files: Object.fromEntries(files.map((f) => [`${dir}/${f.name}`, Buffer.from(f.sql)])),
    },
  };
}
