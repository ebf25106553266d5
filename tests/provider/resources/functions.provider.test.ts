/**
 * Functions (a folder of functions) against the emulator: 50 functions
 * created, one changed, one removed, refresh drift, with the API footprint
 * asserted from the request log.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as runtime from "supabase-pulumi/runtime";
import { calls, expectRefused, useSharedProject } from "./config-helpers";

const ctx = useSharedProject("fns");
const P = runtime.provider("functions");

const DEPLOY = "POST /v1/projects/{ref}/functions/deploy";
const LIST = "GET /v1/projects/{ref}/functions";
const DELETE = "DELETE /v1/projects/{ref}/functions/{function_slug}";

let root: string;
beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "fns-provider-"));
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** One function's folder: an entrypoint importing a sibling module, the module and an import map. */
function writeFunction(dir: string, slug: string, greeting = "hello"): void {
  const at = path.join(dir, slug);
  fs.mkdirSync(at, { recursive: true });
  fs.writeFileSync(
    path.join(at, "index.ts"),
    `import { greet } from "./greet.ts";\nDeno.serve(() => new Response(greet()));\n`,
  );
  fs.writeFileSync(path.join(at, "greet.ts"), `export const greet = () => "${greeting} from ${slug}";\n`);
  fs.writeFileSync(path.join(at, "deno.json"), `{ "imports": {} }\n`);
}

async function statuses(): Promise<number[]> {
  return (await ctx.emu.requests({ api: "management" })).map((r) => r.status);
}

test("check refuses bad inputs field by field, without any API call", async () => {
  const dir = path.join(root, "bad");
  writeFunction(dir, "ok");
  const badSlug = path.join(root, "bad-slug");
  writeFunction(badSlug, "9lives");
  const noEntry = path.join(root, "no-entry");
  fs.mkdirSync(path.join(noEntry, "empty-ish"), { recursive: true });
  fs.writeFileSync(path.join(noEntry, "empty-ish", "main.ts"), "");
  const file = path.join(root, "a-file.ts");
  fs.writeFileSync(file, "");
  const ref = ctx.ref;
  await expectRefused(ctx.emu, "functions", [
    [{ sourceDir: dir }, "projectRef"],
    [{ projectRef: "short", sourceDir: dir }, "projectRef"],
    [{ projectRef: ref }, "sourceDir"],
    [{ projectRef: ref, sourceDir: path.join(root, "missing") }, "sourceDir"],
    [{ projectRef: ref, sourceDir: file }, "sourceDir"],
    [{ projectRef: ref, sourceDir: badSlug }, "sourceDir"],
    [{ projectRef: ref, sourceDir: noEntry }, "sourceDir"],
    [{ projectRef: ref, sourceDir: dir, prune: "yes" }, "prune"],
    [{ projectRef: ref, sourceDir: dir, entrypointPath: "../index.ts" }, "entrypointPath"],
    [{ projectRef: ref, sourceDir: dir, staticPatterns: "*.html" }, "staticPatterns"],
    [{ projectRef: ref, sourceDir: dir, extra: 1 }, "extra"],
  ]);
});

