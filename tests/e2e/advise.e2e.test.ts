/**
 * `supabase-pulumi advise --stack` on the real engine: the packaged command
 * reads the stack's state (`pulumi stack export`) for its projects, with the
 * stack's credentials, and gates on the advisors: a public table without row
 * level security fails it (exit 1, named in every format); ignoring the
 * finding or repairing the table passes it (exit 0); a stack without projects
 * is an error (exit 2). No secret of the stack shows in its output.
 */
import { execFile } from "node:child_process";
import * as path from "node:path";
import * as supabase from "supabase-pulumi";
import { engineRoot, REPO_ROOT } from "../../scripts/engine";
import { startTestEmulator } from "../../harness/emulator";
import { cleanup, emulatorStack, type TestEmulator } from "./helpers";

const DB_PASS = "advise-e2e-db-pass-3f1c";
let emu: TestEmulator;
const dirs: string[] = [];

beforeAll(async () => {
  emu = await startTestEmulator();
});

afterAll(async () => {
  await emu?.close();
  for (const d of dirs) cleanup(d);
});

function advise(workDir: string, env: Record<string, string>, ...argv: string[]) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [path.join(REPO_ROOT, "dist", "cli", "main.js"), "advise", "--cwd", workDir, ...argv],
      // No SUPABASE_ACCESS_TOKEN in the environment: the stack's config is the credential.
      {
        env: { ...process.env, SUPABASE_ACCESS_TOKEN: "", ...env, SUPABASE_PULUMI_ENGINE_ROOT: engineRoot() },
        maxBuffer: 16 << 20,
      },
      (err, stdout, stderr) => {
        const exit = (err as { code?: unknown } | null)?.code;
        resolve({ code: err ? (typeof exit === "number" ? exit : 1) : 0, stdout, stderr });
      },
    );
  });
}

test("the stack's projects are gated on their advisors; a stack without projects is an error", async () => {
  const s = await emulatorStack(emu, async () => {
    const org = new supabase.Organization("org", { name: "Advise Org" });
    const project = new supabase.Project("app", {
      name: "advise",
      organizationId: org.organizationId,
      region: "eu-west-2",
      dbPass: DB_PASS,
    });
    new supabase.DatabaseMigration("leaky-table", {
      projectRef: project.ref,
      name: "001_leaky",
      sql: "create table leaky (id int primary key, note text)",
    });
    return { ref: project.ref };
  });
  dirs.push(s.dir);
  const up = await s.stack.up({ parallel: 8 });
  expect(up.summary.result).toBe("succeeded");
  const ref = up.outputs.ref.value as string;
  const stack = ["--stack", s.stack.name];

  const text = await advise(s.workDir, s.env, ...stack);
  expect(text.stderr).toBe("");
  expect(text.code).toBe(1);
  expect(text.stdout).toContain(`project app (${ref})`);
  expect(text.stdout).toMatch(/✗ ERROR rls_disabled_in_public {2}public\.leaky/);
  const md = await advise(s.workDir, s.env, ...stack, "--format", "markdown");
  expect(md.code).toBe(1);
  expect(md.stdout).toContain("| project app | RLS Disabled in Public | `public.leaky` |");
  const json = await advise(s.workDir, s.env, ...stack, "--format", "json");
  expect(json.code).toBe(1);
  expect(JSON.parse(json.stdout).targets.map((t: { ref: string }) => t.ref)).toEqual([ref]);
  for (const out of [text, md, json]) {
    expect(out.stdout + out.stderr).not.toContain(emu.accessToken);
    expect(out.stdout + out.stderr).not.toContain(DB_PASS);
  }

  const ignored = await advise(s.workDir, s.env, ...stack, "--ignore", "rls_disabled_in_public_public_leaky");
  expect(ignored.code).toBe(0);
  await emu.api("POST", `/v1/projects/${ref}/database/query`, {
    query: "alter table leaky enable row level security",
  });
  expect((await advise(s.workDir, s.env, ...stack)).code).toBe(0);

  const empty = await emulatorStack(emu, async () => ({}));
  dirs.push(empty.dir);
  const none = await advise(empty.workDir, empty.env, "--stack", empty.stack.name);
  expect(none.code).toBe(2);
  expect(none.stderr).toContain(`the stack ${empty.stack.name} has no projects or branches in its state`);
  expect(none.stdout).toBe("");
}, 300_000);
