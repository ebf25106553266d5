/**
 * `supabase-pulumi import` from the packed tarball, as a user runs it, on a
 * project with something of every kind made through the management API alone
 * (plain HTTP), the newer kinds included (harness/import-fixture.ts: a grown
 * disk, temporary access on and a read replica among them). For the TypeScript program: `npm install` and `tsc`; an `up`
 * before the secrets are set stops with the commands to run and writes
 * nothing; once set, `up` makes zero writes (the request log shows no POST,
 * PUT, PATCH or DELETE on the management API and no GraphQL request at all);
 * `preview --refresh --expect-no-changes` passes; one edited field makes
 * exactly one write. Then the same for the YAML program through the plugin
 * (where the engine itself refuses a stack with a secret missing).
 * A re-run refuses the non-empty folder unless `--force`, and writes the same
 * program again. The same two programs for a project made with defaults and
 * nothing turned on (SAML, branching, add-ons off; the free plan's 402 for
 * scheduled backups injected, as the emulator keeps no plans; temporary access
 * `unavailable` until a Postgres upgrade): the import
 * succeeds, saying what the project does not have, and each first `up` writes
 * nothing. One emulator, one tools install and one engine serve both cases.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { engineRoot, offlineEnv, REPO_ROOT } from "../../scripts/engine";
import { startTestEmulator } from "../../harness/emulator";
import { buildDefaultProject, buildImportFixture, type ImportFixture } from "../../harness/import-fixture";
import { packTarball, writeUserPackage } from "../../harness/tarball";
import { cleanup, tempDir, type TestEmulator, runCommand } from "./helpers";

let emu: TestEmulator;
let dir: string;
let tarball: string;
let tools: string;
let fixture: ImportFixture;
let plain: ImportFixture;

beforeAll(async () => {
  emu = await startTestEmulator();
  dir = tempDir("import");
  tarball = packTarball(dir);
  tools = path.join(dir, "tools");
  writeUserPackage(tools, "tools", tarball);
  const install = await runCommand(
    "npm",
    ["install", "--prefer-offline", "--no-audit", "--no-fund"],
    tools,
    process.env,
  );
  if (install.code !== 0) throw new Error(`npm install failed:\n${install.out}`);
  fixture = await buildImportFixture(emu);
  plain = await buildDefaultProject(emu);
  await emu.addFault({
    method: "GET",
    path: `/v1/projects/${plain.ref}/database/backups/schedule`,
    status: 402,
    body: { message: "Feature requires a higher plan" },
  });
  // Temporary access the service cannot offer until the project's Postgres is upgraded.
  await emu.control("PUT", `/projects/${plain.ref}/jit-access/unavailable`, { reason: "postgres_upgrade_required" });
});

afterAll(async () => {
  await emu?.close();
  if (dir) cleanup(dir);
});

// The project URL template too: the buckets' limits are read through the project's own Storage API.
const apiEnv = () => ({
  SUPABASE_ACCESS_TOKEN: emu.accessToken,
  SUPABASE_API_URL: emu.apiUrl,
  SUPABASE_PROJECT_URL_TEMPLATE: emu.projectUrlTemplate,
});

/** `supabase-pulumi import` from the installed tarball. */
const importCli = (args: string[]) =>
  runCommand(path.join(tools, "node_modules", ".bin", "supabase-pulumi"), ["import", ...args], dir, {
    ...process.env,
    ...apiEnv(),
  });

/** Writes on the management and Storage APIs, and every GraphQL request, since the log was cleared. */
async function writes(): Promise<string[]> {
  const log = await emu.requests();
  return (
    log
      // POSTs that only read: VanitySubdomain's check whether the name is available, and the DatabaseSchema's
      // read-only catalog query (it writes through the migration history, which stays counted).
      .filter((r) => r.route !== "POST /v1/projects/{ref}/vanity-subdomain/check-availability")
      .filter((r) => r.route !== "POST /v1/projects/{ref}/database/query")
      .filter((r) => r.api === "graphql" || r.method !== "GET")
      .map((r) => `${r.api} ${r.route ?? `${r.method} ${r.path}`}`)
  );
}

/** The engine in the program's folder, with its own state and the tools' plugin on PATH. */
function engine(project: string, extraPath: string[] = []) {
  const env = offlineEnv(path.join(project, ".state"));
  env.PATH = [...extraPath, env.PATH].join(path.delimiter);
  const pulumi = (args: string[]) =>
    runCommand(
      path.join(engineRoot(), "bin", "pulumi"),
      [...args, "--stack", "dev", "--non-interactive", "--color", "never"],
      project,
      { ...process.env, ...env },
    );
  const must = async (args: string[]) => {
    const r = await pulumi(args);
    if (r.code !== 0) throw new Error(`pulumi ${args.join(" ")} failed:\n${r.out}`);
    return r.out;
  };
  return { pulumi, must, env };
}

