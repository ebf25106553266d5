/**
 * DatabaseWebhooks: database webhooks enabled on a project. The API can only
 * turn them on (`POST …/database/webhooks/enable`, Beta), so the resource
 * enables them, reports on refresh whether the project still has them (read
 * from the database, since the API has no read of its own), and leaves them
 * on when destroyed. Its documentation is `databaseWebhooksDoc` below.
 */
import { z } from "zod";
import { defineKind, driftOutput } from "../../kind";
import { managementClient } from "../../context";
import { whenProjectReady } from "../../poll";
import { managementFootprint, usageProjectRef, type ResourceDoc } from "../../resource-doc";
import { checkWith, diffFields, type Props, type ResourceImpl } from "../common";
import { withDrift } from "../drift";
import { waitHealthy } from "../project";
import { projectRef } from "../shared";

export const TURN_OFF_REFUSED =
  "database webhooks cannot be turned off through the API: remove the resource to stop managing them (they stay enabled), or drop them in the database yourself";

export const databaseWebhooksInputs = z
  .object({
    projectRef: projectRef
      .describe("The project's reference. A change enables webhooks on the other project (replace).")
      .meta({ replaceOnChanges: true }),
    enabled: z
      .literal(true, { error: TURN_OFF_REFUSED })
      .optional()
      .describe("Always `true` (the default): the API can turn database webhooks on, never off."),
  })
  .strict();

/** What enabling sets up in the database: the `supabase_functions` schema and its `hooks` table. */
const ENABLED_SQL = `select exists (select 1 from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace where n.nspname = 'supabase_functions' and c.relname = 'hooks') as enabled`;

const READY_TIMEOUT_S = 600;

async function enable(ref: string): Promise<Props> {
  await waitHealthy(ref, READY_TIMEOUT_S);
  await whenProjectReady(ref, "enable database webhooks", () => managementClient().enableDatabaseWebhooks(ref));
  return { projectRef: ref, enabled: true };
}

export const databaseWebhooks: ResourceImpl = {
  async check(_olds, news) {
    const r = checkWith(databaseWebhooksInputs, news);
    return { inputs: r.inputs, failures: r.failures };
  },

  async diff(_id, olds, news) {
    const d = diffFields(olds, news, [{ name: "projectRef", replaces: true }]);
    // A refresh that found them off: `up` enables them again.
    if (olds.enabled === false) d.changes = true;
    return d;
  },

  async create(inputs) {
    const ref = inputs.projectRef as string;
    return { id: ref, outs: await enable(ref) };
  },

  async read(id, props) {
    const ref = (props.projectRef as string | undefined) ?? id;
    const rows = await managementClient().runQuery<{ enabled: boolean }>(ref, ENABLED_SQL, undefined, {
      readOnly: true,
    });
    const enabled = rows[0]?.enabled === true;
    return { id, props: withDrift({ ...props, projectRef: ref, enabled }, { changed: enabled ? [] : ["enabled"] }) };
  },

  async update(_id, _olds, news) {
    return { outs: await enable(news.projectRef as string) };
  },

  async delete() {
    // The API cannot turn database webhooks off: they stay enabled (see the docs).
  },
};

export const databaseWebhooksDoc: ResourceDoc<typeof databaseWebhooksInputs> = {
  name: "DatabaseWebhooks",
  page: "database-webhooks",
  usage: { name: "webhooks", inputs: { projectRef: usageProjectRef() } },
  manages: "database webhooks enabled on a project (Beta; they can only be turned on)",
  summary:
    "Database webhooks enabled on a project (Beta in the service): the `supabase_functions` schema, its `hooks` table and the trigger function that webhooks on tables call. The API can turn them on, never off.",
  inputs: databaseWebhooksInputs,
  outputs: z.object({
    projectRef: z.string(),
    enabled: z
      .boolean()
      .describe("Whether the project has database webhooks, as the last create, update or refresh found."),
    drift: driftOutput("After a refresh that found them gone (dropped in the database): `enabled`. Cleared by `up`."),
  }),
  behaviour: {
    replace: "Only a change of `projectRef`.",
    adopt: "The default: enabling is idempotent, so declaring it on a project that has them changes nothing.",
    drift:
      "The API has no read for this setting, so refresh asks the database (1 read-only query through the management API) whether the `supabase_functions.hooks` table exists. Dropped out of band, it reports `enabled` as drift, and `up` enables webhooks again.",
    destroy:
      "A no-op: the API cannot turn database webhooks off, so they stay enabled and the resource only leaves the stack. `enabled: false` is refused at check, with that reason.",
    notes: [
      "`POST …/database/webhooks/enable` is marked Beta in the service's API document.",
      "Enabling waits until the project is `ACTIVE_HEALTHY`; the service answers 500 `Failed to enable Database Webhooks on the project` before that, which is retried while the project comes up.",
    ],
  },
  ...managementFootprint({
    "create, update": "1 `GET /v1/projects/{ref}` + 1 `POST /v1/projects/{ref}/database/webhooks/enable`",
    "read (refresh)": "1 `POST /v1/projects/{ref}/database/query` (read-only)",
    delete: "0",
  }),
};

export default defineKind(databaseWebhooks, databaseWebhooksDoc, {
  recover: {
    adopts: "enabling database webhooks is idempotent: enabling them again on a project that has them changes nothing",
  },
});
