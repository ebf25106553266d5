// Three tiers (see the README): unit (pure logic), provider (provider methods
// in-process against a loopback emulator), e2e (the real Pulumi engine).
// Unit and provider tiers run the TypeScript sources; the serialized provider's
// require("supabase-pulumi/runtime") is mapped to the source there. The e2e
// tier runs the compiled package, exactly as a user's program would.
const base = {
  preset: "ts-jest",
  testEnvironment: "node",
  transform: { "^.+\\.ts$": ["ts-jest", { tsconfig: "tsconfig.json", diagnostics: { warnOnly: false } }] },
};
const mapRuntime = {
  "^supabase-pulumi/runtime$": "<rootDir>/provider/runtime.ts",
  "^supabase-pulumi/client$": "<rootDir>/provider/client/index.ts",
  "^supabase-pulumi$": "<rootDir>/sdk/index.ts",
};
module.exports = {
  reporters: ["default", "<rootDir>/scripts/summary-reporter.js", "<rootDir>/scripts/contract-report.js"],
  projects: [
    { ...base, displayName: "unit", testMatch: ["<rootDir>/tests/unit/**/*.test.ts"], moduleNameMapper: mapRuntime },
    {
      ...base,
      displayName: "provider",
      testMatch: ["<rootDir>/tests/provider/**/*.test.ts"],
      moduleNameMapper: mapRuntime,
      setupFilesAfterEnv: ["<rootDir>/tests/provider/setup.ts"],
    },
    {
      ...base,
      displayName: "e2e",
      testMatch: ["<rootDir>/tests/e2e/**/*.test.ts"],
      setupFilesAfterEnv: ["<rootDir>/tests/e2e/setup.ts"],
    },
  ],
};
