/**
 * `supabase-pulumi advise --project` against the emulator: the exit codes
 * (0 nothing at the threshold, 1 findings, 2 errors), the three formats, the
 * ignore flags and file, and no secret in anything it prints.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { useCommandProject } from "../../../harness/cli";
import { adviseCommand } from "../../../cli/advise";
import { help } from "../../../cli/commands";

const cli = useCommandProject({ command: adviseCommand, project: "advise", org: "Advise Org" });

const advise = (...argv: string[]) => cli.run(...argv);

const sql = (query: string) => cli.sql(query);

test("the CLI lists the command", () => {
  expect(help()).toMatch(/advise\s+the platform's security and performance advisors/);
});

test("a clean database passes the default gate; warnings fail --fail-on warn", async () => {
  const clean = await advise("--project", cli.ref);
  expect(clean.code).toBe(0);
  expect(clean.out).toContain("No finding at ERROR or above.");
  // A new project's settings have warnings (leaked-password protection off, …).
  const warn = await advise("--project", cli.ref, "--fail-on", "warn");
  expect(warn.code).toBe(1);
  expect(warn.out).toContain("auth_leaked_password_protection");
});

test("a public table without RLS fails the gate, in each format; ignoring its key passes it", async () => {
  await sql("create table leaky (id int primary key, secret_note text)");
  const text = await advise("--project", cli.ref, "--type", "security");
  expect(text.code).toBe(1);
  // A project named by its ref is named once.
  expect(text.out.split("\n")[0]).toMatch(new RegExp(`^project ${cli.ref}: \\d+ lints?$`));
  expect(text.out).toMatch(/✗ ERROR rls_disabled_in_public {2}public\.leaky/);
  expect(text.out).toContain(
    "https://supabase.com/docs/guides/database/database-linter?lint=0013_rls_disabled_in_public",
  );

  const md = await advise("--project", cli.ref, "--format", "markdown");
  expect(md.code).toBe(1);
  expect(md.out).toContain("## Database advisors");
  expect(md.out).toContain("### ERROR (1)");
  expect(md.out).toContain(
    "| RLS Disabled in Public | `public.leaky` | Table `public.leaky` is public, but RLS has not been enabled. | [rls_disabled_in_public](https://supabase.com/docs/guides/database/database-linter?lint=0013_rls_disabled_in_public) |",
  );
  // Grouped by level, most severe first.
  expect(md.out.indexOf("### ERROR")).toBeLessThan(md.out.indexOf("### WARN"));

  const json = await advise("--project", cli.ref, "--format", "json", "--type", "security");
  expect(json.code).toBe(1);
  const parsed = JSON.parse(json.out);
  expect(parsed).toMatchObject({ failed: true, failOn: "ERROR", type: "security" });
  expect(parsed.targets[0].lints.map((l: { cache_key: string }) => l.cache_key)).toContain(
    "rls_disabled_in_public_public_leaky",
  );

  const ignored = await advise("--project", cli.ref, "--ignore", "rls_disabled_in_public_public_leaky");
  expect(ignored.code).toBe(0);
  expect(ignored.out).toContain("Ignored: rls_disabled_in_public_public_leaky");

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "advise-"));
  const file = path.join(dir, "ignore.json");
  fs.writeFileSync(file, JSON.stringify([{ cache_key: "rls_disabled_in_public_public_leaky", reason: "demo" }]));
  expect((await advise("--project", cli.ref, "--ignore-file", file, "--format", "json")).code).toBe(0);

  await sql("alter table leaky enable row level security");
  expect((await advise("--project", cli.ref)).code).toBe(0);
});

test("bad input is a clear error and exit 2", async () => {
  const cases: Array<[string[], string]> = [
    [["--project", cli.ref, "--type", "speed"], "--type must be one of security, performance, all"],
    [["--project", cli.ref, "--fail-on", "loud"], "--fail-on must be one of error, warn, info"],
    [["--project", cli.ref, "--format", "html"], "--format must be one of text, markdown, json"],
    [[], "give --project REF or --stack NAME"],
    [["--project", "nope"], "a project ref is 20 lowercase letters"],
    [["--project", cli.ref, "--stack", "dev"], "not both"],
    [["--project", cli.ref, "--bogus"], "unknown argument --bogus"],
  ];
  for (const [argv, message] of cases) {
    const r = await advise(...argv);
    expect({ argv, code: r.code }).toEqual({ argv, code: 2 });
    expect(r.err).toContain(message);
    expect(r.out).toBe("");
  }
  const unknown = await advise("--project", "z".repeat(20));
  expect(unknown.code).toBe(2);
  expect(unknown.err).toContain(`project ${"z".repeat(20)}:`);

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "advise-"));
  for (const [content, message] of [
    ["not json", "--ignore-file"],
    ['{"ignore": []}', "expected a JSON array"],
    ["[1]", "entry 0 is neither"],
  ]) {
    const file = path.join(dir, "bad.json");
    fs.writeFileSync(file, content);
    const r = await advise("--project", cli.ref, "--ignore-file", file);
    expect(r.code).toBe(2);
    expect(r.err).toContain(message);
  }
  expect((await advise("--project", cli.ref, "--ignore-file", path.join(dir, "missing.json"))).code).toBe(2);
});
