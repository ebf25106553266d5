/**
 * `supabase-pulumi import`: writes a ready Pulumi program (TypeScript or
 * YAML) from a live project, or from every project of an organization, by
 * running each kind's importer (provider/importer.ts) through the provider's
 * management client. See collect.ts for the reading, render.ts for the
 * program and write.ts for the folder.
 */
import * as path from "node:path";
import { parseArgs } from "node:util";
import { collect } from "./collect";
import { programFiles, writeProgram, type Language } from "./write";

export const USAGE = `Usage: supabase-pulumi import --project REF [options]
       supabase-pulumi import --organization SLUG [options]

Reads everything supabase-pulumi manages for a live project (or every project of an organization) and
writes a ready Pulumi program that takes it over: the first \`pulumi up\` creates and writes nothing.
Secret values are never read: each becomes a config secret (the README lists the commands to set them).
A project with migrations also gets a DatabaseSchema owning public, its files in schemas/ (as \`schema pull\`
writes them), so later changes to public are declared rather than hand-written as migrations.

  --project REF          the project to import
  --organization SLUG    import every project of this organization
  --out DIR              where to write the program (default: the project's or organization's name)
  --language LANG        typescript (default) or yaml
  --rows LIST            also import these tables' rows as TableRows, e.g. public.plans,public.tiers
  --name NAME            the Pulumi project's name (default: from the project or organization)
  --all-fields           declare every setting, not only those that differ from a new project's defaults
  --force                overwrite a folder that already holds files

Credentials: SUPABASE_ACCESS_TOKEN (and SUPABASE_API_URL for another API), as for the provider.
`;

export async function importCommand(
  argv: string[],
  out = (s: string) => void process.stdout.write(s),
  err = (s: string) => void process.stderr.write(s),
): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        project: { type: "string" },
        organization: { type: "string" },
        out: { type: "string" },
        language: { type: "string", default: "typescript" },
        rows: { type: "string" },
        name: { type: "string" },
        "all-fields": { type: "boolean", default: false },
        force: { type: "boolean", default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (e) {
    err(`supabase-pulumi import: ${(e as Error).message}\n\n${USAGE}`);
    return 1;
  }
  if ((values.project === undefined) === (values.organization === undefined)) {
    err(`supabase-pulumi import: give exactly one of --project and --organization\n\n${USAGE}`);
    return 1;
  }
  const language = values.language as Language;
  if (language !== "typescript" && language !== "yaml") {
    err(`supabase-pulumi import: --language must be typescript or yaml\n`);
    return 1;
  }
  const rows = (values.rows ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const badRow = rows.find((r) => !/^[A-Za-z_][\w$]*\.[A-Za-z_][\w$]*$/.test(r));
  if (badRow) {
    err(`supabase-pulumi import: --rows takes schema.table names (got ${badRow})\n`);
    return 1;
  }
  if (values.name !== undefined && !/^[A-Za-z0-9_.-]+$/.test(values.name)) {
    err(`supabase-pulumi import: --name may hold letters, digits, '_', '.' and '-' only\n`);
    return 1;
  }
  try {
    const program = await collect({
      project: values.project,
      organization: values.organization,
      allFields: values["all-fields"] ?? false,
      rows,
    });
    if (values.name) program.name = values.name;
    const dir = path.resolve(values.out ?? program.name);
    const files = await programFiles(program, language);
    writeProgram(dir, files, values.force ?? false);
    out(
      `Wrote ${path.relative(process.cwd(), dir) || "."}: ${program.declarations.length} resources, ` +
        `${Object.keys(program.files).length} function files, ${program.secrets.length} secrets to set (see its README.md).\n`,
    );
    for (const u of program.unavailable) out(`Not imported: ${u}\n`);
    return 0;
  } catch (e) {
    err(`supabase-pulumi import: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
}
