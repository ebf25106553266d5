/**
 * The convergence corpus through the product, on a project: for every case,
 * `before` is loaded into the emulator project's database through the SQL
 * route, a `DatabaseSchema` declares `after` (check computes the plan, as
 * preview shows it; create applies it as one migration of the history), and
 * a second check then plans nothing and a refresh finds no drift. Between
 * cases the owned schemas are emptied by the kind itself (`onDelete: drop`).
 * The engine-level run of the same corpus, both ways, is
 * tests/unit/schema/convergence.test.ts.
 */
import * as runtime from "supabase-pulumi/runtime";
import { closeScratch } from "../../../provider/resources/database-schema/engine";
import { useSharedProject } from "../resources/config-helpers";
import type { Case } from "../../unit/schema/converge";
import { objectCases } from "../../unit/schema/corpus-objects";
import { tableCases } from "../../unit/schema/corpus-tables";

const ctx = useSharedProject("converge");
const P = () => runtime.provider("databaseSchema");
const all: Case[] = [...tableCases, ...objectCases];
const corpus = all.filter((c) => !(c.schemas ?? []).includes("storage"));

beforeAll(async () => {
  // About ten calls a case, on one project: the service's 120 a minute is not what this file tests.
  await ctx.emu.setRateLimits({ enabled: false });
});
afterAll(() => closeScratch());

async function sql(query: string): Promise<void> {
  const res = await ctx.emu.api("POST", `/v1/projects/${ctx.ref}/database/query`, { query });
  if (res.status !== 201) throw new Error(`loading before: ${JSON.stringify(res.body)}`);
}

/** Empties the owned schemas through the kind (the `public` schema itself stays). */
async function empty(schemas: string[]): Promise<void> {
  await P().delete(`${ctx.ref}/${schemas.join(",")}`, {
    projectRef: ctx.ref,
    schemas,
    onDelete: "drop",
    migrationName: "reset",
  });
}

test("the corpus has at least 150 cases on a project", () => {
  expect(corpus.length).toBeGreaterThanOrEqual(150);
  expect(all.length - corpus.length).toBe(1);
});

test.each(corpus.map((c) => [c.name, c] as const))("%s", async (_name, c) => {
  const schemas = c.schemas ?? ["public"];
  await empty(schemas);
  if (c.before.trim()) await sql(c.before);
  // Declaring nothing is a file with no statement (an empty `sql` is refused as a likely mistake).
  const declared = {
    projectRef: ctx.ref,
    sql: c.after.trim() || "-- nothing declared",
    schemas,
    allowDestructive: true,
    migrationName: "converge",
  };
  const checked = await P().check({}, declared);
  expect(checked.failures).toEqual([]);
  expect(checked.inputs!.plan).not.toBe("");
  const created = await P().create(checked.inputs!);
  expect(created.outs!.appliedStatements).toBeGreaterThan(0);
  // A second preview plans nothing; a refresh finds the live schema as declared.
  const again = await P().check(created.outs!, declared);
  expect(again.failures).toEqual([]);
  expect(again.inputs!.plan).toBe("");
  expect((await P().diff(created.id, created.outs!, again.inputs!)).changes).toBe(false);
  const read = await P().read(created.id, created.outs!);
  expect(read.props!.drift).toBeUndefined();
});
