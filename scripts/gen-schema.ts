/**
 * Writes the Pulumi package schema (`provider/plugin/schema.json`) from the
 * registry of kinds (see provider/plugin/package-schema.ts), formatted as the
 * repository formats JSON. It is committed, as Pulumi packages keep their
 * schema, so the SDK generators of the other languages read a reviewed file;
 * `npm run generate` rewrites it and tests/unit/plugin/schema.test.ts fails
 * when it is stale. Run alone with `--check` to list it when stale.
 *
 * The registry is loaded when `generateSchema` runs, not at import: the
 * configuration kinds need files scripts/generate.ts writes first.
 */
import { readFileSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import * as prettier from "prettier";

export const SCHEMA_PATH = path.join("provider", "plugin", "schema.json");

/** The schema file's path (relative to the repository) and its formatted text. */
export async function generateSchema(): Promise<Record<string, string>> {
  type Module = typeof import("../provider/plugin/package-schema");
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { packageSchema } = require("../provider/plugin/package-schema") as Module;
  const { version } = JSON.parse(readFileSync("package.json", "utf8")) as { version: string };
  const options = { ...(await prettier.resolveConfig(path.resolve("package.json"))), parser: "json" };
  return { [SCHEMA_PATH]: await prettier.format(JSON.stringify(packageSchema(version)), options) };
}

async function main(): Promise<void> {
  const [[file, text]] = Object.entries(await generateSchema());
  let current: string | undefined;
  try {
    current = readFileSync(file, "utf8");
  } catch {
    current = undefined;
  }
  if (process.argv.includes("--check")) {
    if (current !== text) process.stdout.write(`stale: ${file}\n`);
    process.exit(current === text ? 0 : 1);
  }
  if (current !== text) writeFileSync(file, text);
}

if (require.main === module) {
  main().catch((err: unknown) => {
    process.stderr.write(`${(err as Error).stack ?? String(err)}\n`);
    process.exit(1);
  });
}
