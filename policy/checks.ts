/**
 * The rules' judgements, as pure functions of declared inputs (made plain by
 * policy/inputs.ts): one resource at a time for the per-resource rules, the
 * whole stack for the ones that need every migration. Each finding names the
 * resource, the field and the fix; a value unknown at preview is never judged.
 */
import { parseCidr } from "../provider/cidr";
import { isKnown, UNKNOWN, type Plain } from "./inputs";
import { AUTH_THRESHOLDS, DEFAULT_EXPOSED_SCHEMAS, rule } from "./rules";
import { analyzeMigrations, tableRowsTarget, type CreatedTable } from "./sql";

export interface Finding {
  rule: string;
  /** The resource the finding is about (stack rules report it; resource rules are about the one judged). */
  urn?: string;
  field: string;
  message: string;
}

function finding(ruleName: string, kind: string, name: string, field: string, problem: string, urn?: string): Finding {
  return {
    rule: ruleName,
    field,
    message: `${kind} "${name}": ${field} ${problem}. Fix: ${rule(ruleName).fix}`,
    ...(urn ? { urn } : {}),
  };
}

/** The findings of the per-resource rules on one resource of `kind`. */
export function resourceFindings(kind: string, name: string, props: Plain): Finding[] {
  const out: Finding[] = [];
  const add = (r: string, field: string, problem: string) => out.push(finding(r, kind, name, field, problem));
  switch (kind) {
    case "NetworkRestriction":
      for (const field of ["dbAllowedCidrs", "dbAllowedCidrsV6"]) {
        const list = props[field];
        if (!Array.isArray(list)) continue;
        for (const c of list) {
          const cidr = typeof c === "string" ? parseCidr(c) : undefined;
          if (cidr && cidr.prefix === 0)
            add(
              "network_restrictions_not_set",
              field,
              `allows ${c}, every ${cidr.family === 4 ? "IPv4" : "IPv6"} address`,
            );
        }
      }
      break;
    case "SslEnforcement":
      if (props.database === false)
        add("ssl_not_enforced", "database", "is false: connections without SSL are accepted");
      break;
    case "AuthConfig":
      out.push(...authFindings(name, props));
      break;
    case "LegacyApiKeys":
      if (props.enabled === true)
        add("legacy_api_keys_enabled", "enabled", "is true: the legacy anon and service_role keys still work");
      break;
    case "StorageBucket": {
      if (props.public !== true) break;
      const size = props.fileSizeLimit;
      const types = props.allowedMimeTypes;
      if (size === UNKNOWN || types === UNKNOWN) break;
      const noSize = size === undefined || size === null;
      const noTypes = !Array.isArray(types) || types.length === 0;
      if (noSize && noTypes)
        add("public_bucket_without_limits", "fileSizeLimit, allowedMimeTypes", "are not declared on a public bucket");
      break;
    }
  }
  return out;
}

