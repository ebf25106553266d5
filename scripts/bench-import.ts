/**
 * Import benchmark (`npm run bench:import`): a project with 50 functions, 200
 * edge-function secrets, every configuration kind and 20 migrations, made
 * through the management API of an in-process emulator, then `supabase-pulumi
 * import` of it into a temporary folder (reading, rendering, prettier,
 * writing). Prints the time, the management calls (from the emulator's
 * request log: total, per route, and any write or 429) and what was written.
 *
 *   npm run bench:import [-- --functions 50 --secrets 200 --migrations 20]
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { parseArgs } from "node:util";
import * as runtime from "../provider/runtime";
import { startTestEmulator } from "../harness/emulator";
import { buildImportFixture, type FixtureSize } from "../harness/import-fixture";
import { importCommand } from "../cli/import";

export interface ImportBench {
  size: FixtureSize;
  ms: number;
  calls: number;
  byRoute: Record<string, number>;
  writes: number;
  throttled: number;
}

export async function benchImport(size: FixtureSize): Promise<ImportBench> {
  const emu = await startTestEmulator();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-import-"));
  try {
    const fixture = await buildImportFixture(emu, size);
    process.env.SUPABASE_ACCESS_TOKEN = emu.accessToken;
    process.env.SUPABASE_API_URL = emu.apiUrl;
    // The storage buckets are read through the project's Storage API, under the project URL.
    process.env.SUPABASE_PROJECT_URL_TEMPLATE = emu.projectUrlTemplate;
    runtime.resetContexts();
    await emu.clearRequests();
    const started = performance.now();
    const code = await importCommand(["--project", fixture.ref, "--out", path.join(dir, "program")], () => {});
    const ms = performance.now() - started;
    if (code !== 0) throw new Error(`import exited ${code}`);
    const log = await emu.requests({ api: "management" });
    const byRoute: Record<string, number> = {};
    for (const r of log) byRoute[r.route ?? r.path] = (byRoute[r.route ?? r.path] ?? 0) + 1;
    return {
      size,
      ms,
      calls: log.length,
      byRoute,
      // The migration history's one query runs read-only (`read_only: true`): a read.
      writes: log.filter((r) => r.method !== "GET" && r.route !== "POST /v1/projects/{ref}/database/query").length,
      throttled: log.filter((r) => r.status === 429).length,
    };
  } finally {
    await emu.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  const { values } = parseArgs({
    options: {
      functions: { type: "string", default: "50" },
      secrets: { type: "string", default: "200" },
      migrations: { type: "string", default: "20" },
    },
  });
  const size = {
    functions: Number(values.functions),
    secrets: Number(values.secrets),
    migrations: Number(values.migrations),
  };
  benchImport(size)
    .then((b) => {
      console.log(
        `import of ${size.functions} functions, ${size.secrets} secrets, every configuration kind, ${size.migrations} migrations:`,
      );
      console.log(
        `  time ${(b.ms / 1000).toFixed(2)} s, ${b.calls} management calls (${b.writes} writes, ${b.throttled} answered 429)`,
      );
      for (const [route, n] of Object.entries(b.byRoute).sort()) console.log(`  ${String(n).padStart(4)}  ${route}`);
      process.exit(0);
    })
    .catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
}
