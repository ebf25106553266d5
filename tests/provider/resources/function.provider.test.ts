/** Function provider methods against the emulator, with the API footprint from the request log. */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as runtime from "supabase-pulumi/runtime";
import { sha256Hex } from "../../../provider/resources/shared";
import { calls, useSharedProject } from "./config-helpers";

const ctx = useSharedProject("s");
const P = (kind: runtime.ResourceKind) => runtime.provider(kind);

const source = "Deno.serve(() => new Response('hi'))";
const DEPLOY = "POST /v1/projects/{ref}/functions/deploy";
const LIST = "GET /v1/projects/{ref}/functions";

let tmp: string;
beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "fn-provider-"));
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** Writes a function folder: an entrypoint importing a sibling module, the module, an import map. */
function writeFolder(dir: string, greeting = "hello"): void {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, "index.ts"),
    `import { greet } from "./greet.ts";\nDeno.serve(() => new Response(greet("you")));\n`,
  );
  fs.writeFileSync(path.join(dir, "greet.ts"), `export const greet = (n: string) => \`${greeting} \${n}\`;\n`);
  fs.writeFileSync(path.join(dir, "deno.json"), JSON.stringify({ imports: { "@std/": "jsr:@std/" } }, null, 2));
}

test("inline source: create 1 deploy; new code 1 deploy; a setting 1 PATCH; read shares the list; delete 1 DELETE", async () => {
  const { emu, ref } = ctx;
  const checked = await P("function").check({}, { projectRef: ref, slug: "hello", source, verifyJwt: false });
  const { id, outs } = await P("function").create(checked.inputs!);
  expect(await calls(emu)).toEqual([LIST, DEPLOY]);
  expect(outs).toMatchObject({ slug: "hello", version: 1, status: "ACTIVE", sourceHash: sha256Hex(source) });
  expect(outs).not.toHaveProperty("source");
  expect((await emu.api("GET", `/v1/projects/${ref}/functions/hello/body`)).body).toBe(source);

  await emu.clearRequests();
  const news = (
    await P("function").check({}, { projectRef: ref, slug: "hello", source: `${source}\n// v2`, verifyJwt: false })
  ).inputs!;
  expect((await P("function").diff(id, outs!, news)).changes).toBe(true);
  const { outs: after } = await P("function").update(id, outs!, news);
  expect(await calls(emu)).toEqual([DEPLOY]);
  expect(after!.version).toBe(2);

  await emu.clearRequests();
  const jwt = { ...news, verifyJwt: true };
  const { outs: patched } = await P("function").update(id, after!, jwt);
  expect(await calls(emu)).toEqual(["PATCH /v1/projects/{ref}/functions/{function_slug}"]);
  expect(patched).toMatchObject({ verifyJwt: true, version: 2, sourceHash: news.__sourceHash });

  await emu.clearRequests();
  runtime.resetContexts();
  const r = await P("function").read(id, patched!);
  expect(r.props!.sourceHash).toBe(news.__sourceHash);
  expect(r.props).not.toHaveProperty("drift");
  expect(await calls(emu)).toEqual([LIST]);

  await emu.clearRequests();
  await P("function").delete(id, patched!);
  expect(await calls(emu)).toEqual(["DELETE /v1/projects/{ref}/functions/{function_slug}"]);
});

test("a folder deploys through functions/deploy; unchanged or moved it makes no call; one changed file redeploys once", async () => {
  const { emu, ref } = ctx;
  const dir = path.join(tmp, "greeter");
  writeFolder(dir);
  const declared = { projectRef: ref, slug: "greeter", sourceDir: dir, importMapPath: "deno.json", verifyJwt: false };
  const checked = await P("function").check({}, declared);
  expect(checked.failures).toEqual([]);
  const { id, outs } = await P("function").create(checked.inputs!);
  expect(await calls(emu)).toEqual([LIST, DEPLOY]);
  expect(outs).toMatchObject({ version: 1, importMap: true, importMapPath: "deno.json", entrypointPath: "index.ts" });

  // The service holds every file under its relative path.
  const res = await fetch(`${emu.apiUrl}/v1/projects/${ref}/functions/greeter/body`, {
    headers: { authorization: `Bearer ${emu.accessToken}`, accept: "multipart/form-data" },
  });
  const files = (await res.formData()).getAll("file") as File[];
  expect(files.map((f) => f.name)).toEqual(["deno.json", "greet.ts", "index.ts"]);
  expect(await files[0]!.text()).toContain("jsr:@std/");

  // Re-saved unchanged (new mtimes), then moved elsewhere: same hash, no change, no call.
  await emu.clearRequests();
  writeFolder(dir);
  const moved = path.join(tmp, "elsewhere", "greeter-copy");
  fs.cpSync(dir, moved, { recursive: true });
  for (const sourceDir of [dir, moved]) {
    const again = await P("function").check(outs!, { ...declared, sourceDir });
    expect(again.inputs!.__sourceHash).toBe(outs!.sourceHash);
    expect((await P("function").diff(id, outs!, again.inputs!)).changes).toBe(false);
  }
  expect(await calls(emu)).toEqual([]);

  // One file changed: one deploy.
  writeFolder(moved, "howdy");
  const changed = (await P("function").check(outs!, { ...declared, sourceDir: moved })).inputs!;
  expect((await P("function").diff(id, outs!, changed)).changes).toBe(true);
  const { outs: after } = await P("function").update(id, outs!, changed);
  expect(await calls(emu)).toEqual([DEPLOY]);
  expect(after!.version).toBe(2);
  expect(after!.sourceHash).toBe(changed.__sourceHash);

  // A bundle changed out of band is reported as a body change, without any file's content.
  await emu.api("PATCH", `/v1/projects/${ref}/functions/greeter`, { body: "tampered secret-ish content" });
  runtime.resetContexts();
  const drifted = await P("function").read(id, after!);
  expect(drifted.props!.drift).toEqual({ changed: ["body"] });
  expect(drifted.props!.sourceHash).toMatch(/^changed-out-of-band:/);
  expect(JSON.stringify(drifted.props)).not.toContain("tampered");
  expect((await P("function").diff(id, drifted.props!, changed)).changes).toBe(true);
  await P("function").delete(id, after!);
});

test("an existing slug is refused before any deploy unless adopt is set, which takes it over", async () => {
  const { emu, ref } = ctx;
  await emu.api("POST", `/v1/projects/${ref}/functions`, { slug: "taken", name: "taken", body: "old" });
  await emu.clearRequests();
  const inputs = (await P("function").check({}, { projectRef: ref, slug: "taken", source: "new" })).inputs!;
  await expect(P("function").create(inputs)).rejects.toThrow(/Duplicated function slug.*adopt: true/);
  expect(await calls(emu)).toEqual([LIST]);
  const adopted = await P("function").create({ ...inputs, adopt: true });
  expect(adopted.outs!.sourceHash).toBe(sha256Hex("new"));
  expect((await emu.api("GET", `/v1/projects/${ref}/functions/taken/body`)).body).toBe("new");
});
