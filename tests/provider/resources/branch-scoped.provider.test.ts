/**
 * Every project-scoped kind works on a branch by taking the branch's `ref` as
 * its `projectRef`: one lifecycle per kind (create, an out-of-band change
 * that the next read reports as drift, update, delete) against one branch,
 * with the inputs of the entry-point scenarios. The branch starts with the
 * parent's migrations (the tables the scenarios use come from there), and no
 * request of any lifecycle addresses the parent.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as runtime from "supabase-pulumi/runtime";
import { closeScratch } from "../../../provider/resources/database-schema/engine";
import { scenarios } from "../plugin/scenarios";
import { useSharedProject } from "./config-helpers";

const ctx = useSharedProject("branch-parent", {
  hostnameAutoVerifyMs: null,
  restrictionsApplyDelayMs: 0,
  restartDelayMs: 0,
});
const NOT_PROJECT_SCOPED = new Set<runtime.ResourceKind>(["organization", "project", "branch"]);
const onBranch = scenarios.filter((s) => !NOT_PROJECT_SCOPED.has(s.kind));
const ids: Record<string, string> = {};
let dir: string;

beforeAll(async () => {
  const { emu, ref } = ctx;
  // The tables of the TableRows and DatabaseMigration scenarios, in the parent's migration history.
  for (const [i, query] of [
    "create table entry_rows (id int primary key, name text not null)",
    "create table ticks (n int)",
  ].entries()) {
    const r = await emu.api(
      "POST",
      `/v1/projects/${ref}/database/migrations`,
      { query, name: `00${i}_fixture` },
      { "Idempotency-Key": `fixture-${i}` },
    );
    if (r.status >= 300) throw new Error(`migration ${query}: ${JSON.stringify(r.body)}`);
  }
  const branch = await runtime.provider("branch").create({ projectRef: ref, name: "scoped", createTimeoutSeconds: 60 });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "branch-fns-"));
  for (const slug of ["fn-a", "fn-b"]) {
    fs.mkdirSync(path.join(dir, slug));
    fs.writeFileSync(path.join(dir, slug, "index.ts"), `Deno.serve(() => new Response("${slug}"));\n`);
  }
  Object.assign(ids, { ref: branch.id, dir });
  // SAML on the branch, as the SsoProvider scenario's own fixture turns it on for its project.
  await emu.api("PATCH", `/v1/projects/${branch.id}/config/auth`, { saml_enabled: true });
});

afterAll(async () => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  // The DatabaseSchema scenario loaded its SQL into the process's scratch database.
  await closeScratch();
});

test("the scenarios cover every project-scoped kind", () => {
  const kinds = runtime.kinds().filter((k) => !NOT_PROJECT_SCOPED.has(k));
  expect(onBranch.map((s) => s.kind).sort()).toEqual([...kinds].sort());
});

test.each(onBranch.map((s) => [s.kind, s] as const))("%s on a branch", async (kind, scenario) => {
  const { emu, ref: parent } = ctx;
  expect(ids.ref).not.toBe(parent);
  const p = runtime.provider(kind);
  runtime.resetContexts();
  await emu.clearRequests();
  const inputs = scenario.inputs(ids);
  const checked = await p.check({}, inputs);
  expect(checked.failures).toEqual([]);
  const created = await p.create(checked.inputs!);
  expect(created.outs).toMatchObject({ projectRef: ids.ref });

  await scenario.outOfBand(emu, ids, created.id);
  runtime.resetContexts();
  const read = await p.read(created.id, created.outs!);
  // The object read is the branch's (a ThirdPartyAuth replaced out of band is followed to its successor's id).
  const id = read.id!;
  expect(id === ids.ref || id.startsWith(`${ids.ref}/`)).toBe(true);
  // The change made on the branch is found on the branch.
  expect(read.props!.drift).toBeDefined();

  const news = (await p.check(read.props!, scenario.update(inputs))).inputs!;
  const diff = await p.diff(id, read.props!, news);
  const outs = diff.changes ? (await p.update(id, read.props!, news)).outs! : read.props!;
  await p.delete(id, outs);

  // Every request of the lifecycle addressed the branch; none the parent.
  const log = await emu.requests();
  expect(log.length).toBeGreaterThan(0);
  expect(log.filter((r) => r.path.includes(parent)).map((r) => `${r.method} ${r.path}`)).toEqual([]);
  expect(log.some((r) => r.path.includes(ids.ref))).toBe(true);
});
