/**
 * The convergence check the corpus runs: `before` loaded into a "live"
 * scratch database, `after` into a "desired" one, the plan from the first to
 * the second applied to the live one in one transaction, then the live
 * catalog must equal the desired one and a second plan must be empty.
 */
import { migrationSql, planMigration, sameCatalog, ScratchDatabase, type Catalog, type Plan } from "../../../pgschema";

export interface Case {
  name: string;
  before: string;
  after: string;
  /** Owned schemas (default public). */
  schemas?: string[];
}

export class Bench {
  private constructor(
    readonly live: ScratchDatabase,
    readonly desired: ScratchDatabase,
  ) {}

  static async open(): Promise<Bench> {
    const [live, desired] = await Promise.all([ScratchDatabase.open(), ScratchDatabase.open()]);
    return new Bench(live, desired);
  }

  async close(): Promise<void> {
    await Promise.all([this.live.close(), this.desired.close()]);
  }

  /** Runs one case (forward when `reverse` is false); answers the first plan and what was wrong, if anything. */
  async run(c: Case, reverse = false): Promise<{ plan: Plan; problem?: string; liveAfter: Catalog; desired: Catalog }> {
    const schemas = c.schemas ?? ["public"];
    const [from, to] = reverse ? [c.after, c.before] : [c.before, c.after];
    await Promise.all([this.live.reset(schemas), this.desired.reset(schemas)]);
    await this.live.load([{ name: "before.sql", sql: from }]);
    await this.desired.load([{ name: "after.sql", sql: to }]);
    const [liveCat, desired] = await Promise.all([this.live.catalog(schemas), this.desired.catalog(schemas)]);
    const plan = planMigration(liveCat, desired, { allowDestructive: true });
    try {
      await this.live.exec(`BEGIN;\n${migrationSql(plan.statements)}COMMIT;`);
    } catch (err) {
      await this.live.exec("ROLLBACK").catch(() => undefined);
      return {
        plan,
        problem: `apply failed: ${(err as Error).message}\n${migrationSql(plan.statements)}`,
        liveAfter: liveCat,
        desired,
      };
    }
    const liveAfter = await this.live.catalog(schemas);
    const again = planMigration(liveAfter, desired, { allowDestructive: true });
    if (again.statements.length > 0)
      return {
        plan,
        problem: `second plan not empty:\n${migrationSql(again.statements)}\nfirst plan:\n${migrationSql(plan.statements)}`,
        liveAfter,
        desired,
      };
    if (!sameCatalog(liveAfter, desired))
      return { plan, problem: `catalogs differ after apply:\n${migrationSql(plan.statements)}`, liveAfter, desired };
    return { plan, liveAfter, desired };
  }
}
