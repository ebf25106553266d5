// The policy pack's entry point: the engine runs this folder for
// `pulumi preview --policy-pack node_modules/supabase-pulumi/policy`.
// The rules are compiled from the TypeScript beside it (see pack.ts).
"use strict";
require("../dist/policy/pack").serve();
