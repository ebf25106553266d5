/**
 * Writes every generated file: from the management API's OpenAPI document,
 * the wire types (`provider/client/openapi.ts`) and the configuration schemas
 * of the emulator and the provider; then, from the registry of resource kinds
 * (which needs those schemas), the SDK: each kind's class and provider module
 * and `sdk/index.ts`, and the plugin's package schema
 * (`provider/plugin/schema.json`, the one generated file that is committed:
 * the other languages' SDK generators read it). The rest are build inputs, not sources: git ignores them,
 * and `npm run generate` writes them (`npm run setup`, which every command of
 * this repository that needs them runs first), so the only copies anyone
 * edits are the document, the kinds and the generators.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { generate, SPEC_PATH } from "./gen-config-schemas";
import { generateApiTypes, OUTPUT_PATH, REPO_ROOT } from "./generate-api";
import { generateSdk, leftovers } from "./gen-sdk";
import { generateSchema } from "./gen-schema";

async function main(): Promise<void> {
  process.chdir(REPO_ROOT);
  const files = await generate(readFileSync(SPEC_PATH, "utf8"));
  files[path.relative(REPO_ROOT, OUTPUT_PATH)] = await generateApiTypes();
  write(files);
  const sdk = await generateSdk();
  for (const file of leftovers(sdk)) rmSync(file);
  write(sdk);
  write(await generateSchema());
  // On stderr: the commands that run this first may print JSON of their own on stdout.
  process.stderr.write(
    `generated ${Object.keys(files).length} files from the OpenAPI document and ${Object.keys(sdk).length} SDK files from the registry\n`,
  );
}

function write(files: Record<string, string>): void {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
});
