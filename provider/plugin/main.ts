#!/usr/bin/env node
/**
 * pulumi-resource-supabase: the provider plugin the engine starts for the
 * `supabase` package (found on PATH, or installed with `pulumi plugin
 * install`). Every kind and data function, for programs in any language.
 */
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { pluginProvider } from "./provider";
import { serve } from "./serve";

/** The package's version, from its package.json (two levels up in the sources, three in dist/). */
function version(): string {
  for (const up of ["../..", "../../.."]) {
    try {
      const pkg = JSON.parse(readFileSync(path.join(__dirname, up, "package.json"), "utf8")) as {
        name?: string;
        version?: string;
      };
      if (pkg.name === "supabase-pulumi" && pkg.version) return pkg.version;
    } catch {
      // Not this level.
    }
  }
  return "0.0.0";
}

serve(pluginProvider(version()), process.argv.slice(2)).catch((err: unknown) => {
  process.stderr.write(`${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
});
