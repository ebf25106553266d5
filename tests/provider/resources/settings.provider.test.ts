/**
 * Project-settings provider methods in-process against the emulator: each
 * documented API footprint is asserted from the request log.
 */
import * as runtime from "supabase-pulumi/runtime";
import { secretDigest, sha256Hex } from "../../../provider/resources/shared";
import { readyProject, startTestEmulator } from "../../../harness/emulator";

type Emu = Awaited<ReturnType<typeof startTestEmulator>>;
let emu: Emu;
let ref: string;

const P = (kind: string) => runtime.provider(kind);

async function calls(): Promise<string[]> {
  return (await emu.requests()).filter((r) => r.api === "management").map((r) => r.route ?? `${r.method} ${r.path}`);
}

beforeAll(async () => {
  emu = await startTestEmulator();
  runtime.configure({ accessToken: emu.accessToken, apiUrl: emu.apiUrl, projectUrlTemplate: emu.projectUrlTemplate });
  runtime.resetContexts();
  await emu.setSettings({ hostnameAutoVerifyMs: 100, restrictionsApplyDelayMs: 100 } as any);
  ({ ref } = await readyProject(emu, "s"));
});

afterAll(async () => {
  await emu?.close();
});

beforeEach(async () => {
  runtime.resetContexts();
  await emu.clearRequests();
});

describe("Secret", () => {
  test("20 concurrent creates for one project are one POST; reads share one GET; deletes are one DELETE", async () => {
    const created = await Promise.all(
      Array.from({ length: 20 }, (_, i) => P("secret").create({ projectRef: ref, name: `K${i}`, value: `v${i}` })),
    );
    expect(await calls()).toEqual(["POST /v1/projects/{ref}/secrets"]);
    expect(created[3].outs).toEqual({ projectRef: ref, name: "K3", digest: secretDigest("v3") });
    expect(created[3].outs).not.toHaveProperty("value");

    await emu.clearRequests();
    runtime.resetContexts();
    const reads = await Promise.all(created.map((c) => P("secret").read(c.id, c.outs!)));
    expect(reads.every((r) => r.id !== "")).toBe(true);
    expect(await calls()).toEqual(["GET /v1/projects/{ref}/secrets"]);

    await emu.clearRequests();
    await Promise.all(created.map((c) => P("secret").delete(c.id, c.outs!)));
    expect(await calls()).toEqual(["DELETE /v1/projects/{ref}/secrets"]);
    runtime.resetContexts();
    expect((await P("secret").read(created[0].id, created[0].outs!)).id).toBe("");
  });

  test("read reports an out-of-band value change through the digest", async () => {
    const { id, outs } = await P("secret").create({ projectRef: ref, name: "DRIFT", value: "mine" });
    await emu.api("POST", `/v1/projects/${ref}/secrets`, [{ name: "DRIFT", value: "theirs" }]);
    runtime.resetContexts();
    const r = await P("secret").read(id, outs!);
    expect(r.props!.digest).toBe(secretDigest("theirs"));
    expect(r.props!.drift).toEqual({ changed: ["DRIFT"] });
    expect((await P("secret").diff(id, r.props!, { projectRef: ref, name: "DRIFT", value: "mine" })).changes).toBe(
      true,
    );
  });
});

describe("Secrets", () => {
  test("create is 1 POST; update is ≤1 POST + ≤1 DELETE; delete is 1 DELETE", async () => {
    const { id, outs } = await P("secrets").create({ projectRef: ref, secrets: { A: "1", B: "2", C: "3" } });
    expect(await calls()).toEqual(["POST /v1/projects/{ref}/secrets"]);
    expect(outs!.names).toEqual(["A", "B", "C"]);

    await emu.clearRequests();
    const { outs: after } = await P("secrets").update(id, outs!, {
      projectRef: ref,
      secrets: { A: "1", B: "changed", D: "4" },
    });
    expect(await calls()).toEqual(["POST /v1/projects/{ref}/secrets", "DELETE /v1/projects/{ref}/secrets"]);
    expect(after!.names).toEqual(["A", "B", "D"]);

    // Out of band: one value changed, one name deleted. The drift detail names them, never a value.
    await emu.api("POST", `/v1/projects/${ref}/secrets`, [{ name: "A", value: "theirs-a" }]);
    await emu.api("DELETE", `/v1/projects/${ref}/secrets`, ["D"]);
    runtime.resetContexts();
    const read = await P("secrets").read(id, after!);
    expect(read.props!.drift).toEqual({ changed: ["A"], deleted: ["D"] });
    expect(JSON.stringify(read.props!.drift)).not.toContain("theirs");
    await emu.api("POST", `/v1/projects/${ref}/secrets`, [{ name: "D", value: "4" }]);

    await emu.clearRequests();
    await P("secrets").delete(id, after!);
    expect(await calls()).toEqual(["DELETE /v1/projects/{ref}/secrets"]);
    const left = (await emu.api("GET", `/v1/projects/${ref}/secrets`)).body.map((s: { name: string }) => s.name);
    expect(left).not.toEqual(expect.arrayContaining(["A"]));
  });
});

