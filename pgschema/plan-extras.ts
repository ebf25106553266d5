/** The planner's last part: grants and comments of schemas, types, sequences, functions, views and table parts. */
import type { Catalog, FunctionObj } from "./catalog";
import { aclStatements, literal, predictedAcl, stmt, type Statement } from "./sql-text";

const byId = <T extends { id: string }>(xs: T[]) => new Map(xs.map((x) => [x.id, x]));
export const fnTarget = (f: FunctionObj) => `${f.kind} ${f.id}`;

export type Add = (phase: string, ...xs: Statement[]) => void;

/** Grants and comments of schemas, types, sequences, functions and views (tables have theirs in `tableExtras`). */
export function grantsAndComments(live: Catalog, desired: Catalog, recreated: Set<string>, add: Add): void {
  const pick = <T extends { id: string }>(xs: T[], kind: string) => {
    const m = byId(xs);
    return (id: string) => (recreated.has(`${kind} ${id}`) ? undefined : m.get(id));
  };
  const comment = (target: string, have: string | null | undefined, want: string | null, object: string) => {
    if ((have ?? null) !== want)
      add("comments", stmt(`COMMENT ON ${target} IS ${literal(want)}`, `comment ${object}`, "comment differs"));
  };
  const liveSchemas = new Map(live.schemas.map((s) => [s.name, s]));
  for (const s of desired.schemas) {
    const h = liveSchemas.get(s.name);
    add("grants", ...aclStatements(`SCHEMA "${s.name}"`, h?.acl ?? [], s.acl, `grants schema ${s.name}`));
    comment(`SCHEMA "${s.name}"`, h?.comment, s.comment, `schema ${s.name}`);
  }
  const en = pick(live.enums, "type");
  for (const e of desired.enums) {
    const h = en(e.id);
    add(
      "grants",
      ...aclStatements(
        `TYPE ${e.id}`,
        h?.acl ?? predictedAcl(desired, e.schema, "TYPES", ["PUBLIC USAGE"]),
        e.acl,
        `grants type ${e.id}`,
      ),
    );
    comment(`TYPE ${e.id}`, h?.comment, e.comment, `type ${e.id}`);
  }
  const dm = pick(live.domains, "domain");
  for (const d of desired.domains) {
    const h = dm(d.id);
    add(
      "grants",
      ...aclStatements(
        `DOMAIN ${d.id}`,
        h?.acl ?? predictedAcl(desired, d.schema, "TYPES", ["PUBLIC USAGE"]),
        d.acl,
        `grants domain ${d.id}`,
      ),
    );
    comment(`DOMAIN ${d.id}`, h?.comment, d.comment, `domain ${d.id}`);
  }
  const sq = pick(live.sequences, "sequence");
  for (const s of desired.sequences) {
    const h = sq(s.id);
    add(
      "grants",
      ...aclStatements(
        `SEQUENCE ${s.id}`,
        h?.acl ?? predictedAcl(desired, s.schema, "SEQUENCES"),
        s.acl,
        `grants sequence ${s.id}`,
      ),
    );
    comment(`SEQUENCE ${s.id}`, h?.comment, s.comment, `sequence ${s.id}`);
  }
  const fn = pick(live.functions, "function");
  for (const f of desired.functions) {
    const h = fn(f.id);
    add(
      "grants",
      ...aclStatements(
        fnTarget(f),
        h?.acl ?? predictedAcl(desired, f.schema, "FUNCTIONS", ["PUBLIC EXECUTE"]),
        f.acl,
        `grants function ${f.id}`,
      ),
    );
    comment(fnTarget(f), h?.comment, f.comment, `function ${f.id}`);
  }
  const vw = pick(live.views, "view");
  for (const v of desired.views) {
    const h = vw(v.id);
    add(
      "grants",
      ...aclStatements(
        `TABLE ${v.id}`,
        h?.acl ?? predictedAcl(desired, v.schema, "TABLES"),
        v.acl,
        `grants view ${v.id}`,
      ),
    );
    comment(`${v.materialized ? "MATERIALIZED " : ""}VIEW ${v.id}`, h?.comment, v.comment, `view ${v.id}`);
    for (const [col, text] of Object.entries({
      ...Object.fromEntries(Object.keys(h?.columnComments ?? {}).map((k) => [k, null])),
      ...v.columnComments,
    }))
      comment(`COLUMN ${v.id}.${col}`, h?.columnComments[col], text, `view column ${v.id}.${col}`);
  }
  const simple: Array<
    [
      string,
      Array<{ id: string; comment: string | null; table?: string; name?: string }>,
      Array<{ id: string; comment: string | null; table?: string; name?: string }>,
    ]
  > = [
    ["constraint", live.constraints, desired.constraints],
    ["index", live.indexes, desired.indexes],
    ["policy", live.policies, desired.policies],
    ["trigger", live.triggers, desired.triggers],
  ];
  for (const [kind, haveList, wantList] of simple) {
    const get = pick(haveList, kind);
    for (const o of wantList) {
      const target = kind === "index" ? `INDEX ${o.id}` : `${kind.toUpperCase()} ${o.name} ON ${o.table}`;
      comment(target, get(o.id)?.comment, o.comment, `${kind} ${o.id}`);
    }
  }
}
