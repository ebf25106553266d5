/**
 * One kind, two entry points: the dynamic provider and the provider plugin
 * run the same steps against the emulator and must agree on everything a user
 * sees: check failures for bad input, and a whole lifecycle (scenarios.ts),
 * for every kind: the management calls of each step (from the emulator's request
 * log), the stored properties, which of them are stored encrypted, the drift
 * output after an out-of-band change, and the diff. The plugin also reads
 * each object back by ID alone, as `pulumi import` does, or refuses to for
 * the kinds that cannot be imported.
 */
import * as fs from "node:fs";
import * as runtime from "supabase-pulumi/runtime";
import { closeScratch } from "../../../provider/resources/database-schema/engine";
import { useEmulator } from "../../../harness/suite";
import type { TestEmulator } from "../../../harness/emulator";
import { propertyMaps } from "../../../provider/kind";
import { registry } from "../../../provider/registry";
import { importRules } from "../../../provider/plugin/imports";
import { resourceToken } from "../../../provider/plugin/package-schema";
import { entryPoints, plugin, type EntryPoint, type Stored } from "./entry-points";
import { scenarios, secretValues, tempDirs, type Scenario } from "./scenarios";

type Props = Record<string, unknown>;
type Kind = runtime.ResourceKind;

const suite = useEmulator({
  setup: (emu) => {
    // The plugin's own configuration path (the engine's Configure), which the dynamic path shares.
    plugin.configure({
      "supabase:config:accessToken": emu.accessToken,
      "supabase:config:apiUrl": emu.apiUrl,
      "supabase:config:projectUrlTemplate": emu.projectUrlTemplate,
    });
    runtime.resetContexts();
  },
});

async function routes(emu: TestEmulator): Promise<string[]> {
  const log = await emu.requests();
  await emu.clearRequests();
  return log.map((r) => (r.api === "management" ? (r.route ?? `${r.method} ${r.path}`) : r.api));
}

describe("check: the same failures and inputs for bad input, for every kind", () => {
  /** Bags no kind accepts: nothing, an unknown key, and each declared input with a value none accepts. */
  function badInputs(kind: Kind): Props[] {
    const fields = Object.keys(propertyMaps(registry[kind].doc).inputs);
    return [
      {},
      { unexpected: 1 },
      ...fields.map((f) => ({ [f]: -1.5 })),
      ...fields.map((f) => ({ [f]: { "\u0000": [] } })),
    ];
  }

  test.each(runtime.kinds())("%s", async (kind) => {
    for (const news of badInputs(kind)) {
      const [dynamic, viaPlugin] = await Promise.all(entryPoints.map((e) => e.check(kind, {}, news)));
      expect(dynamic.failures.length).toBeGreaterThan(0);
      expect({ news, ...viaPlugin }).toEqual({ news, ...dynamic });
    }
  });
});

/** Props comparable across runs: the run's ids masked, times masked, secret values hidden. */
function comparable(s: Stored, ids: Record<string, string>, volatile: readonly string[] = []): unknown {
  const props: Props = { ...s.props };
  for (const k of volatile) if (props[k] !== undefined) props[k] = `<${k}>`;
  for (const k of s.secret) props[k] = "<secret>";
  let text = JSON.stringify({ id: s.id, props, secret: s.secret });
  // Longest first, so an id holding another (`<ref>/<name>`) is masked whole.
  for (const [name, id] of Object.entries(ids).sort(([, a], [, b]) => b.length - a.length))
    if (id) text = text.split(id).join(`<${name}>`);
  return JSON.parse(text.replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, "<time>"));
}

