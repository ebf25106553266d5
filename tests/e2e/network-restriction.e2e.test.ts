/** NetworkRestriction on the real engine: its lifecycle with drift; destroy restores allow-all before the project goes. */
import * as supabase from "supabase-pulumi";
import { settingLifecycle, useSettingsEmulator } from "./helpers";

const suite = useSettingsEmulator();

test("up, clean preview, out-of-band change is drift, up restores, destroy restores allow-all first", async () => {
  await settingLifecycle(suite, {
    type: "NetworkRestriction",
    declare: (ref) => ({
      cidrs: new supabase.NetworkRestriction("net", {
        projectRef: ref,
        dbAllowedCidrs: ["10.1.2.3/8", "192.168.0.0/16"],
        dbAllowedCidrsV6: ["2001:DB8::/32"],
      }).dbAllowedCidrs,
    }),
    afterUp: (outputs) => expect(outputs.cidrs.value).toEqual(["10.0.0.0/8", "192.168.0.0/16"]),
    outOfBand: (emu, ref) =>
      emu.api("POST", `/v1/projects/${ref}/network-restrictions/apply`, {
        dbAllowedCidrs: ["0.0.0.0/0"],
        dbAllowedCidrsV6: ["::/0"],
      }),
    // Destroy restores allow-all before the project itself goes.
    afterDestroy: (routes) => {
      const apply = routes.indexOf("POST /v1/projects/{ref}/network-restrictions/apply");
      expect(apply).toBeGreaterThanOrEqual(0);
      expect(apply).toBeLessThan(routes.indexOf("DELETE /v1/projects/{ref}"));
    },
  });
});
