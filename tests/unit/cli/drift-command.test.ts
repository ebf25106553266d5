/**
 * The drift command without an engine: the report built from the engine's
 * streamed refresh events, grouping by type, capped lists, the three
 * formats, argument parsing; and the drift detail helpers of the resources.
 */
import {
  describe as describeDrift,
  formatReport,
  MAX_NAMES_PER_LIST,
  MAX_RESOURCES_PER_TYPE,
  parseArgs,
  reportFromEvents,
} from "../../../scripts/drift";
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
    const r = reportFromEvents(events, "dev");
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
    const text = formatReport(reportFromEvents(events, "dev"), "text");
    expect(text).toContain("Drift in stack dev: 4 of 5 resources drifted");
    expect(text).toContain("TableRows (1)\n  plans: changed code=pro (price); deleted code=team");
    expect(text).toContain("Secrets (1)\n  map: changed A");
    expect(text).toContain("Secret (1)\n  token: deleted out of band");
    expect(text).toContain("DatabaseMigration (1)\n  m: outputs changed: checksum");
  });

  test("markdown has a heading per type and code spans; JSON parses back", () => {
    const r = reportFromEvents(events, "dev");
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

describe("arguments", () => {
  test("stack, cwd, format and config file", () => {
    expect(parseArgs(["--stack", "dev", "--cwd=infra", "--format", "markdown"])).toEqual({
      stack: "dev",
      cwd: "infra",
      format: "markdown",
    });
    expect(parseArgs([])).toEqual({ format: "text" });
  });

  test.each([[["--format", "yaml"]], [["--stack"]], [["--what"]]])("refuses %j", (argv) => {
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