/** The steps of one lifecycle through one entry point, as comparable records. */
async function lifecycle(entry: EntryPoint, sc: Scenario): Promise<Array<[string, unknown]>> {
  const emu = suite.emu;
  await emu.reset();
  runtime.resetContexts();
  const ids = await sc.fixture(emu);
  await emu.clearRequests();
  const steps: Array<[string, unknown]> = [];
  const step = async (name: string, result: unknown) => {
    runtime.resetContexts();
    steps.push([name, { result, calls: await routes(emu) }]);
  };
  const inputs = sc.inputs(ids);
  const checked = await entry.check(sc.kind, {}, inputs);
  expect(checked.failures).toEqual([]);
  const created = await entry.create(sc.kind, checked.inputs);
  Object.assign(ids, { id: created.id }, sc.generated?.(created));
  await step("create", comparable(created, ids, sc.volatile));
  const read = await entry.read(sc.kind, created.id, created.props);
  await step("read", comparable(read, ids, sc.volatile));
  await sc.outOfBand(emu, ids, created.id);
  await emu.clearRequests();
  const drifted = await entry.read(sc.kind, created.id, read.props);
  await step("read after an out-of-band change", comparable(drifted, ids, sc.volatile));
  const news = (await entry.check(sc.kind, inputs, sc.update(inputs))).inputs;
  await step("diff", await entry.diff(sc.kind, created.id, drifted.props, news));
  const updated = await entry.update(sc.kind, created.id, drifted.props, news);
  await step("update", comparable(updated, ids, sc.volatile));
  if (entry.name === "plugin") {
    // `pulumi import`: no properties, only the ID.
    const urn = `urn:pulumi:test::entry-points::${resourceToken(registry[sc.kind].doc.name)}::imported`;
    if (sc.imported === null) {
      // Refused with the reason imports.ts gives, and imports.ts agrees the kind cannot be imported.
      const rule = importRules[sc.kind];
      expect(rule.id).toBeUndefined();
      await expect(plugin.read!(created.id, urn, undefined)).rejects.toThrow(
        `cannot be imported: ${"unsupported" in rule ? rule.unsupported : ""}`,
      );
    } else {
      const imported = await plugin.read!(created.id, urn, undefined);
      expect(imported.id).toBe(created.id);
      expect(comparable({ id: "", props: imported.inputs, secret: [] }, ids)).toEqual({
        id: "",
        props: sc.imported,
        secret: [],
      });
    }
    await emu.clearRequests();
    // The import warmed the caches (a project's service_role key): delete starts cold, as through the other entry.
    runtime.resetContexts();
  }
  await entry.delete(sc.kind, created.id, updated.props);
  await step("delete", null);
  return steps;
}

afterAll(async () => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
  // The DatabaseSchema scenario loaded its SQL into the process's scratch database.
  await closeScratch();
});

test("the plugin knows each resource by its URN: a second DatabaseSchema owning one schema of a project is refused", async () => {
  const token = resourceToken(registry.databaseSchema.doc.name);
  // The SQL unknown (as in a preview): nothing is read or loaded, the owners are compared all the same.
  const news = { projectRef: "abcdefghijklmnopqrst", sql: "04da6b54-80e4-46f7-96ec-b56ff0331ba9", schemas: ["public"] };
  expect((await plugin.check!(`urn:pulumi:test::entry-points::${token}::first`, {}, news)).failures).toEqual([]);
  const again = await plugin.check!(`urn:pulumi:test::entry-points::${token}::first`, {}, news);
  expect(again.failures).toEqual([]);
  const second = await plugin.check!(`urn:pulumi:test::entry-points::${token}::second`, {}, news);
  expect(second.failures).toEqual([
    {
      property: "schemas",
      reason: expect.stringContaining(
        'schema "public" of project abcdefghijklmnopqrst is already owned by the DatabaseSchema "first"',
      ),
    },
  ]);
  // A fresh provider process (resetContexts) knows no owner.
  runtime.resetContexts();
  const fresh = await plugin.check!(`urn:pulumi:test::entry-points::${token}::second`, {}, news);
  expect(fresh.failures).toEqual([]);
  runtime.resetContexts();
});

test("every kind has a lifecycle", () => {
  expect(scenarios.map((s) => s.kind).sort()).toEqual([...runtime.kinds()].sort());
});

describe.each(scenarios.map((s) => [s.kind, s] as const))("%s: one lifecycle through both entry points", (_k, sc) => {
  test("the same calls, stored properties, secrets, drift and diff", async () => {
    const dynamic = await lifecycle(entryPoints[0], sc);
    const viaPlugin = await lifecycle(entryPoints[1], sc);
    expect(viaPlugin).toEqual(dynamic);
    // The lifecycle did something: create called the API, and the out-of-band change was seen as drift.
    const at = (name: string) => dynamic.find(([n]) => n === name)![1] as { calls: string[]; result: unknown };
    expect(at("create").calls.length).toBeGreaterThan(0);
    const drift = (at("read after an out-of-band change").result as { props: Props }).props.drift;
    expect(drift !== undefined).toBe(sc.kind !== "organization");
    // Secret values never show, in plain or in what is stored.
    expect(JSON.stringify(viaPlugin)).not.toMatch(secretValues);
  });
});
