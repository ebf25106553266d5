#!/usr/bin/env node
// Makes every command of package.json's "bin" executable (npm's postbuild).
// The build empties dist/ and the compiler writes each file afresh without an
// execute bit, so `npx supabase-emulator` in the repository would otherwise
// fail with "Permission denied". The paths are read from package.json, so a
// moved or added command is covered without editing this file.
//
//   node scripts/chmod-bins.js [package-dir]   (default: the repository)
"use strict";
const fs = require("fs");
const path = require("path");

const root = path.resolve(process.argv[2] ?? path.join(__dirname, ".."));
const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
const bins = typeof pkg.bin === "string" ? [pkg.bin] : Object.values(pkg.bin ?? {});
const missing = [];
for (const bin of bins) {
  const file = path.join(root, bin);
  if (!fs.existsSync(file)) {
    missing.push(bin);
    continue;
  }
  // Execute wherever read is allowed: 644 becomes 755.
  const mode = fs.statSync(file).mode & 0o777;
  fs.chmodSync(file, mode | ((mode & 0o444) >> 2));
}
if (missing.length > 0) {
  console.error(`package.json names commands the build did not write: ${missing.join(", ")}`);
  process.exit(1);
}
