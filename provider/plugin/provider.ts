/**
 * The provider plugin's `Provider` (the shape `@pulumi/pulumi/provider`'s
 * server serves): every kind of the registry and every data function, through
 * the same implementations the dynamic resources use (`runtime.ts`'s
 * `provider(kind)`), so a kind is written once and behaves alike through
 * both entry points.
 *
 * What the dynamic provider's machinery does for the dynamic resources is done
 * here: secrets arrive marked in the engine's wire format, are unwrapped before
 * a kind sees them, and every input or output the schema marks secret (or that
 * arrived secret) is marked again on the way out, as the SDK's
 * `additionalSecretOutputs` do; configuration comes from `configure` (the
 * provider's config, i.e. the `supabase:*` stack config) and the environment.
 * Only types are imported from `@pulumi/pulumi`: the server is loaded by the
 * plugin's entry point (main.ts).
 */
import type * as pulumiProvider from "@pulumi/pulumi/provider";
import { configure, provider } from "../runtime";
import { registry, type ResourceKind } from "../registry";
import { secretNames, type KindDefinition } from "../kind";
import { PROVIDER_KEY, type Props } from "../resources/common";
import { redact } from "../errors";
import { dataFunctions } from "./functions";
import { importRules } from "./imports";
import { packageSchema, resourceToken } from "./package-schema";

/** How the engine marks a secret value (`{ [SIG]: SECRET, value }`) in the wire format. */
export const SIG = "4dabf18193072939515e22adb298388d";
export const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";
/** An output value (sent only to providers that accept them; ours does not, but unwrap it all the same). */
const OUTPUT_SIG = "d0e6a833031e9bbcd3f4e8bde6ca49a4";
const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

const kindsByToken = new Map<string, ResourceKind>(
  (Object.entries(registry) as Array<[ResourceKind, KindDefinition]>).map(([kind, def]) => [
    resourceToken(def.doc.name),
    kind,
  ]),
);

/** The kind of a resource from its URN (`urn:pulumi:<stack>::<project>::<parent$>type::<name>`). */
export function kindOfUrn(urn: string): ResourceKind {
  const type = urn.split("::")[2]?.split("$").pop() ?? "";
  const kind = kindsByToken.get(type);
  if (!kind) throw new Error(`supabase: unknown resource type "${type}"`);
  return kind;
}

/** The resource's name, the URN's last part (a name may itself contain `::`). */
export function nameOfUrn(urn: string): string {
  return urn.split("::").slice(3).join("::");
}

export const isSecret = (v: unknown): v is { value: unknown } =>
  typeof v === "object" && v !== null && (v as Record<string, unknown>)[SIG] === SECRET_SIG;

/** The value without secret markers; `touched` says whether any part of it was marked. */
export function reveal(v: unknown, touched: { secret: boolean } = { secret: false }): unknown {
  if (Array.isArray(v)) return v.map((x) => reveal(x, touched));
  if (v && typeof v === "object") {
    const o = v as Record<string, unknown>;
    if (o[SIG] === SECRET_SIG) {
      touched.secret = true;
      return reveal(o.value, touched);
    }
    if (o[SIG] === OUTPUT_SIG) {
      if (o.secret === true) touched.secret = true;
      return "value" in o ? reveal(o.value, touched) : UNKNOWN;
    }
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(o)) out[k] = reveal(x, touched);
    return out;
  }
  return v;
}

/** Properties without secret markers, and the names of the top-level ones that held any. */
export function revealProps(props: Props | undefined): { props: Props; secret: Set<string> } {
  const out: Props = {};
  const secret = new Set<string>();
  for (const [k, v] of Object.entries(props ?? {})) {
    const touched = { secret: false };
    out[k] = reveal(v, touched);
    if (touched.secret) secret.add(k);
  }
  return { props: out, secret };
}

/** Marks the named properties secret (a value unknown at preview stays plain: the engine keeps it unknown). */
export function markSecrets(props: Props, names: Iterable<string>): Props {
  const out: Props = { ...props };
  for (const k of names)
    if (k in out && out[k] !== undefined && !isSecret(out[k]) && out[k] !== UNKNOWN)
      out[k] = { [SIG]: SECRET_SIG, value: out[k] };
  return out;
}

/** The wire format has no undefined, and the plugin never stores the dynamic provider's key. */
function wire(props: Props | undefined): Props {
  const out: Props = {};
  for (const [k, v] of Object.entries(props ?? {}))
    if (v !== undefined && k !== PROVIDER_KEY) out[k] = JSON.parse(JSON.stringify(v)) as unknown;
  return out;
}

