/** The schemas generated from the OpenAPI document are what the generator makes of it today. */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { AuthConfigFields, AuthConfigSettings, REGIONS } from "../../provider/client/config-schemas";
import { REGIONS as EMULATOR_REGIONS } from "../../emulator/generated/config-schemas";

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

test("the project regions are the create body's region codes, the same list for provider and emulator", () => {
  const spec = JSON.parse(readFileSync(path.join(root, "reference", "supabase-management-openapi.json"), "utf8"));
  const branches: Array<{ properties: { type: { enum: string[] }; code: { enum: string[] } } }> =
    spec.components.schemas.V1CreateProjectBody.properties.region_selection.oneOf;
  const specific = branches.find((b) => b.properties.type.enum[0] === "specific")!;
  expect([...REGIONS]).toEqual(specific.properties.code.enum);
  expect([...EMULATOR_REGIONS]).toEqual([...REGIONS]);
  expect(REGIONS).toContain("us-east-1");
});
