/**
 * DatabaseSchema: the database schema as code. The declared SQL (`sourceDir`
 * or `sql`) is loaded into a scratch PGlite; the plan from the live catalog
 * of the owned schemas to the declared one is applied as ONE migration of
 * the platform's history (one transaction); refresh reads the live catalog
 * and names the objects that differ. The engine is pgschema/ (see
 * docs/schema-engine.md); its documentation is `databaseSchemaDoc` below.
 */
import { DeclaredSqlError, migrationSql, planMigration, reservedReason, type Catalog } from "../../../pgschema";
import { defineKind } from "../../kind";
import { whenProjectReady } from "../../poll";
import { checkWith, containsUnknown, type CheckFailure, type Props, type ResourceImpl } from "../common";
import { withDrift } from "../drift";
import { databaseSchemaDoc } from "./doc";
import { databaseSchemaInputs } from "./inputs";
import { claimSchemas } from "./owners";
import {
  applyError,
  applyMigration,
  declarationHash,
  declaredFiles,
  desiredCatalog,
  liveCatalog,
  migrationName,
  planFor,
  refuseDestructive,
} from "./engine";

const DEFAULTS = {
  schemas: ["public"],
  allowDestructive: false,
  migrationName: "declarative_schema",
  onDelete: "retain",
};

function failure(property: string, reason: string): CheckFailure {
  return { property, reason };
}

/** What `check` computes beyond the schema: the files, their hash, the scratch load and, when it can read the project, the plan. */
async function checkDeclaration(inputs: Props): Promise<CheckFailure[]> {
  const where = inputs.sql !== undefined ? "sql" : "sourceDir";
  let files;
  try {
    files = declaredFiles(inputs);
  } catch (err) {
    return [failure("sourceDir", `cannot read ${inputs.sourceDir}: ${(err as Error).message}`)];
  }
  inputs.hash = declarationHash(files, inputs.schemas);
  let desired: Catalog;
  try {
    desired = await desiredCatalog(files, inputs.schemas);
  } catch (err) {
    if (err instanceof DeclaredSqlError) return [failure(where, `${err.file}:${err.line}: ${err.pgMessage}`)];
    throw err;
  }
  const declaredStorage = new Set(desired.policies.some((p) => p.table.startsWith("storage.")) ? ["storage"] : []);
  const refused = (inputs.schemas as string[])
    .map((s) => [s, reservedReason(s, declaredStorage)] as const)
    .filter(([, why]) => why !== undefined)
    .map(([s, why]) => failure("schemas", `schema "${s}" cannot be owned: ${why}`));
  if (refused.length > 0) return refused;
  if (containsUnknown(inputs.projectRef)) return [];
  // Reading here (one read-only query) is what lets preview show the exact SQL: diff must stay pure.
  const live = await liveCatalog(inputs.projectRef, inputs.schemas).catch(() => undefined);
  if (!live) return [];
  const plan = planMigration(live, desired, { allowDestructive: inputs.allowDestructive });
  inputs.plan = migrationSql(plan.statements);
  return plan.refused.map((s) =>
    failure(
      "allowDestructive",
      `the plan would lose data: ${s.sql} (${s.object}: ${s.reason}); set allowDestructive: true to apply it`,
    ),
  );
}

/** Applies the plan (if any) as one migration; answers the outputs. */
async function apply(inputs: Props, previousVersion?: string): Promise<Props> {
  const ref: string = inputs.projectRef;
  return whenProjectReady(ref, "accept queries", async () => {
    const { plan, sql } = await planFor(inputs);
    refuseDestructive(plan);
    let version = previousVersion;
    if (plan.statements.length > 0) {
      try {
        version = await applyMigration(ref, migrationName(inputs.migrationName, sql), sql);
      } catch (err) {
        throw await applyError(err, ref, plan);
      }
    }
    const { drift: _d, ...rest } = inputs;
    return {
      ...rest,
      plan: "",
      appliedStatements: plan.statements.length,
      ...(version !== undefined ? { lastMigrationVersion: version } : {}),
    };
  });
}

const withDefaults = (p: Props): Props => ({ ...DEFAULTS, ...p });

