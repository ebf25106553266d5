/** JitAccessConfig: field-level check failures, a pure diff, and the service's `unavailable` answer as an error. */
import { provider } from "supabase-pulumi/runtime";
import { jitEnabled } from "../../../provider/client/endpoints/jit-access";
import { SupabaseError } from "../../../provider/errors";
import { UNKNOWN } from "../../../provider/resources/common";
import { REF, refusesAtCheck } from "./helpers";

refusesAtCheck("jitAccessConfig", [
  ["enabled missing", {}, { projectRef: REF }, "enabled", /boolean/],
  ["enabled as a word", {}, { projectRef: REF, enabled: "enabled" }, "enabled", /boolean/],
]);

test("diff: the same setting is no change, another is an update, another project a replace", async () => {
  const p = provider("jitAccessConfig");
  const olds = { projectRef: REF, enabled: true, previous: { enabled: false } };
  expect(await p.diff(REF, olds, { projectRef: REF, enabled: true })).toMatchObject({ changes: false, replaces: [] });
  expect(await p.diff(REF, olds, { projectRef: REF, enabled: false })).toMatchObject({ changes: true, replaces: [] });
  expect(await p.diff(REF, olds, { projectRef: REF, enabled: UNKNOWN })).toMatchObject({ changes: true });
  expect(await p.diff(REF, olds, { projectRef: "zyxwvutsrqponmlkjihg", enabled: true })).toMatchObject({
    replaces: ["projectRef"],
  });
  expect((await p.diff(REF, olds, { projectRef: REF, enabled: true, restoreOnDestroy: false })).changes).toBe(true);
});

test("the service's states: enabled and disabled read as the switch, unavailable is a CONFLICT naming the reason", () => {
  expect(jitEnabled(REF, { state: "enabled", appliedSuccessfully: true })).toBe(true);
  expect(jitEnabled(REF, { state: "disabled" })).toBe(false);
  let err: unknown;
  try {
    jitEnabled(REF, { state: "unavailable", unavailableReason: "manual_migration_required" });
  } catch (e) {
    err = e;
  }
  expect(SupabaseError.is(err, "CONFLICT")).toBe(true);
  expect((err as Error).message).toBe(
    `Temporary database access (JIT) is unavailable for project ${REF}: manual_migration_required (the project needs a manual migration first).`,
  );
});
