#!/usr/bin/env node
/** The `supabase-pulumi` command (the package's bin): see commands.ts for the subcommands. */
import { runCli } from "./commands";

runCli(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`supabase-pulumi: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