async function initStack(project: string, e: ReturnType<typeof engine>): Promise<void> {
  const init = await runCommand(
    path.join(engineRoot(), "bin", "pulumi"),
    ["stack", "init", "dev", "--non-interactive"],
    project,
    { ...process.env, ...e.env },
  );
  if (init.code !== 0) throw new Error(`stack init failed:\n${init.out}`);
  await e.must(["config", "set", "--secret", "supabase:accessToken", emu.accessToken]);
  await e.must(["config", "set", "supabase:apiUrl", emu.apiUrl]);
  await e.must(["config", "set", "supabase:projectUrlTemplate", emu.projectUrlTemplate]);
}

/** The secrets the README says to set, with the fixture's values. */
async function setSecrets(project: string, e: ReturnType<typeof engine>, of = fixture): Promise<void> {
  const readme = fs.readFileSync(path.join(project, "README.md"), "utf8");
  const keys = [...readme.matchAll(/^pulumi config set --secret (\w+) '<value>'/gm)].map((m) => m[1]);
  expect(keys.sort()).toEqual(Object.keys(of.secretValues).sort());
  for (const k of keys) await e.must(["config", "set", "--secret", k, of.secretValues[k]]);
}

/** up writes nothing; refresh finds nothing. */
async function adopt(e: ReturnType<typeof engine>) {
  await emu.clearRequests();
  await e.must(["up", "--yes", "--skip-preview"]);
  expect(await writes()).toEqual([]);
  await e.must(["preview", "--refresh", "--expect-no-changes"]);
}

/** up writes nothing; refresh finds nothing; one edited field is exactly one write. */
async function adoptAndEdit(project: string, file: string, e: ReturnType<typeof engine>, from: RegExp, to: string) {
  await adopt(e);

  const program = path.join(project, file);
  const text = fs.readFileSync(program, "utf8");
  expect(text).toMatch(from);
  fs.writeFileSync(program, text.replace(from, to));
  await emu.clearRequests();
  await e.must(["up", "--yes", "--skip-preview"]);
  expect(await writes()).toEqual(["management PATCH /v1/projects/{ref}/postgrest"]);
}

test("the TypeScript program installs, compiles, adopts everything without a write, and edits one setting", async () => {
  const project = path.join(dir, "shop-ts");
  const first = await importCli(["--project", fixture.ref, "--out", project]);
  expect(first.code).toBe(0);
  const index = fs.readFileSync(path.join(project, "index.ts"), "utf8");
  expect(fs.readFileSync(path.join(project, "functions", "fn-0", "lib", "greet.ts"), "utf8")).toContain("hello");
  for (const value of Object.values(fixture.secretValues)) expect(index).not.toContain(value);
  expect(index).toContain("projectRef: shop.ref");
  // The database's life: the disk, temporary access, the replica by its identifier, the Postgres major.
  for (const kind of ["DiskConfig", "JitAccessConfig", "ReadReplica"]) expect(index).toContain(`new supabase.${kind}(`);
  expect(index).toContain('postgresVersion: "17"');
  expect(index).not.toContain(fixture.ref);

  // The folder is kept: a re-run refuses it, and with --force writes the same program.
  const again = await importCli(["--project", fixture.ref, "--out", project]);
  expect(again.code).toBe(1);
  expect(again.stderr).toMatch(/not empty; pass --force/);
  expect((await importCli(["--project", fixture.ref, "--out", project, "--force"])).code).toBe(0);
  expect(fs.readFileSync(path.join(project, "index.ts"), "utf8")).toBe(index);
  const check = await runCommand(
    path.join(REPO_ROOT, "node_modules", ".bin", "prettier"),
    ["--check", "index.ts"],
    project,
    process.env,
  );
  expect(check.code).toBe(0);

  await installAndCompile(project);

  const e = engine(project);
  await initStack(project, e);
  // Before the secrets are set: the program stops, naming each command, and nothing is written.
  await emu.clearRequests();
  const refused = await e.pulumi(["up", "--yes", "--skip-preview"]);
  expect(refused.code).not.toBe(0);
  expect(refused.out).toContain("Set these secrets before running up (nothing was changed)");
  expect(refused.out).toContain("pulumi config set --secret smtpPass <value>");
  expect(await writes()).toEqual([]);

  await setSecrets(project, e);
  await adoptAndEdit(project, "index.ts", e, /maxRows: 500,/, "maxRows: 600,");
});

