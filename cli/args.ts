/**
 * The command line as `drift` and `recover` read it: `--flag value` or
 * `--flag=value`, the stack selection both take (`--stack`/`-s`, `--cwd`/`-C`,
 * `--config-file`), and an unknown argument refused by name.
 */
import type { StackSelection } from "./pulumi";

/** One argument: its flag, a value written inline, and readers of the arguments after it. */
export interface Flag {
  flag: string;
  /** The value written inline (`--flag=value`), if any. */
  inline: string | undefined;
  /** The flag's value, inline or the next argument; an empty or missing one is refused. */
  value(): string;
  /** The next argument, taken as it is (for a flag of several values). */
  next(): string | undefined;
}

/** Walks the arguments; `take` answers whether it knew the flag, and an argument nobody knew is refused. */
export function walkFlags(argv: readonly string[], take: (f: Flag) => boolean): void {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const eq = arg.indexOf("=");
    const flag = eq >= 0 ? arg.slice(0, eq) : arg;
    const inline = eq >= 0 ? arg.slice(eq + 1) : undefined;
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined || v === "") throw new Error(`${flag} needs a value`);
      return v;
    };
    if (!take({ flag, inline, value, next: () => argv[++i] })) throw new Error(`unknown argument ${arg}`);
  }
}

/** Takes the stack-selection flags into `opts`; answers whether `f` was one. */
export function takeSelection(opts: StackSelection, f: Flag): boolean {
  if (f.flag === "--stack" || f.flag === "-s") opts.stack = f.value();
  else if (f.flag === "--cwd" || f.flag === "-C") opts.cwd = f.value();
  else if (f.flag === "--config-file") opts.configFile = f.value();
  else return false;
  return true;
}
