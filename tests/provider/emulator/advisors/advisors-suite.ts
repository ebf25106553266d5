/**
 * Runs every SQL lint case (lint-cases.ts) against one emulator and project:
 * one batch creates the offending objects and their look-alikes, the advisors
 * must show exactly each case's key under its lint; one batch repairs them and
 * the keys are gone, the look-alikes never having fired.
 */
import { Client } from "pg";
import { readyProject, type TestEmulator } from "../../../../harness/emulator";
import { FOREIGN_SERVER_SQL, LINT_CASES, PRELUDE, type LintCase } from "./lint-cases";

export interface ApiLint {
  name: string;
  level: string;
  cache_key: string;
  detail: string;
  metadata?: Record<string, unknown>;
  categories: string[];
}

export async function lintsOf(emu: TestEmulator, ref: string, kind: "security" | "performance"): Promise<ApiLint[]> {
  const res = await emu.api("GET", `/v1/projects/${ref}/advisors/${kind}`);
  if (res.status !== 200) throw new Error(`advisors/${kind} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.lints as ApiLint[];
}

export async function runSql(emu: TestEmulator, ref: string, query: string): Promise<void> {
  const res = await emu.api("POST", `/v1/projects/${ref}/database/query`, { query });
  if (res.status !== 201) throw new Error(`SQL answered ${res.status}: ${JSON.stringify(res.body)}`);
}

/** The case's findings: its lint's, about objects named with its prefix. */
const findings = (all: ApiLint[], c: LintCase) =>
  all
    .filter(
      (l) =>
        l.name === c.lint &&
        l.cache_key.startsWith(`${c.lint === "auth_rls_initplan" ? "auth_rls_init_plan" : c.lint}_`),
    )
    .filter((l) => l.cache_key.includes(c.prefix));

export function lintSuite(kind: "pglite" | "postgres", emulator: () => TestEmulator, serverUrl?: () => string): void {
  const cases = LINT_CASES.filter((c) => !c.only || c.only === kind);
  let ref = "";

  beforeAll(async () => {
    const emu = emulator();
    ref = (await readyProject(emu, `lints-${kind}`)).ref;
    if (serverUrl) {
      await runSql(emu, ref, "select 1"); // the project's database is made on first use
      // The foreign data wrapper is a superuser's to make; the owner then uses the server.
      const u = new URL(serverUrl());
      u.pathname = `/proj_${ref}`;
      const c = new Client({ connectionString: u.toString() });
      await c.connect();
      try {
        await c.query(`${FOREIGN_SERVER_SQL} grant usage on foreign server ft_server to "proj_${ref}";`);
      } finally {
        await c.end();
      }
    } else await runSql(emu, ref, FOREIGN_SERVER_SQL);
    await runSql(emu, ref, PRELUDE + cases.map((c) => c.setup).join("\n"));
  });

  const both = async () => [
    ...(await lintsOf(emulator(), ref, "security")),
    ...(await lintsOf(emulator(), ref, "performance")),
  ];

  test("each offending object shows exactly its lint and cache key; no look-alike fires", async () => {
    const all = await both();
    for (const c of cases) {
      const mine = findings(all, c);
      expect({ lint: c.lint, keys: mine.map((l) => l.cache_key) }).toEqual({ lint: c.lint, keys: [c.key] });
      expect(mine[0]!.categories).toEqual([c.category.toUpperCase()]);
      if (c.metadata) expect(mine[0]!.metadata).toMatchObject(c.metadata);
      expect(all.map((l) => l.cache_key)).not.toContain(c.lookAlikeKey);
    }
    // Each category answers only its own.
    const security = await lintsOf(emulator(), ref, "security");
    expect(security.every((l) => l.categories.includes("SECURITY"))).toBe(true);
  });

  test("the repairs make every finding go, and the look-alikes stay quiet", async () => {
    await runSql(emulator(), ref, cases.map((c) => c.repair).join("\n"));
    const all = await both();
    for (const c of cases) {
      expect({ lint: c.lint, keys: findings(all, c).map((l) => l.cache_key) }).toEqual({ lint: c.lint, keys: [] });
      expect(all.map((l) => l.cache_key)).not.toContain(c.lookAlikeKey);
    }
  });
}
