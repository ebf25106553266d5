/**
 * Organization provider methods in-process against the emulator: each
 * documented API footprint is asserted from the request log.
 */
import * as runtime from "supabase-pulumi/runtime";
import type { TestEmulator } from "../../../harness/emulator";
import { useEmulator } from "../../../harness/suite";

type Emu = TestEmulator;
let emu: Emu;

const organization = runtime.provider("organization");

async function calls() {
  return (await emu.requests()).filter((r) => r.api === "management").map((r) => r.route ?? `${r.method} ${r.path}`);
}

useEmulator({
  runtime,
  setup: (started) => {
    emu = started;
  },
  beforeEach: (e) => e.reset(),
});

describe("Organization", () => {
  test("create is 1 POST; read shares one list GET", async () => {
    await emu.clearRequests();
    const { id, outs } = await organization.create({ name: "Acme" });
    expect(outs).toMatchObject({ name: "Acme", organizationId: id, slug: id });
    expect(await calls()).toEqual(["POST /v1/organizations"]);

    await emu.clearRequests();
    runtime.resetContexts();
    const reads = await Promise.all([
      organization.read(id, outs!),
      organization.read(id, outs!),
      organization.read(id, outs!),
    ]);
    expect(reads.every((r) => r.id === id)).toBe(true);
    expect(await calls()).toEqual(["GET /v1/organizations"]);
  });

  test("adopt: true takes over an organization with the same name instead of creating one", async () => {
    const existing = await emu.api("POST", "/v1/organizations", { name: "Existing" });
    await emu.clearRequests();
    const { id } = await organization.create({ name: "Existing", adopt: true });
    expect(id).toBe(existing.body.id);
    expect(await calls()).toEqual(["GET /v1/organizations"]);
  });

  test("read reports an unknown organization as gone", async () => {
    expect(await organization.read("nosuchorg", { name: "x" })).toEqual({ id: "", props: {} });
  });
});
