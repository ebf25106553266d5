/**
 * Writes the imported program's folder: `Pulumi.yaml`, the program
 * (`index.ts` with `package.json` and `tsconfig.json`, or the resources in
 * `Pulumi.yaml` for YAML), each function's files, and a README with the next
 * steps. A folder that already holds files is refused unless `force`.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { ImportedProgram } from "./collect";
import { renderTypeScript, renderYaml } from "./render";

export type Language = "typescript" | "yaml";

/** The package's own name and version, for the program's dependency. */
function ownPackage(): { name: string; version: string; pulumi: string } {
  let dir = __dirname;
  while (!fs.existsSync(path.join(dir, "package.json"))) dir = path.dirname(dir);
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")) as {
    name: string;
    version: string;
    peerDependencies?: Record<string, string>;
  };
  return { name: pkg.name, version: pkg.version, pulumi: pkg.peerDependencies?.["@pulumi/pulumi"] ?? "^3.139.0" };
}

const json = (v: unknown) => `${JSON.stringify(v, null, 2)}\n`;

export function readme(program: ImportedProgram, language: Language): string {
  const install =
    language === "typescript"
      ? ["npm install"]
      : [
          "npm install --no-save supabase-pulumi   # the provider plugin, pulumi-resource-supabase",
          'export PATH="$PWD/node_modules/.bin:$PATH"',
        ];
  const secrets =
    program.secrets.length === 0
      ? ["No secrets are needed."]
      : [
          "Secret values are never read from the service. Set each before the first `up` (the program stops, changing",
          "nothing, while one is missing):",
          "",
          "```sh",
          ...program.secrets.map((s) => `pulumi config set --secret ${s.key} '<value>'   # ${s.about}`),
          "```",
          "",
          "Give the values the service has: then the first `up` writes nothing. A different value is written by `up`.",
        ];
  return [
    `# ${program.name}`,
    "",
    `Written by \`supabase-pulumi import\` from what the service has: ${program.declarations.length} resources.`,
    "Every resource takes over the existing object (`adopt`, or the configuration kinds' default), so the first",
    "`pulumi up` creates nothing and writes nothing.",
    "",
    "## Next steps",
    "",
    "```sh",
    ...install,
    "pulumi stack init prod",
    "pulumi config set --secret supabase:accessToken '<token>'   # or SUPABASE_ACCESS_TOKEN",
    "```",
    "",
    ...secrets,
    "",
    "```sh",
    "pulumi up                                    # adopts everything: no changes to the service",
    "pulumi preview --refresh --expect-no-changes # the program and the service agree",
    "```",
    "",
    "`functions/` holds each edge function's files as the service serves them. Change a value in the program and",
    "`pulumi up` updates exactly that setting.",
    "",
    ...(program.unavailable.length === 0
      ? []
      : [
          "## Not imported",
          "",
          "The project does not have these features (turned off, or not on its plan), so it has none of these:",
          "",
          ...program.unavailable.map((u) => `- ${u}`),
          "",
        ]),
  ].join("\n");
}

/** Formats TypeScript source as the program keeps it. */
export type Formatter = (source: string) => Promise<string>;

/**
 * prettier with its default options (what `npx prettier --write` in the
 * program's folder keeps), loaded when first needed: it is large, and only
 * the TypeScript program uses it.
 */
export const prettierFormat: Formatter = async (source) => {
  const prettier = await import("prettier");
  return prettier.format(source, { parser: "typescript" });
};

/** The files of the program, by path relative to its folder. */
export async function programFiles(
  program: ImportedProgram,
  language: Language,
  format: Formatter = prettierFormat,
): Promise<Record<string, Buffer>> {
  const own = ownPackage();
  const text: Record<string, string> = {};
  if (language === "typescript") {
    text["Pulumi.yaml"] = [
      `name: ${program.name}`,
      "description: Imported by supabase-pulumi.",
      "runtime:",
      "  name: nodejs",
      "  options:",
      "    typescript: true",
      "",
    ].join("\n");
    text["package.json"] = json({
      name: program.name,
      private: true,
      main: "index.ts",
      dependencies: { [own.name]: `^${own.version}`, "@pulumi/pulumi": own.pulumi },
      devDependencies: { typescript: "^5.9.3", "@types/node": "^20.19.0" },
    });
    text["tsconfig.json"] = json({
      compilerOptions: {
        target: "ES2022",
        module: "node16",
        moduleResolution: "node16",
        strict: true,
        esModuleInterop: true,
        skipLibCheck: true,
        types: ["node"],
      },
      files: ["index.ts"],
    });
    text["index.ts"] = await format(renderTypeScript(program));
  } else {
    text["Pulumi.yaml"] = renderYaml(program);
  }
  text["README.md"] = readme(program, language);
  text[".gitignore"] = "node_modules/\n";
  const out: Record<string, Buffer> = {};
  for (const [k, v] of Object.entries(text)) out[k] = Buffer.from(v, "utf8");
  return { ...out, ...program.files };
}

/** Writes the files under `dir`; refuses a folder with files in it unless `force`. */
export function writeProgram(dir: string, files: Record<string, Buffer>, force: boolean): void {
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) {
    if (!force) throw new Error(`${dir} is not empty; pass --force to overwrite the imported program there`);
    // The functions' folders are written afresh, so a function gone from the service leaves none behind.
    for (const entry of fs.readdirSync(dir)) {
      const sub = path.join(dir, entry, "functions");
      if (entry === "functions") fs.rmSync(path.join(dir, entry), { recursive: true, force: true });
      else if (fs.existsSync(sub) && fs.statSync(sub).isDirectory()) fs.rmSync(sub, { recursive: true, force: true });
    }
  }
  for (const [rel, content] of Object.entries(files)) {
    const file = path.join(dir, rel);
    if (!path.resolve(file).startsWith(path.resolve(dir) + path.sep)) throw new Error(`refusing to write ${rel}`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
  }
}
