/**
 * The subcommands of `supabase-pulumi`, and their dispatch. A subcommand is
 * one entry of COMMANDS: its one-line summary for the help, its usage text,
 * and a function from its arguments to an exit code. New subcommands (for
 * example importing or recovering resources) are added here.
 */
import { adviseCommand, USAGE as ADVISE_USAGE } from "./advise";
import { driftCommand, USAGE as DRIFT_USAGE } from "./drift";
import { recoverCommand, USAGE as RECOVER_USAGE } from "./recover";
import { importCommand, USAGE as IMPORT_USAGE } from "./import";
import { schemaCommand, USAGE as SCHEMA_USAGE } from "./schema";

export interface Subcommand {
  summary: string;
  usage: string;
  run(argv: string[]): Promise<number>;
}

export const COMMANDS: Readonly<Record<string, Subcommand>> = {
  advise: {
    summary: "the platform's security and performance advisors as a CI gate (exit 0 none, 1 findings, 2 error)",
    usage: ADVISE_USAGE,
    run: (argv) => adviseCommand(argv),
  },
  drift: {
    summary: "report what drifted in a stack (exit 0 none, 2 drift, 1 error); --repair restores it",
    usage: DRIFT_USAGE,
    run: (argv) => driftCommand(argv),
  },
  import: {
    summary: "write a ready Pulumi program (TypeScript or YAML) that takes over a live project or organization",
    usage: IMPORT_USAGE,
    run: (argv) => importCommand(argv),
  },
  recover: {
    summary: "settle what a killed pulumi up left pending (exit 0 settled, 1 not); run it before up",
    usage: RECOVER_USAGE,
    run: (argv) => recoverCommand(argv),
  },
  schema: {
    summary:
      "the declared database schema: plan SQL files against a project (exit 0 none, 1 changes, 2 error), or pull it",
    usage: SCHEMA_USAGE,
    run: (argv) => schemaCommand(argv),
  },
};

const isHelp = (a: string | undefined) => a === "--help" || a === "-h" || a === "help";

export function help(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((c) => c.length));
  const list = Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(width)}   ${c.summary}`);
  return `Usage: supabase-pulumi <command> [options]\n\nCommands:\n${list.join("\n")}\n\nRun supabase-pulumi <command> --help for its options.\n`;
}

/** Runs the command line (without node and the script); answers the exit code. */
export async function runCli(
  argv: string[],
  out = (s: string) => void process.stdout.write(s),
  err = (s: string) => void process.stderr.write(s),
): Promise<number> {
  const [sub, ...rest] = argv;
  if (isHelp(sub) && rest.length === 0) {
    out(help());
    return 0;
  }
  if (isHelp(sub)) return runCli([rest[0], "--help"], out, err);
  const command =
    sub === undefined ? undefined : Object.prototype.hasOwnProperty.call(COMMANDS, sub) ? COMMANDS[sub] : undefined;
  if (!command) {
    err(sub === undefined ? help() : `supabase-pulumi: unknown command ${sub}\n\n${help()}`);
    return 1;
  }
  if (rest.includes("--help") || rest.includes("-h")) {
    out(command.usage);
    return 0;
  }
  return command.run(rest);
}
