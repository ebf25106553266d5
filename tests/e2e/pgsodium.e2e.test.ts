/** Pgsodium (the encryption root key) on the real engine: its lifecycle with drift; the key never appears in plaintext. */
import * as supabase from "supabase-pulumi";
import { settingLifecycle, useSettingsEmulator } from "./helpers";

const suite = useSettingsEmulator();

const ROOT_KEY = "5e".repeat(32);

test("up, clean preview, out-of-band change is drift, up restores, destroy", async () => {
  await settingLifecycle(suite, {
    type: "Pgsodium",
    declare: (ref) => ({
      rootKey: new supabase.Pgsodium("key", { projectRef: ref, rootKey: ROOT_KEY, acknowledgeDataLoss: true }).rootKey,
    }),
    outOfBand: (emu, ref) => emu.api("PUT", `/v1/projects/${ref}/pgsodium`, { root_key: "7f".repeat(32) }),
    afterRestore: async (emu, ref) => {
      expect((await emu.api("GET", `/v1/projects/${ref}/pgsodium`)).body.root_key).toBe(ROOT_KEY);
    },
    secrets: [ROOT_KEY],
  });
});
