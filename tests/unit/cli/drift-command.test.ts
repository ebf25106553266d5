/**
 * The drift command without an engine: the report built from the engine's
 * streamed refresh events, grouping by type, capped lists, the three
 * formats and the restore advice in each, argument parsing, the repair's
 * commands, report and exit code, the subcommand dispatch; and the drift
 * detail helpers of the resources.
 */
import {
  describe as describeDrift,
  formatReport,
  MAX_NAMES_PER_LIST,
  MAX_RESOURCES_PER_TYPE,
  reportFromEvents,
  restoreAdvice,
} from "../../../cli/drift-report";
import { formatRepair, parseArgs, repairCommands, repairExitCode, type RepairResult } from "../../../cli/drift";
import { runCli } from "../../../cli/commands";
import { shellQuote } from "../../../cli/pulumi";
import { compactDrift, DRIFT_LIST_CAP, withDrift } from "../../../provider/resources/drift";

const T = "pulumi-nodejs:dynamic/supabase:";
const urn = (type: string, name: string) => `urn:pulumi:dev::app::${T}${type}::${name}`;

function outputsEvent(op: string, type: string, name: string, oldOuts: object, newOuts?: object): string {
  const metadata: Record<string, unknown> = {
    op,
    urn: urn(type, name),
    type: `${T}${type}`,
    old: { outputs: oldOuts },
  };
  if (newOuts) metadata.new = { outputs: newOuts };
  return JSON.stringify({ resOutputsEvent: { metadata } });
}

const stream = (...events: string[]) =>
  [
    JSON.stringify({ preludeEvent: { config: {} } }),
    ...events,
    JSON.stringify({ summaryEvent: { resourceChanges: { same: 1, update: 2, delete: 1 } } }),
  ].join("\n");

