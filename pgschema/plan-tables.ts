/** The planner's table part: create, alter (column by column) and drop tables, and their ACLs and comments. */
import type { Catalog, ColumnObj, TableObj } from "./catalog";
import { aclStatements, isWidening, literal, predictedAcl, stmt, type Statement } from "./sql-text";

/** `expr STORED` → `GENERATED ALWAYS AS (expr) STORED`. */
function generatedClause(g: string): string {
  const i = g.lastIndexOf(" ");
  return `GENERATED ALWAYS AS (${g.slice(0, i)}) ${g.slice(i + 1)}`;
}

export function columnDef(c: ColumnObj): string {
  let s = `${c.name} ${c.type}`;
  if (c.collation) s += ` COLLATE ${c.collation}`;
  if (c.identity) s += ` GENERATED ${c.identity.toUpperCase()} AS IDENTITY`;
  else if (c.generated) s += ` ${generatedClause(c.generated)}`;
  else if (c.default !== null) s += ` DEFAULT ${c.default}`;
  if (c.notNull) s += " NOT NULL";
  return s;
}

export interface TablePlan {
  create: Statement[];
  alter: Statement[];
  drop: Statement[];
  /** Tables whose columns changed type or were rebuilt: their policies, views and indexes are recreated. */
  reshaped: Map<string, Set<string>>;
}

export function planTables(live: Catalog, desired: Catalog): TablePlan {
  const plan: TablePlan = { create: [], alter: [], drop: [], reshaped: new Map() };
  const liveBy = new Map(live.tables.map((t) => [t.id, t]));
  const wantBy = new Map(desired.tables.map((t) => [t.id, t]));
  for (const t of desired.tables) {
    const have = liveBy.get(t.id);
    if (!have) plan.create.push(...createTable(t));
    else plan.alter.push(...alterTable(have, t, plan.reshaped));
  }
  for (const t of live.tables)
    if (!wantBy.has(t.id))
      plan.drop.push(stmt(`DROP TABLE ${t.id}`, `table ${t.id}`, "not declared: the table and its rows go", true));
  return plan;
}

function createTable(t: TableObj): Statement[] {
  const object = `table ${t.id}`;
  const out = [stmt(`CREATE TABLE ${t.id} (\n  ${t.columns.map(columnDef).join(",\n  ")}\n)`, object, "missing")];
  return out;
}

