/**
 * DatabaseSchema's use of the schema engine (pgschema/): the declared files
 * read from `sourceDir` or `sql`, loaded into one scratch PGlite per provider
 * process (its desired catalog cached by the declaration's hash), the live
 * catalog read with one read-only query through the management API, and the
 * plan applied as one migration of the platform's history.
 */
import { randomUUID } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import {
  describeDrift,
  migrationSql,
  planMigration,
  readCatalog,
  ScratchDatabase,
  type Catalog,
  type DeclaredFile,
  type Plan,
} from "../../../pgschema";
import { managementClient } from "../../context";
import { withUnknownOutcome } from "../../client/management";
import { SupabaseError } from "../../errors";
import { isProjectNotReady } from "../../poll";
import { DECLARED_SCHEMA_KEY_PREFIX, sha256Hex } from "../shared";
import type { Props } from "../common";

/** The declared files: `sql` as one file named `sql`, or `sourceDir`'s `*.sql` in lexicographic order (as the platform's CLI reads `supabase/schemas`). */
export function declaredFiles(inputs: Props): DeclaredFile[] {
  if (typeof inputs.sql === "string") return [{ name: "sql", sql: inputs.sql }];
  const dir = path.resolve(String(inputs.sourceDir));
  const names = fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((n) => n.endsWith(".sql") && fs.statSync(path.join(dir, n)).isFile())
    .map((n) => n.split(path.sep).join("/"))
    .sort();
  if (names.length === 0) throw new Error(`no .sql files in ${inputs.sourceDir}`);
  return names.map((n) => ({ name: n, sql: fs.readFileSync(path.join(dir, n), "utf8") }));
}

/** The declaration's hash: the files' names and text, and the owned schemas. */
export function declarationHash(files: readonly DeclaredFile[], schemas: readonly string[]): string {
  return sha256Hex(JSON.stringify({ files: files.map((f) => [f.name, f.sql]), schemas: [...schemas].sort() }));
}

let scratch: Promise<ScratchDatabase> | undefined;
let queue: Promise<unknown> = Promise.resolve();
const desiredCache = new Map<string, Promise<Catalog>>();

/** The scratch database is shared by every DatabaseSchema of the process, one load at a time. */
function withScratch<T>(fn: (db: ScratchDatabase) => Promise<T>): Promise<T> {
  const run = queue.then(async () => fn(await (scratch ??= ScratchDatabase.open())));
  queue = run.catch(() => undefined);
  return run;
}

/** Stops the shared scratch database (tests, and a provider process that is done). */
export async function closeScratch(): Promise<void> {
  const s = scratch;
  scratch = undefined;
  desiredCache.clear();
  if (s) await (await s).close();
}

/**
 * The catalog the declaration makes: the files loaded into a fresh scratch
 * schema set. Throws `DeclaredSqlError` (file, line, PostgreSQL's message).
 */
export function desiredCatalog(files: readonly DeclaredFile[], schemas: readonly string[]): Promise<Catalog> {
  const key = declarationHash(files, schemas);
  let p = desiredCache.get(key);
  if (!p) {
    p = withScratch(async (db) => {
      await db.reset([...new Set(["public", ...schemas])]);
      await db.load(files);
      return db.catalog(schemas);
    });
    desiredCache.set(key, p);
    if (desiredCache.size > 32) desiredCache.delete(desiredCache.keys().next().value!);
    p.catch(() => desiredCache.delete(key));
  }
  return p;
}

/** The live catalog of the owned schemas: one read-only SQL call. */
export function liveCatalog(ref: string, schemas: readonly string[]): Promise<Catalog> {
  return readCatalog((sql) => managementClient().runQuery(ref, sql, undefined, { readOnly: true }), schemas);
}

export interface Planned {
  plan: Plan;
  sql: string;
  drift: string[];
}

/** The plan from the live database to the declaration, and the objects that differ. */
export async function planFor(inputs: Props): Promise<Planned> {
  const schemas: string[] = inputs.schemas;
  const [desired, live] = await Promise.all([
    desiredCatalog(declaredFiles(inputs), schemas),
    liveCatalog(inputs.projectRef, schemas),
  ]);
  const plan = planMigration(live, desired, { allowDestructive: inputs.allowDestructive === true });
  return { plan, sql: migrationSql(plan.statements), drift: driftNames(live, desired) };
}