export const databaseSchema: ResourceImpl = {
  async check(_olds, news, identity) {
    const res = checkWith(databaseSchemaInputs, news);
    if ((res.failures?.length ?? 0) > 0) return res;
    // check adds `hash` and, when it can read the project, `plan` (outputs both): the SDK never sends them.
    const inputs = withDefaults(res.inputs as Props);
    const both = inputs.sql !== undefined && inputs.sourceDir !== undefined;
    if (both || (inputs.sql === undefined && inputs.sourceDir === undefined))
      return {
        inputs,
        failures: [failure(both ? "sql" : "sourceDir", "give exactly one of sourceDir and sql")],
      };
    // Before anything is read: a schema another DatabaseSchema of the run owns (owners.ts).
    if (!containsUnknown(inputs.projectRef) && !containsUnknown(inputs.schemas)) {
      const taken = claimSchemas(identity, inputs.projectRef, inputs.schemas);
      if (taken.length > 0) return { inputs, failures: taken };
    }
    if (containsUnknown(inputs.sql) || containsUnknown(inputs.sourceDir) || containsUnknown(inputs.schemas))
      return { inputs, failures: [] };
    const failures = await checkDeclaration(inputs);
    return { inputs, failures };
  },

  async diff(_id, olds, news) {
    const replaces = olds.projectRef !== news.projectRef || containsUnknown(news.projectRef) ? ["projectRef"] : [];
    const fields = ["schemas", "allowDestructive", "migrationName", "onDelete", "sql", "sourceDir", "hash"];
    const changed = fields.some((f) => JSON.stringify(olds[f] ?? null) !== JSON.stringify(news[f] ?? null));
    // A plan check could compute is work for `up`; so is drift a refresh found.
    const pending = (typeof news.plan === "string" && news.plan !== "") || containsUnknown(news.plan);
    const drifted = Array.isArray(olds.drift?.changed) && olds.drift.changed.length > 0;
    return { changes: replaces.length > 0 || changed || pending || drifted, replaces, deleteBeforeReplace: false };
  },

  async create(inputs) {
    const outs = await apply(inputs);
    return { id: `${inputs.projectRef}/${(inputs.schemas as string[]).join(",")}`, outs };
  },

  async read(id, props) {
    const p = withDefaults(props);
    const { plan, sql, drift } = await planFor(p);
    const { drift: _prev, ...rest } = p;
    const out = { ...rest, plan: sql, pendingStatements: plan.statements.length };
    return { id, props: withDrift(out, { changed: drift }) };
  },

  async update(_id, olds, news) {
    return { outs: await apply(news, olds.lastMigrationVersion) };
  },

  async delete(_id, props) {
    const p = withDefaults(props);
    if (p.onDelete !== "drop") return;
    const ref: string = p.projectRef;
    await whenProjectReady(ref, "accept queries", async () => {
      const live = await liveCatalog(ref, p.schemas);
      const plan = planMigration(live, emptied(live), { allowDestructive: true });
      if (plan.statements.length === 0) return;
      const sql = migrationSql(plan.statements);
      try {
        await applyMigration(ref, `${p.migrationName}_drop_${Date.now()}`, sql);
      } catch (err) {
        throw await applyError(err, ref, plan);
      }
    });
  },
};

/** What `onDelete: drop` leaves: the owned schemas, empty (their default privileges kept); `public` stays. */
function emptied(live: Catalog): Catalog {
  return {
    schemas: live.schemas.filter((s) => s.name === "public"),
    extensions: live.extensions.filter((e) => !live.schemas.some((s) => s.name === e.schema)),
    enums: [],
    domains: [],
    sequences: [],
    tables: [],
    constraints: [],
    indexes: [],
    policies: [],
    functions: [],
    triggers: [],
    views: [],
    defaultPrivileges: live.defaultPrivileges,
  };
}

export { databaseSchemaInputs } from "./inputs";
export { databaseSchemaDoc };

export default defineKind(databaseSchema, databaseSchemaDoc, {
  recover: {
    adopts:
      "create plans from the live catalog to the declaration, so running it again applies only what the interrupted run did not",
  },
});
