/**
 * The provider runtime: the one module the serialized dynamic providers load,
 * by package name (`require("supabase-pulumi/runtime")`), inside their methods.
 *
 * Because it is required by name rather than inlined, the HTTP dispatcher,
 * clients, caches and coalescers it holds are per-process singletons, and the
 * `__provider` string stored in state stays a few hundred bytes with no
 * credential in it.
 */
import { configure as configureSettings, type ConfigSource, type ProviderSettings } from "./config";
import type { ResourceImpl } from "./resources/common";
import customHostname from "./resources/custom-hostname";
import edgeFunction from "./resources/function";
import networkRestriction from "./resources/network-restriction";
import organization from "./resources/organization";
import pgsodium from "./resources/pgsodium";
import project from "./resources/project";
import secret from "./resources/secret";
import secrets from "./resources/secrets";

export { managementClient, resetContexts } from "./context";
export { resolveConfig, CONFIG_KEYS, ENV_VARS } from "./config";

const resources: Record<string, ResourceImpl> = {
  organization,
  project,
  secret,
  secrets,
  function: edgeFunction,
  customHostname,
  pgsodium,
  networkRestriction,
};

export type ResourceKind = keyof typeof resources;

/** Receives the stack config (from the dynamic provider's `configure`) or explicit settings. */
export function configure(source: ConfigSource | ProviderSettings): void {
  configureSettings(source);
}

/** The implementation behind one resource type. */
export function provider(kind: string): ResourceImpl {
  const impl = resources[kind];
  if (!impl) throw new Error(`supabase-pulumi: unknown resource kind "${kind}" (is the installed package older than the program?)`);
  return impl;
}

export const kinds = (): string[] => Object.keys(resources);
