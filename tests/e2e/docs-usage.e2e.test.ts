/**
 * The usage examples of docs/resources/*.md, as a reader copies them: every
 * page's TypeScript, YAML and Go snippet is extracted from the Markdown and
 * the snippets of each language are joined into one program (in the
 * registry's order, so `org` and `project` come first). The TypeScript
 * program is type-checked against the SDK (`tsc --noEmit`), the Go program
 * vetted against the generated Go SDK (sdks/go), and the YAML program run by
 * the real engine through the plugin installed from the packed tarball
 * against the emulator: `up`, `preview --expect-no-changes`, `destroy`.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { resourceDocs } from "../../provider/docs";
import { engineRoot, offlineEnv, REPO_ROOT } from "../../scripts/engine";
import { GO_BUILD_FLAGS, goEnv } from "../../scripts/gen-lang-sdks";
import { startTestEmulator } from "../../harness/emulator";
import { packTarball, writeUserPackage } from "../../harness/tarball";
import { cleanup, tempDir, type TestEmulator, runCommand } from "./helpers";

const CONFIG = { dbPass: "docs-usage-db-pass-6d2f", stripeKey: "sk_test_docs_usage_81c3" };

let emu: TestEmulator;
let dir: string;

beforeAll(async () => {
  emu = await startTestEmulator();
  dir = tempDir("docs-usage");
});

afterAll(async () => {
  await emu?.close();
  cleanup(dir);
});

const run = runCommand;

/** The code blocks of a page's Usage section, by fence language. */
function usageSnippets(page: string): { ts?: string[]; yaml?: string[]; go?: string[] } {
  const text = fs.readFileSync(path.join(REPO_ROOT, "docs", "resources", `${page}.md`), "utf8");
  const start = text.indexOf("\n## Usage\n");
  if (start < 0) return {};
  const end = text.indexOf("\n## ", start + 1);
  const section = text.slice(start, end < 0 ? undefined : end);
  const out: Record<string, string[] | undefined> = {};
  for (const m of section.matchAll(/^```(\w+)\n([\s\S]*?)^```$/gm)) (out[m[1]] ??= []).push(m[2]);
  return out;
}

/** Every page's snippets, in the registry's order. */
const snippets = resourceDocs.map((d) => ({ page: d.page, ...usageSnippets(d.page) }));

const indent = (code: string, by: string) =>
  code
    .split("\n")
    .map((l) => (l ? `${by}${l}` : l))
    .join("\n");

test("every resource page shows its usage once in TypeScript, YAML and Go", () => {
  for (const s of snippets)
    expect({ page: s.page, ts: s.ts?.length, yaml: s.yaml?.length, go: s.go?.length }).toEqual({
      page: s.page,
      ts: 1,
      yaml: 1,
      go: 1,
    });
});

test("the TypeScript snippets, as one program, type-check against the SDK", () => {
  const ts = path.join(dir, "ts");
  fs.mkdirSync(ts);
  const program = [
    'import * as pulumi from "@pulumi/pulumi";',
    'import * as supabase from "supabase-pulumi";',
    "",
    "const config = new pulumi.Config();",
    "",
    ...snippets.map((s) => s.ts![0]),
  ].join("\n");
  fs.writeFileSync(path.join(ts, "index.ts"), program);
  const modules = path.join(REPO_ROOT, "node_modules");
  fs.writeFileSync(
    path.join(ts, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        target: "ES2022",
        module: "commonjs",
        moduleResolution: "node",
        skipLibCheck: true,
        baseUrl: ".",
        typeRoots: [path.join(modules, "@types")],
        types: ["node"],
        // As a user's project resolves them: the installed package (this repository, linked) and its peer.
        paths: {
          "supabase-pulumi": [path.join(modules, "supabase-pulumi")],
          "@pulumi/pulumi": [path.join(modules, "@pulumi", "pulumi")],
          "@pulumi/pulumi/*": [path.join(modules, "@pulumi", "pulumi", "*")],
        },
      },
      files: ["index.ts"],
    }),
  );
  const tsc = path.join(modules, ".bin", "tsc");
  let result = "";
  try {
    execFileSync(tsc, ["-p", ts], { encoding: "utf8", stdio: "pipe" });
  } catch (err) {
    result = `${(err as { stdout?: string }).stdout ?? err}\n--- the program:\n${program}`;
  }
  expect(result).toBe("");
});

