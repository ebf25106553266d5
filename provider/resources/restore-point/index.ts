/**
 * RestorePoint: a named restore point of a project's database, taken when
 * the resource is created. Undo to it is a deliberate act outside the
 * program (`POST …/database/backups/undo`, shown in the docs). Its
 * documentation is `restorePointDoc` below.
 */
import { z } from "zod";
import { defineKind, driftOutput } from "../../kind";
import { isNotFound } from "../../errors";
import { withUnknownOutcome, type RestorePoint } from "../../client";
import { managementClient } from "../../context";
import { usageProjectRef, managementFootprint, type ResourceDoc } from "../../resource-doc";
import { checkWith, diffFields, type FieldRule, type Props, type ResourceImpl } from "../common";
import { withDrift } from "../drift";
import { waitHealthy } from "../project";
import { projectRef, sha256Hex } from "../shared";
import { whenProjectReady } from "../../poll";

export const restorePointName = z
  .string({ error: "name is required" })
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9_.-]{0,19}$/,
    "name must be 1 to 20 letters, digits, '-', '_' or '.', starting with a letter or digit",
  );

export const restorePointInputs = z
  .object({
    projectRef: projectRef
      .describe("The project's reference. A change takes a new restore point there.")
      .meta({ replaceOnChanges: true }),
    name: restorePointName
      .describe("The restore point's name (at most 20 characters). A change takes a new restore point.")
      .meta({ replaceOnChanges: true }),
  })
  .strict();

const rules: FieldRule[] = [
  { name: "projectRef", replaces: true },
  { name: "name", replaces: true },
];

function outputs(inputs: Props, p: RestorePoint): Props {
  return { projectRef: inputs.projectRef, name: inputs.name, status: p.status, completedOn: p.completed_on ?? null };
}

/** The named point, or undefined when the project has none of that name. */
export async function findRestorePoint(ref: string, name: string): Promise<RestorePoint | undefined> {
  try {
    const p = await managementClient().getRestorePoint(ref, name);
    return p.name === name ? p : undefined;
  } catch (err) {
    if (isNotFound(err)) return undefined;
    throw err;
  }
}

/**
 * Takes the restore point, or adopts the project's point of that name (an
 * earlier create whose answer was lost). A lost answer is settled by reading.
 */
export async function takeRestorePoint(ref: string, name: string): Promise<RestorePoint> {
  const existing = await findRestorePoint(ref, name);
  // An expired point (REMOVED) is taken again under its name.
  if (existing && existing.status !== "REMOVED") return existing;
  // Refused only while the project passes through a restart (a Postgres setting applied in the same `up`):
  // that refusal comes before the service does anything, so asking again is safe.
  return whenProjectReady(ref, "take a restore point", () =>
    withUnknownOutcome(
      () => managementClient().createRestorePoint(ref, name),
      () => findRestorePoint(ref, name),
    ),
  );
}

/**
 * The restore point `DatabaseMigration` takes before applying with
 * `restorePointBefore: true`: named `pre-` and 16 hex digits of the
 * migration's identity (20 characters, the service's limit), so a retried
 * create finds and reuses it. Answers its name.
 */
export async function restorePointBeforeMigration(ref: string, migration: string, sql: string): Promise<string> {
  const name = `pre-${sha256Hex(`${ref}/${migration}/${sql}`).slice(0, 16)}`;
  await takeRestorePoint(ref, name);
  return name;
}

export const restorePoint: ResourceImpl = {
  async check(_olds, news) {
    const r = checkWith(restorePointInputs, news);
    return { inputs: r.inputs, failures: r.failures };
  },

  async diff(_id, olds, news) {
    const d = diffFields(olds, news, rules);
    // Expired or failed: up takes it again.
    if (olds.status === "REMOVED" || olds.status === "FAILED") d.changes = true;
    return d;
  },

  async create(inputs) {
    await waitHealthy(inputs.projectRef, 600);
    const p = await takeRestorePoint(inputs.projectRef, inputs.name);
    return { id: `${inputs.projectRef}/${inputs.name}`, outs: outputs(inputs, p) };
  },

  async read(id, props) {
    const [ref, name] = id.split("/");
    const p = await findRestorePoint(ref, name);
    if (!p) return { id: "", props: {} };
    const changed = props.status !== undefined && props.status !== p.status ? [`status ${p.status}`] : [];
    return { id, props: withDrift({ ...props, ...outputs({ projectRef: ref, name }, p) }, { changed }) };
  },

  async update(_id, _olds, news) {
    // Every input replaces: an update only takes again a point the service expired.
    return { outs: outputs(news, await takeRestorePoint(news.projectRef, news.name)) };
  },

  async delete() {
    // The API has no call to remove a restore point: it stays with the project until the service expires it.
  },
};

export const restorePointDoc: ResourceDoc<typeof restorePointInputs> = {
  name: "RestorePoint",
  page: "restore-point",
  usage: { name: "before-upgrade", inputs: { projectRef: usageProjectRef(), name: "before-upgrade" } },
  manages: "a named restore point of the database, to undo to",
  summary:
    "A named restore point of a project's database, taken when the resource is created. Undo to it with `POST /v1/projects/{ref}/database/backups/undo` `{ name }`: the database goes back to this point, and everything written since is lost.",
  inputs: restorePointInputs,
  outputs: z.object({
    projectRef: z.string(),
    name: z.string(),
    status: z.string().describe("`AVAILABLE` once taken (`PENDING` while the service takes it; `REMOVED`, `FAILED`)."),
    completedOn: z.string().nullable().describe("When the restore point was complete (ISO 8601), or null."),
    drift: driftOutput("After a refresh that found drift: `status <new status>` when the service changed it."),
  }),
  behaviour: {
    replace: "A change of `projectRef` or `name` takes a new restore point.",
    adopt: "The default: a restore point of that name that the project already has is recorded, not taken again.",
    drift:
      "Refresh reports a changed status (`status REMOVED` when the service expired the point), and the next `up` takes the point again under its name; a point the project does not have at all is gone from the stack.",
    destroy:
      "Removes the resource from the stack only: the API has no call to delete a restore point, so it stays with the project.",
    notes: [
      "The service's document marks the restore-point and undo endpoints internal (`x-internal`): they may change.",
      'To undo to the point, outside the program: `curl -X POST -H "Authorization: Bearer $SUPABASE_ACCESS_TOKEN" -H \'Content-Type: application/json\' -d \'{"name": "before-upgrade"}\' https://api.supabase.com/v1/projects/<ref>/database/backups/undo`, or from TypeScript `createClientFromEnv().undoToRestorePoint(ref, "before-upgrade")` (`supabase-pulumi/client`). Everything written after the point (migrations, rows) is gone; run `pulumi refresh` afterwards so the stack sees it.',
      "`DatabaseMigration` takes one by itself before applying with `restorePointBefore: true`.",
    ],
  },
  ...managementFootprint({
    create:
      "1 `GET /v1/projects/{ref}` + 1 `GET …/database/backups/restore-point?name=` (+1 `POST …/database/backups/restore-point` unless adopted)",
    "read (refresh)": "1 `GET /v1/projects/{ref}/database/backups/restore-point?name=`",
    update: "after the service expired the point: as create",
    delete: "0",
  }),
};

export default defineKind(restorePoint, restorePointDoc, {
  recover: { adopts: "create adopts the project's restore point of that name (a live one is never taken twice)" },
});
