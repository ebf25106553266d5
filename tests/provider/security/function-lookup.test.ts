/**
 * A deploy whose outcome is unknown is looked up before it is given up: only
 * the service saying "not there" drops it. A lookup that fails for another
 * reason (after the client's retries within the retry budget) records the
 * function as a partial failure, so a deploy that may have landed is never
 * left out of state.
 */
import * as runtime from "supabase-pulumi/runtime";
import { OUTCOME_UNKNOWN } from "../../../provider/resources/function";
import { useSharedProject } from "../resources/config-helpers";

const ctx = useSharedProject("lookup");
const P = () => runtime.provider("function");

beforeAll(() => {
  // The failing lookup gives up after a short budget.
  process.env.SUPABASE_RETRY_BUDGET_SECONDS = "1";
});
afterAll(() => {
  delete process.env.SUPABASE_RETRY_BUDGET_SECONDS;
});

test("a deploy reset after it landed, with the function list failing too, is recorded, not dropped", async () => {
  const { emu, ref } = ctx;
  // Every attempt lands and loses its answer, until the retry budget is spent: the outcome stays unknown.
  const deployFault = await emu.addFault({
    method: "POST",
    path: "/v1/projects/{ref}/functions/deploy",
    reset: "after",
  });
  const listFault = await emu.addFault({ method: "GET", path: "/v1/projects/{ref}/functions", status: 500 });
  const inputs = (await P().check({}, { projectRef: ref, slug: "landed", source: "x", adopt: true })).inputs!;
  const err = (await P()
    .create(inputs)
    .then(
      () => undefined,
      (e: unknown) => e,
    )) as { id?: string; properties?: Record<string, unknown> } | undefined;
  await emu.removeFault(listFault.id);
  await emu.removeFault(deployFault.id);
  // A partial failure: the engine keeps the id, and the next up deploys again.
  expect(err).toMatchObject({ id: `${ref}/landed`, properties: { slug: "landed", sourceHash: OUTCOME_UNKNOWN } });
  // The deploy had landed.
  expect((await emu.api("GET", `/v1/projects/${ref}/functions/landed`)).status).toBe(200);
});

test("a deploy reset before it landed, with the list saying so, is not recorded", async () => {
  const { emu, ref } = ctx;
  const deployFault = await emu.addFault({
    method: "POST",
    path: "/v1/projects/{ref}/functions/deploy",
    reset: "before",
  });
  const inputs = (await P().check({}, { projectRef: ref, slug: "never", source: "x", adopt: true })).inputs!;
  const err = (await P()
    .create(inputs)
    .then(
      () => undefined,
      (e: unknown) => e,
    )) as { id?: string } | undefined;
  await emu.removeFault(deployFault.id);
  expect(err).toBeDefined();
  expect(err?.id).toBeUndefined();
  expect((await emu.api("GET", `/v1/projects/${ref}/functions/never`)).status).toBe(404);
});
