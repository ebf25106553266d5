/**
 * The one emulator set-up of a test file: `useEmulator()` registers the jest
 * hooks that start an in-process emulator (loopback, a free port) before the
 * file's tests and close it after them. With the provider runtime, it also
 * points the runtime at the emulator and gives every test fresh provider
 * contexts, so no cache or batch carries over from one test to the next.
 */
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
