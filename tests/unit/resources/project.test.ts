/**
 * Project: bad inputs are refused at `check` with field-level messages (check is pure: no client
 * is even constructed, so nothing reaches the API), and `diff` is pure, listing `replaces` explicitly.
 */
import { provider } from "supabase-pulumi/runtime";
import { UNKNOWN } from "../../../provider/resources/common";
import { dbPassDigest } from "../../../provider/resources/project";

const project = provider("project");

const goodProject = {
  name: "app",
  organizationId: "acme-org_1",
  region: "eu-central-1",
  dbPass: "correct horse battery",
};

type Case = [title: string, inputs: Record<string, unknown>, property: string, reason: RegExp];

const projectCases: Case[] = [
  ["an empty name", { ...goodProject, name: "" }, "name", /must not be empty/],
  ["a blank name", { ...goodProject, name: "   " }, "name", /must not be empty/],
  ["a missing name", { ...goodProject, name: undefined }, "name", /name is required/],
  ["a name over 256 characters", { ...goodProject, name: "x".repeat(257) }, "name", /at most 256/],
  ["a non-string name", { ...goodProject, name: 42 }, "name", /must be a string/],
  [
    "an unknown region",
    { ...goodProject, region: "mars-north-1" },
    "region",
    /unknown region "mars-north-1"; use one of: us-east-1/,
  ],
  ["a missing region", { ...goodProject, region: undefined }, "region", /region is required/],
  ["a smart-group code as region", { ...goodProject, region: "emea" }, "region", /unknown region "emea"/],
  ["a short password", { ...goodProject, dbPass: "short" }, "dbPass", /at least 8 characters/],
  ["a missing password", { ...goodProject, dbPass: undefined }, "dbPass", /dbPass is required/],
  [
    "a malformed organization id",
    { ...goodProject, organizationId: "acme org!" },
    "organizationId",
    /organization slug/,
  ],
  [
    "a missing organization id",
    { ...goodProject, organizationId: undefined },
    "organizationId",
    /organizationId is required/,
  ],
  ["a negative create timeout", { ...goodProject, createTimeoutSeconds: -5 }, "createTimeoutSeconds", /positive/],
  [
    "a fractional delete timeout",
    { ...goodProject, deleteTimeoutSeconds: 1.5 },
    "deleteTimeoutSeconds",
    /whole number/,
  ],
  ["a non-boolean adopt", { ...goodProject, adopt: "yes" }, "adopt", /adopt must be a boolean/],
  ["an unknown property", { ...goodProject, dbPassword: "x" }, "dbPassword", /unknown input "dbPassword"/],
];

describe("Project check", () => {
  test.each(projectCases)("refuses %s", async (_title, inputs, property, reason) => {
    const res = await project.check({}, inputs);
    const failure = res.failures?.find((f) => f.property === property);
    expect(failure).toBeDefined();
    expect(failure!.reason).toMatch(reason);
  });

  test("accepts good inputs and returns them normalized, without failures", async () => {
    const res = await project.check({}, { ...goodProject, name: "  app  ", __provider: "serialized" });
    expect(res.failures).toEqual([]);
    expect(res.inputs).toMatchObject({ ...goodProject, name: "app" });
  });

  test("reports every failing field at once", async () => {
    const res = await project.check({}, { name: "", organizationId: "bad org", region: "nowhere", dbPass: "x" });
    expect(res.failures!.map((f) => f.property).sort()).toEqual(["dbPass", "name", "organizationId", "region"]);
  });

  test("does not judge values that are unknown during preview", async () => {
    const res = await project.check({}, { ...goodProject, organizationId: UNKNOWN });
    expect(res.failures).toEqual([]);
  });

  test("error texts never echo the password", async () => {
    const secret = "s3";
    const res = await project.check({}, { ...goodProject, dbPass: secret });
    expect(JSON.stringify(res.failures)).not.toContain(`"${secret}"`);
  });
});

const olds = {
  name: "app",
  organizationId: "acme",
  region: "eu-central-1",
  ref: "abcdefghijklmnopqrst",
  status: "ACTIVE_HEALTHY",
  __provider: "old-code",
};
const news = {
  name: "app",
  organizationId: "acme",
  region: "eu-central-1",
  dbPass: "correct horse",
  __provider: "new-code",
};

describe("Project diff", () => {
  test("no change when only outputs and the provider code differ", async () => {
    expect(await project.diff("abcdefghijklmnopqrst", olds, news)).toEqual({
      changes: false,
      replaces: [],
      deleteBeforeReplace: false,
    });
  });

  test("a rename is an in-place update", async () => {
    const d = await project.diff("x", olds, { ...news, name: "renamed" });
    expect(d).toMatchObject({ changes: true, replaces: [] });
  });

  test("a region change replaces", async () => {
    const d = await project.diff("x", olds, { ...news, region: "us-east-1" });
    expect(d).toMatchObject({ changes: true, replaces: ["region"] });
  });

  test("an organization change replaces", async () => {
    const d = await project.diff("x", olds, { ...news, organizationId: "other" });
    expect(d).toMatchObject({ changes: true, replaces: ["organizationId"] });
  });

  test("an unknown organization during preview counts as a replacing change", async () => {
    const d = await project.diff("x", olds, { ...news, organizationId: UNKNOWN });
    expect(d).toMatchObject({ changes: true, replaces: ["organizationId"] });
  });

  test("a password edit is an in-place update, found by the recorded digest", async () => {
    const recorded = { ...olds, dbPassDigest: dbPassDigest(olds.ref, news.dbPass) };
    expect(await project.diff("x", recorded, news)).toMatchObject({ changes: false });
    const d = await project.diff("x", recorded, { ...news, dbPass: "another password" });
    expect(d).toMatchObject({ changes: true, replaces: [] });
  });

  test("a password edit against a state without a digest (written before digests) is not acted on", async () => {
    const d = await project.diff("x", olds, { ...news, dbPass: "another password" });
    expect(d.changes).toBe(false);
  });

  test("timeouts and adopt never cause an update", async () => {
    const d = await project.diff("x", olds, { ...news, adopt: true, createTimeoutSeconds: 5, deleteTimeoutSeconds: 5 });
    expect(d.changes).toBe(false);
  });
});

describe("Project diff during refresh (olds are what read found)", () => {
  test("a project that is no longer healthy shows as a change", async () => {
    const d = await project.diff("x", { ...olds, status: "INACTIVE" }, news);
    expect(d.changes).toBe(true);
    expect(d.replaces).toEqual([]);
  });

  test("an out-of-band rename shows as a change", async () => {
    const d = await project.diff("x", { ...olds, name: "renamed" }, news);
    expect(d).toMatchObject({ changes: true, replaces: [] });
  });
});
