/**
 * The advisors of one project (or branch): the SQL lints from its live
 * catalog, in one statement, and the configuration lints from its settings.
 */
import type { ProjectDatabase } from "../db";
import { configLints, type ProjectFacts } from "./config";
import { sqlLint, type CatalogFinding, type Lint, type LintCategory, type LintLevel } from "./lints";
import { CATALOG_SQL } from "./sql";

export { THRESHOLDS, CONFIG_LINTS, vulnerableVersion, mfaFactors, type ProjectFacts } from "./config";
export { SQL_LINTS, type Lint, type LintCategory, type LintLevel } from "./lints";

const LEVEL_ORDER: Record<LintLevel, number> = { ERROR: 0, WARN: 1, INFO: 2 };

/** Every SQL lint of the database, whatever its category. */
export async function catalogLints(db: ProjectDatabase, exposedSchemas: string): Promise<Lint[]> {
  const { rows } = await db.query<CatalogFinding>(CATALOG_SQL, [exposedSchemas]);
  return rows.map(sqlLint);
}

export interface AdvisorsRequest {
  category: LintCategory;
  /** Only the SQL lints (`lint_type=sql`). */
  sqlOnly?: boolean;
}

/** The lints of one category, most severe first, then by cache key (a stable order to diff). */
export async function advisors(
  db: ProjectDatabase,
  facts: ProjectFacts & { exposedSchemas: string },
  req: AdvisorsRequest,
): Promise<Lint[]> {
  const sql = await catalogLints(db, facts.exposedSchemas);
  const all = req.sqlOnly ? sql : [...sql, ...configLints(facts)];
  return all
    .filter((l) => l.categories.includes(req.category))
    .sort((a, b) => LEVEL_ORDER[a.level] - LEVEL_ORDER[b.level] || a.cache_key.localeCompare(b.cache_key));
}
