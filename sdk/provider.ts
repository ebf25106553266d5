import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import type * as pulumi from "@pulumi/pulumi";
import type { ResourceKind } from "../provider/runtime";

/**
 * Builds the dynamic provider object for one resource kind. It is stateless:
 * each method loads the package's runtime by name and delegates, so it holds
 * no credential and shares the provider process's HTTP agent and caches.
 * Credentials come from the stack config handed to `configure`, or from the
 * environment inside the runtime.
 *
 * Keep every method free of references to module-level values other than
 * `kind`: anything referenced here is serialized into each resource's state.
 */
export function makeProvider(kind: ResourceKind): pulumi.dynamic.ResourceProvider {
  return {
    async configure(req) {
      require("supabase-pulumi/runtime").configure(req.config);
    },
    async check(olds, news) {
      return require("supabase-pulumi/runtime").provider(kind).check(olds, news);
    },
    async diff(id, olds, news) {
      return require("supabase-pulumi/runtime").provider(kind).diff(id, olds, news);
    },
    async create(inputs) {
      return require("supabase-pulumi/runtime").provider(kind).create(inputs);
    },
    async read(id, props) {
      return require("supabase-pulumi/runtime").provider(kind).read(id, props);
    },
    async update(id, olds, news) {
      return require("supabase-pulumi/runtime").provider(kind).update(id, olds, news);
    },
    async delete(id, props) {
      return require("supabase-pulumi/runtime").provider(kind).delete(id, props);
    },
  };
}

/**
 * The provider of `kind`: the whole export of its module `providers/<kind>`,
 * which `npm run generate` writes for every kind of the registry.
 *
 * Pulumi stores a dynamic resource's provider, serialized, in its inputs and
 * again in its outputs, and the engine rewrites the whole state file at every
 * step, so those bytes cost time in proportion to the stack's size (measured
 * with 1,000 trivial resources: 10 KB more per resource tripled `up`). An
 * object that is the export of a module inside node_modules serializes as a
 * `require` of that module (about 270 bytes) instead of as the source of its
 * seven methods (about 2,650). That is how users run it, from their
 * node_modules. The exports map publishes these modules under their own file
 * paths: Pulumi's serializer maps a file to an exported subpath when it can
 * find the package's package.json, and falls back to the plain path when it
 * cannot (v3.248 fails to when the project's path also contains the package's
 * name), so both forms must resolve. In this repository, which links the
 * package to itself, the module is local and serializes by value, as before.
 */
export function dynamicProvider(kind: ResourceKind): pulumi.dynamic.ResourceProvider {
  const file = kind.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  return require(`./providers/${file}`) as pulumi.dynamic.ResourceProvider;
}

/**
 * The options every resource of the SDK registers with: `secrets` added to `additionalSecretOutputs` (those inputs
 * and outputs are stored encrypted). Evaluated before the resource registers, it also makes sure the engine's
 * dynamic-provider hosts are guarded (see `guardDynamicProviderHosts`).
 */
export function resourceOptions(
  opts: pulumi.CustomResourceOptions | undefined,
  secrets: string[] = [],
): pulumi.CustomResourceOptions | undefined {
  guardDynamicProviderHosts();
  return secrets.length > 0 ? withSecrets(opts, secrets) : opts;
}

/** What the engine's Node.js SDK keeps on every resource object (internal fields, stable since 1.x; absent → left out). */
interface ResourceInternals {
  __name?: unknown;
  __pulumiType?: unknown;
  __parentResource?: unknown;
}

/**
 * The resource's place in the program, for a kind whose check compares it with the other resources of the run
 * (ResourceDoc.resourceName): each explicit parent's `type::name`, outermost first, then its own name. Unique
 * within one stack as its URN is (the URN adds only the stack and project, the same for the whole run).
 */
export function resourcePath(name: string, opts: pulumi.CustomResourceOptions | undefined): string[] {
  const parents: string[] = [];
  let parent = opts?.parent as ResourceInternals | undefined;
  for (let depth = 0; parent && depth < 64; depth++) {
    const type = parent.__pulumiType;
    if (typeof type !== "string" || typeof parent.__name !== "string") break;
    if (type === "pulumi:pulumi:Stack") break;
    parents.unshift(`${type}::${parent.__name}`);
    parent = parent.__parentResource as ResourceInternals | undefined;
  }
  return [...parents, name];
}

/** The resource options with `keys` added to `additionalSecretOutputs`: those inputs and outputs are stored encrypted. */
export function withSecrets(
  opts: pulumi.CustomResourceOptions | undefined,
  keys: string[],
): pulumi.CustomResourceOptions {
  return { ...opts, additionalSecretOutputs: [...(opts?.additionalSecretOutputs ?? []), ...keys] };
}

/** The engine addresses this process started a guard for. */
const guarded = new Set<string>();

/**
 * The engine's address in a program it runs: the CLI's Node.js language host passes it in `PULUMI_NODEJS_ENGINE`,
 * the Automation API's inline programs hold it in the SDK's settings. Undefined anywhere else (a provider host, a
 * test with mocks, a script).
 */
function programEngineAddress(): string | undefined {
  if (process.env.PULUMI_NODEJS_ENGINE) return process.env.PULUMI_NODEJS_ENGINE;
  try {
    const state = require("@pulumi/pulumi/runtime/state") as {
      getStore(): { settings?: { options?: { engineAddr?: string } } };
    };
    return state.getStore().settings?.options?.engineAddr || undefined;
  } catch {
    return undefined;
  }
}

/**
 * In a program the engine runs, starts (once per engine) a detached process that ends the engine's Node.js
 * dynamic-provider hosts if the engine dies: provider/host-guard.ts says why the hosts cannot do it themselves before
 * their first resource call. It runs when the SDK is loaded and again before each resource registers, so it exists
 * before the engine has any reason to start a host for this package's resources. Best effort: where it cannot be
 * started, the hosts still end with their engine once this package's runtime is loaded in them.
 */
export function guardDynamicProviderHosts(): void {
  const address = programEngineAddress();
  if (!address || guarded.has(address) || !/^\S+:\d{1,5}$/.test(address)) return;
  guarded.add(address);
  const script = path.join(__dirname, "..", "provider", "host-guard.js");
  // From the TypeScript sources (this repository's unit tests) there is no compiled guard to start.
  if (!fs.existsSync(script)) return;
  try {
    const child = spawn(process.execPath, [script, address], { detached: true, stdio: "ignore", windowsHide: true });
    child.on("error", () => undefined);
    child.unref();
  } catch {
    // No guard: see above.
  }
}

guardDynamicProviderHosts();