test("the YAML program runs through the plugin: no write on up, one write for one edited field", async () => {
  const project = path.join(dir, "shop-yaml");
  const r = await importCli(["--project", fixture.ref, "--out", project, "--language", "yaml"]);
  expect(r.code).toBe(0);
  const program = fs.readFileSync(path.join(project, "Pulumi.yaml"), "utf8");
  expect(program).toContain("type: supabase:index:Project");
  expect(program).toContain("projectRef: ${shop.ref}");
  const e = engine(project, [path.join(tools, "node_modules", ".bin"), yamlHostDir()]);
  await initStack(project, e);
  // Before the secrets are set: the engine refuses the stack, naming every missing one; nothing is written.
  await emu.clearRequests();
  const refused = await e.pulumi(["up", "--yes", "--skip-preview"]);
  expect(refused.code).not.toBe(0);
  expect(refused.out).toMatch(
    /missing configuration values 'SECRET_0', 'SECRET_1', 'SECRET_2', 'dbPass' and 'smtpPass'/,
  );
  expect(await writes()).toEqual([]);
  await setSecrets(project, e);
  // The TypeScript test set maxRows to 600 when both run; 500 when this one runs alone.
  await adoptAndEdit(project, "Pulumi.yaml", e, /maxRows: (500|600)\n/, "maxRows: 700\n");
});

/** npm install (the package from the tarball in place of the registry's version), then tsc. */
async function installAndCompile(project: string): Promise<void> {
  const pkgFile = path.join(project, "package.json");
  const pkg = JSON.parse(fs.readFileSync(pkgFile, "utf8"));
  expect(Object.keys(pkg.dependencies).sort()).toEqual(["@pulumi/pulumi", "supabase-pulumi"]);
  pkg.dependencies["supabase-pulumi"] = `file:${tarball}`;
  fs.writeFileSync(pkgFile, JSON.stringify(pkg));
  const install = await runCommand(
    "npm",
    ["install", "--prefer-offline", "--no-audit", "--no-fund"],
    project,
    process.env,
  );
  if (install.code !== 0) throw new Error(`npm install failed:\n${install.out}`);
  const tsc = await runCommand(path.join(project, "node_modules", ".bin", "tsc"), ["--noEmit"], project, process.env);
  if (tsc.code !== 0) throw new Error(`tsc failed:\n${tsc.out}`);
}

/** What the import of the default project says it left out, and what it declares. */
async function importPlain(project: string, language: "typescript" | "yaml"): Promise<void> {
  const r = await importCli(["--project", plain.ref, "--out", project, "--language", language]);
  if (r.code !== 0) throw new Error(`import failed:\n${r.out}`);
  expect(r.stdout).toContain(
    "Not imported: SsoProvider: none in project Plain (the service answered 404: SAML 2.0 support is not enabled for this project)",
  );
  expect(r.stdout).toContain("Not imported: BackupSchedule: none in project Plain (the service answered 402");
  expect(r.stdout).toContain(
    "Not imported: JitAccessConfig: none in project Plain (the service answered unavailable: postgres_upgrade_required",
  );
  const program = fs.readFileSync(path.join(project, language === "yaml" ? "Pulumi.yaml" : "index.ts"), "utf8");
  for (const kind of ["Project", "AuthConfig", "Secrets", "ApiKey", "DatabaseMigration", "Function"])
    expect(program).toMatch(new RegExp(`supabase(:index:|\\.)${kind}\\b`));
  for (const off of [
    "SsoProvider",
    "BackupSchedule",
    "CustomHostname",
    "VanitySubdomain",
    "ProjectAddons",
    "JitAccess",
    "ReadReplica",
  ])
    expect(program).not.toContain(off);
  for (const value of Object.values(plain.secretValues)) expect(program).not.toContain(value);
}

test("a default project (nothing turned on): the TypeScript program imports, compiles and adopts without a write", async () => {
  const project = path.join(dir, "plain-ts");
  await importPlain(project, "typescript");
  await installAndCompile(project);
  const e = engine(project);
  await initStack(project, e);
  await setSecrets(project, e, plain);
  await adopt(e);
});

test("a default project (nothing turned on): the YAML program adopts through the plugin without a write", async () => {
  const project = path.join(dir, "plain-yaml");
  await importPlain(project, "yaml");
  const e = engine(project, [path.join(tools, "node_modules", ".bin"), yamlHostDir()]);
  await initStack(project, e);
  await setSecrets(project, e, plain);
  await adopt(e);
});

/** The directory holding `pulumi-language-yaml`: the engine's own, else the first on PATH. */
function yamlHostDir(): string {
  const dirs = [path.join(engineRoot(), "bin"), ...(process.env.PATH ?? "").split(path.delimiter)];
  const found = dirs.find((d) => d && fs.existsSync(path.join(d, "pulumi-language-yaml")));
  if (!found)
    throw new Error("pulumi-language-yaml is neither next to the engine nor on PATH (scripts/ensure-engine.sh)");
  return found;
}
