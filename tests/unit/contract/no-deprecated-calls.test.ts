/**
 * The provider makes no call the service's document marks deprecated: every
 * management call written in the provider's source (a method and a `/v1/…`
 * path) is matched to the document's operation, and none of them may be
 * deprecated. The contract checker refuses deprecated operations at run time
 * in the provider and e2e tiers too (harness/contract.ts); this test also
 * covers calls no test happens to make.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { ALLOWED_DIFFERENCES } from "../../../harness/contract-allow";
import { ManagementClient } from "../../../provider/client";

const ROOT = path.join(__dirname, "..", "..", "..");
const spec = JSON.parse(fs.readFileSync(path.join(ROOT, "reference", "supabase-management-openapi.json"), "utf8")) as {
  paths: Record<string, Record<string, { deprecated?: boolean; operationId?: string }>>;
};

/** A path with every parameter written as `{}`: `/v1/projects/${enc(ref)}/x` and `/v1/projects/{ref}/x` agree. */
const shape = (p: string) =>
  p
    .replace(/\$\{[^}]*\}/g, "{}")
    .replace(/\{[^}]*\}/g, "{}")
    .replace(/\?.*$/, "");

const operations = new Map<string, { deprecated: boolean; id: string }>();
for (const [p, ops] of Object.entries(spec.paths))
  for (const [method, op] of Object.entries(ops))
    operations.set(`${method.toUpperCase()} ${shape(p)}`, {
      deprecated: op.deprecated === true,
      id: op.operationId ?? "",
    });

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return e.name.endsWith(".ts") && e.name !== "openapi.ts" ? [full] : [];
  });
}

/** Every `"METHOD", \`/v1/…\`` call in the provider's source. */
function calls(): Array<{ file: string; call: string }> {
  const out: Array<{ file: string; call: string }> = [];
  const pattern = /"(GET|POST|PUT|PATCH|DELETE)",\s*[`"](\/v1\/[^`"]*)[`"]/g;
  for (const file of sources(path.join(ROOT, "provider"))) {
    const text = fs.readFileSync(file, "utf8");
    for (const m of text.matchAll(pattern))
      out.push({ file: path.relative(ROOT, file), call: `${m[1]} ${shape(m[2])}` });
  }
  return out;
}

test("every management call in the provider's source is a documented operation that is not deprecated", () => {
  const found = calls();
  // The scan finds the calls (the function deploy route among them), so an empty pass means nothing.
  expect(found.length).toBeGreaterThan(50);
  expect(found.map((c) => c.call)).toContain("POST /v1/projects/{}/functions/deploy");
  const unknown = found.filter((c) => !operations.has(c.call));
  expect(unknown).toEqual([]);
  // Only the operations harness/contract-allow.ts accepts as deprecated, each with its reason (the document
  // calls the experimental advisors deprecated and names no replacement).
  const accepted = new Set(ALLOWED_DIFFERENCES.filter((d) => d.kind === "deprecated").map((d) => d.operation));
  const deprecated = found.filter((c) => {
    const op = operations.get(c.call)!;
    return op.deprecated && !accepted.has(op.id);
  });
  expect(deprecated).toEqual([]);
});

test("the deprecated function-create route is not in the client at all", () => {
  expect(operations.get("POST /v1/projects/{}/functions")).toEqual({ deprecated: true, id: "v1-create-a-function" });
  expect("createFunction" in ManagementClient.prototype).toBe(false);
  const client = sources(path.join(ROOT, "provider")).map((f) => fs.readFileSync(f, "utf8"));
  expect(client.some((t) => /"POST",\s*`\/v1\/projects\/\$\{enc\(ref\)\}\/functions`/.test(t))).toBe(false);
});
