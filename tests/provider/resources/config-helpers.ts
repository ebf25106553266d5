/** Shared set-up of the resource provider tests: an emulator, a ready project, the request log. */
import * as runtime from "supabase-pulumi/runtime";
import type { EmulatorSettings } from "../../../emulator/types";
import { readyProject, type TestEmulator } from "../../../harness/emulator";
import { useEmulator } from "../../../harness/suite";

export interface ConfigTestContext {
  emu: TestEmulator;
  ref: string;
}

/** Starts one emulator for the file and a fresh ready project before each test. */
export function useConfigProject(name: string): ConfigTestContext {
  const ctx = {} as ConfigTestContext;
  useEmulator({
    runtime,
    setup: (emu) => {
      ctx.emu = emu;
    },
    beforeEach: async (emu) => {
      await emu.reset();
      ({ ref: ctx.ref } = await readyProject(emu, name));
      await emu.clearRequests();
    },
  });
  return ctx;
}

/**
 * Starts one emulator (with these settings) and one ready project for the whole file;
 * the request log is cleared before each test.
 */
export function useSharedProject(name: string, settings: Partial<EmulatorSettings> = {}): ConfigTestContext {
  const ctx = {} as ConfigTestContext;
  useEmulator({
    runtime,
    setup: async (emu) => {
      ctx.emu = emu;
      if (Object.keys(settings).length > 0) await emu.setSettings(settings);
      ({ ref: ctx.ref } = await readyProject(emu, name));
    },
    beforeEach: (emu) => emu.clearRequests(),
  });
  return ctx;
}

/** The management routes called since the log was last cleared. */
export async function calls(emu: TestEmulator): Promise<string[]> {
  return (await emu.requests()).filter((r) => r.api === "management").map((r) => r.route ?? `${r.method} ${r.path}`);
}

/** Each input must fail check naming exactly its field, without any API call. */
export async function expectRefused(
  emu: TestEmulator,
  kind: runtime.ResourceKind,
  bad: Array<[Record<string, unknown>, string]>,
): Promise<void> {
  await emu.clearRequests();
  for (const [inputs, field] of bad) {
    const r = await runtime.provider(kind).check({}, inputs);
    expect({ field, failed: r.failures!.map((f) => f.property) }).toEqual({ field, failed: [field] });
  }
  expect(await calls(emu)).toEqual([]);
}
