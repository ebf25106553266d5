/**
 * The registry of resource kinds is the one list of kinds: the runtime
 * dispatches through it, the SDK is generated from it, and each kind's
 * schemas say enough (types, enums, required fields, defaults, secrets,
 * replace-on-change, descriptions) to write a Pulumi package schema. These
 * tests render those property maps and check known facts, and fail when the
 * generated SDK on disk is stale.
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { propertyMaps, secretNames } from "../../provider/kind";
import { kindFile, registry, resourceKinds, type ResourceKind } from "../../provider/registry";
import * as runtime from "../../provider/runtime";

const root = path.resolve(__dirname, "../..");
const maps = (kind: ResourceKind) => propertyMaps(registry[kind].doc);

test("the runtime serves exactly the registry's kinds", () => {
  expect(runtime.kinds()).toEqual(resourceKinds);
  for (const kind of resourceKinds) expect(typeof runtime.provider(kind).check).toBe("function");
});

test("the generated SDK on disk is what the registry generates", () => {
  // The generator formats with Prettier, which needs a plain Node process (not the test runner's module system).
  const run = spawnSync(
    process.execPath,
    [require.resolve("ts-node/dist/bin.js"), "--transpile-only", "scripts/gen-sdk.ts", "--check"],
    { cwd: root, encoding: "utf8" },
  );
  // On failure: run `npm run generate`.
  expect({ status: run.status, stdout: run.stdout, stderr: run.stderr }).toEqual({ status: 0, stdout: "", stderr: "" });
});

test("each kind has its provider module, the provider of its own kind", () => {
  for (const kind of resourceKinds) {
    const text = fs.readFileSync(path.join(root, "sdk/providers", `${kindFile(kind)}.ts`), "utf8");
    expect(text).toContain(`export = makeProvider(${JSON.stringify(kind)});`);
  }
});

describe("package-schema property maps", () => {
  test("Project: dbPass is a required secret, region a required enum that replaces, adopt optional", () => {
    const { inputs, outputs } = maps("project");
    expect(inputs.dbPass).toMatchObject({ type: "string", secret: true, required: true, replaceOnChanges: false });
    expect(inputs.region).toMatchObject({ type: "string", required: true, replaceOnChanges: true });
    expect(inputs.region.enum).toContain("eu-central-1");
    expect(inputs.organizationId.replaceOnChanges).toBe(true);
    expect(inputs.name.replaceOnChanges).toBe(false);
    expect(inputs.adopt).toMatchObject({ type: "boolean", required: false });
    expect(outputs.dbPassDigest).toMatchObject({ type: "string", secret: true });
    expect(outputs.ref.description).toMatch(/reference/);
    // An output echoing an input keeps the input's description.
    expect(outputs.region.description).toBe(inputs.region.description);
  });

  test("Secret: name and projectRef replace on change, value is a secret, digest a secret output", () => {
    const { inputs, outputs } = maps("secret");
    expect(inputs.name).toMatchObject({ replaceOnChanges: true, required: true, secret: false });
    expect(inputs.projectRef.replaceOnChanges).toBe(true);
    expect(inputs.value).toMatchObject({ secret: true, replaceOnChanges: false });
    expect(outputs.digest.secret).toBe(true);
    expect(secretNames(registry.secret.doc)).toEqual({ inputs: ["value"], outputs: ["digest"] });
  });

  test("TableRows: defaults make a field optional and are recorded", () => {
    const { inputs } = maps("tableRows");
    expect(inputs.onDelete).toMatchObject({ default: "delete", required: false, enum: ["delete", "retain"] });
    expect(inputs.rows).toMatchObject({ type: "array", required: true });
    expect(inputs.apiKey.secret).toBe(true);
    expect(inputs.key.replaceOnChanges).toBe(true);
  });

  test("AuthConfig: the spec's write-only secrets are secret inputs", () => {
    const { inputs } = maps("authConfig");
    expect(inputs.smtpPass.secret).toBe(true);
    expect(inputs.siteUrl.secret).toBe(false);
    expect(inputs.projectRef).toMatchObject({ required: true, replaceOnChanges: true });
  });

  test.each(resourceKinds)("%s: every input and own output is described, and secrets are named", (kind) => {
    const { inputs, outputs } = maps(kind);
    expect(Object.entries(inputs).filter(([, p]) => !p.description?.trim())).toEqual([]);
    expect(Object.entries(outputs).filter(([, p]) => !p.description?.trim())).toEqual([]);
    expect(Object.keys(inputs).length).toBeGreaterThan(0);
    expect(Object.keys(outputs)).toContain("drift");
  });
});