function authFindings(name: string, props: Plain): Finding[] {
  const out: Finding[] = [];
  const add = (r: string, field: string, problem: string) => out.push(finding(r, "AuthConfig", name, field, problem));
  const num = (field: string) => (typeof props[field] === "number" ? (props[field] as number) : undefined);
  if (props.passwordHibpEnabled === false)
    add(
      "auth_leaked_password_protection",
      "passwordHibpEnabled",
      "is false: passwords known from breaches are accepted",
    );
  const exp = num("mailerOtpExp");
  if (exp !== undefined && exp > AUTH_THRESHOLDS.maxOtpExpirySeconds)
    add("auth_otp_long_expiry", "mailerOtpExp", `is ${exp} s, above ${AUTH_THRESHOLDS.maxOtpExpirySeconds} s`);
  for (const field of ["mailerOtpLength", "smsOtpLength", "mfaPhoneOtpLength"]) {
    const n = num(field);
    if (n !== undefined && n < AUTH_THRESHOLDS.minOtpLength)
      add("auth_otp_short_length", field, `is ${n}, below ${AUTH_THRESHOLDS.minOtpLength} digits`);
  }
  const min = num("passwordMinLength");
  if (min !== undefined && min < AUTH_THRESHOLDS.minPasswordLength)
    add(
      "password_requirements_min_length",
      "passwordMinLength",
      `is ${min}, below ${AUTH_THRESHOLDS.minPasswordLength}`,
    );
  // MFA: judged only when declared; undeclared factors count at the platform's defaults (TOTP on).
  const factors: Array<[string, boolean]> = [
    ["Totp", true],
    ["Phone", false],
    ["WebAuthn", false],
  ];
  const fields = factors.flatMap(([f]) => [`mfa${f}EnrollEnabled`, `mfa${f}VerifyEnabled`]);
  const declared = fields.filter((f) => props[f] !== undefined);
  if (declared.length > 0 && declared.every((f) => props[f] !== UNKNOWN)) {
    const on = factors.filter(([f, dflt]) =>
      [`mfa${f}EnrollEnabled`, `mfa${f}VerifyEnabled`].every((k) =>
        props[k] === undefined ? dflt : props[k] === true,
      ),
    );
    if (on.length < AUTH_THRESHOLDS.minMfaFactors)
      add(
        "auth_insufficient_mfa_options",
        declared.join(", "),
        `leave ${on.length} MFA factor type${on.length === 1 ? "" : "s"} enabled (${on.map(([f]) => f).join(", ") || "none"}), fewer than ${AUTH_THRESHOLDS.minMfaFactors}`,
      );
  }
  return out;
}

/** A resource of the stack as the stack rules see it. */
export interface StackResource {
  urn: string;
  name: string;
  kind: string;
  props: Plain;
  /** The URNs each input depends on (an output of another resource of the stack). */
  propertyDependencies: Record<string, string[]>;
}

export interface StackOptions {
  /** The stack's name and its project's, from the resources' URNs. */
  stack: string;
  project: string;
  protectedStacks: string[];
}

/** The schemas the Data API exposes: every known `PostgrestConfig.dbSchema` of the stack, or the defaults. */
export function exposedSchemas(resources: StackResource[]): string[] {
  const declared = resources
    .filter((r) => r.kind === "PostgrestConfig" && typeof r.props.dbSchema === "string")
    .flatMap((r) => (r.props.dbSchema as string).split(",").map((s) => s.trim().replace(/^"(.*)"$/, "$1")))
    .filter(Boolean);
  return declared.length ? [...new Set(declared)] : DEFAULT_EXPOSED_SCHEMAS;
}

/** A declared file of a `DatabaseSchema`: its path in `sourceDir` (or `sql`) and text. */
export interface SchemaFile {
  name: string;
  sql: string;
}

/** Reads a `DatabaseSchema`'s `sourceDir` (the pack resolves it from the program's folder). */
export type ReadSourceDir = (dir: string) => SchemaFile[];

/**
 * The tables a `DatabaseSchema` declares in the schemas it owns that are
 * exposed, and whether its SQL enables row level security on each: its files
 * read in their order, alone (the schema's `up` undoes what a migration of
 * the stack would add to the tables it owns).
 */
