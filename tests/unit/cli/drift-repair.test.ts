/**
 * `drift --repair` end to end against a stand-in `pulumi` (a shell script
 * answering the refresh preview with canned engine events): the commands it
 * runs, the second report it prints, and its exit code when the repair
 * works, when drift remains, and when a step fails.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { driftCommand } from "../../../cli/drift";

const T = "pulumi-nodejs:dynamic/supabase:";
const URN = `urn:pulumi:dev::app::${T}Secret::token`;
const event = (op: string) =>
  JSON.stringify({
    resOutputsEvent: {
      metadata: {
        op,
        urn: URN,
        type: `${T}Secret`,
        old: { outputs: { name: "T" } },
        new: { outputs: op === "same" ? { name: "T" } : { name: "T", drift: { changed: ["T"] } } },
      },
    },
  });

let root: string;
const saved = process.env.SUPABASE_PULUMI_ENGINE_ROOT;

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "supabase-pulumi-fake-engine-"));
  fs.mkdirSync(path.join(root, "bin"));
  fs.writeFileSync(path.join(root, "drifted.json"), event("update") + "\n");
  fs.writeFileSync(path.join(root, "clean.json"), event("same") + "\n");
  // The preview answers drift until an `up` marked the state repaired; FAIL names a step that fails.
  fs.writeFileSync(
    path.join(root, "bin", "pulumi"),
    `#!/bin/sh
dir="${root}"
echo "$*" >> "$dir/calls.log"
case "$1 $2" in
  "refresh --preview-only") if [ -f "$dir/repaired" ]; then cat "$dir/clean.json"; else cat "$dir/drifted.json"; fi ;;
  "refresh --yes") [ "$FAIL" = refresh ] && { echo "refresh failed" >&2; exit 255; }; echo "refreshed" ;;
  "up --yes") [ "$FAIL" = up ] && { echo "up failed" >&2; exit 255; }; [ "$FIX" = no ] || touch "$dir/repaired"; echo "updated" ;;
  *) echo "unexpected: $*" >&2; exit 3 ;;
esac
`,
    { mode: 0o755 },
  );
  process.env.SUPABASE_PULUMI_ENGINE_ROOT = root;
});

afterEach(() => {
  if (saved === undefined) delete process.env.SUPABASE_PULUMI_ENGINE_ROOT;
  else process.env.SUPABASE_PULUMI_ENGINE_ROOT = saved;
  delete process.env.FAIL;
  delete process.env.FIX;
  fs.rmSync(root, { recursive: true, force: true });
});

async function repair(...extra: string[]) {
  let out = "";
  let log = "";
  const code = await driftCommand(
    ["--repair", "--stack", "dev", ...extra],
    (s) => void (out += s),
    (s) => void (log += s),
  );
  const calls = fs.readFileSync(path.join(root, "calls.log"), "utf8").trim().split("\n");
  return { code, out, log, calls };
}

test("repaired: refresh and up of the drifted URN, then a clean second check (exit 0)", async () => {
  const r = await repair();
  expect(r.code).toBe(0);
  expect(r.calls).toEqual([
    "refresh --preview-only --json --non-interactive --stack dev",
    `refresh --yes --skip-preview --non-interactive --target ${URN} --stack dev`,
    `up --yes --skip-preview --non-interactive --target ${URN} --target-dependents --stack dev`,
    "refresh --preview-only --json --non-interactive --stack dev",
  ]);
  expect(r.out).toMatch(/^Drift in stack dev: 1 of 1 resources drifted/);
  expect(r.out).toMatch(/\nAfter the repair:\nNo drift in stack dev: 1 resources checked\.\n$/);
  // The engine's progress goes to stderr, after the command it belongs to.
  expect(r.log).toMatch(/\$ pulumi refresh --yes [^\n]*\nrefreshed\n\$ pulumi up --yes [^\n]*\nupdated\n/);
});

test("drift left after the repair: exit 2, the second report names it", async () => {
  process.env.FIX = "no";
  const r = await repair("--format", "json");
  expect(r.code).toBe(2);
  const json = JSON.parse(r.out);
  expect(json).toMatchObject({ drifted: true, repaired: false, after: { drifted: true } });
  expect(json.after.resources[0].name).toBe("token");
});

test.each(["refresh", "up"])("a failed %s: exit 1, the second report still printed", async (step) => {
  process.env.FAIL = step;
  const r = await repair("--format", "markdown");
  expect(r.code).toBe(1);
  expect(r.out).toContain(`**Failed:** pulumi ${step} exited 255`);
  expect(r.out).toMatch(/After the repair:\n\n### ⚠️ Drift in stack dev/);
  expect(r.log).toContain(`supabase-pulumi drift: the repair failed: pulumi ${step} exited 255`);
  if (step === "refresh") expect(r.calls.some((c) => c.startsWith("up "))).toBe(false);
});

test("nothing drifted: no repair runs (exit 0)", async () => {
  fs.writeFileSync(path.join(root, "repaired"), "");
  const r = await repair();
  expect(r.code).toBe(0);
  expect(r.calls).toEqual(["refresh --preview-only --json --non-interactive --stack dev"]);
  expect(r.out).toBe("No drift in stack dev: 1 resources checked.\n");
});
