/**
 * The layout tables of the READMEs name every folder and root file of the
 * folder they describe, and nothing it no longer holds, so a move or a new
 * file cannot leave them stale; and no hand-written source grows past 600
 * lines.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { checkLayoutTable, layoutTableNames, repoRoot } from "./layout";

describe("layout tables", () => {
  test("emulator/README.md describes emulator/", () => {
    const dir = path.join(repoRoot, "emulator");
    expect(checkLayoutTable(path.join(dir, "README.md"), dir, "Layout")).toEqual({ missing: [], stale: [] });
  });

  test("README.md describes the repository's root", () => {
    // What git ignores exists only locally: installed packages, build output, coverage, tarballs, and the stack
    // files that runs of the root program (a test's included) write beside Pulumi.yaml while the suite runs.
    const entries = fs.readdirSync(repoRoot);
    const ignore = execFileSync("git", ["check-ignore", ...entries], {
      cwd: repoRoot,
      encoding: "utf8",
      // Exit 1 when nothing is ignored.
      stdio: ["ignore", "pipe", "ignore"],
    }).split("\n");
    expect(ignore).toContain("node_modules");
    expect(checkLayoutTable(path.join(repoRoot, "README.md"), repoRoot, "Layout", { ignore })).toEqual({
      missing: [],
      stale: [],
    });
  });
});

describe("file sizes", () => {
  test("no hand-written source file is over 600 lines", () => {
    // Tracked by git: the generated SDKs of other languages (sdks/) and the pages of docs/ are written by tools.
    const files = execFileSync("git", ["ls-files", "-z", "*.ts", "*.js", "*.sh"], { cwd: repoRoot, encoding: "utf8" })
      .split("\0")
      .filter((f) => f && !f.startsWith("sdks/") && !f.startsWith("docs/"));
    expect(files.length).toBeGreaterThan(100);
    const long = files
      .map((f) => ({ f, lines: fs.readFileSync(path.join(repoRoot, f), "utf8").split("\n").length - 1 }))
      .filter(({ lines }) => lines > 600);
    expect(long).toEqual([]);
  });
});

describe("checkLayoutTable", () => {
  const table = [
    "# Thing",
    "",
    "## Layout",
    "",
    "| Path | Role |",
    "|---|---|",
    "| `index.ts` | entry |",
    "| `a/*.ts`, `b/` | folders |",
    "| `gone.ts` | removed long ago |",
    "",
    "## Other",
    "",
    "| `not/` | a later table |",
  ].join("\n");

  test("reads folders by their first segment and files by name, only from the table under the heading", () => {
    expect(layoutTableNames(table, "Layout")).toEqual(["a/", "b/", "gone.ts", "index.ts"]);
  });

  test("reports what the table leaves out and what no longer exists", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "layout-"));
    try {
      for (const sub of ["a", "b", "c", ".hidden"]) fs.mkdirSync(path.join(dir, sub));
      for (const file of ["index.ts", "extra.ts", "README.md"]) fs.writeFileSync(path.join(dir, file), "");
      fs.writeFileSync(path.join(dir, "README.md"), table);
      expect(checkLayoutTable(path.join(dir, "README.md"), dir, "Layout")).toEqual({
        missing: ["c/", "extra.ts"],
        stale: ["gone.ts"],
      });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test("a heading without a table is an error, not an empty layout", () => {
    expect(() => layoutTableNames("## Layout\n\ntext\n\n## Next\n\n| `x` |\n|---|\n| `y` |", "Layout")).toThrow(
      /no table/,
    );
  });
});
