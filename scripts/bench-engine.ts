/**
 * Engine benchmark (`npm run bench:engine`): `pulumi up` and `pulumi destroy`
 * of N `Secret`s of one project against N trivial dynamic resources (a create
 * that only returns its inputs), under the same engine, at each N, in one run.
 * Prints both times, their ratio, and the request counts from the emulator's
 * request log: secret writes (at most ceil(N/8) each way) and 429s.
 *
 *   npm run bench:engine [-- --n 100,1000 --parallel 8]
 *
 * Everything runs on 127.0.0.1 with the offline engine (see scripts/engine.ts).
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import * as supabase from "supabase-pulumi";
import { readyProject, startTestEmulator, type TestEmulator } from "../harness/emulator";
import { inlineStack } from "./engine";

/** A dynamic resource whose create answers at once: the engine's own cost per resource. */
const trivialProvider: pulumi.dynamic.ResourceProvider = {
  async create(inputs) {
    return { id: String(inputs.name), outs: inputs };
  },
};

class Trivial extends pulumi.dynamic.Resource {
  constructor(name: string, props: { name: string; value: string }) {
    super(trivialProvider, name, props);
  }
}

interface Run {
  upMs: number;
  destroyMs: number;
  upWrites: number;
  destroyWrites: number;
  throttled: number;
}

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

async function run(emu: TestEmulator, kind: "secrets" | "trivial", n: number, ref: string, parallel: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `supabase-pulumi-bench-${kind}-`));
  try {
    const s = await inlineStack({
      dir,
      projectName: "bench",
      stackName: `${kind}${n}`,
      program: async () => {
        for (let i = 0; i < n; i++) {
          if (kind === "trivial") new Trivial(`r${i}`, { name: `R_${i}`, value: `value-${i}` });
          else new supabase.Secret(`r${i}`, { projectRef: ref, name: `R_${i}`, value: `value-${i}` });
        }
      },
      config: {
        "supabase:accessToken": { value: emu.accessToken, secret: true },
        "supabase:apiUrl": { value: emu.apiUrl },
        "supabase:projectUrlTemplate": { value: emu.projectUrlTemplate },
      },
    });
    const writes = async () =>
      (await emu.requests()).filter((r) => r.route?.endsWith("/v1/projects/{ref}/secrets") && r.method !== "GET");
    await emu.clearRequests();
    let t = performance.now();
    await s.stack.up({ parallel });
    const upMs = performance.now() - t;
    const upLog = await emu.requests();
    const upWrites = (await writes()).length;
    await emu.clearRequests();
    t = performance.now();
    await s.stack.destroy({ parallel });
    const destroyMs = performance.now() - t;
    const downLog = await emu.requests();
    const destroyWrites = (await writes()).length;
    const throttled = [...upLog, ...downLog].filter((r) => r.status === 429).length;
    return { upMs, destroyMs, upWrites, destroyWrites, throttled } satisfies Run;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const sizes = arg("n", "100,1000")
    .split(",")
    .map((v) => Number(v))
    .filter((v) => Number.isInteger(v) && v > 0 && v <= 2000);
  const parallel = Number(arg("parallel", "8"));
  const emu = await startTestEmulator();
  try {
    const { ref } = await readyProject(emu, "bench");
    const rows: string[] = [];
    for (const n of sizes) {
      const trivial = await run(emu, "trivial", n, ref, parallel);
      const secrets = await run(emu, "secrets", n, ref, parallel);
      const limit = Math.ceil(n / parallel);
      const line =
        `N=${n}: up ${(secrets.upMs / 1000).toFixed(1)} s vs ${(trivial.upMs / 1000).toFixed(1)} s ` +
        `(${(secrets.upMs / trivial.upMs).toFixed(2)}×), destroy ${(secrets.destroyMs / 1000).toFixed(1)} s vs ` +
        `${(trivial.destroyMs / 1000).toFixed(1)} s (${(secrets.destroyMs / trivial.destroyMs).toFixed(2)}×); ` +
        `secret writes: up ${secrets.upWrites}, destroy ${secrets.destroyWrites} (limit ceil(N/${parallel}) = ${limit}); ` +
        `429s: ${secrets.throttled}`;
      console.log(line);
      rows.push(
        `| ${n} | ${(trivial.upMs / 1000).toFixed(1)} | ${(secrets.upMs / 1000).toFixed(1)} | ` +
          `${(secrets.upMs / trivial.upMs).toFixed(2)} | ${(trivial.destroyMs / 1000).toFixed(1)} | ` +
          `${(secrets.destroyMs / 1000).toFixed(1)} | ${(secrets.destroyMs / trivial.destroyMs).toFixed(2)} | ` +
          `${secrets.upWrites} / ${secrets.destroyWrites} (≤ ${limit}) | ${secrets.throttled} |`,
      );
    }
    console.log(
      [
        "",
        `| N | trivial up s | Secret up s | up ratio | trivial destroy s | Secret destroy s | destroy ratio | writes up / destroy | 429s |`,
        "|---|---|---|---|---|---|---|---|---|",
        ...rows,
      ].join("\n"),
    );
  } finally {
    await emu.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
