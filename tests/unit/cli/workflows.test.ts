/**
 * The ready-made CI of examples/ci: the GitHub Actions workflows pass
 * actionlint (a Go tool, installed from the module proxy at a pinned version
 * into a per-user cache by scripts/ensure-actionlint.sh, which this test runs
 * on first use, as the e2e tier builds the engine), the GitLab job runs the
 * same drift command, and both drift files have a repair job started by hand
 * that runs `drift --repair` and keeps its exit code. The preview jobs call
 * the scripts of examples/ci/preview (which tests/e2e/ci-preview.e2e.test.ts
 * runs against the emulator): open on a pull request's pushes, close on its
 * closing (GitLab: the environment's on_stop job).
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
    expect(files.sort()).toEqual(["deploy.yml", "drift.yml", "preview.yml", "pull-request.yml"]);
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

test("the repair jobs: started by hand only, run drift --repair with the documented flags, keep its exit code", () => {
  const command =
    'npx --no-install supabase-pulumi drift --repair --stack "$STACK" --cwd "$PULUMI_CWD" --format markdown > repair.md';
  const gh = fs.readFileSync(path.join(github, "drift.yml"), "utf8");
  expect(gh).toContain(command);
  // A boolean input of workflow_dispatch selects the repair job instead of the check; schedules never repair.
  expect(gh).toMatch(/workflow_dispatch:\n {4}inputs:\n {6}repair:\n(?: {8}.*\n)*? {8}type: boolean\n/);
  expect(gh).toMatch(/\n {2}drift:\n {4}if: \$\{\{ !inputs\.repair \}\}\n/);
  expect(gh).toMatch(/\n {2}repair:\n {4}if: \$\{\{ inputs\.repair \}\}\n/);
  const repairJob = gh.slice(gh.indexOf("\n  repair:\n"));
  expect(repairJob).toContain("id: repair");
  expect(repairJob).toContain('exit "$code"');
  expect(repairJob).toContain("secrets.SUPABASE_ACCESS_TOKEN");

  const gl = fs.readFileSync(path.join(root, "examples", "ci", "gitlab", ".gitlab-ci.yml"), "utf8");
  const glRepair = gl.slice(gl.indexOf("\ndrift-repair:\n"));
  expect(glRepair).toContain(command.replace("> repair.md", "> repair.md; code=$?"));
  expect(glRepair).toContain('if: $CI_PIPELINE_SOURCE == "web" && $REPAIR == "true"');
  expect(glRepair).not.toContain("schedule");
  expect(glRepair).toContain('- exit "$code"');
});

test("the preview jobs open on a pull request's pushes and close when it closes, through the shared scripts", () => {
  const gh = fs.readFileSync(path.join(github, "preview.yml"), "utf8");
  expect(gh).toContain("types: [opened, reopened, synchronize, closed]");
  const open = gh.slice(gh.indexOf("\n  open:\n"), gh.indexOf("\n  close:\n"));
  const close = gh.slice(gh.indexOf("\n  close:\n"));
  expect(open).toContain("if: github.event.action != 'closed'");
  expect(open).toContain("run: bash examples/ci/preview/open.sh");
  expect(open).toContain('gh pr comment "$PR_NUMBER"');
  expect(close).toContain("if: github.event.action == 'closed'");
  expect(close).toContain("run: bash examples/ci/preview/close.sh");
  expect(gh).toContain("secrets.SUPABASE_ACCESS_TOKEN");

  const gl = fs.readFileSync(path.join(root, "examples", "ci", "gitlab", "preview.gitlab-ci.yml"), "utf8");
  const glOpen = gl.slice(gl.indexOf("\npreview-open:\n"), gl.indexOf("\npreview-close:\n"));
  const glClose = gl.slice(gl.indexOf("\npreview-close:\n"));
  expect(glOpen).toContain("- bash examples/ci/preview/open.sh");
  expect(glOpen).toContain("on_stop: preview-close");
  expect(glOpen).toContain("name: preview/pr-$CI_MERGE_REQUEST_IID");
  expect(glClose).toContain("- bash examples/ci/preview/close.sh");
  expect(glClose).toContain("action: stop");
  expect(glClose).toContain("name: preview/pr-$CI_MERGE_REQUEST_IID");
  for (const script of ["open.sh", "close.sh"]) {
    const text = fs.readFileSync(path.join(root, "examples", "ci", "preview", script), "utf8");
    expect(text.startsWith("#!/usr/bin/env bash\n")).toBe(true);
    expect(text).toContain("set -euo pipefail");
  }
});

test("every job that writes the stack runs recover --unlock first, in the one group of the stack's writers", () => {
  const recover = 'npx --no-install supabase-pulumi recover --unlock --stack "$STACK" --cwd "$PULUMI_CWD"';
  const gh = fs.readFileSync(path.join(github, "drift.yml"), "utf8");
  const repairJob = gh.slice(gh.indexOf("\n  repair:\n"));
  const deploy = fs.readFileSync(path.join(github, "deploy.yml"), "utf8");
  for (const [job, writes] of [
    [repairJob, "supabase-pulumi drift --repair"],
    [deploy, "pulumi up --yes"],
  ]) {
    expect(job).toContain(recover);
    expect(job.indexOf(recover)).toBeLessThan(job.indexOf(writes));
    expect(job).toMatch(/concurrency:(?: |\n {6}group: )pulumi-prod\b/);
  }
  const gl = fs.readFileSync(path.join(root, "examples", "ci", "gitlab", ".gitlab-ci.yml"), "utf8");
  for (const name of ["drift-repair", "deploy"]) {
    const job = gl.slice(gl.indexOf(`\n${name}:\n`)).split(/\n(?=\S)/)[1];
    expect(job).toContain("resource_group: pulumi-$STACK");
    const [first] = job.split("script:\n")[1].split("\n");
    expect(first.trim()).toBe(`- ${recover}`);
  }
  // The preview jobs write their pull request's stack through the shared scripts: recover comes before up and
  // destroy, and each job is alone on that stack (one concurrency group, or resource group, per pull request).
  for (const [script, writes] of [
    ["open.sh", "pulumi up --yes"],
    ["close.sh", "pulumi destroy --yes"],
  ]) {
    const text = fs.readFileSync(path.join(root, "examples", "ci", "preview", script), "utf8");
    const unlock = 'npx --no-install supabase-pulumi recover --unlock --stack "$stack" --cwd .';
    expect({ script, has: text.includes(unlock) }).toEqual({ script, has: true });
    expect(text.indexOf(unlock)).toBeLessThan(text.indexOf(writes));
    expect(text.indexOf(unlock)).toBeGreaterThan(text.indexOf('cd "${PREVIEW_DIR:-examples/preview}"'));
  }
  expect(fs.readFileSync(path.join(github, "preview.yml"), "utf8")).toMatch(
    /\nconcurrency:\n {2}group: preview-\$\{\{ github\.event\.pull_request\.number \}\}\n {2}cancel-in-progress: false\n/,
  );
  expect(fs.readFileSync(path.join(root, "examples", "ci", "gitlab", "preview.gitlab-ci.yml"), "utf8")).toContain(
    "resource_group: preview-$CI_MERGE_REQUEST_IID",
  );
});

test("every workflow runs the advisors gate on its stack, in markdown, keeping its exit code", () => {
  for (const file of [
    path.join(github, "drift.yml"),
    path.join(github, "pull-request.yml"),
    path.join(github, "deploy.yml"),
    path.join(github, "preview.yml"),
    path.join(root, "examples", "ci", "gitlab", ".gitlab-ci.yml"),
  ]) {
    const text = fs.readFileSync(file, "utf8");
    expect({ file, has: /npx --no-install supabase-pulumi advise --stack "\$\w+|--stack "pr-/.test(text) }).toEqual({
      file,
      has: true,
    });
    expect({ file, markdown: /advise [^\n]*--fail-on error --format markdown > advise\.md/.test(text) }).toEqual({
      file,
      markdown: true,
    });
  }
});
