/**
 * The policy pack as users run it: the package installed from its packed
 * tarball into a copy of examples/policy, and `pulumi preview --policy-pack
 * node_modules/supabase-pulumi/policy` through the real engine (its Node.js
 * language host runs the pack). The violating program fails, naming the
 * migration's public table without row level security, its seed, the
 * `0.0.0.0/0` restriction and one schema owned by two DatabaseSchemas;
 * per-rule levels from `--policy-pack-config` apply; a config naming no rule
 * is an error; the fixed program passes; and the YAML twin through the
 * provider plugin gets the same failures.
 *
 * A preview of a new stack creates nothing, so no service is needed: the
 * provider's endpoint points at a closed port, and nothing may reach it.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { engineRoot } from "../../scripts/engine";
import { cleanup, installedExample, runCommand } from "./helpers";

const DB_PASS = "policy-e2e-db-pass-8d21";
const PACK = path.join("node_modules", "supabase-pulumi", "policy");

let dir: string;
let project: string;
let env: Record<string, string>;

const pulumiBin = () => path.join(engineRoot(), "bin", "pulumi");
const pulumi = (cwd: string, args: string[], extra: Record<string, string> = {}) =>
  runCommand(pulumiBin(), [...args, "--stack", "dev", "--non-interactive", "--color", "never"], cwd, {
    ...process.env,
    ...env,
    ...extra,
  });
async function must(cwd: string, args: string[], extra?: Record<string, string>) {
  const r = await pulumi(cwd, args, extra);
  if (r.code !== 0) throw new Error(`pulumi ${args.join(" ")} exited ${r.code}:\n${r.out}`);
  return r.out;
}

beforeAll(async () => {
  ({ dir, project, env } = await installedExample("policy", {
    SUPABASE_ACCESS_TOKEN: "policy-e2e-unused-token",
    SUPABASE_API_URL: "http://127.0.0.1:9",
    SUPABASE_PROJECT_URL_TEMPLATE: "http://127.0.0.1:9/{ref}",
  }));
  expect(fs.existsSync(path.join(project, PACK, "PulumiPolicy.yaml"))).toBe(true);
  await must(project, ["stack", "init"]);
  await must(project, ["config", "set", "--secret", "dbPass", DB_PASS]);
}, 300_000);

afterAll(() => {
  if (dir) cleanup(dir);
});

test("the violating TypeScript program fails at preview, naming both violations; levels come from the config", async () => {
  const r = await pulumi(project, ["preview", "--policy-pack", PACK]);
  console.log(`pulumi preview --policy-pack of the violating program (exit ${r.code}):\n${r.out}`);
  expect(r.code).not.toBe(0);
  expect(r.out).toMatch(/\[mandatory\]\s+rls_disabled_in_public/);
  expect(r.out).toContain(
    'DatabaseMigration "todos-table": sql creates table public.todos in the exposed schema public and no migration of the stack enables row level security on it. Fix:',
  );
  expect(r.out).toMatch(/\[mandatory\]\s+table_rows_rls_disabled/);
  expect(r.out).toContain('TableRows "todos": table writes into public.todos');
  expect(r.out).toMatch(/\[advisory\]\s+network_restrictions_not_set/);
  expect(r.out).toContain('NetworkRestriction "db-access": dbAllowedCidrs allows 0.0.0.0/0, every IPv4 address. Fix:');
  // Both schemas take their ref from the same project, not known at preview: linked by the dependency.
  expect(r.out).toMatch(/\[mandatory\]\s+schema_owned_twice/);
  expect(r.out).toContain(
    'DatabaseSchema "tags-schema": schemas owns schema app of the same project, which DatabaseSchema "notes-schema" also owns',
  );
  expect(r.out).not.toContain(DB_PASS);

  // Per-rule levels: the CIDR made mandatory, the row-level-security rules relaxed, the seed rule disabled.
  const config = path.join(dir, "levels.json");
  fs.writeFileSync(
    config,
    JSON.stringify({
      network_restrictions_not_set: "mandatory",
      rls_disabled_in_public: { enforcementLevel: "advisory" },
      table_rows_rls_disabled: "disabled",
    }),
  );
  const levels = await pulumi(project, ["preview", "--policy-pack", PACK, "--policy-pack-config", config]);
  expect(levels.code).not.toBe(0);
  expect(levels.out).toMatch(/\[mandatory\]\s+network_restrictions_not_set/);
  expect(levels.out).toMatch(/\[advisory\]\s+rls_disabled_in_public/);
  expect(levels.out).not.toContain("table_rows_rls_disabled");
}, 300_000);

test("a policy config naming no rule of the pack is a clear error", async () => {
  const config = path.join(dir, "typo.json");
  fs.writeFileSync(config, JSON.stringify({ rls_disabled_in_publik: "advisory" }));
  const r = await pulumi(project, ["preview", "--policy-pack", PACK, "--policy-pack-config", config]);
  expect(r.code).not.toBe(0);
  expect(r.out).toContain('the policy config names no rule of the supabase-pulumi pack: "rls_disabled_in_publik"');
}, 300_000);

test("the fixed program passes", async () => {
  await must(project, ["config", "set", "fixed", "true"]);
  const out = await must(project, ["preview", "--policy-pack", PACK]);
  for (const name of [
    "rls_disabled_in_public",
    "table_rows_rls_disabled",
    "network_restrictions_not_set",
    "schema_owned_twice",
  ])
    expect(out).not.toContain(name);
}, 300_000);

test("the YAML program through the provider plugin gets the same failures", async () => {
  const yaml = path.join(project, "yaml");
  const bin = path.join(project, "node_modules", ".bin");
  const hostDirs = [path.join(engineRoot(), "bin"), ...(process.env.PATH ?? "").split(path.delimiter)];
  const yamlHost = hostDirs.find((d) => d && fs.existsSync(path.join(d, "pulumi-language-yaml")));
  if (!yamlHost)
    throw new Error("pulumi-language-yaml is neither next to the engine nor on PATH (scripts/ensure-engine.sh)");
  const extra = { PATH: [bin, yamlHost, env.PATH].join(path.delimiter) };
  await must(yaml, ["stack", "init"], extra);
  await must(yaml, ["config", "set", "--secret", "dbPass", DB_PASS], extra);
  const r = await pulumi(yaml, ["preview", "--policy-pack", path.join("..", PACK)], extra);
  console.log(`pulumi preview --policy-pack of the YAML program (exit ${r.code}):\n${r.out}`);
  expect(r.code).not.toBe(0);
  expect(r.out).toMatch(/\[mandatory\]\s+rls_disabled_in_public/);
  expect(r.out).toContain(
    'DatabaseMigration "todosTable": sql creates table public.todos in the exposed schema public',
  );
  expect(r.out).toMatch(/\[mandatory\]\s+table_rows_rls_disabled/);
  expect(r.out).toMatch(/\[advisory\]\s+network_restrictions_not_set/);
  expect(r.out).toContain('NetworkRestriction "dbAccess": dbAllowedCidrs allows 0.0.0.0/0');
  expect(r.out).toContain("supabase:index:DatabaseMigration");
  expect(r.out).not.toContain(DB_PASS);
}, 300_000);
