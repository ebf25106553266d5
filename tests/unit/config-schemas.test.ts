/** The schemas generated from the OpenAPI document are what the generator makes of it today. */
import { spawnSync } from "node:child_process";
import * as path from "node:path";
import { AuthConfigFields, AuthConfigSettings } from "../../provider/client/config-schemas";

const root = path.join(__dirname, "..", "..");

test("the generated config schemas are up to date with the spec", () => {
  // The generator formats with Prettier, which needs a plain Node process (not the test runner's module system).
  const run = spawnSync(
    process.execPath,
    [require.resolve("ts-node/dist/bin.js"), "--transpile-only", "scripts/gen-config-schemas.ts", "--check"],
    { cwd: root, encoding: "utf8" },
  );
  // On failure: run `npm run generate`.
  expect({ status: run.status, stdout: run.stdout, stderr: run.stderr }).toEqual({ status: 0, stdout: "", stderr: "" });
});

test("the camelCase mapping is one-to-one and covers the spec's auth fields", () => {
  const apiNames = Object.values(AuthConfigFields).map((f) => f.api);
  expect(new Set(apiNames).size).toBe(apiNames.length);
  expect(apiNames.length).toBeGreaterThan(230);
  expect(AuthConfigFields.smtpPass).toEqual({ api: "smtp_pass", kind: "secret" });
  expect(AuthConfigSettings.shape.siteUrl.description).toContain("site_url");
  expect(AuthConfigSettings.safeParse({ jwtExp: 604801 }).success).toBe(false);
});
