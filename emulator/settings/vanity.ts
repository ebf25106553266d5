/**
 * Vanity subdomains (`<name>.supabase.co`): which names the service refuses
 * outright and which are taken. A name is a DNS label of lowercase letters,
 * digits and hyphens; names the platform keeps for itself, and names shaped
 * like a project reference (20 lowercase letters, which would collide with
 * `<ref>.supabase.co`), are never available; nor is a name another project
 * uses.
 */
import type { EmulatorContext } from "../store/context";

export const VANITY_DOMAIN = "supabase.co";

/** Names kept by the platform. */
const RESERVED_SUBDOMAINS: ReadonlySet<string> = new Set([
  "api",
  "app",
  "www",
  "admin",
  "auth",
  "db",
  "dashboard",
  "docs",
  "status",
  "storage",
  "realtime",
  "functions",
  "pooler",
  "studio",
  "supabase",
  "support",
  "mail",
  "blog",
]);

export const VanityMessages = {
  invalid:
    "Invalid vanity subdomain: use 3 to 63 lowercase letters, digits and hyphens, not starting or ending with a hyphen",
  unavailable: "Vanity subdomain is not available",
  customDomainUsed: "A custom domain is active for this project: delete it before activating a vanity subdomain",
} as const;

/** The service's format rule for a vanity subdomain. */
export function validVanityName(name: string): boolean {
  return /^[a-z0-9](?:[a-z0-9-]{1,61}[a-z0-9])$/.test(name);
}

/** Whether `name` can be activated: well-formed, not reserved, not ref-shaped, and not used by any project. */
export function vanityAvailable(app: EmulatorContext, name: string): boolean {
  if (!validVanityName(name) || RESERVED_SUBDOMAINS.has(name) || /^[a-z]{20}$/.test(name)) return false;
  return !app.projects().some((p) => p.settings?.vanitySubdomain === name);
}
