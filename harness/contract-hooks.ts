/**
 * Jest hooks of the provider and e2e tiers: fail the test whose traffic broke
 * the contract, and leave this file's coverage for the run's report
 * (`scripts/contract-report.js`).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { SUMMARY_DIR, contractChecker, type Violation } from "./contract";

function format(v: Violation[]): string {
  return v.map((x) => `  [${x.kind}] ${x.exchange}${x.status ? ` → ${x.status}` : ""}: ${x.message}`).join("\n");
}

export function installContractHooks(): void {
  afterEach(async () => {
    const checker = contractChecker();
    await checker.settle();
    const fresh = checker.takeNewUnexplained();
    if (fresh.length > 0) throw new Error(`${fresh.length} exchange(s) break the OpenAPI contract:\n${format(fresh)}`);
  });
  afterAll(async () => {
    const checker = contractChecker();
    await checker.settle();
    const summary = checker.summary();
    if (summary.exchanges === 0) return;
    fs.mkdirSync(SUMMARY_DIR, { recursive: true });
    const name = `${process.pid}-${path.basename(expect.getState().testPath ?? "unknown")}-${Date.now()}.json`;
    fs.writeFileSync(path.join(SUMMARY_DIR, name), JSON.stringify(summary));
  });
}
