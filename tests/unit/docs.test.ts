/**
 * Each resource's documentation is data (provider/docs.ts). These tests hold
 * the rest of the code base to it: every input field is described, the SDK's
 * JSDoc is the schema's description word for word, the SDK's `…Args` field
 * names are the schema's (a type-level test, shown here to fail on a rename),
 * and the data functions the SDK exports are the documented ones.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import * as ts from "typescript";
import { functionDocs, resourceDocs } from "../../provider/docs";
import * as sdk from "../../sdk";
import type { z } from "zod";
import { renderDocs } from "../../scripts/docs";

const root = path.resolve(__dirname, "../..");

/** The JSDoc text of a declaration, with whitespace collapsed ("" when it has none). */
function jsDocOf(node: ts.Node): string {
  const docs = (node as { jsDoc?: ts.JSDoc[] }).jsDoc ?? [];
  return docs
    .map((d) => ts.getTextOfJSDocComment(d.comment) ?? "")
    .join(" ")
    .replace(/\s+/g, " ")
    .trim();
}

/** The members of one interface or class of an SDK module, by name, with their JSDoc. */
function membersOf(file: string, declName: string): Map<string, string> {
  const text = fs.readFileSync(path.join(root, file), "utf8");
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
  const out = new Map<string, string>();
  sf.forEachChild((n) => {
    if ((ts.isInterfaceDeclaration(n) || ts.isClassDeclaration(n)) && n.name?.text === declName) {
      for (const m of n.members) {
        if ((ts.isPropertySignature(m) || ts.isPropertyDeclaration(m)) && ts.isIdentifier(m.name))
          out.set(m.name.text, jsDocOf(m));
      }
    }
  });
  return out;
}

describe.each(resourceDocs.map((d) => [d.name, d] as const))("%s", (_name, doc) => {
  const shape = doc.inputs.shape as Record<string, { description?: string }>;
  const userFields = Object.keys(shape).filter((f) => !doc.internalInputs?.includes(f));

  test("every input field has a description", () => {
    const missing = Object.keys(shape).filter((f) => !shape[f].description?.trim());
    expect(missing).toEqual([]);
  });

  test("outputs, behaviour and footprint are filled in", () => {
    expect(Object.keys(doc.outputs).length).toBeGreaterThan(0);
    for (const text of [...Object.values(doc.outputs), ...Object.values(doc.behaviour).flat()])
      expect(String(text).trim()).not.toBe("");
    const operations = doc.footprint.map((r) => r.operation).join(", ");
    for (const op of ["create", "read", "delete"]) expect(operations).toContain(op);
  });

  test("the SDK's Args fields are the schema's, each documented with its description", () => {
    const args = membersOf(`sdk/${doc.page}.ts`, `${doc.name}Args`);
    expect([...args.keys()].sort()).toEqual([...userFields].sort());
    for (const field of userFields)
      expect({ field, jsDoc: args.get(field) }).toEqual({ field, jsDoc: shape[field].description });
  });

  test("the SDK class documents its outputs with the doc's descriptions", () => {
    const members = membersOf(`sdk/${doc.page}.ts`, doc.name);
    const outputs = doc.outputs.shape as Record<string, z.ZodType>;
    for (const [name, jsDoc] of members) {
      // Every output the class declares is an input echoed back or a documented output.
      expect({ name, known: name in shape || name in outputs }).toEqual({ name, known: true });
      const description = outputs[name]?.description;
      if (description !== undefined) expect({ name, jsDoc }).toEqual({ name, jsDoc: description });
    }
  });
});

test("the SDK exports exactly the documented data functions, each with an Output variant", () => {
  const exported = Object.keys(sdk).filter((k) => /^get[A-Z]/.test(k) && !k.endsWith("Output"));
  expect(exported.sort()).toEqual(functionDocs.map((f) => f.name).sort());
  for (const f of functionDocs) expect(typeof (sdk as Record<string, unknown>)[`${f.name}Output`]).toBe("function");
});

test("the type-level test fails when an Args field and its schema field disagree on the name", () => {
  // Compile the type-level test against an SDK whose OrganizationArgs renamed `adopt`.
  const typeTest = path.join(root, "tests/types/sdk-args.ts");
  const changed = path.join(root, "sdk/organization.ts");
  const parsed = ts.getParsedCommandLineOfConfigFile(
    path.join(root, "tsconfig.json"),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: () => undefined,
    },
  );
  const options = { ...parsed!.options, noEmit: true };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  host.readFile = (file) => {
    const text = readFile(file);
    if (path.resolve(file) !== changed || text === undefined) return text;
    const renamed = text.replace("adopt?: pulumi.Input<boolean>;", "adopted?: pulumi.Input<boolean>;");
    expect(renamed).not.toBe(text);
    return renamed;
  };
  const program = ts.createProgram([typeTest], options, host);
  const errors = ts
    .getPreEmitDiagnostics(program)
    .filter((d) => d.file && path.resolve(d.file.fileName) === typeTest)
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
  expect(errors.length).toBeGreaterThan(0);
  expect(errors.join("\n")).toMatch(/does not satisfy the constraint 'true'/);
});

describe("generated docs", () => {
  test("docs/ holds exactly what `npm run docs` generates (run it after changing a resource's doc)", () => {
    const files = renderDocs();
    const onDisk = fs.readdirSync(path.join(root, "docs/resources")).map((f) => `docs/resources/${f}`);
    expect(onDisk.sort()).toEqual([...files.keys()].filter((f) => f.startsWith("docs/resources/")).sort());
    for (const [rel, text] of files)
      expect({ rel, text: fs.readFileSync(path.join(root, rel), "utf8") }).toEqual({ rel, text });
  });

  test("a changed field description changes the generated page, so the check above catches it", () => {
    const doc = resourceDocs.find((d) => d.name === "Organization")!;
    const name = doc.inputs.shape.name as z.ZodType;
    const changed = { ...doc, inputs: doc.inputs.extend({ name: name.describe("A different description.") }) };
    const page = renderDocs([changed]).get("docs/resources/organization.md")!;
    expect(page).toContain("A different description.");
    expect(page).not.toBe(fs.readFileSync(path.join(root, "docs/resources/organization.md"), "utf8"));
  });

  test("every example a resource page embeds is a runnable example folder", () => {
    for (const doc of resourceDocs.filter((d) => d.example !== undefined)) {
      const folder = path.join(root, "examples", doc.example!, "Pulumi.yaml");
      expect({ doc: doc.name, exists: fs.existsSync(folder) }).toEqual({ doc: doc.name, exists: true });
    }
  });
});