/** `policy public.notes.owner_read (extra)`: the objects that differ, for the `drift` output. */
export function driftNames(live: Catalog, desired: Catalog): string[] {
  return describeDrift(live, desired).map((d) => `${d.object} (${d.reasons.join("; ")})`);
}

/** Refuses a plan with destructive statements that are not allowed, naming each. */
export function refuseDestructive(plan: Plan): void {
  if (plan.refused.length === 0) return;
  throw new SupabaseError(
    "VALIDATION",
    `the plan would lose data, and allowDestructive is false: ${plan.refused.map((s) => `${s.sql} (${s.reason})`).join("; ")}. Set allowDestructive: true to apply it.`,
  );
}

/** The migration's name: the prefix and the plan's digest, so a repeated apply of one plan is recognised. */
export const migrationName = (prefix: string, sql: string) => `${prefix}_${sha256Hex(sql).slice(0, 12)}`;

/**
 * Applies `sql` as ONE migration of the history (one transaction on the
 * service) and answers its version. A lost answer is settled by looking for
 * the entry with this idempotency key.
 */
export async function applyMigration(ref: string, name: string, sql: string): Promise<string> {
  const client = managementClient();
  // One key per apply (kept while its outcome is settled): the same SQL applied again later (after a drop,
  // on a re-created resource) must run again, not be answered as a repeat of the earlier entry.
  const key = `${DECLARED_SCHEMA_KEY_PREFIX}${sha256Hex(`${ref}/${name}/${sha256Hex(sql)}/${randomUUID()}`).slice(0, 40)}`;
  const known = new Set((await client.listMigrations(ref)).map((e) => e.version));
  const recorded = async () => {
    for (const e of (await client.listMigrations(ref)).filter((x) => !known.has(x.version) && x.name === name)) {
      const full = await client.getMigration(ref, e.version);
      if (full.idempotency_key === key) return e.version;
    }
    return undefined;
  };
  const version = await withUnknownOutcome(async () => {
    await client.applyMigration(ref, { query: sql, name }, key);
    return (await recorded()) ?? "";
  }, recorded);
  if (!version)
    throw new SupabaseError("API", "the service answered 200 but the history has no entry with this migration's key");
  return version;
}

/**
 * The statement of a failed plan: the service's error names no position, so
 * the statements run again one by one in a DO block that always ends in an
 * exception (so nothing stays), which answers the number of the first that
 * failed. One more SQL call, only after a failure.
 */
export async function failingStatement(ref: string, plan: Plan): Promise<string | undefined> {
  const body = plan.statements
    .map((s, i) => {
      let tag = `$s${i}$`;
      while (s.sql.includes(tag)) tag = `$s${i}_${tag.length}$`;
      return `    n := ${i + 1}; EXECUTE ${tag}${s.sql}${tag};`;
    })
    .join("\n");
  const probe = `DO $pgschema$\nDECLARE n int := 0;\nBEGIN\n  BEGIN\n${body}\n  EXCEPTION WHEN OTHERS THEN RAISE EXCEPTION 'pgschema-failed:%', n;\n  END;\n  RAISE EXCEPTION 'pgschema-failed:0';\nEND $pgschema$`;
  try {
    await managementClient().runQuery(ref, probe);
  } catch (err) {
    const n = Number(/pgschema-failed:(\d+)/.exec(err instanceof Error ? err.message : String(err))?.[1] ?? 0);
    return n > 0 ? plan.statements[n - 1]?.sql : undefined;
  }
  return undefined;
}

/** The error of a failed apply: the service's message and the statement that failed; a "not ready" refusal as it came. */
export async function applyError(err: unknown, ref: string, plan: Plan): Promise<unknown> {
  // A refusal before anything ran (a restart in the same `up`) goes back to whenProjectReady as it came.
  if (isProjectNotReady(err)) return err;
  const msg = err instanceof Error ? err.message : String(err);
  const stmt = await failingStatement(ref, plan).catch(() => undefined);
  return new SupabaseError(
    SupabaseError.is(err) ? err.code : "API",
    `DatabaseSchema: applying the plan failed and nothing was applied (one transaction): ${msg.trim()}${stmt ? ` (statement: ${stmt})` : ""}`,
    { cause: err },
  );
}
