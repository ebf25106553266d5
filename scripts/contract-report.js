// Prints the contract-test coverage after a run: how many management-API
// exchanges were checked against the OpenAPI document, which of the
// operations the provider uses were exercised, and the allowed differences
// met. Each test file of the provider and e2e tiers leaves its numbers in
// .tmp/contract/ (harness/contract-hooks.ts).
"use strict";
const fs = require("node:fs");
const path = require("node:path");

const DIR = path.resolve(__dirname, "..", ".tmp", "contract");

class ContractReport {
  onRunStart() {
    fs.rmSync(DIR, { recursive: true, force: true });
  }

  onRunComplete() {
    let files;
    try {
      files = fs.readdirSync(DIR).filter((f) => f.endsWith(".json"));
    } catch {
      return;
    }
    if (files.length === 0) return;
    const total = { exchanges: 0, requestsChecked: 0, responsesChecked: 0, injected: 0, outsideSpec: 0 };
    const operations = {};
    const allowed = {};
    let unexplained = 0;
    let providerOperations = [];
    for (const f of files) {
      const s = JSON.parse(fs.readFileSync(path.join(DIR, f), "utf8"));
      for (const k of Object.keys(total)) total[k] += s[k];
      for (const [op, n] of Object.entries(s.operations)) operations[op] = (operations[op] ?? 0) + n;
      for (const v of s.violations) {
        if (v.allowedBy) allowed[v.allowedBy] = (allowed[v.allowedBy] ?? 0) + 1;
        else unexplained++;
      }
      providerOperations = s.providerOperations;
    }
    const used = providerOperations.filter((op) => operations[op]);
    const missed = providerOperations.filter((op) => !operations[op]);
    const lines = [
      "",
      `contract: ${total.exchanges} exchanges in ${files.length} test files; ${total.requestsChecked} provider requests ` +
        `and ${total.responsesChecked} emulator responses checked against the OpenAPI document ` +
        `(${total.injected} injected-fault answers and ${total.outsideSpec} probes outside the spec not checked)`,
      `contract: provider operations exercised ${used.length}/${providerOperations.length}` +
        (missed.length ? ` (not exercised: ${missed.join(", ")})` : ""),
      `contract: spec operations exercised in all: ${Object.keys(operations).length}`,
      `contract: unexplained violations ${unexplained}; allowed differences met: ${
        Object.entries(allowed)
          .map(([k, n]) => `${k} ×${n}`)
          .join(", ") || "none"
      }`,
      "",
    ];
    process.stdout.write(lines.join("\n"));
  }
}
module.exports = ContractReport;
