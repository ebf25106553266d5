/**
 * The committed Go and Python SDKs (sdks/) carry the hash of the schema and
 * the codegen program they were written from: a schema change without
 * `npm run generate` fails here, without Go. (tests/e2e/lang-sdks.e2e.test.ts
 * writes them afresh and compares every file.)
 */
import * as fs from "node:fs";
import { STAMP, sdkHash } from "../../../scripts/gen-lang-sdks";

test("sdks/ was written from the current schema and codegen program", () => {
  const stamp = fs.readFileSync(STAMP, "utf8").trim();
  if (stamp !== sdkHash()) throw new Error("sdks/ is stale: run npm run generate (or npm run generate:sdks) with Go");
  expect(stamp).toMatch(/^[0-9a-f]{64}$/);
});