function alterTable(have: TableObj, want: TableObj, reshaped: Map<string, Set<string>>): Statement[] {
  const out: Statement[] = [];
  const at = `ALTER TABLE ${want.id}`;
  const haveCols = new Map(have.columns.map((c) => [c.name, c]));
  const wantCols = new Map(want.columns.map((c) => [c.name, c]));
  const reshape = (col: string) => {
    if (!reshaped.has(want.id)) reshaped.set(want.id, new Set());
    reshaped.get(want.id)!.add(col);
  };
  for (const c of have.columns)
    if (!wantCols.has(c.name)) {
      reshape(c.name);
      out.push(stmt(`${at} DROP COLUMN ${c.name}`, `column ${want.id}.${c.name}`, "not declared: its values go", true));
    }
  for (const c of want.columns) {
    const h = haveCols.get(c.name);
    const object = `column ${want.id}.${c.name}`;
    if (!h) {
      out.push(stmt(`${at} ADD COLUMN ${columnDef(c)}`, object, "missing"));
      continue;
    }
    // A generated expression that appears or changes: the column is computed again (no stored data is lost).
    if (c.generated !== null && c.generated !== h.generated) {
      reshape(c.name);
      out.push(stmt(`${at} DROP COLUMN ${c.name}`, object, "its generated expression differs"));
      out.push(stmt(`${at} ADD COLUMN ${columnDef(c)}`, object, "its generated expression differs"));
      continue;
    }
    if (h.generated !== null && c.generated === null)
      out.push(stmt(`${at} ALTER COLUMN ${c.name} DROP EXPRESSION`, object, "declared as a plain column"));
    const typeChanged = h.type !== c.type || h.collation !== c.collation;
    if (h.identity && !c.identity)
      out.push(stmt(`${at} ALTER COLUMN ${c.name} DROP IDENTITY`, object, "declared without identity"));
    if (typeChanged && h.default !== null)
      out.push(stmt(`${at} ALTER COLUMN ${c.name} DROP DEFAULT`, object, "its type changes"));
    if (typeChanged) {
      reshape(c.name);
      const narrowing = !isWidening(h.type, c.type);
      out.push(
        stmt(
          `${at} ALTER COLUMN ${c.name} TYPE ${c.type}${c.collation ? ` COLLATE ${c.collation}` : ""} USING ${c.name}::${c.type}`,
          object,
          `type ${h.type} → ${c.type}${narrowing ? " (not a widening: values may not fit)" : ""}`,
          narrowing,
        ),
      );
    }
    if (c.default !== (typeChanged ? null : h.default) && !c.identity && c.generated === null) {
      out.push(
        c.default === null
          ? stmt(`${at} ALTER COLUMN ${c.name} DROP DEFAULT`, object, `default ${h.default} is not declared`)
          : stmt(
              `${at} ALTER COLUMN ${c.name} SET DEFAULT ${c.default}`,
              object,
              `default ${h.default} → ${c.default}`,
            ),
      );
    }
    if (c.notNull !== h.notNull && !(c.identity && !h.identity && c.notNull))
      out.push(
        stmt(
          `${at} ALTER COLUMN ${c.name} ${c.notNull ? "SET" : "DROP"} NOT NULL`,
          object,
          c.notNull ? "declared not null" : "declared nullable",
        ),
      );
    if (c.identity && !h.identity) {
      if (h.default !== null && !typeChanged)
        out.push(stmt(`${at} ALTER COLUMN ${c.name} DROP DEFAULT`, object, "becomes an identity"));
      out.push(
        stmt(`${at} ALTER COLUMN ${c.name} ADD GENERATED ${c.identity.toUpperCase()} AS IDENTITY`, object, "identity"),
      );
    } else if (c.identity && h.identity && c.identity !== h.identity)
      out.push(
        stmt(
          `${at} ALTER COLUMN ${c.name} SET GENERATED ${c.identity.toUpperCase()}`,
          object,
          `identity ${c.identity}`,
        ),
      );
  }
  return out;
}

/** RLS switches, ACLs (table and column) and comments of declared tables. */
export function tableExtras(live: Catalog, desired: Catalog, recreated: Set<string>): Statement[] {
  const out: Statement[] = [];
  const liveBy = new Map(live.tables.map((t) => [t.id, t]));
  for (const t of desired.tables) {
    const have = recreated.has(t.id) ? undefined : liveBy.get(t.id);
    const object = `table ${t.id}`;
    if (t.rls !== (have?.rls ?? false))
      out.push(
        stmt(
          `ALTER TABLE ${t.id} ${t.rls ? "ENABLE" : "DISABLE"} ROW LEVEL SECURITY`,
          `row level security ${t.id}`,
          t.rls ? "declared enabled" : "declared disabled",
        ),
      );
    if (t.forceRls !== (have?.forceRls ?? false))
      out.push(
        stmt(
          `ALTER TABLE ${t.id} ${t.forceRls ? "" : "NO "}FORCE ROW LEVEL SECURITY`,
          `row level security ${t.id}`,
          "force differs",
        ),
      );
    const haveAcl = have ? have.acl : predictedAcl(desired, t.schema, "TABLES");
    out.push(...aclStatements(`TABLE ${t.id}`, haveAcl, t.acl, `grants ${object}`));
    if ((have?.comment ?? null) !== t.comment)
      out.push(stmt(`COMMENT ON TABLE ${t.id} IS ${literal(t.comment)}`, `comment ${object}`, "comment differs"));
    const haveCols = new Map((have?.columns ?? []).map((c) => [c.name, c]));
    for (const c of t.columns) {
      const hc = haveCols.get(c.name);
      out.push(...aclStatements(`TABLE ${t.id}`, hc?.acl ?? [], c.acl, `grants column ${t.id}.${c.name}`, c.name));
      if ((hc?.comment ?? null) !== c.comment)
        out.push(
          stmt(
            `COMMENT ON COLUMN ${t.id}.${c.name} IS ${literal(c.comment)}`,
            `comment column ${t.id}.${c.name}`,
            "comment differs",
          ),
        );
    }
  }
  return out;
}
