#!/usr/bin/env node
/**
 * The `supabase-pulumi` command. Subcommands:
 *   drift   report what drifted in a stack (see scripts/drift.ts); exit 0 none, 2 drift, 1 error.
 */
import { driftCommand, USAGE } from "./drift";

async function main(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === "drift") {
    if (rest.includes("--help") || rest.includes("-h")) {
      process.stdout.write(USAGE);
      return 0;
    }
    return driftCommand(rest);
  }
  const help = `Usage: supabase-pulumi <command>\n\nCommands:\n  drift   report drift of a stack\n\n${USAGE}`;
  if (sub === "--help" || sub === "-h" || sub === "help") {
    process.stdout.write(help);
    return 0;
  }
  process.stderr.write(sub ? `unknown command ${sub}\n\n${help}` : help);
  return 1;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`supabase-pulumi: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