export interface PluginProvider extends pulumiProvider.Provider {
  /** The provider's configuration, from the engine's `Configure` (`supabase:config:<key>` or `<key>`). */
  configure(variables: Record<string, string>): void;
}

export function pluginProvider(version: string): PluginProvider {
  const secretsOf = (kind: ResourceKind) => {
    const names = secretNames((registry as Record<string, KindDefinition>)[kind].doc);
    return [...names.inputs, ...names.outputs];
  };
  /** Outputs as stored: marked where the schema says secret, or where an input arrived secret. */
  const outs = (kind: ResourceKind, props: Props | undefined, tainted: Set<string>) =>
    markSecrets(wire(props), [...secretsOf(kind), ...tainted]);
  /** A partial failure's recorded properties go through the same marking as outputs. */
  const rethrow = (kind: ResourceKind, tainted: Set<string>) => (err: unknown) => {
    const e = err as { id?: string; properties?: Props };
    if (e && typeof e === "object" && e.id && e.properties) e.properties = outs(kind, e.properties, tainted);
    throw err;
  };

  return {
    version,
    schema: JSON.stringify(packageSchema(version)),

    configure(variables) {
      const get = (key: string) =>
        variables[`supabase:config:${key}`] ?? variables[`supabase:${key}`] ?? variables[key];
      configure({
        accessToken: get("accessToken"),
        apiUrl: get("apiUrl") ?? get("endpoint"),
        projectUrlTemplate: get("projectUrlTemplate"),
        retryBudgetSeconds: get("retryBudgetSeconds"),
      });
    },

    async check(urn, olds, news) {
      const kind = kindOfUrn(urn);
      const n = revealProps(news);
      const r = await provider(kind).check(revealProps(olds).props, n.props, { key: urn, name: nameOfUrn(urn) });
      const inputs = markSecrets(wire(r.inputs ?? n.props), [...secretsOf(kind), ...n.secret]);
      return { inputs, failures: r.failures ?? [] };
    },

    async diff(id, urn, olds, news) {
      const r = await provider(kindOfUrn(urn)).diff(id, revealProps(olds).props, revealProps(news).props);
      return { changes: r.changes, replaces: r.replaces ?? [], deleteBeforeReplace: r.deleteBeforeReplace };
    },

    async create(urn, inputs) {
      const kind = kindOfUrn(urn);
      const i = revealProps(inputs);
      const r = await provider(kind).create(i.props).catch(rethrow(kind, i.secret));
      return { id: r.id, outs: outs(kind, r.outs, i.secret) };
    },

    async read(id, urn, props) {
      const kind = kindOfUrn(urn);
      const p = revealProps(props);
      if (Object.keys(p.props).length === 0) return importById(kind, id);
      const r = await provider(kind).read(id, p.props);
      return {
        id: r.id,
        props: outs(kind, r.props, p.secret),
        ...(r.inputs ? { inputs: outs(kind, r.inputs, p.secret) } : {}),
      };
    },

    async update(id, urn, olds, news) {
      const kind = kindOfUrn(urn);
      const n = revealProps(news);
      const r = await provider(kind).update(id, revealProps(olds).props, n.props).catch(rethrow(kind, n.secret));
      return { outs: outs(kind, r.outs, n.secret) };
    },

    async delete(id, urn, props) {
      await provider(kindOfUrn(urn)).delete(id, revealProps(props).props);
    },

    async invoke(token, inputs) {
      const name = token.replace(/^supabase:index:/, "");
      const fn = dataFunctions[name];
      if (!fn) throw new Error(`supabase: unknown function "${token}"`);
      const args = revealProps(inputs).props;
      const value = await fn.run(args);
      const out = { [fn.result.name]: value };
      const secret = fn.result.secret || fn.secretFor?.(args) === true;
      return { outputs: secret ? markSecrets(out, [fn.result.name]) : out, failures: [] };
    },
  };

  /** `pulumi import`: the object read by its ID alone, with the inputs a program must match (imports.ts). */
  async function importById(kind: ResourceKind, id: string): Promise<pulumiProvider.ReadResult> {
    const rule = importRules[kind];
    if (rule.id === undefined)
      throw new Error(
        redact(`supabase: ${resourceToken(registry[kind].doc.name)} cannot be imported: ${rule.unsupported}`),
      );
    const r = await provider(kind).read(id, rule.fromId?.(id) ?? {});
    if (!r.id) return { id: "", props: {} };
    const props = { ...r.props, ...rule.fromId?.(id) };
    const inputs: Props = { ...rule.fromId?.(id) };
    for (const k of rule.reads) if (props[k] !== undefined && props[k] !== null) inputs[k] = props[k];
    return { id: r.id, props: outs(kind, props, new Set()), inputs: wire(inputs) };
  }
}
