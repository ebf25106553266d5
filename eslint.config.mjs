// House rules, kept by the tool rather than by review:
// - the recommended JavaScript and TypeScript rules;
// - no import cycles;
// - dependency directions: provider/ and emulator/ never import each other,
//   pgschema/ (the schema engine both use) imports neither,
//   sdk/ reaches provider/ only through its public entry points, scripts/
//   never imports tests/, and cli/ (the shipped command) imports provider/
//   modules only: never the emulator, the tests, their harness or scripts/,
//   and so does policy/ (the shipped policy pack);
// - inside emulator/, imports point down its layers: the foundation (pipeline/,
//   store/, auth/, catalog/, settings/, db/, generated/) never imports the three
//   surfaces built on it (routes/, control/, graphql/) nor the entry points;
//   the surfaces never import each other; route-table.ts joins them.
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import { importX } from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";

const forbid = (...groups) => ["error", { patterns: groups.map(([group, message]) => ({ group, message })) }];

// The emulator's layers, lowest first. A zone forbids `target` to import `from`.
const emulatorFoundation = ["pipeline", "store", "auth", "catalog", "settings", "db", "generated"];
const emulatorSurfaces = ["routes", "control", "graphql", "storage"];
const emulatorEntries = ["index.ts", "cli.ts", "route-table.ts"];
const inEmulator = (names) => names.map((n) => `./emulator/${n}`);
const emulatorZones = [
  {
    target: inEmulator(emulatorFoundation),
    from: inEmulator([...emulatorSurfaces, ...emulatorEntries]),
    message: "the emulator's foundation never imports routes/, control/, graphql/ or an entry point",
  },
  ...emulatorSurfaces.map((surface) => ({
    target: inEmulator([surface]),
    from: inEmulator([...emulatorSurfaces.filter((s) => s !== surface), ...emulatorEntries]),
    message: `emulator/${surface}/ imports no other surface and no entry point: what two surfaces share lives below them`,
  })),
];

export default tseslint.config(
  { ignores: ["node_modules/", "dist/", ".demo/", ".tmp/", "coverage/", "**/*.d.ts"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": [".ts", ".js", ".mjs", ".cjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts"] },
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "tsconfig.json" })],
    },
    languageOptions: { globals: { require: "readonly", module: "writable", process: "readonly", console: "readonly" } },
    rules: {
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      // Deliberate: unused names are allowed when they start with an underscore.
      "@typescript-eslint/no-unused-vars": [
        "error",
        {
          argsIgnorePattern: "^_",
          varsIgnorePattern: "^_",
          caughtErrors: "none",
          destructuredArrayIgnorePattern: "^_",
        },
      ],
    },
  },
  {
    files: ["provider/**"],
    rules: {
      "no-restricted-imports": forbid([["**/emulator", "**/emulator/**"], "provider/ never imports emulator/"]),
    },
  },
  {
    // The schema engine is shared by the provider and the emulator: it imports neither.
    files: ["pgschema/**"],
    rules: {
      "no-restricted-imports": forbid([
        ["**/provider", "**/provider/**", "**/emulator", "**/emulator/**", "**/tests/**", "**/harness/**", "**/cli/**"],
        "pgschema/ is shared by provider/ and emulator/: it imports neither (nor tests/, harness/ or cli/)",
      ]),
    },
  },
  {
    files: ["emulator/**"],
    rules: {
      "no-restricted-imports": forbid([["**/provider", "**/provider/**"], "emulator/ never imports provider/"]),
      "import-x/no-restricted-paths": ["error", { zones: emulatorZones }],
    },
  },
  {
    files: ["sdk/**"],
    rules: {
      "no-restricted-imports": forbid(
        [["**/emulator", "**/emulator/**"], "sdk/ never imports emulator/"],
        [
          [
            "../provider/*",
            "!../provider/client",
            "!../provider/runtime",
            "../provider/*/**",
            "!../provider/client/index",
          ],
          "sdk/ reaches provider/ only through its public entry points (provider/client, provider/runtime)",
        ],
      ),
    },
  },
  {
    files: ["cli/**"],
    rules: {
      "no-restricted-imports": forbid([
        ["**/emulator", "**/emulator/**", "**/tests", "**/tests/**", "**/harness", "**/harness/**", "**/scripts/**"],
        "cli/ is shipped: it imports provider/ only, never emulator/, tests/, harness/ or scripts/",
      ]),
    },
  },
  {
    // The policy pack is shipped and runs in the engine's analyzer: it reads declared inputs only.
    files: ["policy/**"],
    rules: {
      "no-restricted-imports": forbid([
        [
          "**/emulator",
          "**/emulator/**",
          "**/tests",
          "**/tests/**",
          "**/harness",
          "**/harness/**",
          "**/scripts/**",
          "**/cli",
          "**/cli/**",
          "**/sdk",
          "**/sdk/**",
        ],
        "policy/ is shipped: it imports provider/ modules only, never emulator/, sdk/, cli/, tests/, harness/ or scripts/",
      ]),
    },
  },
  {
    // The policy pack's configuration guard reaches @pulumi/policy's own @grpc/grpc-js by path.
    files: ["policy/pack.ts"],
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    files: ["scripts/**", "harness/**"],
    rules: {
      "no-restricted-imports": forbid([["**/tests", "**/tests/**"], "scripts/ and harness/ never import tests/"]),
    },
  },
  {
    // Tests and their harness read wire JSON freely: its shape is asserted, not typed.
    files: ["tests/**", "harness/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // The serialized provider must load the runtime by package name, inside each method.
    files: ["sdk/provider.ts"],
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    files: ["**/*.js", "**/*.cjs"],
    languageOptions: { globals: { __dirname: "readonly", __filename: "readonly", Buffer: "readonly" } },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
);
