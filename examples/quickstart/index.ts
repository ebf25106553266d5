// Entry point for `pulumi up` with a full engine (CLI plus Node.js language host).
import { quickstart } from "./program";

module.exports = quickstart();