describe("Function", () => {
  const source = "Deno.serve(() => new Response('hi'))";

  test("create is 1 POST; update 1 PATCH; read shares the list; delete 1 DELETE", async () => {
    const checked = await P("function").check({}, { projectRef: ref, slug: "hello", source, verifyJwt: false });
    const { id, outs } = await P("function").create(checked.inputs!);
    expect(await calls()).toEqual(["POST /v1/projects/{ref}/functions"]);
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
    expect(await calls()).toEqual(["PATCH /v1/projects/{ref}/functions/{function_slug}"]);
    expect(after!.version).toBe(2);

    await emu.clearRequests();
    runtime.resetContexts();
    const r = await P("function").read(id, after!);
    expect(r.props!.sourceHash).toBe(news.sourceHash);
    expect(await calls()).toEqual(["GET /v1/projects/{ref}/functions"]);

    await emu.api("PATCH", `/v1/projects/${ref}/functions/hello`, { body: "tampered" });
    runtime.resetContexts();
    const drifted = await P("function").read(id, after!);
    expect(drifted.props!.sourceHash).toMatch(/^changed-out-of-band:/);
    expect((await P("function").diff(id, drifted.props!, news)).changes).toBe(true);

    await emu.clearRequests();
    await P("function").delete(id, after!);
    expect(await calls()).toEqual(["DELETE /v1/projects/{ref}/functions/{function_slug}"]);
  });

  test("an existing slug is refused unless adopt is set, which takes it over", async () => {
    await emu.api("POST", `/v1/projects/${ref}/functions`, { slug: "taken", name: "taken", body: "old" });
    const inputs = (await P("function").check({}, { projectRef: ref, slug: "taken", source: "new" })).inputs!;
    await expect(P("function").create(inputs)).rejects.toThrow(/adopt: true/);
    const adopted = await P("function").create({ ...inputs, adopt: true });
    expect(adopted.outs!.sourceHash).toBe(sha256Hex("new"));
    expect((await emu.api("GET", `/v1/projects/${ref}/functions/taken/body`)).body).toBe("new");
  });
});

describe("CustomHostname, Pgsodium, NetworkRestriction", () => {
  test("custom hostname: initialize, activate, records shaped for DNS, delete", async () => {
    const { id, outs } = await P("customHostname").create({
      projectRef: ref,
      hostname: "api.example.net",
      activate: true,
      activationTimeoutSeconds: 60,
    });
    expect(outs!.status).toBe("5_services_reconfigured");
    const c = await calls();
    expect(c[0]).toBe("POST /v1/projects/{ref}/custom-hostname/initialize");
    expect(c[c.length - 1]).toBe("POST /v1/projects/{ref}/custom-hostname/activate");
    expect(outs!.dnsRecords[0]).toEqual({
      type: "CNAME",
      name: "api.example.net",
      value: expect.any(String),
      purpose: "routing",
    });

    await emu.clearRequests();
    await P("customHostname").delete(id, outs!);
    expect(await calls()).toEqual(["DELETE /v1/projects/{ref}/custom-hostname"]);
    runtime.resetContexts();
    expect((await P("customHostname").read(id, outs!)).id).toBe("");
  });

  test("pgsodium: adopt is 1 GET; a key change is 1 PUT; delete makes no call", async () => {
    const { id, outs } = await P("pgsodium").create({ projectRef: ref });
    expect(await calls()).toEqual(["GET /v1/projects/{ref}/pgsodium"]);
    expect(outs!.rootKey).toMatch(/^[0-9a-f]{64}$/);

    await emu.clearRequests();
    const key = "ab".repeat(32);
    await P("pgsodium").update(id, outs!, { projectRef: ref, rootKey: key, acknowledgeDataLoss: true });
    expect(await calls()).toEqual(["GET /v1/projects/{ref}/pgsodium", "PUT /v1/projects/{ref}/pgsodium"]);

    await emu.clearRequests();
    await P("pgsodium").delete(id, outs!);
    expect(await calls()).toEqual([]);
    expect((await emu.api("GET", `/v1/projects/${ref}/pgsodium`)).body.root_key).toBe(key);
  });

  test("pgsodium: declaring a different key after adopting needs the opt-in, before any write", async () => {
    const { id, outs } = await P("pgsodium").create({ projectRef: ref });
    await emu.clearRequests();
    await expect(P("pgsodium").update(id, outs!, { projectRef: ref, rootKey: "cd".repeat(32) })).rejects.toThrow(
      /acknowledgeDataLoss/,
    );
    expect((await calls()).filter((c) => c.startsWith("PUT"))).toEqual([]);
  });

  test("network restrictions: apply waits for applied; delete restores allow-all", async () => {
    const inputs = (
      await P("networkRestriction").check({}, { projectRef: ref, dbAllowedCidrs: ["10.9.8.7/8"], dbAllowedCidrsV6: [] })
    ).inputs!;
    const { id, outs } = await P("networkRestriction").create(inputs);
    expect(outs).toMatchObject({ dbAllowedCidrs: ["10.0.0.0/8"], dbAllowedCidrsV6: [], status: "applied" });
    const c = await calls();
    expect(c[0]).toBe("POST /v1/projects/{ref}/network-restrictions/apply");
    expect(c.slice(1).every((x) => x === "GET /v1/projects/{ref}/network-restrictions")).toBe(true);

    await P("networkRestriction").delete(id, outs!);
    const live = (await emu.api("GET", `/v1/projects/${ref}/network-restrictions`)).body;
    expect(live.config).toMatchObject({ dbAllowedCidrs: ["0.0.0.0/0"], dbAllowedCidrsV6: ["::/0"] });
  });
});
