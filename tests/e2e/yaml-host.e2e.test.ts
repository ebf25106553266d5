/**
 * The YAML language host that scripts/ensure-engine.sh puts beside the CLI:
 * a resource-less YAML program runs `pulumi up` offline (file backend, own
 * engine home) and its outputs are the stack's.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { engineRoot, offlineEnv } from "../../scripts/engine";
import { cleanup, tempDir } from "./helpers";

test("a YAML program runs on the engine's pulumi-language-yaml", () => {
  const dir = tempDir("yaml-host");
  try {
    const bin = path.join(engineRoot(), "bin");
    expect(fs.existsSync(path.join(bin, "pulumi-language-yaml"))).toBe(true);
    const work = path.join(dir, "program");
    fs.mkdirSync(work);
    fs.writeFileSync(
      path.join(work, "Pulumi.yaml"),
      [
        "name: yaml-host",
        "runtime: yaml",
        "variables:",
        "  greeting: hello",
        "outputs:",
        "  message: ${greeting}",
        "  answer: 42",
        "",
      ].join("\n"),
    );
    const env = { ...process.env, ...offlineEnv(dir) };
    const pulumi = (...args: string[]) =>
      execFileSync(path.join(bin, "pulumi"), [...args, "--non-interactive", "--color", "never"], {
        cwd: work,
        env,
        encoding: "utf8",
      });
    pulumi("stack", "init", "dev");
    expect(pulumi("up", "--yes")).toContain("+ 1 created");
    expect(JSON.parse(pulumi("stack", "output", "--json"))).toEqual({ message: "hello", answer: 42 });
  } finally {
    cleanup(dir);
  }
});
