/**
 * RealtimeConfig: a project's Realtime settings, only the declared ones. Its
 * documentation is `realtimeConfigDoc` below; the rules it shares with the
 * other configuration resources are in config/factory.ts.
 */
import { RealtimeConfigFields, RealtimeConfigSettings } from "../../client/config-schemas";
import { defineKind } from "../../kind";
import { CONFIG_ADOPTS } from "../config/factory";
import { patchConfig } from "../config/patch";
import { usageProjectRef } from "../../resource-doc";

const realtime = patchConfig({
  settings: RealtimeConfigSettings,
  fields: RealtimeConfigFields,
  import: { kind: "realtimeConfig", what: "realtime" },
  apiPath: "config/realtime",
  doc: {
    name: "RealtimeConfig",
    page: "realtime-config",
    usage: {
      name: "realtime",
      inputs: { projectRef: usageProjectRef(), privateOnly: true, maxConcurrentUsers: 500 },
    },
    manages: "the Realtime service's configuration (only declared fields)",
    summary:
      "A project's Realtime settings: private channels only, the authorization pool, the rate limits (users, events, bytes, channels, joins, presence, payload size), presence and suspending the service. Only the declared settings are managed.",
    notes: [
      "The service answers the `PATCH` with 204 and no body; outputs come from the declared inputs.",
      "`suspend: true` turns the project's Realtime service off; `false` turns it on again.",
      "Writes wait until the project is `ACTIVE_HEALTHY` and retry the transient errors of a project that just came up.",
    ],
  },
});

export const realtimeConfigInputs = realtime.inputs;
export const realtimeConfigDoc = realtime.doc;

export default defineKind(realtime.resource, realtime.doc, { recover: CONFIG_ADOPTS, importer: realtime.importer });