function declaredSchemaFindings(
  r: StackResource,
  exposed: string[],
  readDir?: ReadSourceDir,
): {
  findings: Finding[];
  open: CreatedTable[];
} {
  const field = typeof r.props.sql === "string" ? "sql" : "sourceDir";
  let files: SchemaFile[];
  if (typeof r.props.sql === "string") files = [{ name: "sql", sql: r.props.sql }];
  else if (typeof r.props.sourceDir === "string" && readDir) {
    try {
      files = readDir(r.props.sourceDir);
    } catch {
      return { findings: [], open: [] }; // the kind's check names a folder it cannot read
    }
  } else return { findings: [], open: [] };
  const owned =
    Array.isArray(r.props.schemas) && r.props.schemas.every((s) => typeof s === "string")
      ? (r.props.schemas as string[])
      : ["public"];
  // File names sort as the kind loads them; each is analyzed as one migration of a sequence.
  const analysis = analyzeMigrations(files.map((f) => ({ urn: r.urn, name: f.name, sql: f.sql })));
  const findings: Finding[] = analysis.unreadable.map((u) => ({
    rule: "rls_disabled_in_public",
    urn: r.urn,
    field,
    message:
      `DatabaseSchema "${r.name}": ${u.migration === "sql" ? "sql" : `${field} file ${u.migration}`} cannot be parsed ` +
      `(line ${u.line}, column ${u.column}: ${u.message}), so the tables it declares cannot be checked for row level security. Fix: correct the SQL.`,
  }));
  const open = analysis.tables.filter((t) => !t.rls && exposed.includes(t.schema) && owned.includes(t.schema));
  for (const t of open)
    findings.push(
      finding(
        "rls_disabled_in_public",
        "DatabaseSchema",
        r.name,
        field,
        `declares table ${t.schema}.${t.table}${t.migration === "sql" ? "" : ` (in ${t.migration})`} in the exposed schema ${t.schema} without \`enable row level security\``,
        r.urn,
      ),
    );
  return { findings, open: open.map((t) => ({ ...t, migration: r.name })) };
}

/**
 * The findings of the row-level-security rules over all of the stack's
 * migrations, declared schemas and seeds. Load the parser first. `readDir`
 * reads a `DatabaseSchema`'s `sourceDir`; without it only `sql` is judged.
 */
export function rlsFindings(resources: StackResource[], readDir?: ReadSourceDir): Finding[] {
  const out: Finding[] = [];
  const migrations = resources.filter((r) => r.kind === "DatabaseMigration" && typeof r.props.sql === "string");
  const analysis = analyzeMigrations(
    migrations.map((r) => ({
      urn: r.urn,
      name: typeof r.props.name === "string" ? r.props.name : r.name,
      sql: r.props.sql as string,
    })),
  );
  const nameOf = new Map(migrations.map((r) => [r.urn, r.name]));
  for (const u of analysis.unreadable)
    out.push({
      rule: "rls_disabled_in_public",
      urn: u.urn,
      field: "sql",
      message:
        `DatabaseMigration "${nameOf.get(u.urn)}": sql cannot be parsed (line ${u.line}, column ${u.column}: ${u.message}), ` +
        "so the tables it creates cannot be checked for row level security. Fix: correct the SQL.",
    });
  const exposed = exposedSchemas(resources);
  const open = analysis.tables.filter((t) => !t.rls && exposed.includes(t.schema));
  const declared = resources
    .filter((r) => r.kind === "DatabaseSchema")
    .map((r) => declaredSchemaFindings(r, exposed, readDir));
  for (const t of open)
    out.push(
      finding(
        "rls_disabled_in_public",
        "DatabaseMigration",
        nameOf.get(t.urn)!,
        "sql",
        `creates table ${t.schema}.${t.table} in the exposed schema ${t.schema} and no migration of the stack enables row level security on it`,
        t.urn,
      ),
    );
  for (const d of declared) out.push(...d.findings);
  const declaredOpen = new Set(declared.flatMap((d) => d.open));
  const openAll = [...open, ...declaredOpen];
  for (const r of resources) {
    if (r.kind !== "TableRows" || typeof r.props.table !== "string") continue;
    const t = seededTable(r.props.table, openAll, exposed);
    if (t)
      out.push(
        finding(
          "table_rows_rls_disabled",
          "TableRows",
          r.name,
          "table",
          `writes into ${t.schema}.${t.table}, which ${declaredOpen.has(t) ? `DatabaseSchema "${t.migration}" declares` : `migration "${t.migration}" creates`} in an exposed schema without row level security`,
          r.urn,
        ),
      );
  }
  return out;
}

/** The open table a `TableRows.table` names: by SQL name, else by GraphQL type name (inflected or not). */
function seededTable(text: string, open: CreatedTable[], exposed: string[]): CreatedTable | undefined {
  const target = tableRowsTarget(text);
  const bySql = open.find((t) => t.table === target.table && (target.schema ?? exposed[0]) === t.schema);
  if (bySql || target.schema) return bySql;
  const squash = (s: string) => s.replace(/_/g, "").toLowerCase();
  return open.find((t) => squash(t.table) === squash(text));
}

