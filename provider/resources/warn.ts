/**
 * A warning shown by the engine (preview's diagnostics): `@pulumi/pulumi`'s
 * log, loaded only when a warning is due (the provider does not load the
 * peer dependency otherwise), which writes to stderr when no engine is
 * connected.
 */
export function warn(message: string): void {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const log = require("@pulumi/pulumi/log") as typeof import("@pulumi/pulumi/log");
    void log.warn(message);
  } catch {
    process.stderr.write(`warning: ${message}\n`);
  }
}
