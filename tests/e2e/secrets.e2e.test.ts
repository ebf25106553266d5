/** Secrets (a map of edge-function secrets) on the real engine: its lifecycle with drift, and one POST for a whole map. */
import * as supabase from "supabase-pulumi";
import { emulatorStack, managementCalls, settingLifecycle, settingsProject, useSettingsEmulator } from "./helpers";

const suite = useSettingsEmulator();

const MAP_VALUE = "map-value-0c7f4a11";

test("up, clean preview, out-of-band change is drift, up restores, destroy", async () => {
  await settingLifecycle(suite, {
    type: "Secrets",
    declare: (ref) => ({
      mapNames: new supabase.Secrets("map", {
        projectRef: ref,
        secrets: { MAP_ONE: MAP_VALUE, MAP_TWO: `${MAP_VALUE}-2` },
      }).names,
    }),
    outOfBand: (emu, ref) => emu.api("DELETE", `/v1/projects/${ref}/secrets`, ["MAP_TWO"]),
    secrets: [MAP_VALUE],
  });
});

test("a Secrets map is created with exactly 1 POST", async () => {
  const { emu, dirs } = suite;
  const s = await emulatorStack(emu, async () => {
    const project = settingsProject();
    new supabase.Secrets("map", { projectRef: project.ref, secrets: { A: "1", B: "2", C: "3" } });
  });
  dirs.push(s.dir);
  await emu.clearRequests();
  await s.stack.up({ parallel: 8 });
  const posts = (await managementCalls(emu)).filter((c) => c.method === "POST" && /\/secrets$/.test(c.path));
  expect(posts).toHaveLength(1);
  await s.stack.destroy({ parallel: 8 });
});
