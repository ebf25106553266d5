/** Small pieces of DDL text the planner shares: literals, ACL statements, type widening. */
import type { Acl, Catalog, DefaultPrivilegeObj } from "./catalog";

export interface Statement {
  /** One DDL statement, without the trailing semicolon. */
  sql: string;
  /** True when it can lose data: dropping a table, a column or a schema, narrowing a type, removing an enum value. */
  destructive: boolean;
  /** The object it changes, e.g. `table public.notes`, `policy public.notes.owner_read`, `grants table public.notes`. */
  object: string;
  /** Why it is in the plan: `missing`, `extra`, or what differs. */
  reason: string;
}

export const literal = (s: string | null) => (s === null ? "NULL" : `'${s.replace(/'/g, "''")}'`);

export const stmt = (sql: string, object: string, reason: string, destructive = false): Statement => ({
  sql,
  object,
  reason,
  destructive,
});

/** `GRANTEE PRIV[ WITH GRANT OPTION]` → its parts. */
function aclParts(entry: string): { grantee: string; priv: string; grantable: boolean } {
  const grantable = entry.endsWith(" WITH GRANT OPTION");
  const body = grantable ? entry.slice(0, -" WITH GRANT OPTION".length) : entry;
  const i = body.lastIndexOf(" ");
  return { grantee: body.slice(0, i), priv: body.slice(i + 1), grantable };
}

/**
 * GRANT and REVOKE statements that take `have` to `want` on `target`
 * (`TABLE public.t`, `SCHEMA app`, `FUNCTION public.f(integer)`...); `columns`
 * names a column for column privileges.
 */
export function aclStatements(target: string, have: Acl, want: Acl, object: string, column?: string): Statement[] {
  const col = column ? ` (${column})` : "";
  const haveSet = new Set(have);
  const wantSet = new Set(want);
  const out: Statement[] = [];
  for (const e of have)
    if (!wantSet.has(e)) {
      const { grantee, priv, grantable } = aclParts(e);
      // Only the grant option goes when the privilege itself stays.
      const keeps = !grantable ? false : wantSet.has(`${grantee} ${priv}`);
      out.push(
        stmt(
          keeps
            ? `REVOKE GRANT OPTION FOR ${priv}${col} ON ${target} FROM ${grantee}`
            : `REVOKE ${priv}${col} ON ${target} FROM ${grantee}`,
          object,
          `${e} is granted but not declared`,
        ),
      );
    }
  for (const e of want)
    if (!haveSet.has(e)) {
      const { grantee, priv, grantable } = aclParts(e);
      if (!grantable && haveSet.has(`${e} WITH GRANT OPTION`)) continue;
      out.push(
        stmt(
          `GRANT ${priv}${col} ON ${target} TO ${grantee}${grantable ? " WITH GRANT OPTION" : ""}`,
          object,
          `${e} is declared but not granted`,
        ),
      );
    }
  return out;
}

/** What a new object's ACL is right after its creation: the builtin default plus the schema's default privileges. */
export function predictedAcl(
  desired: Catalog,
  schema: string,
  objtype: DefaultPrivilegeObj["objtype"],
  builtin: Acl = [],
): Acl {
  const extra = desired.defaultPrivileges.find((d) => d.schema === schema && d.objtype === objtype)?.acl ?? [];
  return [...new Set([...builtin, ...extra])].sort();
}

const INTS = ["smallint", "integer", "bigint"];
const FLOATS = ["real", "double precision"];

/** Whether changing a column from `from` to `to` keeps every value (a widening). */
export function isWidening(from: string, to: string): boolean {
  if (from === to) return true;
  if (to === "text") return /^(character varying|character|text|citext)/.test(from) || INTS.includes(from);
  const i = INTS.indexOf(from);
  const j = INTS.indexOf(to);
  if (i >= 0 && j >= 0) return j >= i;
  if (FLOATS.includes(from) && FLOATS.includes(to)) return FLOATS.indexOf(to) >= FLOATS.indexOf(from);
  if (i >= 0 && (to === "numeric" || to.startsWith("numeric("))) return true;
  const vc = (t: string) => /^character varying(?:\((\d+)\))?$/.exec(t);
  const fv = vc(from) ?? /^character(?:\((\d+)\))?$/.exec(from);
  const tv = vc(to);
  if (fv && tv) return tv[1] === undefined || (fv[1] !== undefined && Number(tv[1]) >= Number(fv[1]));
  const num = (t: string) => /^numeric(?:\((\d+),(\d+)\))?$/.exec(t);
  const fn = num(from);
  const tn = num(to);
  if (fn && tn) {
    if (tn[1] === undefined) return true;
    if (fn[1] === undefined) return false;
    const [p1, s1, p2, s2] = [fn[1], fn[2], tn[1], tn[2]].map(Number);
    return s2 >= s1 && p2 - s2 >= p1 - s1;
  }
  return false;
}

/** Orders ids so that each comes after the ids it depends on (ties by name); cycles fall back to name order. */
export function topoOrder(ids: string[], deps: (id: string) => string[]): string[] {
  const set = new Set(ids);
  const out: string[] = [];
  const state = new Map<string, 1 | 2>();
  const visit = (id: string) => {
    if (state.get(id) === 2 || state.get(id) === 1) return;
    state.set(id, 1);
    for (const d of deps(id).sort()) if (set.has(d)) visit(d);
    state.set(id, 2);
    out.push(id);
  };
  for (const id of [...ids].sort()) visit(id);
  return out;
}

/** Whether `text` mentions `name` as a whole identifier. */
export function mentions(text: string, name: string): boolean {
  const esc = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(^|[^A-Za-z0-9_$])${esc}($|[^A-Za-z0-9_$])`).test(text);
}