describe("report from the engine's refresh events", () => {
  const events = stream(
    outputsEvent("same", "Organization", "org", { name: "a" }, { name: "a" }),
    outputsEvent(
      "update",
      "TableRows",
      "plans",
      { rowCount: 3 },
      { rowCount: 2, drift: { changed: { "code=pro": ["price"] }, deleted: ["code=team"] } },
    ),
    outputsEvent(
      "update",
      "Secrets",
      "map",
      { digests: "[secret]" },
      { digests: "[secret]", drift: { changed: ["A"] } },
    ),
    outputsEvent("delete", "Secret", "token", { digest: "[secret]" }),
    outputsEvent("update", "DatabaseMigration", "m", { checksum: "x" }, { checksum: "y" }),
  );

  test("one entry per drifted resource, with what drifted; unchanged ones only counted", () => {
    const r = reportFromEvents(events, { stack: "dev" });
    expect(r.drifted).toBe(true);
    expect(r.checked).toBe(5);
    expect(r.resources.map((x) => [x.type, x.name, x.status])).toEqual([
      ["TableRows", "plans", "changed"],
      ["Secrets", "map", "changed"],
      ["Secret", "token", "deleted"],
      ["DatabaseMigration", "m", "changed"],
    ]);
    expect(r.resources[3].changedOutputs).toEqual(["checksum"]);
    expect(r.refreshSummary).toEqual({ same: 1, update: 2, delete: 1 });
  });

  test("text groups by type with one line per resource", () => {
    const text = formatReport(reportFromEvents(events, { stack: "dev" }), "text");
    expect(text).toContain("Drift in stack dev: 4 of 5 resources drifted");
    expect(text).toContain("TableRows (1)\n  plans: changed code=pro (price); deleted code=team");
    expect(text).toContain("Secrets (1)\n  map: changed A");
    expect(text).toContain("Secret (1)\n  token: deleted out of band");
    expect(text).toContain("DatabaseMigration (1)\n  m: outputs changed: checksum");
  });

  test("markdown has a heading per type and code spans; JSON parses back", () => {
    const r = reportFromEvents(events, { stack: "dev" });
    const md = formatReport(r, "markdown");
    expect(md).toMatch(/^### ⚠️ Drift in stack dev/);
    expect(md).toContain("#### TableRows (1)\n\n- `plans`: `changed code=pro (price); deleted code=team`");
    expect(JSON.parse(formatReport(r, "json"))).toEqual(r);
  });

  test("no drift: a one-line report", () => {
    const r = reportFromEvents(stream(outputsEvent("same", "Organization", "org", {}, {})));
    expect(r.drifted).toBe(false);
    expect(formatReport(r, "text")).toBe("No drift: 1 resources checked.\n");
    expect(formatReport(r, "markdown")).toMatch(/^### ✅ No drift/);
  });

  test("large stacks stay readable: resources per type and names per list are capped with a count", () => {
    const many = Array.from({ length: MAX_RESOURCES_PER_TYPE + 5 }, (_, i) =>
      outputsEvent("update", "Secret", `s${i}`, {}, { drift: { changed: [`K${i}`] } }),
    );
    const names = Array.from({ length: 30 }, (_, i) => `N${i}`);
    const text = formatReport(
      reportFromEvents(
        stream(
          ...many,
          outputsEvent("update", "Secrets", "big", {}, { drift: { changed: names, more: { changed: 70 } } }),
        ),
      ),
      "text",
    );
    expect(text).toContain(`Secret (${MAX_RESOURCES_PER_TYPE + 5})`);
    expect(text).toContain("  … and 5 more Secret");
    expect(text).toContain(`big: changed ${names.slice(0, MAX_NAMES_PER_LIST).join(", ")} and 90 more`);
  });

  test("the single preview digest of engines without streaming still gives a report", () => {
    const digest = JSON.stringify({
      steps: [
        { op: "same", urn: urn("Organization", "org"), newState: { type: `${T}Organization` } },
        {
          op: "update",
          urn: urn("Secret", "t"),
          newState: { type: `${T}Secret`, outputs: { drift: { changed: ["T"] } } },
        },
      ],
      changeSummary: { same: 1, update: 1 },
    });
    const r = reportFromEvents(digest);
    expect(r.resources).toEqual([
      { type: "Secret", name: "t", urn: urn("Secret", "t"), status: "changed", drift: { changed: ["T"] } },
    ]);
    expect(describeDrift(r.resources[0])).toBe("changed T");
  });
});

describe("the advice restores the declared state when followed word for word", () => {
  const drifted = (sel: { stack?: string; cwd?: string; configFile?: string }) =>
    reportFromEvents(stream(outputsEvent("update", "Secret", "token", {}, { drift: { changed: ["T"] } })), sel);
  const sel = { stack: "dev", cwd: "infra", configFile: "Pulumi.dev.yaml" };
  const command = "pulumi up --refresh --yes --stack dev --cwd infra --config-file Pulumi.dev.yaml";

  test("text: the command alone on its own line, with the flags of the check", () => {
    const text = formatReport(drifted(sel), "text");
    const lines = text.split("\n");
    const at = lines.findIndex((l) => l.startsWith("To restore the declared state"));
    expect(at).toBeGreaterThan(0);
    expect(lines[at + 1]).toBe(`  ${command}`);
    expect(text).toContain(
      "Or run supabase-pulumi drift --repair --stack dev --cwd infra --config-file Pulumi.dev.yaml",
    );
    // A plain `pulumi up` would find nothing to do after a preview-only refresh: never advised.
    expect(text).not.toMatch(/pulumi up(?! --refresh)/);
  });

  test("markdown: the command in a shell block", () => {
    const md = formatReport(drifted(sel), "markdown");
    expect(md).toContain(`\n\n\`\`\`sh\n${command}\n\`\`\`\n`);
    expect(md).toContain("`supabase-pulumi drift --repair --stack dev --cwd infra --config-file Pulumi.dev.yaml`");
    expect(md).not.toMatch(/pulumi up(?! --refresh)/);
  });

  test("JSON: the command as text and as arguments", () => {
    const json = JSON.parse(formatReport(drifted(sel), "json"));
    expect(json.restore).toEqual({
      command,
      argv: command.split(" "),
      repair: "supabase-pulumi drift --repair --stack dev --cwd infra --config-file Pulumi.dev.yaml",
    });
  });

  test("only the flags the check was given; arguments quoted for the shell", () => {
    expect(restoreAdvice({}).command).toBe("pulumi up --refresh --yes");
    expect(restoreAdvice({ stack: "org/app/prod", cwd: "my infra", configFile: "it's.yaml" }).command).toBe(
      "pulumi up --refresh --yes --stack org/app/prod --cwd 'my infra' --config-file 'it'\\''s.yaml'",
    );
    expect(shellQuote("$HOME`x`")).toBe("'$HOME`x`'");
    expect(shellQuote("")).toBe("''");
  });

  test("no drift: no advice in any format", () => {
    const clean = reportFromEvents(stream(outputsEvent("same", "Organization", "org", {}, {})), sel);
    expect(clean.restore).toBeUndefined();
    expect(formatReport(clean, "text")).not.toContain("pulumi");
    expect(formatReport(clean, "markdown")).not.toContain("pulumi");
    expect(JSON.parse(formatReport(clean, "json"))).not.toHaveProperty("restore");
  });
});

describe("repair", () => {
  const events = stream(
    outputsEvent("update", "Secret", "token", {}, { drift: { changed: ["T"] } }),
    outputsEvent("delete", "Function", "fn", { slug: "hello" }),
    outputsEvent("same", "Organization", "org", {}, {}),
  );
  const sel = { stack: "dev", cwd: "infra" };
  const before = reportFromEvents(events, sel);
  const clean = reportFromEvents(stream(outputsEvent("same", "Organization", "org", {}, {})), sel);

  test("refresh, then up, of the drifted resources only: one --target per URN; up takes their dependents", () => {
    const { refresh, up } = repairCommands(before, sel);
    const targets = ["--target", urn("Secret", "token"), "--target", urn("Function", "fn")];
    expect(refresh).toEqual(["refresh", "--yes", "--skip-preview", "--non-interactive", ...targets, "--stack", "dev"]);
    expect(up).toEqual([
      "up",
      "--yes",
      "--skip-preview",
      "--non-interactive",
      ...targets,
      "--target-dependents",
      "--stack",
      "dev",
    ]);
    expect(refresh.join(" ")).not.toContain(urn("Organization", "org"));
  });

  test("exit 0 only when every step ran and the second check is clean; 2 drift left; 1 a failed step", () => {
    const base: RepairResult = { before, commands: ["pulumi refresh …", "pulumi up …"] };
    expect(repairExitCode({ before: clean, commands: [] })).toBe(0);
    expect(repairExitCode({ ...base, after: clean })).toBe(0);
    expect(repairExitCode({ ...base, after: before })).toBe(2);
    expect(repairExitCode({ ...base, failed: "pulumi up exited 255", after: clean })).toBe(1);
    expect(repairExitCode({ ...base, checkError: "no stack" })).toBe(1);
  });

  test("the report: the first report, the commands run, then the second report, in each format", () => {
    const r: RepairResult = { before, commands: ["pulumi refresh --yes", "pulumi up --yes"], after: clean };
    const text = formatRepair(r, "text");
    expect(text.indexOf("Drift in stack dev: 2 of 3")).toBe(0);
    expect(text).toContain("Repair of the 2 drifted resources:\n  pulumi refresh --yes\n  pulumi up --yes\n");
    expect(text).toMatch(/After the repair:\nNo drift in stack dev: 1 resources checked\.\n$/);
    const md = formatRepair(r, "markdown");
    expect(md).toContain("### Repair of the 2 drifted resources\n\n```sh\npulumi refresh --yes\npulumi up --yes\n```");
    expect(md).toMatch(/After the repair:\n\n### ✅ No drift in stack dev/);
    const json = JSON.parse(formatRepair(r, "json"));
    expect(json).toMatchObject({ drifted: false, repaired: true, commands: r.commands });
    expect(json.before.resources).toHaveLength(2);
    expect(json.after).toMatchObject({ drifted: false, resources: [] });
    const failed = formatRepair({ ...r, failed: "pulumi up exited 255", after: before }, "text");
    expect(failed).toContain("Failed: pulumi up exited 255.");
    expect(failed.split("After the repair:\n")[1]).toMatch(/^Drift in stack dev/);
  });
});

describe("the supabase-pulumi command", () => {
  const run = async (argv: string[]) => {
    let out = "";
    let err = "";
    const code = await runCli(
      argv,
      (s) => void (out += s),
      (s) => void (err += s),
    );
    return { code, out, err };
  };

  test("help lists the subcommands; a subcommand's help is its usage", async () => {
    const h = await run(["--help"]);
    expect(h.code).toBe(0);
    expect(h.out).toMatch(/^Usage: supabase-pulumi <command>/);
    expect(h.out).toMatch(/\n {2}drift +report what drifted/);
    expect(h.out).toMatch(/\n {2}import +write a ready Pulumi program/);
    for (const argv of [
      ["drift", "--help"],
      ["help", "drift"],
    ]) {
      const d = await run(argv);
      expect(d.code).toBe(0);
      expect(d.out).toMatch(/^Usage: supabase-pulumi drift .*\[--repair\]/);
    }
  });

  test("no command or an unknown one: the help on stderr, exit 1", async () => {
    expect(await run([])).toMatchObject({ code: 1, out: "" });
    const unknown = await run(["nope"]);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toMatch(/^supabase-pulumi: unknown command nope\n/);
    expect((await run(["toString"])).code).toBe(1);
  });
});

describe("arguments", () => {
  test("stack, cwd, format, config file and repair", () => {
    expect(parseArgs(["--stack", "dev", "--cwd=infra", "--format", "markdown"])).toEqual({
      stack: "dev",
      cwd: "infra",
      format: "markdown",
    });
    expect(parseArgs([])).toEqual({ format: "text" });
    expect(parseArgs(["--repair", "--config-file", "c.yaml"])).toEqual({
      format: "text",
      repair: true,
      configFile: "c.yaml",
    });
  });

  test.each([[["--format", "yaml"]], [["--stack"]], [["--what"]], [["--repair=yes"]]])("refuses %j", (argv) => {
    expect(() => parseArgs(argv)).toThrow();
  });
});

describe("drift detail in refresh outputs", () => {
  test("no drift leaves the outputs as they were; drift adds one plain output", () => {
    expect(withDrift({ a: 1 }, { changed: [], deleted: [] })).toEqual({ a: 1 });
    expect(withDrift({ a: 1 }, { changed: ["X"] })).toEqual({ a: 1, drift: { changed: ["X"] } });
  });

  test("a persisted refresh's detail is kept by the next one", () => {
    const first = withDrift({}, { changed: { "id=1": ["a"] } });
    expect(withDrift(first, { changed: { "id=1": ["b"], "id=2": ["a"] }, deleted: ["id=3"] }).drift).toEqual({
      changed: { "id=1": ["a", "b"], "id=2": ["a"] },
      deleted: ["id=3"],
    });
  });

  test("lists are capped in state, with the rest counted", () => {
    const deleted = Array.from({ length: DRIFT_LIST_CAP + 7 }, (_, i) => `id=${i}`);
    const d = compactDrift({ deleted })!;
    expect(d.deleted).toHaveLength(DRIFT_LIST_CAP);
    expect(d.more).toEqual({ deleted: 7 });
  });
});
