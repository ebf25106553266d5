/**
 * The preview environment jobs of examples/ci (GitHub's preview.yml and
 * GitLab's preview.gitlab-ci.yml only call these scripts), run as CI runs
 * them: examples/ci/preview/open.sh and close.sh in bash, from a checkout
 * holding the repository's preview template (examples/preview) with the
 * package installed from its packed tarball, against the emulator.
 *
 *  1. open: the stack pr-<number> is initialised and `up`: a branch of the
 *     parent with the parent's schema, the seed rows and the preview's auth
 *     site URL; the comment names its URLs;
 *  2. a new migration pushed to the pull request, open again: applied on
 *     the branch only;
 *  3. close: the branch and its project are gone, the stack removed, nothing
 *     orphaned, and the parent is as it was before the first open.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { offlineEnv, REPO_ROOT } from "../../scripts/engine";
import { startTestEmulator } from "../../harness/emulator";
import { installedVersion, packTarball, writeUserPackage } from "../../harness/tarball";
import { cleanup, runCommand, tempDir, type TestEmulator } from "./helpers";

const PR = "7";
const SITE_URL = "https://pr-7.preview.example.com";
let emu: TestEmulator;
let dir: string;
let checkout: string;
let env: Record<string, string>;
let parent: string;

beforeAll(async () => {
  emu = await startTestEmulator();
  const org = await emu.api("POST", "/v1/organizations", { name: "Preview Org" });
  const created = await emu.api("POST", "/v1/projects", {
    name: "app",
    organization_slug: org.body.id,
    region_selection: { type: "specific", code: "eu-west-1" },
    db_pass: "ci-preview-db-pass-41ac",
  });
  parent = created.body.ref ?? created.body.id;
  await emu.advanceTime(10_000);
  // The parent's schema, in its migration history (which a branch starts from).
  const migrated = await emu.api(
    "POST",
    `/v1/projects/${parent}/database/migrations`,
    {
      query: "create table todos (id int primary key, title text not null, done boolean not null default false)",
      name: "todos",
    },
    { "Idempotency-Key": "parent-todos" },
  );
  expect(migrated.status).toBeLessThan(300);

  dir = tempDir("ci-preview");
  checkout = path.join(dir, "repo");
  // The repository: its preview template and the CI scripts, as they are in this one.
  fs.cpSync(path.join(REPO_ROOT, "examples", "preview"), path.join(checkout, "examples", "preview"), {
    recursive: true,
  });
  fs.cpSync(path.join(REPO_ROOT, "examples", "ci", "preview"), path.join(checkout, "examples", "ci", "preview"), {
    recursive: true,
  });
  // The template's tsconfig extends this repository's; the checkout has its own compiler options.
  fs.writeFileSync(
    path.join(checkout, "examples", "preview", "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        target: "es2022",
        module: "commonjs",
        moduleResolution: "node",
        esModuleInterop: true,
      },
    }),
  );
  writeUserPackage(checkout, "app", packTarball(dir), {
    typescript: installedVersion("typescript"),
    "ts-node": installedVersion("ts-node"),
  });
  env = {
    ...offlineEnv(dir),
    SUPABASE_ACCESS_TOKEN: emu.accessToken,
    SUPABASE_API_URL: emu.apiUrl,
    SUPABASE_PROJECT_URL_TEMPLATE: emu.projectUrlTemplate,
    PULUMI_NODEJS_TRANSPILE_ONLY: "true",
  };
  const install = await runCommand("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund"], checkout, {
    ...process.env,
    ...env,
  });
  if (install.code !== 0) throw new Error(`npm install failed:\n${install.out}`);
});

afterAll(async () => {
  await emu?.close();
  if (dir) cleanup(dir);
});

/** One of the scripts, as the job runs it: bash, from the checkout, with the job's environment. */
function job(script: "open.sh" | "close.sh", extra: Record<string, string> = {}) {
  return runCommand("bash", [path.join("examples", "ci", "preview", script)], checkout, {
    ...process.env,
    ...env,
    PR_NUMBER: PR,
    ...extra,
  });
}

async function rows(ref: string, query: string): Promise<Array<Record<string, unknown>>> {
  const r = await emu.api("POST", `/v1/projects/${ref}/database/query`, { query, read_only: true });
  expect(r.status).toBeLessThan(300);
  return r.body;
}

const tables = async (ref: string) =>
  (await rows(ref, "select table_name from information_schema.tables where table_schema = 'public' order by 1")).map(
    (r) => r.table_name,
  );

/** What the parent holds that a preview could touch, to compare before and after. */
async function parentState() {
  return {
    project: (await emu.api("GET", `/v1/projects/${parent}`)).body.status,
    migrations: (await emu.api("GET", `/v1/projects/${parent}/database/migrations`)).body,
    tables: await tables(parent),
    todos: await rows(parent, "select * from todos order by id"),
    auth: (await emu.api("GET", `/v1/projects/${parent}/config/auth`)).body.site_url,
    secrets: (await emu.api("GET", `/v1/projects/${parent}/secrets`)).body,
    functions: (await emu.api("GET", `/v1/projects/${parent}/functions`)).body,
  };
}

