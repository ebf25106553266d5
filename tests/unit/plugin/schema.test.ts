/**
 * The plugin's package schema: written from the registry by `npm run
 * generate` (stale here when a kind changed without regenerating), and
 * holding the facts the other languages' SDKs are generated from.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { registry } from "../../../provider/registry";
import { functionDocs } from "../../../provider/docs";
import { checkFunctionCoverage } from "../../../provider/plugin/functions";
import { packageSchema } from "../../../provider/plugin/package-schema";

const root = path.resolve(__dirname, "../../..");
type Json = Record<string, any>;
const schema = packageSchema("0.1.0") as Json;
const res = (name: string): Json => schema.resources[`supabase:index:${name}`];

describe("package schema", () => {
  it("is fresh on disk (npm run generate writes it)", () => {
    // In a process of its own: prettier's module loading needs plain Node.
    const run = spawnSync(
      process.execPath,
      [require.resolve("ts-node/dist/bin.js"), "--transpile-only", "scripts/gen-schema.ts", "--check"],
      { cwd: root, encoding: "utf8" },
    );
    expect(run.stdout + run.stderr).toBe("");
    expect(run.status).toBe(0);
  });

  it("matches the file on disk in content", () => {
    const onDisk = JSON.parse(readFileSync(path.join(root, "provider/plugin/schema.json"), "utf8")) as Json;
    expect(onDisk).toEqual(packageSchema(onDisk.version as string));
  });

  it("names every kind by its SDK class and every data function get<Name>", () => {
    expect(schema.name).toBe("supabase");
    expect(Object.keys(schema.resources).sort()).toEqual(
      Object.values(registry)
        .map((k) => `supabase:index:${k.doc.name}`)
        .sort(),
    );
    expect(Object.keys(schema.functions)).toEqual(functionDocs.map((f) => `supabase:index:${f.name}`));
    expect(checkFunctionCoverage()).toEqual([]);
  });

  it("carries secrets, required inputs, replacements, enums and defaults", () => {
    const project = res("Project");
    expect(project.inputProperties.dbPass).toMatchObject({ type: "string", secret: true });
    expect(project.properties.dbPassDigest.secret).toBe(true);
    expect(project.inputProperties.dbPass.description).toMatch(/database password/);
    expect(project.requiredInputs.sort()).toEqual(["dbPass", "name", "organizationId", "region"]);
    expect(project.inputProperties.organizationId.replaceOnChanges).toBe(true);
    expect(project.inputProperties.name.replaceOnChanges).toBeUndefined();
    expect(project.inputProperties.region.$ref).toBe("#/types/supabase:index:Region");
    expect(schema.types["supabase:index:Region"].enum).toContainEqual({ value: "eu-central-1" });
    expect(res("Secret").inputProperties.value.secret).toBe(true);
    expect(res("Secret").properties.value).toBeUndefined();
    expect(res("TableRows").inputProperties.onDelete.default).toBe("delete");
    expect(res("TableRows").inputProperties.batchSize).toMatchObject({ type: "integer", default: 500 });
    expect(res("CustomHostname").properties.dnsRecords.items.$ref).toBe("#/types/supabase:index:DnsRecord");
    for (const r of Object.values(schema.resources) as Json[])
      expect(r.properties.drift.$ref).toBe("#/types/supabase:index:Drift");
  });

  it("declares the provider's configuration, the token as a secret", () => {
    expect(Object.keys(schema.config.variables)).toEqual([
      "accessToken",
      "apiUrl",
      "projectUrlTemplate",
      "retryBudgetSeconds",
    ]);
    expect(schema.config.variables.accessToken.secret).toBe(true);
    expect(schema.provider.inputProperties.accessToken.secret).toBe(true);
  });

  it("answers each data function with one property, secret keys marked", () => {
    const keys = schema.functions["supabase:index:getApiKeys"];
    expect(keys.inputs.required).toEqual(["projectRef"]);
    expect(keys.outputs.properties.apiKeys.secret).toBe(true);
    expect(schema.types["supabase:index:ApiKeyInfo"].properties.apiKey.secret).toBe(true);
    expect(schema.functions["supabase:index:getProjects"].outputs.required).toEqual(["projects"]);
    expect(schema.functions["supabase:index:getTypescriptTypes"].inputs.properties.includedSchemas).toMatchObject({
      type: "array",
      items: { type: "string" },
    });
  });

  it("refers only to types it declares", () => {
    const refs = [...JSON.stringify(schema).matchAll(/"\$ref":"#\/types\/([^"]+)"/g)].map((m) => m[1]);
    expect(refs.length).toBeGreaterThan(0);
    for (const r of new Set(refs)) expect(schema.types[r]).toBeDefined();
  });
});
