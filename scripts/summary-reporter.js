// Prints one plain closing line ("tests: N passed, N failed, N skipped") after
// Jest's own summary, so any CI log reader can tell how many tests ran.
"use strict";
class SummaryReporter {
  onRunComplete(_contexts, results) {
    const { numPassedTests: passed, numFailedTests: failed, numPendingTests: skipped, numTodoTests: todo } = results;
    const failedSuites = results.numFailedTestSuites + results.numRuntimeErrorTestSuites;
    process.stdout.write(
      `\ntests: ${passed} passed, ${failed + (failed === 0 && failedSuites > 0 ? failedSuites : 0)} failed, ${skipped + todo} skipped\n`,
    );
  }
}
module.exports = SummaryReporter;
