/**
 * Network bans: addresses the platform's fail2ban
 * blocked after failed database logins. Nothing bans in the emulator by
 * itself; `POST /_emulator/projects/{ref}/network-bans` stands in for it.
 */
import { z } from "zod";
import { defineRoute, type RouteDef } from "../pipeline/router";
import { checkIpv4List, plainAddress } from "../settings/net";
import { projectSettings } from "../settings/store";

const RemoveBans = z.strictObject({
  ipv4_addresses: z.array(z.string()),
  requester_ip: z.boolean().optional(),
  identifier: z.string().optional(),
});

export const networkBanRoutes: RouteDef[] = [
  defineRoute({
    method: "POST",
    path: "/v1/projects/{ref}/network-bans/retrieve",
    // A POST that only reads; every POST of the service answers 201.
    handler: ({ app, params }) => ({
      status: 201,
      body: { banned_ipv4_addresses: [...projectSettings(app, params.ref).settings.bannedIpv4] },
    }),
  }),
  defineRoute({
    method: "DELETE",
    path: "/v1/projects/{ref}/network-bans",
    body: RemoveBans,
    handler: ({ app, params, body, remoteAddress }) => {
      const { settings } = projectSettings(app, params.ref);
      checkIpv4List(body.ipv4_addresses);
      const unban = new Set(body.ipv4_addresses);
      // requester_ip also lifts a ban on the caller's own address.
      if (body.requester_ip) unban.add(plainAddress(remoteAddress));
      // `identifier` names which ban list on the real service; the emulator keeps one.
      settings.bannedIpv4 = settings.bannedIpv4.filter((a) => !unban.has(a));
      app.store.commit();
      // 200 with an empty body and no content-type, as recorded.
      return { status: 200 };
    },
  }),
];
