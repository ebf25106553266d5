/**
 * The ready-made CI of examples/ci: the GitHub Actions workflows pass
 * actionlint (a Go tool, installed from the module proxy at a pinned version
 * into a per-user cache by scripts/ensure-actionlint.sh, which this test runs
 * on first use, as the e2e tier builds the engine), and the GitLab job runs
 * the same drift command.
 */
import { execFileSync, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";

const root = path.resolve(__dirname, "../../..");
const github = path.join(root, "examples", "ci", "github");

/** actionlint's path, installed when missing (a cold install downloads and builds it: a minute or two). */
function actionlint(): string {
  // Its progress line and any error go to the terminal.
  const r = spawnSync("bash", [path.join(root, "scripts", "ensure-actionlint.sh")], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  if (r.status !== 0) throw new Error("actionlint could not be installed (scripts/ensure-actionlint.sh, see above)");
  return r.stdout.trim();
}

test(
  "the GitHub workflows pass actionlint",
  () => {
    const files = fs.readdirSync(github).filter((f) => f.endsWith(".yml"));
    expect(files.sort()).toEqual(["drift.yml", "pull-request.yml"]);
    const bin = actionlint();
    // shellcheck is not part of the toolchain here; actionlint checks everything else (expressions, actions, events).
    const out = execFileSync(
      bin,
      ["-shellcheck=", "-pyflakes=", "-no-color", ...files.map((f) => path.join(github, f))],
      {
        encoding: "utf8",
      },
    );
    expect(out).toBe("");
  },
  15 * 60_000,
);

test("every job runs the drift command with the documented flags and keeps its exit code", () => {
  const command =
    'npx --no-install supabase-pulumi drift --stack "$STACK" --cwd "$PULUMI_CWD" --format markdown > drift.md';
  for (const file of [
    path.join(github, "drift.yml"),
    path.join(github, "pull-request.yml"),
    path.join(root, "examples", "ci", "gitlab", ".gitlab-ci.yml"),
  ]) {
    const text = fs.readFileSync(file, "utf8");
    expect({ file, has: text.includes(command) }).toEqual({ file, has: true });
    expect(text).toMatch(/secrets?\.SUPABASE_ACCESS_TOKEN|SUPABASE_ACCESS_TOKEN/);
    expect(text).not.toMatch(/sbp_[0-9a-f]{8,}/);
  }
  expect(fs.readFileSync(path.join(github, "drift.yml"), "utf8")).toContain('exit "$code"');
});