test("the Go snippets, as one program, build and vet against the generated Go SDK", () => {
  const go = path.join(dir, "go");
  fs.mkdirSync(go);
  const example = path.join(REPO_ROOT, "examples", "go-automation");
  // The example's module file: the same Pulumi SDK (and its go.sum), the replace pointing at sdks/go.
  const mod = fs
    .readFileSync(path.join(example, "go.mod"), "utf8")
    .replace(/^module .*$/m, "module supabase-pulumi/docs-usage")
    .replace(/=> \.\.\/\.\.\/sdks\/go/, `=> ${path.join(REPO_ROOT, "sdks", "go")}`);
  fs.writeFileSync(path.join(go, "go.mod"), mod);
  fs.copyFileSync(path.join(example, "go.sum"), path.join(go, "go.sum"));
  const program = [
    "package main",
    "",
    "import (",
    '\t"github.com/pulumi/pulumi/sdk/v3/go/pulumi"',
    '\t"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"',
    '\tsupabase "supabase-pulumi/sdks/go/supabase"',
    ")",
    "",
    "func main() {",
    "\tpulumi.Run(func(ctx *pulumi.Context) error {",
    '\t\tcfg := config.New(ctx, "")',
    ...snippets.map((s) => indent(s.go![0].trimEnd(), "\t\t")),
    "\t\treturn nil",
    "\t})",
    "}",
    "",
  ].join("\n");
  fs.writeFileSync(path.join(go, "main.go"), program);
  let result = "";
  for (const args of [
    ["build", "-mod=readonly", ...GO_BUILD_FLAGS, "-o", path.join(go, "program"), "."],
    ["vet", "-mod=readonly", ...GO_BUILD_FLAGS, "."],
  ]) {
    try {
      execFileSync("go", args, { cwd: go, env: goEnv(), encoding: "utf8", stdio: "pipe" });
    } catch (err) {
      result += `go ${args[0]}: ${(err as { stderr?: string }).stderr ?? err}\n`;
    }
  }
  // As gofmt writes it, so the pages show formatted Go.
  result += execFileSync("gofmt", ["-l", "main.go"], { cwd: go, encoding: "utf8" });
  expect(result && `${result}--- the program:\n${program}`).toBe("");
});

test("the YAML snippets, as one program, run up, a clean preview and destroy through the plugin", async () => {
  const project = path.join(dir, "yaml");
  writeUserPackage(project, "docs-usage", packTarball(dir));
  const resources = snippets.map((s) => s.yaml![0].replace(/^resources:\n/, "").trimEnd());
  const names = resources.flatMap((r) => [...r.matchAll(/^ {2}(\S+):$/gm)].map((m) => m[1]));
  expect(new Set(names).size).toBe(names.length); // one program: no name is declared twice
  const program = [
    "name: docs-usage",
    "runtime: yaml",
    "config:",
    ...Object.keys(CONFIG).flatMap((k) => [`  ${k}:`, "    type: string", "    secret: true"]),
    "resources:",
    ...resources,
    "",
  ].join("\n");
  fs.writeFileSync(path.join(project, "Pulumi.yaml"), program);
  // The folder the Functions usage deploys (`sourceDir`, relative to the program's directory).
  const fn = path.join(project, "supabase", "functions", "greet");
  fs.mkdirSync(fn, { recursive: true });
  fs.writeFileSync(path.join(fn, "index.ts"), 'Deno.serve(() => new Response("hi"));\n');

  const base = offlineEnv(dir);
  const install = await run("npm", ["install", "--no-audit", "--no-fund"], project, { ...process.env, ...base });
  if (install.code !== 0) throw new Error(`npm install failed:\n${install.out}`);
  const bin = path.join(project, "node_modules", ".bin");
  // The installed plugin first; the engine's directory (with pulumi-language-yaml) is on offlineEnv's PATH.
  const env = {
    ...process.env,
    ...base,
    PATH: [bin, base.PATH].join(path.delimiter),
    SUPABASE_ACCESS_TOKEN: emu.accessToken,
    SUPABASE_API_URL: emu.apiUrl,
    SUPABASE_PROJECT_URL_TEMPLATE: emu.projectUrlTemplate,
  };
  const pulumiBin = path.join(engineRoot(), "bin", "pulumi");
  const must = async (args: string[]) => {
    const r = await run(pulumiBin, [...args, "--stack", "dev", "--non-interactive", "--color", "never"], project, env);
    if (r.code !== 0) throw new Error(`pulumi ${args.join(" ")} failed:\n${r.out}\n--- the program:\n${program}`);
    return r.out;
  };
  expect((await run(pulumiBin, ["stack", "init", "dev", "--non-interactive"], project, env)).code).toBe(0);
  for (const [key, value] of Object.entries(CONFIG)) await must(["config", "set", "--secret", key, value]);

  const up = await must(["up", "--yes", "--parallel", "8"]);
  await must(["preview", "--expect-no-changes"]);
  const exported = await must(["stack", "export"]);
  const state = JSON.parse(exported.slice(exported.indexOf("{"))) as {
    deployment: { resources: { type: string }[] };
  };
  const types = state.deployment.resources.map((r) => r.type).filter((t) => t.startsWith("supabase:index:"));
  expect(types.sort()).toEqual(resourceDocs.map((d) => `supabase:index:${d.name}`).sort());
  for (const secret of [...Object.values(CONFIG), emu.accessToken]) {
    expect(up).not.toContain(secret);
    expect(exported).not.toContain(secret);
  }
  const ref = (await emu.api("GET", "/v1/projects")).body as { ref: string; name: string }[];
  const created = ref.find((p) => p.name === "acme-app")!;
  const secrets = (await emu.api("GET", `/v1/projects/${created.ref}/secrets`)).body as { name: string }[];
  expect(secrets.map((s) => s.name)).toEqual(expect.arrayContaining(["STRIPE_KEY", "GREETING", "LOG_LEVEL"]));

  await must(["destroy", "--yes", "--parallel", "8"]);
  const left = (await emu.api("GET", "/v1/projects")).body as { status?: string }[];
  expect(left.filter((p) => p.status !== "REMOVED")).toEqual([]);
});