test("50 functions: create deploys each once; one changed is 1 deploy; one removed is 1 DELETE; no 429", async () => {
  const { emu, ref } = ctx;
  const dir = path.join(root, "fifty");
  const slugs = Array.from({ length: 50 }, (_, i) => `fn-${String(i).padStart(2, "0")}`);
  for (const slug of slugs) writeFunction(dir, slug);
  fs.mkdirSync(path.join(dir, "_shared"));
  fs.writeFileSync(path.join(dir, "_shared", "util.ts"), "export {};\n");
  const declared = { projectRef: ref, sourceDir: dir, importMapPath: "deno.json", verifyJwt: false, prune: true };

  const checked = await P.check({}, declared);
  expect(checked.failures).toEqual([]);
  // The hashes travel under an internal key, never shown as the user's inputs; the outputs name them `hashes`.
  expect(Object.keys(checked.inputs!.__hashes)).toEqual(slugs);
  expect(checked.inputs).not.toHaveProperty("hashes");
  const { id, outs } = await P.create(checked.inputs!);
  const created = await calls(emu);
  expect(created.filter((c) => c === LIST)).toHaveLength(1);
  expect(created.filter((c) => c === DEPLOY)).toHaveLength(50);
  expect(created).toHaveLength(51);
  expect(await statuses()).not.toContain(429);
  expect(outs!.slugs).toEqual(slugs);
  expect(Object.values(outs!.versions)).toEqual(slugs.map(() => 1));
  // State keeps hashes, never file contents.
  expect(JSON.stringify(outs)).not.toContain("greet");
  const live = (await emu.api("GET", `/v1/projects/${ref}/functions`)).body as Array<{
    slug: string;
    import_map: boolean;
  }>;
  expect(live.filter((f) => slugs.includes(f.slug)).every((f) => f.import_map)).toBe(true);

  // Unchanged: no change, no call.
  await emu.clearRequests();
  const same = (await P.check(outs!, declared)).inputs!;
  expect((await P.diff(id, outs!, same)).changes).toBe(false);
  expect(await calls(emu)).toEqual([]);

  // One file of one function changed: exactly one deploy.
  writeFunction(dir, "fn-07", "howdy");
  const one = (await P.check(outs!, declared)).inputs!;
  expect((await P.diff(id, outs!, one)).changes).toBe(true);
  const { outs: afterChange } = await P.update(id, outs!, one);
  expect(await calls(emu)).toEqual([DEPLOY]);
  expect(afterChange!.versions["fn-07"]).toBe(2);
  expect(afterChange!.versions["fn-08"]).toBe(1);

  // One function removed with prune: exactly one DELETE.
  await emu.clearRequests();
  fs.rmSync(path.join(dir, "fn-13"), { recursive: true });
  const removed = (await P.check(afterChange!, declared)).inputs!;
  const { outs: afterRemove } = await P.update(id, afterChange!, removed);
  expect(await calls(emu)).toEqual([DELETE]);
  expect(afterRemove!.slugs).toHaveLength(49);
  expect((await emu.api("GET", `/v1/projects/${ref}/functions/fn-13`)).status).toBe(404);

  // Without prune, a removed folder's function is only no longer managed.
  await emu.clearRequests();
  fs.rmSync(path.join(dir, "fn-14"), { recursive: true });
  const kept = (await P.check(afterRemove!, { ...declared, prune: false })).inputs!;
  const { outs: afterKeep } = await P.update(id, afterRemove!, kept);
  expect(await calls(emu)).toEqual([]);
  expect(afterKeep!.slugs).not.toContain("fn-14");
  expect((await emu.api("GET", `/v1/projects/${ref}/functions/fn-14`)).status).toBe(200);

  // Refresh: one list call; a bundle changed and a function deleted out of band show by slug only.
  await emu.api("PATCH", `/v1/projects/${ref}/functions/fn-21`, { body: "tampered" });
  await emu.api("DELETE", `/v1/projects/${ref}/functions/fn-22`);
  runtime.resetContexts();
  await emu.clearRequests();
  const read = await P.read(id, afterKeep!);
  expect(await calls(emu)).toEqual([LIST]);
  expect(read.props!.drift).toEqual({ changed: ["fn-21"], deleted: ["fn-22"] });
  expect(JSON.stringify(read.props)).not.toContain("tampered");

  // The next up deploys exactly those two again.
  await emu.clearRequests();
  runtime.resetContexts();
  const again = (await P.check(read.props!, { ...declared, prune: false })).inputs!;
  expect((await P.diff(id, read.props!, again)).changes).toBe(true);
  const { outs: healed } = await P.update(id, read.props!, again);
  expect((await calls(emu)).sort()).toEqual([LIST, DEPLOY, DEPLOY]);
  expect(healed!.slugs).toHaveLength(48);

  // Destroy: one DELETE per managed function.
  await emu.clearRequests();
  await P.delete(id, healed!);
  const destroyed = await calls(emu);
  expect(destroyed).toEqual(Array.from({ length: 48 }, () => DELETE));
  expect(await statuses()).not.toContain(429);
});

test("existing slugs are refused before any deploy unless adopt is set", async () => {
  const { emu, ref } = ctx;
  const dir = path.join(root, "adopt");
  writeFunction(dir, "taken");
  writeFunction(dir, "fresh");
  await emu.api("POST", `/v1/projects/${ref}/functions`, { slug: "taken", name: "taken", body: "old" });
  await emu.clearRequests();
  const inputs = (await P.check({}, { projectRef: ref, sourceDir: dir })).inputs!;
  await expect(P.create(inputs)).rejects.toThrow(/Duplicated function slug: "taken".*adopt: true/);
  expect(await calls(emu)).toEqual([LIST]);
  const { outs } = await P.create({ ...inputs, adopt: true });
  expect(outs!.slugs).toEqual(["fresh", "taken"]);
  expect(outs!.versions).toEqual({ fresh: 1, taken: 2 });
});
