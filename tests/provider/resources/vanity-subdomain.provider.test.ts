/** VanitySubdomain provider methods against the emulator, with the API footprint from the request log. */
import * as runtime from "supabase-pulumi/runtime";
import { readyProject } from "../../../harness/emulator";
import { calls, expectRefused, useConfigProject } from "./config-helpers";

const ctx = useConfigProject("vanity");
const P = () => runtime.provider("vanitySubdomain");
const GET = "GET /v1/projects/{ref}/vanity-subdomain";
const CHECK = "POST /v1/projects/{ref}/vanity-subdomain/check-availability";
const ACTIVATE = "POST /v1/projects/{ref}/vanity-subdomain/activate";
const DELETE = "DELETE /v1/projects/{ref}/vanity-subdomain";

const live = async (ref = ctx.ref) => (await ctx.emu.api("GET", `/v1/projects/${ref}/vanity-subdomain`)).body;

/** The warnings check logs while `fn` runs. */
async function warnings(fn: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const spy = jest.spyOn(console, "warn").mockImplementation((...args: unknown[]) => void seen.push(args.join(" ")));
  try {
    await fn();
  } finally {
    spy.mockRestore();
  }
  return seen;
}

test("create activates, refresh reads, drift, a new name is an update, destroy deactivates", async () => {
  const { emu, ref } = ctx;
  const inputs = { projectRef: ref, subdomain: "acme-prod" };
  expect(await warnings(() => P().check({}, inputs))).toEqual([]);
  expect(await calls(emu)).toEqual([CHECK]);
  await emu.clearRequests();
  const { id, outs } = await P().create(inputs);
  expect(await calls(emu)).toEqual([GET, ACTIVATE]);
  expect(outs).toEqual({ ...inputs, customDomain: "acme-prod.supabase.co", status: "active" });
  expect(await live()).toEqual({ status: "active", custom_domain: "acme-prod.supabase.co" });

  await emu.clearRequests();
  const read = await P().read(id, outs!);
  expect(await calls(emu)).toEqual([GET]);
  expect(read.props).toEqual(outs);
  expect((await P().diff(id, read.props!, inputs)).changes).toBe(false);

  // Out of band: another name activated.
  await emu.api("POST", `/v1/projects/${ref}/vanity-subdomain/activate`, { vanity_subdomain: "acme-other" });
  const drifted = await P().read(id, outs!);
  expect(drifted.props).toMatchObject({ subdomain: "acme-other", drift: { changed: ["subdomain"] } });
  const d = await P().diff(id, drifted.props!, inputs);
  expect([d.changes, d.replaces]).toEqual([true, []]);
  await emu.clearRequests();
  await P().update(id, drifted.props!, inputs);
  expect(await calls(emu)).toEqual([GET, ACTIVATE]);
  // The other name is free again.
  expect(
    (
      await emu.api("POST", `/v1/projects/${ref}/vanity-subdomain/check-availability`, {
        vanity_subdomain: "acme-other",
      })
    ).body,
  ).toEqual({ available: true });

  await emu.clearRequests();
  await P().delete(id, outs!);
  expect(await calls(emu)).toEqual([DELETE]);
  expect(await live()).toEqual({ status: "not-used" });
  // Deactivated: the resource is gone from a refresh.
  expect((await P().read(id, outs!)).id).toBe("");
});

test("adoption activates nothing; check warns once per name about a name another project uses", async () => {
  const { emu, ref } = ctx;
  const other = await readyProject(emu, "other");
  await emu.api("POST", `/v1/projects/${other.ref}/vanity-subdomain/activate`, { vanity_subdomain: "taken-name" });
  await emu.api("POST", `/v1/projects/${ref}/vanity-subdomain/activate`, { vanity_subdomain: "mine-already" });
  await emu.clearRequests();
  const adopted = await P().create({ projectRef: ref, subdomain: "mine-already" });
  expect(await calls(emu)).toEqual([GET]);

  await emu.clearRequests();
  const olds = adopted.outs!;
  const taken = { projectRef: ref, subdomain: "taken-name" };
  const first = await warnings(async () => {
    const r = await P().check(olds, taken);
    // A warning, not a failure: the inputs pass.
    expect(r.failures ?? []).toEqual([]);
  });
  expect(first).toEqual([expect.stringMatching(/"taken-name".*not available/)]);
  // The answer is cached in the process; an unchanged name is not checked at all.
  expect(await warnings(() => P().check(olds, taken))).toHaveLength(1);
  expect(await warnings(() => P().check(olds, { projectRef: ref, subdomain: "mine-already" }))).toEqual([]);
  // An unavailable name is compared with the project's own before the warning.
  expect(await calls(emu)).toEqual([CHECK, GET]);
  // The answers live in the provider context: resetContexts() forgets them, and the name is asked about again.
  runtime.resetContexts();
  await emu.clearRequests();
  expect(await warnings(() => P().check(olds, taken))).toHaveLength(1);
  expect(await calls(emu)).toEqual([CHECK, GET]);
  // The first check of a program that declares the project's own name (an imported one) warns of nothing.
  await emu.clearRequests();
  expect(await warnings(() => P().check({}, { projectRef: ref, subdomain: "mine-already" }))).toEqual([]);
  expect(await calls(emu)).toEqual([CHECK, GET]);
  // Reserved and ref-shaped names are never available; activation refuses them.
  for (const name of ["api", "abcdefghijklmnopqrst"]) {
    const c = await emu.api("POST", `/v1/projects/${ref}/vanity-subdomain/check-availability`, {
      vanity_subdomain: name,
    });
    expect(c.body).toEqual({ available: false });
  }
  await expect(P().update(adopted.id, olds, taken)).rejects.toThrow(/not available/);
  const bad = await emu.api("POST", `/v1/projects/${ref}/vanity-subdomain/activate`, { vanity_subdomain: "-bad-" });
  expect([bad.status, bad.body.message]).toEqual([400, expect.stringMatching(/Invalid vanity subdomain/)]);
});

test("bad inputs are refused at check, naming the field", async () => {
  await expectRefused(ctx.emu, "vanitySubdomain", [
    [{ projectRef: "X", subdomain: "acme" }, "projectRef"],
    [{ projectRef: ctx.ref }, "subdomain"],
    [{ projectRef: ctx.ref, subdomain: "Acme" }, "subdomain"],
    [{ projectRef: ctx.ref, subdomain: "acme.supabase.co" }, "subdomain"],
    [{ projectRef: ctx.ref, subdomain: "-acme" }, "subdomain"],
    [{ projectRef: ctx.ref, subdomain: "a".repeat(64) }, "subdomain"],
    [{ projectRef: ctx.ref, subdomain: "acme", name: "x" }, "name"],
  ]);
});
