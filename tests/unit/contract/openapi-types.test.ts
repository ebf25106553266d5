/**
 * The generated wire types the build uses must be what the generator makes of the OpenAPI
 * document today: a changed document or generator shows up here, not as a
 * silent mismatch between the client and the service.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";

const ROOT = path.resolve(__dirname, "../../..");
const SPEC = path.resolve(ROOT, "reference/supabase-management-openapi.json");
const OUTPUT = path.join(ROOT, "provider/client/openapi.ts");

test("provider/client/openapi.ts is up to date with the OpenAPI document (npm run generate)", () => {
  expect(fs.existsSync(SPEC)).toBe(true);
  const fresh = execFileSync(
    process.execPath,
    ["-r", "ts-node/register/transpile-only", path.join(ROOT, "scripts/generate-api.ts"), "--stdout"],
    { cwd: ROOT, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  const built = fs.readFileSync(OUTPUT, "utf8");
  if (fresh !== built) {
    // Say where they part, rather than dumping 13k lines.
    const a = fresh.split("\n");
    const b = built.split("\n");
    const line = a.findIndex((l, i) => l !== b[i]);
    expect({ line: line + 1, text: b[line] }).toEqual({ line: line + 1, text: a[line] });
  }
  expect(fresh.length).toBeGreaterThan(100_000);
});

test("the repository's copy of the OpenAPI document matches the published reference, where one sits beside it", () => {
  const published = path.resolve(ROOT, "../shared/reference/supabase-management-openapi.json");
  const copy = JSON.parse(fs.readFileSync(SPEC, "utf8")) as { openapi?: string; paths?: object };
  expect(copy.openapi).toMatch(/^3\./);
  expect(Object.keys(copy.paths ?? {}).length).toBeGreaterThan(100);
  // A clone elsewhere has no reference beside it; the copy is then the only one.
  if (!fs.existsSync(published)) return;
  expect(fs.readFileSync(SPEC, "utf8")).toBe(fs.readFileSync(published, "utf8"));
});
