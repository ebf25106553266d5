/**
 * Generates the management API's wire types (`provider/client/openapi.ts`)
 * from the service's OpenAPI document with openapi-typescript, formatted with
 * the repository's Prettier settings. `npm run generate` (run by `npm install`)
 * writes the file, which git ignores; a unit test regenerates it (`--stdout`,
 * in a child process: the generator is an ES module that Jest's CommonJS
 * runtime cannot load) and fails when the file the build used is stale.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import openapiTS, { astToString } from "openapi-typescript";
import * as prettier from "prettier";

export const REPO_ROOT = path.resolve(__dirname, path.basename(path.dirname(__dirname)) === "dist" ? "../.." : "..");
/** The OpenAPI document, kept in the repository so a clone anywhere builds. */
export const SPEC_PATH = path.resolve(REPO_ROOT, "reference/supabase-management-openapi.json");
export const OUTPUT_PATH = path.join(REPO_ROOT, "provider/client/openapi.ts");

const HEADER = `/**
 * Wire types of the management API, generated from its OpenAPI document by
 * openapi-typescript. Do not edit: run \`npm run generate\`.
 */
`;

export async function generateApiTypes(specPath = SPEC_PATH): Promise<string> {
  const spec = JSON.parse(fs.readFileSync(specPath, "utf8")) as Record<string, unknown>;
  const ast = await openapiTS(spec as never, { alphabetize: true, exportType: false });
  const source = HEADER + astToString(ast);
  const options = (await prettier.resolveConfig(OUTPUT_PATH)) ?? {};
  return prettier.format(source, { ...options, filepath: OUTPUT_PATH });
}

if (require.main === module) {
  // `--stdout` prints instead of writing (the staleness test compares that output).
  const toStdout = process.argv.includes("--stdout");
  generateApiTypes().then(
    (text) => {
      if (toStdout) return void process.stdout.write(text);
      fs.writeFileSync(OUTPUT_PATH, text);
      console.log(`wrote ${path.relative(REPO_ROOT, OUTPUT_PATH)} (${text.length} bytes)`);
    },
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
