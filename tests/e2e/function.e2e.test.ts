/** Function on the real engine: its lifecycle with drift of the deployed source. */
import * as supabase from "supabase-pulumi";
import { settingLifecycle, useSettingsEmulator } from "./helpers";

const suite = useSettingsEmulator();

const FUNCTION_SOURCE = "Deno.serve(() => new Response('hello from e2e'))";

test("up, clean preview, out-of-band change is drift, up restores, destroy", async () => {
  await settingLifecycle(suite, {
    type: "Function",
    declare: (ref) => ({
      fnVersion: new supabase.Function("fn", {
        projectRef: ref,
        slug: "hello",
        source: FUNCTION_SOURCE,
        verifyJwt: false,
      }).version,
    }),
    outOfBand: (emu, ref) =>
      emu.api("PATCH", `/v1/projects/${ref}/functions/hello`, { body: "Deno.serve(() => new Response('tampered'))" }),
    afterRestore: async (emu, ref) => {
      expect((await emu.api("GET", `/v1/projects/${ref}/functions/hello/body`)).body).toBe(FUNCTION_SOURCE);
    },
  });
});
