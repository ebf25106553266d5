/**
 * Writes every file generated from the management API's OpenAPI document:
 * the wire types (`provider/client/openapi.ts`), the configuration schemas of
 * the emulator and the provider, and the SDK classes of the configuration
 * resources. They are build inputs, not sources: git ignores them, and
 * `npm install` (the `prepare` script) or `npm run generate` writes them, so
 * the only copy anyone edits is the document and the generators.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { generate, SPEC_PATH } from "./gen-config-schemas";
import { generateApiTypes, OUTPUT_PATH, REPO_ROOT } from "./generate-api";

async function main(): Promise<void> {
  process.chdir(REPO_ROOT);
  const files = await generate(readFileSync(SPEC_PATH, "utf8"));
  files[path.relative(REPO_ROOT, OUTPUT_PATH)] = await generateApiTypes();
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  // On stderr: `npm pack --json` runs this (prepare) and its stdout must stay JSON.
  process.stderr.write(`generated ${Object.keys(files).length} files from the OpenAPI document\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
});
