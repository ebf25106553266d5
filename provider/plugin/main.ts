#!/usr/bin/env node
/**
 * pulumi-resource-supabase: the provider plugin the engine starts for the
 * `supabase` package (found on PATH, or installed with `pulumi plugin
 * install`). Every kind and data function, for programs in any language.
 */
import { packageVersion } from "../http/version";
import { pluginProvider } from "./provider";
import { serve } from "./serve";

serve(pluginProvider(packageVersion()), process.argv.slice(2)).catch((err: unknown) => {
  process.stderr.write(`${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
});
