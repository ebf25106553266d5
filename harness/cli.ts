/**
 * One set-up for tests of a `supabase-pulumi` command against the emulator:
 * `useCommandProject()` starts the file's emulator, makes a ready project,
 * points the command's environment (`SUPABASE_ACCESS_TOKEN`,
 * `SUPABASE_API_URL`) at it for the file, and answers helpers to run the
 * command with its output captured and to run SQL on the project. Every run
 * checks that nothing secret (the access token, the project's keys) was
 * printed.
 */
import { readyProject, type TestEmulator } from "./emulator";
import { useEmulator } from "./suite";

/** A command as cli/ defines them: arguments, a writer for stdout and one for stderr; answers the exit code. */
export type Command = (argv: string[], out: (s: string) => undefined, err: (s: string) => undefined) => Promise<number>;

export interface CommandRun {
  code: number;
  out: string;
  err: string;
}

/** Runs `command` with `argv`, capturing what it prints; throws if a secret appears in it. */
export async function runCaptured(command: Command, argv: string[], secrets: readonly string[]): Promise<CommandRun> {
  let out = "";
  let err = "";
  const code = await command(
    argv,
    (s) => void (out += s),
    (s) => void (err += s),
  );
  for (const secret of secrets.filter((s) => s.length > 0))
    if (out.includes(secret) || err.includes(secret))
      throw new Error(`the command printed a secret (argv: ${argv.join(" ")})`);
  return { code, out, err };
}

export function useCommandProject(opts: {
  command: Command;
  project: string;
  org: string;
  /** Runs once the project is ready (e.g. loads a schema). */
  setup?(emu: TestEmulator, ref: string): Promise<void> | void;
  teardown?(): Promise<void> | void;
}): {
  readonly emu: TestEmulator;
  readonly ref: string;
  readonly anonKey: string;
  run(...argv: string[]): Promise<CommandRun>;
  /** Runs SQL on the project through the management API's query route; fails the test on an error. */
  sql(query: string): Promise<unknown>;
} {
  let ref = "";
  let anonKey = "";
  const saved = { ...process.env };
  const suite = useEmulator({
    setup: async (emu) => {
      process.env.SUPABASE_ACCESS_TOKEN = emu.accessToken;
      process.env.SUPABASE_API_URL = emu.apiUrl;
      ({ ref, anonKey } = await readyProject(emu, opts.project, opts.org));
      await opts.setup?.(emu, ref);
    },
    teardown: async () => {
      process.env = saved;
      await opts.teardown?.();
    },
  });
  return {
    get emu() {
      return suite.emu;
    },
    get ref() {
      return ref;
    },
    get anonKey() {
      return anonKey;
    },
    run: (...argv) => runCaptured(opts.command, argv, [suite.emu.accessToken, anonKey]),
    async sql(query) {
      const res = await suite.emu.api("POST", `/v1/projects/${ref}/database/query`, { query });
      if (res.status !== 201) throw new Error(`${query}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body;
    },
  };
}
