/** `diff` is pure: it always returns `changes` and lists `replaces` explicitly. */
import { provider } from "supabase-pulumi/runtime";
import { UNKNOWN, stableJson } from "../../../provider/resources/common";

const project = provider("project");

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

  test("a password edit is not acted on (the API has no password change)", async () => {
    const d = await project.diff("x", olds, { ...news, dbPass: "another password" });
    expect(d.changes).toBe(false);
  });

  test("timeouts and adopt never cause an update", async () => {
    const d = await project.diff("x", olds, { ...news, adopt: true, createTimeoutSeconds: 5, deleteTimeoutSeconds: 5 });
    expect(d.changes).toBe(false);
  });
});

describe("stableJson", () => {
  test("ignores key order and undefined members", () => {
    expect(stableJson({ b: 1, a: [1, { d: 2, c: 3 }], u: undefined })).toBe(
      stableJson({ a: [1, { c: 3, d: 2 }], b: 1 }),
    );
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
