/**
 * Shared set-up of the e2e tier: an in-process emulator on a random loopback
 * port, and inline-program stacks on the real engine with their own engine
 * home and file backend in a temporary directory.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type * as automation from "@pulumi/pulumi/automation";
import { inlineStack, type EngineStack } from "../../scripts/engine";
import { startTestEmulator } from "../../harness/emulator";

export type TestEmulator = Awaited<ReturnType<typeof startTestEmulator>>;

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `supabase-pulumi-${prefix}-`));
}

let counter = 0;

/** A fresh stack wired to the emulator through stack config (secrets encrypted). */
export async function emulatorStack(
  emu: TestEmulator,
  program: automation.PulumiFn,
  extraConfig: Record<string, { value: string; secret?: boolean }> = {},
): Promise<EngineStack & { dir: string }> {
  const dir = tempDir("e2e");
  const s = await inlineStack({
    dir,
    projectName: "e2e",
    stackName: `t${process.pid}x${++counter}`,
    program,
    config: {
      "supabase:accessToken": { value: emu.accessToken, secret: true },
      "supabase:apiUrl": { value: emu.apiUrl },
      "supabase:projectUrlTemplate": { value: emu.projectUrlTemplate },
      ...extraConfig,
    },
  });
  return { ...s, dir };
}

/** Management-API requests in the emulator's log since it was last cleared. */
export async function managementCalls(emu: TestEmulator) {
  return (await emu.requests()).filter((r) => r.api === "management");
}

export function cleanup(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
}