test("open, a pushed migration, close: the branch lives and dies with the pull request, the parent untouched", async () => {
  const before = await parentState();
  const common = { PARENT_REF: parent, GIT_BRANCH: "feature/todos", SITE_URL: SITE_URL };

  const opened = await job("open.sh", { ...common, COMMENT_FILE: path.join(dir, "comment.md") });
  if (opened.code !== 0) throw new Error(`open.sh exited ${opened.code}:\n${opened.out}`);
  const branches = (await emu.api("GET", `/v1/projects/${parent}/branches`)).body as Array<Record<string, string>>;
  const branch = branches.find((b) => b.name === `pr-${PR}`)!;
  expect(branch).toMatchObject({ git_branch: "feature/todos", parent_project_ref: parent });
  const ref = branch.project_ref;
  // The parent's schema, the seed rows and the preview's site URL, on the branch.
  expect(await tables(ref)).toEqual(["todos"]);
  expect(await rows(ref, "select id, title from todos order by id")).toEqual([
    { id: 1, title: "Try the preview" },
    { id: 2, title: "Review the pull request" },
  ]);
  expect((await emu.api("GET", `/v1/projects/${ref}/config/auth`)).body.site_url).toBe(SITE_URL);
  const comment = fs.readFileSync(path.join(dir, "comment.md"), "utf8");
  const apiUrl = emu.projectUrlTemplate.replace("{ref}", ref);
  expect(comment).toContain(`| API URL | ${apiUrl} |`);
  expect(comment).toContain(`| GraphQL | ${apiUrl}/graphql/v1 |`);
  expect(comment).toContain(`\`pr-${PR}\` (ref \`${ref}\`)`);
  expect(opened.out).not.toContain(emu.accessToken);
  // The branch's publishable key, a secret output of the stack.
  const output = (args: string[]) =>
    runCommand(
      "pulumi",
      ["stack", "output", ...args, "--stack", `pr-${PR}`],
      path.join(checkout, "examples", "preview"),
      {
        ...process.env,
        ...env,
      },
    );
  const keys = (await emu.api("GET", `/v1/projects/${ref}/api-keys?reveal=true`)).body as Array<Record<string, string>>;
  const publishable = keys.find((k) => k.type === "publishable")!.api_key;
  expect((await output(["publishableKey", "--show-secrets"])).stdout.trim()).toBe(publishable);
  expect((await output(["publishableKey"])).stdout.trim()).toBe("[secret]");

  // A push to the pull request with a new migration: applied on the branch only.
  const migrations = path.join(checkout, "examples", "preview", "migrations");
  fs.mkdirSync(migrations);
  fs.writeFileSync(path.join(migrations, "001_tags.sql"), "create table tags (name text primary key)");
  const pushed = await job("open.sh", { ...common, ENV_FILE: path.join(dir, "preview.env") });
  if (pushed.code !== 0) throw new Error(`open.sh after a push exited ${pushed.code}:\n${pushed.out}`);
  expect(await tables(ref)).toEqual(["tags", "todos"]);
  expect(await tables(parent)).toEqual(["todos"]);
  expect(fs.readFileSync(path.join(dir, "preview.env"), "utf8")).toContain(`PREVIEW_API_URL=${apiUrl}\n`);
  // Still one branch of that name: the second open updated the first.
  const again = (await emu.api("GET", `/v1/projects/${parent}/branches`)).body as Array<Record<string, string>>;
  expect(again.filter((b) => b.name === `pr-${PR}`).map((b) => b.project_ref)).toEqual([ref]);

  const closed = await job("close.sh");
  if (closed.code !== 0) throw new Error(`close.sh exited ${closed.code}:\n${closed.out}`);
  const left = (await emu.api("GET", `/v1/projects/${parent}/branches`)).body as Array<Record<string, string>>;
  expect(left.filter((b) => !b.is_default)).toEqual([]);
  await emu.advanceTime(10_000);
  const gone = await emu.api("GET", `/v1/projects/${ref}`);
  expect(gone.status === 404 || gone.body.status === "REMOVED").toBe(true);
  // Nothing orphaned: the parent is the only live project.
  const live = ((await emu.api("GET", "/v1/projects")).body as Array<{ id: string; status?: string }>).filter(
    (p) => p.status !== "REMOVED" && p.status !== "GOING_DOWN",
  );
  expect(live.map((p) => p.id)).toEqual([parent]);
  expect(await parentState()).toEqual(before);
  const stacks = await runCommand("pulumi", ["stack", "ls", "--json"], path.join(checkout, "examples", "preview"), {
    ...process.env,
    ...env,
  });
  expect(JSON.parse(stacks.stdout)).toEqual([]);

  // Closing again (a re-run of the job) finds nothing to close.
  const twice = await job("close.sh");
  expect(twice.code).toBe(0);
  expect(twice.stdout).toContain(`No stack pr-${PR}: nothing to close.`);
});
