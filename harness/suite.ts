/**
 * The one emulator set-up of a test file: `useEmulator()` registers the jest
 * hooks that start an in-process emulator (loopback, a free port) before the
 * file's tests and close it after them. With the provider runtime, it also
 * points the runtime at the emulator and gives every test fresh provider
 * contexts, so no cache or batch carries over from one test to the next.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { EmulatorOptions } from "../emulator/types";
import { startTestEmulator, type TestEmulator } from "./emulator";

/** The part of the provider runtime (`supabase-pulumi/runtime`) the set-up drives. */
export interface RuntimeHooks {
  configure(settings: { accessToken: string; apiUrl: string; projectUrlTemplate: string }): void;
  resetContexts(): void;
}

export interface EmulatorSetup {
  /** Options of the emulator (test defaults otherwise). */
  emulator?: EmulatorOptions;
  /** Configure this runtime for the emulator, and reset its contexts before each test. */
  runtime?: RuntimeHooks;
  /** Runs once the emulator is up (and the runtime configured): receive it, create shared fixtures. */
  setup?(emu: TestEmulator): Promise<void> | void;
  /** Runs before each test (after the runtime's contexts are reset). */
  beforeEach?(emu: TestEmulator): Promise<void> | void;
  /** Runs after all tests, before the emulator closes. */
  teardown?(): Promise<void> | void;
}

export function useEmulator(opts: EmulatorSetup = {}): { readonly emu: TestEmulator } {
  let emu: TestEmulator | undefined;
  const suite = {
    get emu(): TestEmulator {
      if (!emu) throw new Error("the emulator is not started yet (use it inside tests or hooks)");
      return emu;
    },
  };
  beforeAll(async () => {
    emu = await startTestEmulator(opts.emulator);
    if (opts.runtime) {
      opts.runtime.configure({
        accessToken: emu.accessToken,
        apiUrl: emu.apiUrl,
        projectUrlTemplate: emu.projectUrlTemplate,
      });
      opts.runtime.resetContexts();
    }
    await opts.setup?.(emu);
  });
  beforeEach(async () => {
    opts.runtime?.resetContexts();
    await opts.beforeEach?.(suite.emu);
  });
  afterAll(async () => {
    try {
      await opts.teardown?.();
    } finally {
      await emu?.close();
    }
  });
  return suite;
}

/** The access token of the emulators `usePersistentEmulators` starts (a fixed one, so it carries over a restart). */
export const PERSISTENT_TOKEN = "sbp_0123456789abcdef0123456789abcdef01234567";

/**
 * Emulators over one data directory of the test file, started and stopped by
 * the tests themselves (to see what survives a restart): `start()` opens one on
 * the directory, `stop(emu)` closes it; after the file, any still running are
 * closed and the directory removed.
 */
export function usePersistentEmulators(prefix: string): {
  readonly dataDir: string;
  /** The ones still running, oldest first. */
  readonly running: readonly TestEmulator[];
  start(opts?: EmulatorOptions): Promise<TestEmulator>;
  stop(emu: TestEmulator): Promise<void>;
  /** Closes `emu` (started otherwise) with the others after the file. */
  adopt(emu: TestEmulator): TestEmulator;
} {
  let dir: string | undefined;
  const running: TestEmulator[] = [];
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), `supabase-emulator-${prefix}-`));
  });
  afterAll(async () => {
    await Promise.all(running.map((e) => e.close()));
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });
  const dataDir = (): string => {
    if (!dir) throw new Error("the data directory is made before the file's tests (use it inside tests or hooks)");
    return dir;
  };
  return {
    get dataDir(): string {
      return dataDir();
    },
    get running(): readonly TestEmulator[] {
      return running;
    },
    adopt(emu: TestEmulator): TestEmulator {
      running.push(emu);
      return emu;
    },
    async start(opts: EmulatorOptions = {}): Promise<TestEmulator> {
      const emu = await startTestEmulator({
        dataDir: dataDir(),
        provisioningDelayMs: 0,
        accessToken: PERSISTENT_TOKEN,
        ...opts,
      });
      running.push(emu);
      return emu;
    },
    async stop(emu: TestEmulator): Promise<void> {
      await emu.close();
      running.splice(running.indexOf(emu), 1);
    },
  };
}
