/**
 * The policy pack `supabase-pulumi`: the rules of policy/rules.ts on
 * @pulumi/policy, judging declared inputs at `pulumi preview` before anything
 * is created, for the TypeScript SDK's resources and the provider plugin's
 * (every language). Loaded by `policy/index.js`, which the engine runs for
 * `--policy-pack node_modules/supabase-pulumi/policy`.
 */
import * as path from "node:path";
import {
  PolicyPack,
  type Policy,
  type PolicyResource,
  type ReportViolation,
  type ResourceValidationArgs,
  type StackValidationArgs,
} from "@pulumi/policy";
import {
  resourceFindings,
  rlsFindings,
  pitrFindings,
  schemaOwnerFindings,
  type Finding,
  type StackResource,
} from "./checks";
import { kindOf, plainProps } from "./inputs";
import { defaultEnforcement, RULE_NAMES, RULES, type RuleInfo } from "./rules";
import { loadParser } from "./sql";
import { readDeclaredDir } from "../pgschema/layout";

/** Rules judged over the whole stack (they need every migration, or the links between resources). */
const STACK_RULES = new Set([
  "rls_disabled_in_public",
  "table_rows_rls_disabled",
  "pitr_not_enabled",
  "schema_owned_twice",
]);

/** `urn:pulumi:<stack>::<project>::…` → stack and project. */
export function stackOfUrn(urn: string): { stack: string; project: string } {
  const [head = "", project = ""] = urn.split("::");
  return { stack: head.replace(/^urn:pulumi:/, ""), project };
}

function stackResource(r: PolicyResource): StackResource | undefined {
  const props = plainProps(r.props);
  const kind = kindOf(r.type, props);
  if (!kind) return undefined;
  const deps: Record<string, string[]> = {};
  for (const [k, list] of Object.entries(r.propertyDependencies ?? {})) deps[k] = list.map((d) => d.urn);
  return { urn: r.urn, name: r.name, kind, props, propertyDependencies: deps };
}

/**
 * A `DatabaseSchema`'s `sourceDir`. The engine starts the pack in the pack's
 * own folder and tells it nothing of the program's, so a relative path is
 * taken from the folder `pulumi` was run in (`PWD`, which the engine passes
 * on): the program's, unless `pulumi --cwd` pointed elsewhere.
 */
function readSourceDir(dir: string): Array<{ name: string; sql: string }> {
  const base = process.env.PWD;
  if (!path.isAbsolute(dir) && !base) throw new Error(`cannot resolve ${dir}`);
  return readDeclaredDir(path.isAbsolute(dir) ? dir : path.resolve(base!, dir));
}

/** One analysis of the stack's migrations per validation, shared by the two rules that read it. */
const rlsMemo = new WeakMap<object, Finding[]>();

async function stackFindings(info: RuleInfo, args: StackValidationArgs): Promise<Finding[]> {
  const resources = args.resources.map(stackResource).filter((r): r is StackResource => !!r);
  if (info.name === "pitr_not_enabled") {
    const config = args.getConfig<{ protectedStacks?: string[] }>();
    const urn = args.resources[0]?.urn;
    if (!urn || !config.protectedStacks?.length) return [];
    return pitrFindings(resources, { ...stackOfUrn(urn), protectedStacks: config.protectedStacks });
  }
  if (info.name === "schema_owned_twice") return schemaOwnerFindings(resources);
  let all = rlsMemo.get(args.resources);
  if (!all) {
    await loadParser();
    all = rlsFindings(resources, readSourceDir);
    rlsMemo.set(args.resources, all);
  }
  return all;
}

function policyOf(info: RuleInfo): Policy {
  const base = {
    name: info.name,
    description: `${info.title}${info.lint ? ` (prevents the advisors' lint ${info.lint})` : ""}.`,
    enforcementLevel: defaultEnforcement(info.level),
    ...(info.config ? { configSchema: { properties: info.config } } : {}),
  };
  if (STACK_RULES.has(info.name))
    return {
      ...base,
      validateStack: async (args: StackValidationArgs, report: ReportViolation) => {
        for (const f of await stackFindings(info, args)) if (f.rule === info.name) report(f.message, f.urn);
      },
    } as Policy;
  return {
    ...base,
    validateResource: (args: ResourceValidationArgs, report: ReportViolation) => {
      const props = plainProps(args.props);
      const kind = kindOf(args.type, props);
      if (!kind || !info.kinds.includes(kind)) return;
      for (const f of resourceFindings(kind, args.name, props)) if (f.rule === info.name) report(f.message);
    },
  } as Policy;
}

/**
 * Makes a `--policy-pack-config` that names something other than a rule of
 * this pack (or `all`) a clear error: the engine passes unknown names through
 * to the pack, which would otherwise ignore them silently (a typo would leave
 * the intended rule at its default). @pulumi/policy has no hook for the
 * configuration as a whole, so its analyzer service's `configure` is wrapped.
 */
function refuseUnknownConfig(): void {
  const policyDir = path.dirname(require.resolve("@pulumi/policy"));
  const grpc = require(require.resolve("@grpc/grpc-js", { paths: [policyDir] })) as {
    Server: { prototype: { addService: (service: unknown, impl: Record<string, unknown>) => void } };
    status: { INVALID_ARGUMENT: number };
  };
  const original = grpc.Server.prototype.addService;
  grpc.Server.prototype.addService = function (service, impl) {
    const configure = impl.configure as
      ((call: unknown, cb: (err: unknown, res?: unknown) => void) => void) | undefined;
    if (configure && impl.analyzeStack) {
      impl = {
        ...impl,
        configure(call: { request: { getPolicyconfigMap(): { keys(): Iterable<string> } } }, cb: (e: unknown) => void) {
          const unknown = [...call.request.getPolicyconfigMap().keys()].filter(
            (k) => k !== "all" && !RULE_NAMES.includes(k),
          );
          if (unknown.length)
            return cb({
              code: grpc.status.INVALID_ARGUMENT,
              details:
                `the policy config names no rule of the supabase-pulumi pack: ${unknown.map((k) => `"${k}"`).join(", ")}. ` +
                `Its rules are ${RULE_NAMES.join(", ")} (or "all").`,
            });
          return configure.call(this, call, cb);
        },
      };
    }
    return original.call(this, service, impl);
  };
}

/**
 * Starts the pack (the engine reads the port it prints). @pulumi/policy takes
 * the pack's version from `package.json` in the working directory, so the
 * pack runs from the package's root: its version is the package's.
 */
export function serve(): PolicyPack {
  process.chdir(path.resolve(__dirname, "..", ".."));
  refuseUnknownConfig();
  return new PolicyPack("supabase-pulumi", { policies: RULES.map(policyOf) });
}
