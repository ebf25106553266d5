/**
 * The package version for the User-Agent, found by walking up from this file
 * to the package's own package.json. Works from the TypeScript sources
 * (provider/http) and the compiled output (dist/provider/http) alike, without
 * importing the JSON (which would copy it into the build output).
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";

export const PACKAGE_NAME = "supabase-pulumi";
let cached: string | undefined;

export function packageVersion(): string {
  if (cached !== undefined) return cached;
  cached = "0.0.0";
  for (let dir = __dirname, i = 0; i < 6; i++, dir = dirname(dir)) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { name?: string; version?: string };
      if (pkg.name === PACKAGE_NAME && typeof pkg.version === "string") {
        cached = pkg.version;
        break;
      }
    } catch {
      // No package.json here; keep walking up.
    }
  }
  return cached;
}

export function defaultUserAgent(): string {
  return `${PACKAGE_NAME}/${packageVersion()}`;
}
