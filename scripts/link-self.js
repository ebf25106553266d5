#!/usr/bin/env node
// Makes this package resolvable by its own name from the repository root
// (node_modules/supabase-pulumi -> ..). The serialized dynamic providers call
// require("supabase-pulumi/runtime"); inside a user's program that resolves to
// the installed package, and in this repository's own examples and tests it
// resolves through this link. Run by `npm run setup` (never at install: the
// published package has no install scripts).
"use strict";
const fs = require("fs");
const path = require("path");
const root = path.resolve(__dirname, "..");
const nm = path.join(root, "node_modules");
const link = path.join(nm, "supabase-pulumi");
// Only link when installed as the top-level project (not as someone's dependency).
if (path.basename(path.dirname(root)) === "node_modules") process.exit(0);
fs.mkdirSync(nm, { recursive: true });
try {
  const st = fs.lstatSync(link);
  if (st.isSymbolicLink() && path.resolve(nm, fs.readlinkSync(link)) === root) process.exit(0);
  fs.rmSync(link, { recursive: true, force: true });
} catch {
  /* missing */
}
fs.symlinkSync("..", link, "dir");
