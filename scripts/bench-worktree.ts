/**
 * Another head of this repository, checked out for a benchmark to run
 * against (`npm run bench:graphql -- --compare <git-ref>`): a detached git
 * worktree in the system's temporary directory with that head's own
 * dependencies installed from its lockfile (`npm ci`) and its code generated
 * (`npm run generate`, where its install does not run it). `remove()` deletes the checkout and its worktree entry; the
 * repository keeps nothing of it.
 */
import { spawnSync, type SpawnSyncOptions } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

export interface OtherHead {
  /** The ref as given on the command line. */
  ref: string;
  /** Its commit, abbreviated, for the report. */
  commit: string;
  /** The checkout's root. */
  root: string;
  remove(): void;
}

function run(cmd: string, args: string[], opts: SpawnSyncOptions & { quiet?: boolean } = {}): string {
  const r = spawnSync(cmd, args, {
    encoding: "utf8",
    stdio: opts.quiet ? "pipe" : ["ignore", "pipe", "inherit"],
    ...opts,
  });
  if (r.error) throw r.error;
  if (r.status !== 0)
    throw new Error(
      `${cmd} ${args.join(" ")} failed (exit ${r.status})${r.stderr ? `: ${String(r.stderr).trim()}` : ""}`,
    );
  return String(r.stdout ?? "").trim();
}

/** Checks out `ref` of the repository at `repoRoot` beside it, installed and generated, ready to run. */
export function checkOutOtherHead(repoRoot: string, ref: string, log: (msg: string) => void): OtherHead {
  const commit = run("git", ["-C", repoRoot, "rev-parse", "--verify", "--quiet", `${ref}^{commit}`], { quiet: true });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-graphql-compare-"));
  const root = path.join(dir, "head");
  let added = false;
  const remove = () => {
    // Deleting the checkout and then pruning is quicker than `git worktree remove` with a node_modules inside.
    fs.rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
    if (added) spawnSync("git", ["-C", repoRoot, "worktree", "prune"], { stdio: "ignore" });
  };
  try {
    log(`checking out ${ref} (${commit.slice(0, 12)}) in a temporary worktree`);
    run("git", ["-C", repoRoot, "worktree", "add", "--detach", "--quiet", root, commit], { quiet: true });
    added = true;
    log(`installing ${ref}'s dependencies (npm ci)`);
    const npm = process.platform === "win32" ? "npm.cmd" : "npm";
    // Its own lockfile and its own generated code; output only on failure.
    const r = spawnSync(npm, ["ci", "--no-audit", "--no-fund", "--loglevel=error"], {
      cwd: root,
      encoding: "utf8",
      stdio: "pipe",
    });
    if (r.status !== 0) throw new Error(`npm ci at ${ref} failed (exit ${r.status}):\n${r.stdout}\n${r.stderr}`);
    // Heads whose install no longer generates code (no `prepare` script) generate it here.
    const scripts =
      (JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { scripts?: Record<string, string> })
        .scripts ?? {};
    if (scripts.generate && !scripts.prepare) {
      log(`generating ${ref}'s code (npm run generate)`);
      const g = spawnSync(npm, ["run", "generate", "--silent"], { cwd: root, encoding: "utf8", stdio: "pipe" });
      if (g.status !== 0)
        throw new Error(`npm run generate at ${ref} failed (exit ${g.status}):\n${g.stdout}\n${g.stderr}`);
    }
    return { ref, commit: commit.slice(0, 12), root, remove };
  } catch (err) {
    remove();
    throw err;
  }
}
