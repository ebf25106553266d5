/** Function provider methods against the emulator, with the API footprint from the request log. */
import * as runtime from "supabase-pulumi/runtime";
import { sha256Hex } from "../../../provider/resources/shared";
import { calls, useSharedProject } from "./config-helpers";

const ctx = useSharedProject("s");
const P = (kind: string) => runtime.provider(kind);

const source = "Deno.serve(() => new Response('hi'))";

test("create is 1 POST; update 1 PATCH; read shares the list; delete 1 DELETE", async () => {
  const { emu, ref } = ctx;
  const checked = await P("function").check({}, { projectRef: ref, slug: "hello", source, verifyJwt: false });
  const { id, outs } = await P("function").create(checked.inputs!);
  expect(await calls(emu)).toEqual(["POST /v1/projects/{ref}/functions"]);
  expect(outs).toMatchObject({
    slug: "hello",
    version: 1,
    status: "ACTIVE",
    sourceHash: sha256Hex(source),
    deployedSha256: sha256Hex(source),
  });

  await emu.clearRequests();
  const news = (
    await P("function").check({}, { projectRef: ref, slug: "hello", source: `${source}\n// v2`, verifyJwt: false })
  ).inputs!;
  const { outs: after } = await P("function").update(id, outs!, news);
  expect(await calls(emu)).toEqual(["PATCH /v1/projects/{ref}/functions/{function_slug}"]);
  expect(after!.version).toBe(2);

  await emu.clearRequests();
  runtime.resetContexts();
  const r = await P("function").read(id, after!);
  expect(r.props!.sourceHash).toBe(news.sourceHash);
  expect(await calls(emu)).toEqual(["GET /v1/projects/{ref}/functions"]);

  await emu.api("PATCH", `/v1/projects/${ref}/functions/hello`, { body: "tampered" });
  runtime.resetContexts();
  const drifted = await P("function").read(id, after!);
  expect(drifted.props!.sourceHash).toMatch(/^changed-out-of-band:/);
  expect((await P("function").diff(id, drifted.props!, news)).changes).toBe(true);

  await emu.clearRequests();
  await P("function").delete(id, after!);
  expect(await calls(emu)).toEqual(["DELETE /v1/projects/{ref}/functions/{function_slug}"]);
});

test("an existing slug is refused unless adopt is set, which takes it over", async () => {
  const { emu, ref } = ctx;
  await emu.api("POST", `/v1/projects/${ref}/functions`, { slug: "taken", name: "taken", body: "old" });
  const inputs = (await P("function").check({}, { projectRef: ref, slug: "taken", source: "new" })).inputs!;
  await expect(P("function").create(inputs)).rejects.toThrow(/adopt: true/);
  const adopted = await P("function").create({ ...inputs, adopt: true });
  expect(adopted.outs!.sourceHash).toBe(sha256Hex("new"));
  expect((await emu.api("GET", `/v1/projects/${ref}/functions/taken/body`)).body).toBe("new");
});
