/** Secret: bad inputs are refused at check with field-level messages; diff compares value digests. */
import { provider } from "supabase-pulumi/runtime";
import { secretDigest } from "../../../provider/resources/shared";
import { REF, refusesAtCheck } from "./helpers";

refusesAtCheck("secret", [
  ["a SUPABASE_ name", {}, { projectRef: REF, name: "SUPABASE_URL", value: "x" }, "name", /reserved/],
  ["an empty name", {}, { projectRef: REF, name: "", value: "x" }, "name", /must not be empty/],
  ["a name over 256 characters", {}, { projectRef: REF, name: "A".repeat(257), value: "x" }, "name", /at most 256/],
  ["a name with a dash", {}, { projectRef: REF, name: "MY-KEY", value: "x" }, "name", /environment variable name/],
  [
    "a name starting with a digit",
    {},
    { projectRef: REF, name: "1KEY", value: "x" },
    "name",
    /environment variable name/,
  ],
  ["an oversized value", {}, { projectRef: REF, name: "BIG", value: "x".repeat(24577) }, "value", /at most 24576/],
  ["a non-string value", {}, { projectRef: REF, name: "NUM", value: 42 }, "value", /must be a string/],
  ["a malformed project ref", {}, { projectRef: "ABC", name: "K", value: "x" }, "projectRef", /20 lowercase letters/],
]);

test("check never echoes secret values in its failures", async () => {
  const res = await provider("secret").check({}, { projectRef: REF, name: "SUPABASE_X", value: "hunter2-secret" });
  expect(JSON.stringify(res)).not.toMatch(/failures.*hunter2-secret/);
});

test("Secret: same value, no change; new value or an out-of-band digest, change", async () => {
  const s = provider("secret");
  const olds = { projectRef: REF, name: "K", digest: secretDigest("v1") };
  expect((await s.diff(`${REF}/K`, olds, { projectRef: REF, name: "K", value: "v1" })).changes).toBe(false);
  expect((await s.diff(`${REF}/K`, olds, { projectRef: REF, name: "K", value: "v2" })).changes).toBe(true);
  expect(
    (
      await s.diff(
        `${REF}/K`,
        { ...olds, digest: secretDigest("changed") },
        { projectRef: REF, name: "K", value: "v1" },
      )
    ).changes,
  ).toBe(true);
  expect(await s.diff(`${REF}/K`, olds, { projectRef: REF, name: "K2", value: "v1" })).toMatchObject({
    changes: true,
    replaces: ["name"],
  });
});

test("digests are the hex SHA-256 of the UTF-8 value", () => {
  expect(secretDigest("bar")).toBe("fcde2b2edba56bf408601fb721fe9b5c338d10ee429ea04fae5511b68fbf8fb9");
});
