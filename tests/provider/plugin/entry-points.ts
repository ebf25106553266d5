/**
 * The two entry points of a kind, behind one interface, for tests that run
 * the same steps through both: the dynamic provider (the SDK's provider
 * object, `sdk/provider.ts`, with the secrets its generated class marks
 * through `additionalSecretOutputs`) and the plugin's `Provider` (in process,
 * with inputs marked secret as the engine sends them and the markers of its
 * answers read back). Each answers plain values plus the names of the
 * properties its state would hold encrypted.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { ResourceKind } from "supabase-pulumi/runtime";
import { makeProvider } from "../../../sdk/provider";
import { registry } from "../../../provider/registry";
import { secretNames } from "../../../provider/kind";
import { isSecret, markSecrets, pluginProvider, revealProps } from "../../../provider/plugin/provider";
import { resourceToken } from "../../../provider/plugin/package-schema";

type Props = Record<string, unknown>;

export interface Stored {
  id: string;
  /** Plain values. */
  props: Props;
  /** The properties stored encrypted. */
  secret: string[];
}

export interface EntryPoint {
  name: "dynamic" | "plugin";
  check(kind: ResourceKind, olds: Props, news: Props): Promise<{ inputs: Props; failures: unknown[] }>;
  diff(kind: ResourceKind, id: string, olds: Props, news: Props): Promise<{ changes?: boolean; replaces: string[] }>;
  create(kind: ResourceKind, inputs: Props): Promise<Stored>;
  read(kind: ResourceKind, id: string, props: Props): Promise<Stored>;
  update(kind: ResourceKind, id: string, olds: Props, news: Props): Promise<Stored>;
  delete(kind: ResourceKind, id: string, props: Props): Promise<void>;
}

const root = path.resolve(__dirname, "../../..");

/** The names the generated SDK class passes as `additionalSecretOutputs` (none when it passes none). */
export function sdkSecretOutputs(kind: ResourceKind): string[] {
  const text = fs.readFileSync(path.join(root, "sdk", `${registry[kind].doc.page}.ts`), "utf8");
  const m = /resourceOptions\(\s*opts,\s*(\[[^\]]*\])/.exec(text);
  return m ? (JSON.parse(m[1].replace(/,\s*\]$/, "]")) as string[]) : [];
}

const present = (props: Props, names: string[]) => names.filter((n) => props[n] !== undefined).sort();

export const dynamicEntry: EntryPoint = {
  name: "dynamic",
  async check(kind, olds, news) {
    const r = await makeProvider(kind).check!(olds, news);
    return { inputs: r.inputs as Props, failures: [...(r.failures ?? [])] };
  },
  async diff(kind, id, olds, news) {
    const r = await makeProvider(kind).diff!(id, olds, news);
    return { changes: r.changes, replaces: [...(r.replaces ?? [])] };
  },
  async create(kind, inputs) {
    const r = await makeProvider(kind).create(inputs);
    return { id: r.id, props: r.outs as Props, secret: present(r.outs as Props, sdkSecretOutputs(kind)) };
  },
  async read(kind, id, props) {
    const r = await makeProvider(kind).read!(id, props);
    const p = (r.props ?? {}) as Props;
    return { id: r.id ?? "", props: p, secret: present(p, sdkSecretOutputs(kind)) };
  },
  async update(kind, id, olds, news) {
    const r = await makeProvider(kind).update!(id, olds, news);
    const p = (r.outs ?? {}) as Props;
    return { id, props: p, secret: present(p, sdkSecretOutputs(kind)) };
  },
  async delete(kind, id, props) {
    await makeProvider(kind).delete!(id, props);
  },
};

export const plugin = pluginProvider("0.0.0-test");
const urn = (kind: ResourceKind) => `urn:pulumi:test::entry-points::${resourceToken(registry[kind].doc.name)}::r`;
/** Inputs as the engine sends them: the schema's secret inputs marked. */
const sent = (kind: ResourceKind, props: Props) => markSecrets(props, secretNames(registry[kind].doc).inputs);
const stored = (id: string, props: Props | undefined): Stored => {
  const p = props ?? {};
  return {
    id,
    props: revealProps(p).props,
    secret: Object.keys(p)
      .filter((k) => isSecret(p[k]))
      .sort(),
  };
};

export const pluginEntry: EntryPoint = {
  name: "plugin",
  async check(kind, olds, news) {
    const r = await plugin.check!(urn(kind), olds, sent(kind, news));
    return { inputs: revealProps(r.inputs).props, failures: [...(r.failures ?? [])] };
  },
  async diff(kind, id, olds, news) {
    const r = await plugin.diff!(id, urn(kind), olds, sent(kind, news));
    return { changes: r.changes, replaces: [...(r.replaces ?? [])] };
  },
  async create(kind, inputs) {
    const r = await plugin.create!(urn(kind), sent(kind, inputs));
    return stored(r.id, r.outs as Props);
  },
  async read(kind, id, props) {
    const r = await plugin.read!(id, urn(kind), props);
    return stored(r.id ?? "", r.props as Props);
  },
  async update(kind, id, olds, news) {
    const r = await plugin.update!(id, urn(kind), olds, sent(kind, news));
    return stored(id, r.outs as Props);
  },
  async delete(kind, id, props) {
    await plugin.delete!(id, urn(kind), props);
  },
};

export const entryPoints: readonly EntryPoint[] = [dynamicEntry, pluginEntry];
