/** Pgsodium: bad inputs are refused at check with field-level messages; diff enforces only a declared root key. */
import { provider } from "supabase-pulumi/runtime";
import { UNKNOWN } from "../../../provider/resources/common";
import { REF, refusesAtCheck } from "./helpers";

const KEY_A = "a".repeat(64);
const KEY_B = "0123456789abcdef".repeat(4);

refusesAtCheck("pgsodium", [
  ["a non-hex root key", {}, { projectRef: REF, rootKey: "z".repeat(64) }, "rootKey", /64 hexadecimal characters/],
  ["a short root key", {}, { projectRef: REF, rootKey: "abcd" }, "rootKey", /64 hexadecimal characters/],
  [
    "a root-key change without the opt-in",
    { projectRef: REF, rootKey: KEY_A },
    { projectRef: REF, rootKey: KEY_B },
    "rootKey",
    /acknowledgeDataLoss: true/,
  ],
]);

test("an adopted key is only observed; a declared key is enforced", async () => {
  const p = provider("pgsodium");
  expect(
    (await p.diff(REF, { projectRef: REF, rootKey: KEY_A, currentRootKey: KEY_B }, { projectRef: REF })).changes,
  ).toBe(false);
  expect(
    (await p.diff(REF, { projectRef: REF, rootKey: KEY_A, currentRootKey: KEY_B }, { projectRef: REF, rootKey: KEY_A }))
      .changes,
  ).toBe(true);
  expect(
    (
      await p.diff(
        REF,
        { projectRef: REF, rootKey: KEY_A, currentRootKey: KEY_A },
        { projectRef: REF, rootKey: KEY_A.toUpperCase() },
      )
    ).changes,
  ).toBe(false);
});

test("a root-key change with the opt-in passes check; unknown keys are not judged", async () => {
  const p = provider("pgsodium");
  expect(
    (await p.check({ projectRef: REF, rootKey: KEY_A }, { projectRef: REF, rootKey: KEY_B, acknowledgeDataLoss: true }))
      .failures,
  ).toEqual([]);
  expect((await p.check({ projectRef: REF, rootKey: KEY_A }, { projectRef: REF, rootKey: UNKNOWN })).failures).toEqual(
    [],
  );
});