/** The findings of `pitr_not_enabled` on a stack its config marks as protected. */
export function pitrFindings(resources: StackResource[], opts: StackOptions): Finding[] {
  const marked = opts.protectedStacks.some((s) => s === opts.stack || s === `${opts.project}/${opts.stack}`);
  if (!marked) return [];
  const out: Finding[] = [];
  const addons = resources.filter((r) => r.kind === "ProjectAddons");
  for (const a of addons)
    if (a.props.pitr === "disabled")
      out.push(
        finding(
          "pitr_not_enabled",
          "ProjectAddons",
          a.name,
          "pitr",
          `is "disabled" on the protected stack ${opts.stack}`,
          a.urn,
        ),
      );
  for (const p of resources.filter((r) => r.kind === "Project")) {
    const linked = addons.filter(
      (a) =>
        (a.propertyDependencies.projectRef ?? []).includes(p.urn) ||
        (isKnown(a.props.projectRef) && a.props.projectRef === p.props.ref),
    );
    // A link that is not known yet (an unknown projectRef without a dependency) is not judged.
    if (
      !linked.length &&
      addons.some((a) => a.props.projectRef === UNKNOWN && !(a.propertyDependencies.projectRef ?? []).length)
    )
      continue;
    // A ProjectAddons that declares pitr is judged on its own (above).
    if (!linked.some((a) => a.props.pitr !== undefined))
      out.push(
        finding(
          "pitr_not_enabled",
          "Project",
          p.name,
          "ProjectAddons.pitr",
          `is not declared for this project on the protected stack ${opts.stack}`,
          p.urn,
        ),
      );
  }
  return out;
}

/** The project a `DatabaseSchema` targets: its known ref, else the resources its unknown ref comes from. */
function schemaTarget(r: StackResource): { ref?: string; from: string[] } | undefined {
  if (isKnown(r.props.projectRef) && typeof r.props.projectRef === "string")
    return { ref: r.props.projectRef, from: [] };
  const from = r.propertyDependencies.projectRef ?? [];
  return from.length ? { from } : undefined;
}

/** The schemas a `DatabaseSchema` owns (`public` when it says none), or undefined while not known. */
function ownedSchemas(r: StackResource): string[] | undefined {
  const s = r.props.schemas;
  if (s === undefined || s === null) return ["public"];
  return Array.isArray(s) && s.every((x) => typeof x === "string") ? (s as string[]) : undefined;
}

/**
 * `schema_owned_twice`: each schema of one project that two `DatabaseSchema`s own, reported on the later one
 * (in the stack's order), naming the earlier. Refs and schemas not known at preview are not judged.
 */
export function schemaOwnerFindings(resources: StackResource[]): Finding[] {
  const out: Finding[] = [];
  const schemas = resources
    .filter((r) => r.kind === "DatabaseSchema")
    .map((r) => ({ r, target: schemaTarget(r), owned: ownedSchemas(r) }))
    .filter((x) => x.target && x.owned);
  for (let i = 0; i < schemas.length; i++)
    for (let j = 0; j < i; j++) {
      const [a, b] = [schemas[j]!, schemas[i]!];
      const sameRef = a.target!.ref !== undefined && a.target!.ref === b.target!.ref;
      const sameSource = !a.target!.ref && !b.target!.ref && a.target!.from.some((u) => b.target!.from.includes(u));
      if (!sameRef && !sameSource) continue;
      const project = sameRef ? `project ${a.target!.ref}` : "the same project";
      for (const s of b.owned!.filter((x) => a.owned!.includes(x)))
        out.push(
          finding(
            "schema_owned_twice",
            "DatabaseSchema",
            b.r.name,
            "schemas",
            `owns schema ${s} of ${project}, which DatabaseSchema "${a.r.name}" also owns: each would drop what the other declares`,
            b.r.urn,
          ),
        );
    }
  return out;
}
