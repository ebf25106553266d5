/**
 * The planner: from the live catalog to the desired one, ordered DDL.
 *
 * Order: what depends on others goes first when dropping (triggers, policies,
 * views, foreign keys, constraints, indexes), then default privileges (so new
 * objects are born with them), schemas, extensions, types, sequences, the
 * functions that column defaults call, tables and their columns, the other
 * functions, drops of tables and the objects they used, sequence ownership,
 * constraints (foreign keys last), indexes, views (each after those it
 * reads), triggers, row level security and policies, grants, comments.
 */
import type { Catalog, ViewObj } from "./catalog";
import { fnTarget, grantsAndComments } from "./plan-extras";
import { planTables, tableExtras } from "./plan-tables";
import { aclStatements, literal, mentions, stmt, topoOrder, type Statement } from "./sql-text";

export type { Statement } from "./sql-text";

export interface PlanOptions {
  /** When false (the default) the plan still lists destructive statements; `refusal` names them. */
  allowDestructive?: boolean;
}

export interface Plan {
  statements: Statement[];
  /** The destructive statements when they are not allowed: the plan must not run. */
  refused: Statement[];
}

const byId = <T extends { id: string }>(xs: T[]) => new Map(xs.map((x) => [x.id, x]));
const diffMap = <T extends { id: string }>(live: T[], want: T[]) => ({ have: byId(live), want: byId(want) });

/** Which views must be dropped and created again: changed, or reading something that is. */
function recreatedViews(live: Catalog, desired: Catalog, reshaped: Map<string, Set<string>>): Set<string> {
  const { have, want } = diffMap(live.views, desired.views);
  const out = new Set<string>();
  const same = (a: ViewObj, b: ViewObj) =>
    a.def === b.def && a.materialized === b.materialized && JSON.stringify(a.options) === JSON.stringify(b.options);
  // A relation the live schema has and the declared one does not is dropped: views reading it go first.
  const liveRels = new Set([...live.tables.map((t) => t.id), ...live.views.map((v) => v.id)]);
  const wantRels = new Set([...desired.tables.map((t) => t.id), ...desired.views.map((v) => v.id)]);
  for (const v of live.views) {
    const w = want.get(v.id);
    if (w && (!same(v, w) || v.deps.some((d) => reshaped.has(d) || (liveRels.has(d) && !wantRels.has(d)))))
      out.add(v.id);
  }
  // Views reading a recreated (or dropped) view are recreated too.
  let grew = true;
  while (grew) {
    grew = false;
    for (const v of live.views)
      if (!out.has(v.id) && want.has(v.id) && v.deps.some((d) => out.has(d) || (have.has(d) && !want.has(d)))) {
        out.add(v.id);
        grew = true;
      }
  }
  return out;
}

const viewSql = (v: ViewObj) =>
  `CREATE ${v.materialized ? "MATERIALIZED " : ""}VIEW ${v.id}${v.options.length ? ` WITH (${v.options.join(", ")})` : ""} AS\n${v.def.trim().replace(/;$/, "")}`;

