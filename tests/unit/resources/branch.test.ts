/** Branch: field-level check failures, and a pure diff (in place, replaced, secrets by digest, readiness). */
import { provider } from "supabase-pulumi/runtime";
import { UNKNOWN } from "../../../provider/resources/common";
import { secretDigest } from "../../../provider/resources/shared";
import { REF, refusesAtCheck } from "./helpers";

refusesAtCheck("branch", [
  ["a missing name", {}, { projectRef: REF }, "name", /required/],
  ["a name with a slash", {}, { projectRef: REF, name: "feature/x" }, "name", /gitBranch/],
  ["an unknown region", {}, { projectRef: REF, name: "pr-1", region: "mars-1" }, "region", /unknown region/],
  [
    "an unknown instance size",
    {},
    { projectRef: REF, name: "pr-1", desiredInstanceSize: "huge" },
    "desiredInstanceSize",
    /unknown instance size/,
  ],
  [
    "a reserved secret name",
    {},
    { projectRef: REF, name: "pr-1", secrets: { SUPABASE_X: "v" } },
    "secrets.SUPABASE_X",
    /reserved/,
  ],
]);

const ready = {
  projectRef: REF,
  name: "pr-1",
  gitBranch: "feature/one",
  ref: "zyxwvutsrqponmlkjihg",
  status: "MIGRATIONS_PASSED",
  projectStatus: "ACTIVE_HEALTHY",
  secretDigests: { TOKEN: secretDigest("one") },
};
const declared = { projectRef: REF, name: "pr-1", gitBranch: "feature/one", secrets: { TOKEN: "one" } };

test("diff: nothing to do for what is recorded; a rename, gitBranch and secrets in place; the rest replaces", async () => {
  const b = provider("branch");
  expect(await b.diff(ready.ref, ready, declared)).toEqual({
    changes: false,
    replaces: [],
    deleteBeforeReplace: false,
  });
  for (const news of [
    { ...declared, name: "pr-1b" },
    { ...declared, gitBranch: "feature/two" },
    { ...declared, persistent: true },
    { ...declared, secrets: { TOKEN: "two" } },
    { ...declared, secrets: {} },
    { ...declared, secrets: { TOKEN: UNKNOWN } },
  ])
    expect(await b.diff(ready.ref, ready, news)).toEqual({ changes: true, replaces: [], deleteBeforeReplace: false });
  expect(
    await b.diff(ready.ref, ready, {
      ...declared,
      projectRef: "bbbbbbbbbbbbbbbbbbbb",
      withData: true,
      desiredInstanceSize: "micro",
    }),
  ).toEqual({ changes: true, replaces: ["projectRef", "withData", "desiredInstanceSize"], deleteBeforeReplace: true });
});

test("diff: a branch that is not ready, or whose project is not healthy, asks for an update", async () => {
  const b = provider("branch");
  expect((await b.diff(ready.ref, { ...ready, status: "MIGRATIONS_FAILED" }, declared)).changes).toBe(true);
  expect((await b.diff(ready.ref, { ...ready, projectStatus: "INACTIVE" }, declared)).changes).toBe(true);
  expect((await b.diff(ready.ref, { ...ready, status: "FUNCTIONS_DEPLOYED" }, declared)).changes).toBe(false);
});
