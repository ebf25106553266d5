/** `supabase-pulumi import`: its arguments, and the program text it renders from declarations. */
import { runCli } from "../../../cli/commands";
import { importCommand } from "../../../cli/import";
import type { ImportedProgram } from "../../../cli/import/collect";
import { renderTypeScript, renderYaml, variableOf } from "../../../cli/import/render";
import { readme } from "../../../cli/import/write";
import { slugOf } from "../../../provider/importer";
import { UsageOutput, UsageSecret } from "../../../provider/resource-doc";

async function run(argv: string[]) {
  let out = "";
  let err = "";
  const code = await importCommand(
    argv,
    (s) => void (out += s),
    (s) => void (err += s),
  );
  return { code, out, err };
}

test("arguments: exactly one of --project and --organization; language, rows and name are checked", async () => {
  expect(await run([])).toMatchObject({ code: 1, err: expect.stringContaining("exactly one of --project") });
  expect((await run(["--project", "a", "--organization", "b"])).code).toBe(1);
  expect((await run(["--project", "a", "--language", "go"])).err).toMatch(/--language must be typescript or yaml/);
  expect((await run(["--project", "a", "--rows", "plans"])).err).toMatch(/schema\.table names \(got plans\)/);
  expect((await run(["--project", "a", "--name", "a b"])).err).toMatch(/--name may hold/);
  expect((await run(["--project", "a", "--bogus"])).err).toMatch(/Unknown option '--bogus'/);
});

test("the help shows the import's usage", async () => {
  let out = "";
  expect(await runCli(["import", "--help"], (s) => void (out += s))).toBe(0);
  expect(out).toMatch(/^Usage: supabase-pulumi import --project REF/);
  expect(out).toContain("--all-fields");
});

const program: ImportedProgram = {
  name: "shop",
  secrets: [{ key: "dbPass", about: "the database password" }],
  files: {},
  unavailable: [],
  declarations: [
    {
      kind: "project",
      type: "Project",
      name: "shop",
      inputs: { name: "Shop", region: "eu-west-2", dbPass: new UsageSecret("dbPass"), adopt: true },
    },
    {
      kind: "databaseMigration",
      type: "DatabaseMigration",
      name: "shop-plans-1",
      comment: ["Version 1."],
      inputs: { projectRef: new UsageOutput("shop", "ref"), name: "plans", sql: "select '${x}';\nselect `y`;" },
      dependsOn: ["shop"],
    },
  ],
};

test("TypeScript: secrets checked first, outputs as references, multi-line text as template literals", () => {
  const ts = renderTypeScript(program);
  expect(ts.indexOf("config.getSecret(key) === undefined")).toBeLessThan(ts.indexOf("new supabase.Project"));
  expect(ts).toContain("projectRef: shop.ref");
  expect(ts).toContain('dbPass: config.requireSecret("dbPass")');
  expect(ts).toContain("sql: `select '\\${x}';\nselect \\`y\\`;`");
  expect(ts).toContain("{ dependsOn: [shop] }");
  expect(ts).toContain("// Version 1.");
});

test("YAML: plugin tokens, config secrets, literal ${ escaped, block text", () => {
  const yaml = renderYaml(program);
  expect(yaml).toContain("config:\n  dbPass:\n    type: string\n    secret: true");
  expect(yaml).toContain("    type: supabase:index:Project");
  expect(yaml).toContain("      dbPass: ${dbPass}");
  expect(yaml).toContain("      projectRef: ${shop.ref}");
  expect(yaml).toContain("      sql: |-\n        select '$${x}';\n        select `y`;");
  expect(yaml).toContain("      dependsOn:\n        - ${shop}");
});

test("names: slugs from display names, variables from names", () => {
  expect(slugOf("Acme Corp (EU)")).toBe("acme-corp-eu");
  expect(slugOf("42 things")).toBe("x-42-things");
  expect(variableOf("shop-fn-hello_world")).toBe("shopFnHelloWorld");
});

test("the README lists the kinds left out because the project does not have the feature, and only then", () => {
  expect(readme(program, "typescript")).not.toContain("## Not imported");
  const without =
    "SsoProvider: none in project Shop (the service answered 404: SAML 2.0 support is not enabled for this project)";
  const text = readme({ ...program, unavailable: [without] }, "yaml");
  expect(text).toContain("## Not imported");
  expect(text).toContain(`- ${without}`);
});
