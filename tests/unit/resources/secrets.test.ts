/** Secrets: bad inputs are refused at check with field-level messages; diff compares value digests. */
import { provider } from "supabase-pulumi/runtime";
import { secretDigest } from "../../../provider/resources/shared";
import { REF, refusesAtCheck } from "./helpers";

refusesAtCheck("secrets", [
  [
    "a SUPABASE_ name in the map",
    {},
    { projectRef: REF, secrets: { SUPABASE_DB_URL: "x" } },
    "secrets.SUPABASE_DB_URL",
    /reserved/,
  ],
  [
    "an oversized value in the map",
    {},
    { projectRef: REF, secrets: { OK: "x".repeat(24577) } },
    "secrets.OK",
    /at most 24576/,
  ],
  [
    "a bad name in the map",
    {},
    { projectRef: REF, secrets: { "bad name": "x" } },
    "secrets.bad name",
    /environment variable name/,
  ],
]);

test("Secrets: key order does not matter; a removed name is a change", async () => {
  const s = provider("secrets");
  const olds = { projectRef: REF, names: ["A", "B"], digests: { A: secretDigest("1"), B: secretDigest("2") } };
  expect((await s.diff(REF, olds, { projectRef: REF, secrets: { B: "2", A: "1" } })).changes).toBe(false);
  expect((await s.diff(REF, olds, { projectRef: REF, secrets: { A: "1" } })).changes).toBe(true);
});