export function planMigration(live: Catalog, desired: Catalog, options: PlanOptions = {}): Plan {
  const S: Record<string, Statement[]> = {};
  const add = (phase: string, ...xs: Statement[]) => (S[phase] ??= []).push(...xs);
  const tables = planTables(live, desired);
  const desiredTables = new Set(desired.tables.map((t) => t.id));
  const droppedTables = new Set(live.tables.filter((t) => !desiredTables.has(t.id)).map((t) => t.id));
  const touches = (table: string, text: string) => {
    const cols = tables.reshaped.get(table);
    return cols !== undefined && [...cols].some((c) => mentions(text, c));
  };
  /** Objects dropped and created again: their live grants and comments no longer count. */
  const recreated = new Set<string>();

  // Triggers, policies: changed, or on a reshaped table → dropped and created.
  const trig = diffMap(live.triggers, desired.triggers);
  for (const t of live.triggers) {
    const w = trig.want.get(t.id);
    if (droppedTables.has(t.table)) continue;
    if (!w || w.def !== t.def || touches(t.table, t.def)) {
      add(
        "dropTriggers",
        stmt(`DROP TRIGGER IF EXISTS ${t.name} ON ${t.table}`, `trigger ${t.id}`, w ? "differs" : "extra"),
      );
      if (w) recreated.add(`trigger ${t.id}`);
    }
  }
  const pol = diffMap(live.policies, desired.policies);
  const samePolicy = (a: (typeof live.policies)[0], b: (typeof live.policies)[0]) =>
    a.permissive === b.permissive &&
    a.cmd === b.cmd &&
    JSON.stringify(a.roles) === JSON.stringify(b.roles) &&
    a.using === b.using &&
    a.check === b.check;
  // A policy of a dropped table goes with it, unless it reads another dropped table: then it goes first.
  const readsOtherDropped = (p: (typeof live.policies)[0]) =>
    [...droppedTables].some((d) => d !== p.table && `${p.using ?? ""} ${p.check ?? ""}`.includes(d));
  for (const p of live.policies) {
    const w = pol.want.get(p.id);
    if (droppedTables.has(p.table) && !readsOtherDropped(p)) continue;
    if (!w || !samePolicy(p, w) || touches(p.table, `${p.using ?? ""} ${p.check ?? ""}`)) {
      add(
        "dropPolicies",
        stmt(`DROP POLICY IF EXISTS ${p.name} ON ${p.table}`, `policy ${p.id}`, w ? "differs" : "extra"),
      );
      if (w) recreated.add(`policy ${p.id}`);
    }
  }

  // Views: dependents before what they read when dropping.
  const views = diffMap(live.views, desired.views);
  const redo = recreatedViews(live, desired, tables.reshaped);
  const liveViewOrder = topoOrder(
    live.views.map((v) => v.id),
    (id) => views.have.get(id)!.deps,
  );
  for (const id of [...liveViewOrder].reverse()) {
    const v = views.have.get(id)!;
    if (!views.want.has(id) || redo.has(id)) {
      add(
        "dropViews",
        stmt(
          `DROP ${v.materialized ? "MATERIALIZED " : ""}VIEW IF EXISTS ${id}`,
          `view ${id}`,
          redo.has(id) ? "differs" : "extra",
        ),
      );
      if (redo.has(id)) recreated.add(`view ${id}`);
    }
  }

  // Constraints: foreign keys first; a changed primary or unique key takes the foreign keys that reference it along.
  const cons = diffMap(live.constraints, desired.constraints);
  const changedKeys = new Set<string>();
  const consChanged = (id: string) => {
    const h = cons.have.get(id)!;
    const w = cons.want.get(id);
    return !w || w.def !== h.def || touches(h.table, h.def);
  };
  for (const c of live.constraints)
    if ((c.type === "p" || c.type === "u") && consChanged(c.id)) changedKeys.add(c.table);
  const consRedo = (c: (typeof live.constraints)[0]) =>
    consChanged(c.id) || (c.type === "f" && [...changedKeys].some((t) => c.def.includes(`REFERENCES ${t}(`)));
  for (const pass of ["f", "other"])
    for (const c of live.constraints) {
      if ((c.type === "f") !== (pass === "f") || droppedTables.has(c.table) || !consRedo(c)) continue;
      add(
        "dropConstraints",
        stmt(
          `ALTER TABLE ${c.table} DROP CONSTRAINT IF EXISTS ${c.name}`,
          `constraint ${c.id}`,
          cons.want.has(c.id) ? "differs" : "extra",
        ),
      );
      if (cons.want.has(c.id)) recreated.add(`constraint ${c.id}`);
    }
  // Foreign keys into a dropped table go before it, wherever they are.
  const idx = diffMap(live.indexes, desired.indexes);
  for (const i of live.indexes) {
    const w = idx.want.get(i.id);
    if (droppedTables.has(i.table)) continue;
    if (!w || w.def !== i.def || touches(i.table, i.def)) {
      add("dropIndexes", stmt(`DROP INDEX IF EXISTS ${i.id}`, `index ${i.id}`, w ? "differs" : "extra"));
      if (w) recreated.add(`index ${i.id}`);
    }
  }

  // Default privileges, before anything is created.
  const dp = new Map(live.defaultPrivileges.map((d) => [`${d.schema}/${d.objtype}`, d]));
  const dpKeys = new Set([...dp.keys(), ...desired.defaultPrivileges.map((d) => `${d.schema}/${d.objtype}`)]);
  for (const key of [...dpKeys].sort()) {
    const [schema, objtype] = key.split("/");
    const have = dp.get(key)?.acl ?? [];
    const want = desired.defaultPrivileges.find((d) => `${d.schema}/${d.objtype}` === key)?.acl ?? [];
    const q = `"${schema.replace(/"/g, '""')}"`;
    for (const s of aclStatements(objtype, have, want, `default privileges ${schema} ${objtype}`))
      add("defaultPrivileges", {
        ...s,
        sql: s.sql.replace(/^(GRANT|REVOKE)/, `ALTER DEFAULT PRIVILEGES IN SCHEMA ${q} $1`),
      });
  }

  // Schemas and extensions.
  const liveSchemas = new Map(live.schemas.map((s) => [s.name, s]));
  const wantSchemas = new Set(desired.schemas.map((s) => s.name));
  for (const s of desired.schemas)
    if (!liveSchemas.has(s.name)) add("schemas", stmt(`CREATE SCHEMA "${s.name}"`, `schema ${s.name}`, "missing"));
  const liveExt = new Map(live.extensions.map((e) => [e.name, e]));
  const ownedSchemas = new Set([...liveSchemas.keys(), ...wantSchemas]);
  for (const e of desired.extensions) {
    const h = liveExt.get(e.name);
    if (!h)
      add(
        "extensions",
        stmt(`CREATE EXTENSION IF NOT EXISTS "${e.name}" WITH SCHEMA "${e.schema}"`, `extension ${e.name}`, "missing"),
      );
    else if (h.schema !== e.schema && (ownedSchemas.has(e.schema) || ownedSchemas.has(h.schema)))
      add(
        "extensions",
        stmt(`ALTER EXTENSION "${e.name}" SET SCHEMA "${e.schema}"`, `extension ${e.name}`, `in ${h.schema}`),
      );
  }
  for (const e of live.extensions)
    if (ownedSchemas.has(e.schema) && !desired.extensions.some((d) => d.name === e.name))
      add("dropLast", stmt(`DROP EXTENSION IF EXISTS "${e.name}"`, `extension ${e.name}`, "extra"));

  // Enums: values added in place; a removed or reordered value rebuilds the type.
  const enums = diffMap(live.enums, desired.enums);
  for (const e of desired.enums) {
    const h = enums.have.get(e.id);
    const object = `type ${e.id}`;
    if (!h) {
      add("types", stmt(`CREATE TYPE ${e.id} AS ENUM (${e.labels.map(literal).join(", ")})`, object, "missing"));
      continue;
    }
    const kept = e.labels.filter((l) => h.labels.includes(l));
    if (JSON.stringify(kept) === JSON.stringify(h.labels)) {
      e.labels.forEach((l, i) => {
        if (h.labels.includes(l)) return;
        const where = i === 0 ? `BEFORE ${literal(e.labels[1] ?? "")}` : `AFTER ${literal(e.labels[i - 1])}`;
        add("types", stmt(`ALTER TYPE ${e.id} ADD VALUE ${literal(l)} ${where}`, object, `value ${l} is missing`));
      });
    } else {
      const old = `${e.id}__old`;
      const oldName = old.slice(old.lastIndexOf(".") + 1);
      add("types", stmt(`ALTER TYPE ${e.id} RENAME TO ${oldName}`, object, "values removed or reordered", true));
      add(
        "types",
        stmt(
          `CREATE TYPE ${e.id} AS ENUM (${e.labels.map(literal).join(", ")})`,
          object,
          "values removed or reordered",
          true,
        ),
      );
      for (const t of live.tables)
        for (const c of t.columns)
          if (c.type === e.id || c.type === `${e.id}[]`) {
            const arr = c.type.endsWith("[]") ? "[]" : "";
            if (c.default !== null)
              add(
                "types",
                stmt(`ALTER TABLE ${t.id} ALTER COLUMN ${c.name} DROP DEFAULT`, object, "its type is rebuilt"),
              );
            add(
              "types",
              stmt(
                `ALTER TABLE ${t.id} ALTER COLUMN ${c.name} TYPE ${e.id}${arr} USING ${c.name}::text${arr}::${e.id}${arr}`,
                object,
                "its type is rebuilt",
                true,
              ),
            );
            if (c.default !== null)
              add(
                "types",
                stmt(
                  `ALTER TABLE ${t.id} ALTER COLUMN ${c.name} SET DEFAULT ${c.default}`,
                  object,
                  "its type is rebuilt",
                ),
              );
          }
      add(
        "types",
        stmt(
          `DROP TYPE ${e.schema === "" ? oldName : `${e.id.slice(0, e.id.lastIndexOf("."))}.${oldName}`}`,
          object,
          "values removed or reordered",
          true,
        ),
      );
    }
  }
  for (const e of live.enums)
    if (!enums.want.has(e.id)) add("dropTypes", stmt(`DROP TYPE IF EXISTS ${e.id}`, `type ${e.id}`, "extra"));

  // Domains.
  const doms = diffMap(live.domains, desired.domains);
  for (const d of desired.domains) {
    const h = doms.have.get(d.id);
    const object = `domain ${d.id}`;
    const create = () =>
      add(
        "domains",
        stmt(
          `CREATE DOMAIN ${d.id} AS ${d.base}${d.collation ? ` COLLATE ${d.collation}` : ""}${d.default !== null ? ` DEFAULT ${d.default}` : ""}${d.notNull ? " NOT NULL" : ""}${d.checks.map((c) => ` CONSTRAINT ${c.name} ${c.def}`).join("")}`,
          object,
          "missing",
        ),
      );
    if (!h) create();
    else if (h.base !== d.base || h.collation !== d.collation) {
      add("domains", stmt(`DROP DOMAIN ${d.id}`, object, `base type ${h.base} → ${d.base}`, true));
      recreated.add(object);
      create();
    } else {
      if (h.default !== d.default)
        add(
          "domains",
          stmt(
            `ALTER DOMAIN ${d.id} ${d.default === null ? "DROP DEFAULT" : `SET DEFAULT ${d.default}`}`,
            object,
            "default differs",
          ),
        );
      if (h.notNull !== d.notNull)
        add("domains", stmt(`ALTER DOMAIN ${d.id} ${d.notNull ? "SET" : "DROP"} NOT NULL`, object, "not null differs"));
      const hc = new Map(h.checks.map((c) => [c.name, c.def]));
      const wc = new Map(d.checks.map((c) => [c.name, c.def]));
      for (const [n, def] of hc)
        if (wc.get(n) !== def)
          add("domains", stmt(`ALTER DOMAIN ${d.id} DROP CONSTRAINT ${n}`, object, `check ${n} differs`));
      for (const [n, def] of wc)
        if (hc.get(n) !== def)
          add("domains", stmt(`ALTER DOMAIN ${d.id} ADD CONSTRAINT ${n} ${def}`, object, `check ${n} differs`));
    }
  }
  for (const d of live.domains)
    if (!doms.want.has(d.id)) add("dropTypes", stmt(`DROP DOMAIN IF EXISTS ${d.id}`, `domain ${d.id}`, "extra"));

  // Sequences.
  const seqs = diffMap(live.sequences, desired.sequences);
  for (const s of desired.sequences) {
    const h = seqs.have.get(s.id);
    const opts = `AS ${s.type} INCREMENT BY ${s.increment} MINVALUE ${s.min} MAXVALUE ${s.max} START WITH ${s.start} CACHE ${s.cache} ${s.cycle ? "" : "NO "}CYCLE`;
    if (!h) add("sequences", stmt(`CREATE SEQUENCE ${s.id} ${opts}`, `sequence ${s.id}`, "missing"));
    else if (
      h.type !== s.type ||
      h.increment !== s.increment ||
      h.min !== s.min ||
      h.max !== s.max ||
      h.start !== s.start ||
      h.cache !== s.cache ||
      h.cycle !== s.cycle
    )
      add("sequences", stmt(`ALTER SEQUENCE ${s.id} ${opts}`, `sequence ${s.id}`, "options differ"));
    if ((h?.ownedBy ?? null) !== s.ownedBy)
      add(
        "ownedBy",
        stmt(`ALTER SEQUENCE ${s.id} OWNED BY ${s.ownedBy ?? "NONE"}`, `sequence ${s.id}`, "owner column differs"),
      );
  }
  for (const s of live.sequences)
    if (!seqs.want.has(s.id))
      add("dropSequences", stmt(`DROP SEQUENCE IF EXISTS ${s.id}`, `sequence ${s.id}`, "extra"));

  // Functions: early when a column default or a domain calls them, else after the tables.
  const fns = diffMap(live.functions, desired.functions);
  const defaults = [
    ...desired.tables.flatMap((t) => t.columns.map((c) => `${c.default ?? ""} ${c.generated ?? ""}`)),
    ...desired.domains.flatMap((d) => [d.default ?? "", ...d.checks.map((c) => c.def)]),
  ].join("\n");
  for (const f of desired.functions) {
    const h = fns.have.get(f.id);
    if (h && h.def === f.def) continue;
    const early = f.rowTypes.length === 0 && defaults.includes(f.id.slice(0, f.id.indexOf("(")) + "(");
    const phase = early ? "functionsEarly" : "functionsLate";
    if (h && (h.returns !== f.returns || h.kind !== f.kind)) {
      add("dropFunctions", stmt(`DROP ${fnTarget(h)}`, `function ${f.id}`, "its result type differs"));
      recreated.add(`function ${f.id}`);
    }
    add(phase, stmt(f.def.trim(), `function ${f.id}`, h ? "body or options differ" : "missing"));
  }
  // An extra function goes last (a dropped column's default may call it), unless it uses a dropped table's row type.
  for (const f of live.functions)
    if (!fns.want.has(f.id))
      add(
        f.rowTypes.some((t) => droppedTables.has(t)) ? "dropFunctions" : "dropLast",
        stmt(`DROP ${fnTarget(f)}`, `function ${f.id}`, "extra"),
      );

  add("tables", ...tables.create);
  add("tableAlters", ...tables.alter);
  add("dropTables", ...tables.drop);

  // Constraints: created (non-foreign first), then indexes.
  for (const pass of ["other", "f"])
    for (const c of desired.constraints) {
      if ((c.type === "f") !== (pass === "f")) continue;
      const h = cons.have.get(c.id);
      if (h && !recreated.has(`constraint ${c.id}`)) continue;
      add(
        "constraints",
        stmt(
          `ALTER TABLE ${c.table} ADD CONSTRAINT ${c.name} ${c.def}`,
          `constraint ${c.id}`,
          h ? "differs" : "missing",
        ),
      );
    }
  for (const i of desired.indexes) {
    const h = idx.have.get(i.id);
    if (h && !recreated.has(`index ${i.id}`)) continue;
    add("indexes", stmt(i.def, `index ${i.id}`, h ? "differs" : "missing"));
  }

  // Views, each after those it reads.
  const wantViewOrder = topoOrder(
    desired.views.map((v) => v.id),
    (id) => views.want.get(id)!.deps,
  );
  for (const id of wantViewOrder) {
    const v = views.want.get(id)!;
    if (views.have.has(id) && !redo.has(id)) continue;
    add("views", stmt(viewSql(v), `view ${id}`, views.have.has(id) ? "differs" : "missing"));
  }

  // Triggers and policies.
  for (const t of desired.triggers) {
    const h = trig.have.get(t.id);
    const fresh = !h || recreated.has(`trigger ${t.id}`);
    if (fresh) add("triggers", stmt(t.def, `trigger ${t.id}`, h ? "differs" : "missing"));
    if ((fresh ? "O" : h!.enabled) !== t.enabled) {
      const how = { D: "DISABLE", O: "ENABLE", R: "ENABLE REPLICA", A: "ENABLE ALWAYS" }[t.enabled] ?? "ENABLE";
      add("triggers", stmt(`ALTER TABLE ${t.table} ${how} TRIGGER ${t.name}`, `trigger ${t.id}`, "enabled differs"));
    }
  }
  add("rls", ...tableExtras(live, desired, recreated));
  for (const p of desired.policies) {
    const h = pol.have.get(p.id);
    if (h && !recreated.has(`policy ${p.id}`)) continue;
    const sql =
      `CREATE POLICY ${p.name} ON ${p.table} AS ${p.permissive ? "PERMISSIVE" : "RESTRICTIVE"} FOR ${p.cmd} TO ${p.roles.join(", ")}` +
      (p.using !== null ? ` USING (${p.using})` : "") +
      (p.check !== null ? ` WITH CHECK (${p.check})` : "");
    add("policies", stmt(sql, `policy ${p.id}`, h ? "differs" : "missing"));
  }

  // Drops of what nothing declared uses any more.
  for (const s of live.schemas)
    if (!wantSchemas.has(s.name))
      add(
        "dropLast",
        stmt(`DROP SCHEMA "${s.name}" CASCADE`, `schema ${s.name}`, "not declared: everything in it goes", true),
      );

  grantsAndComments(live, desired, recreated, add);
  const order = [
    "dropTriggers",
    "dropPolicies",
    "dropViews",
    "dropConstraints",
    "dropIndexes",
    "dropFunctions",
    "defaultPrivileges",
    "schemas",
    "extensions",
    "types",
    "domains",
    "sequences",
    "functionsEarly",
    "tables",
    "tableAlters",
    "functionsLate",
    "dropTables",
    "dropSequences",
    "dropTypes",
    "ownedBy",
    "constraints",
    "indexes",
    "views",
    "triggers",
    "rls",
    "policies",
    "grants",
    "comments",
    "dropLast",
  ];
  const statements = order.flatMap((p) => S[p] ?? []);
  return { statements, refused: options.allowDestructive ? [] : statements.filter((s) => s.destructive) };
}
