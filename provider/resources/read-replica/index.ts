/**
 * ReadReplica: one read replica of a project's database, in a region of the
 * service's list [Beta in the API]. Create sets it up (`POST
 * …/read-replicas/setup`, whose answer has no body), finds the new replica's
 * identifier in the project's databases (list.ts) and waits until it is
 * ACTIVE_HEALTHY; delete removes it (`POST …/read-replicas/remove`) and waits
 * until it is gone. Its documentation is `readReplicaDoc` below.
 */
import { z } from "zod";
import { defineKind, driftOutput, type RecoverHook } from "../../kind";
import { READ_REPLICA_REGIONS } from "../../client/config-schemas";
import { withUnknownOutcome, type ProjectDatabaseEntry, type ReadReplicaRegion } from "../../client/management";
import { managementClient } from "../../context";
import { isNotFound, partialFailure, SupabaseError } from "../../errors";
import { pollUntil, whenProjectReady } from "../../poll";
import { managementFootprint, usageProjectRef, type ResourceDoc } from "../../resource-doc";
import {
  checkWith,
  containsUnknown,
  diffFields,
  PROVIDER_KEY,
  type FieldRule,
  type Props,
  type ResourceImpl,
} from "../common";
import { withDrift } from "../drift";
import { projectRef, timeoutSeconds } from "../shared";
import { invalidateDatabases, oneSetupAtATime, projectReplicas, replicaHost } from "./list";
import { readReplicaImporter } from "./import";

export const readReplicaInputs = z
  .object({
    projectRef: projectRef
      .describe("The project whose database is replicated. A change replaces the replica.")
      .meta({ replaceOnChanges: true }),
    region: z
      .enum(READ_REPLICA_REGIONS, { error: `region must be one of: ${READ_REPLICA_REGIONS.join(", ")}` })
      .describe("The region the replica runs in (the service's list). A change replaces the replica.")
      .meta({ replaceOnChanges: true }),
    identifier: z
      .string({ error: "identifier must be a string" })
      .regex(
        /^([a-z]{20}-)?rr-[a-z0-9-]+$/,
        "identifier must be a read replica's identifier: <projectRef>-rr-<region>-<suffix>, or rr-<region>-<suffix>",
      )
      .optional()
      .describe(
        "Take over the project's existing replica with this identifier instead of setting up a new one: `<projectRef>-rr-<region>-<suffix>`, or without the project's ref, `rr-<region>-<suffix>` (what `supabase-pulumi import` writes, so the program names the project only through `projectRef`). It must be a replica of `projectRef` in `region`. A change to another identifier replaces the resource; leaving it out later changes nothing.",
      )
      .meta({ replaceOnChanges: true }),
    createTimeoutSeconds: timeoutSeconds("createTimeoutSeconds", 7200)
      .optional()
      .describe("How long creation waits for the replica to become `ACTIVE_HEALTHY` (default 1800)."),
    deleteTimeoutSeconds: timeoutSeconds("deleteTimeoutSeconds", 7200)
      .optional()
      .describe("How long deletion waits until the replica is gone (default 900)."),
  })
  .strict()
  .superRefine((v, ctx) => {
    // The region part only: the project may be unknown until it exists, and create looks the replica up in it.
    if (v.identifier !== undefined && !v.identifier.replace(/^[a-z]{20}-/, "").startsWith(`rr-${v.region}-`))
      ctx.addIssue({
        code: "custom",
        path: ["identifier"],
        message: `identifier must name a replica in region ${v.region} (rr-${v.region}-<suffix>)`,
      });
  });

const rules: FieldRule[] = [
  { name: "projectRef", replaces: true },
  { name: "region", replaces: true },
  // Compared below: absent means "the replica create set up", never a change.
  { name: "identifier", ignore: true },
  { name: "createTimeoutSeconds", ignore: true },
  { name: "deleteTimeoutSeconds", ignore: true },
];

const DEFAULT_CREATE_TIMEOUT_S = 1800;
const DEFAULT_DELETE_TIMEOUT_S = 900;
/** Database statuses a replica does not leave by itself. */
const FAILED = new Set(["INIT_READ_REPLICA_FAILED", "INIT_FAILED", "REMOVED", "GOING_DOWN"]);

const idOf = (ref: string, identifier: string) => `${ref}/${identifier}`;
/** A declared identifier in full: the short form (`rr-<region>-<suffix>`) is the project's replica of that name. */
const fullIdentifier = (ref: string, identifier: string) =>
  identifier.startsWith("rr-") ? `${ref}-${identifier}` : identifier;

function outputs(inputs: Props, db: ProjectDatabaseEntry, host: string | null): Props {
  return { ...inputs, identifier: db.identifier, region: db.region, status: db.status, host };
}

/** The state's project and identifier, or the import id's (`<ref>/<identifier>`). */
function parseId(id: string, props: Props): [string, string] {
  if (typeof props.projectRef === "string" && typeof props.identifier === "string")
    return [props.projectRef, props.identifier];
  const i = id.indexOf("/");
  if (i < 0) {
    // A bare identifier: the project is its prefix.
    const m = /^([a-z]{20})-rr-/.exec(id);
    if (!m) throw new SupabaseError("VALIDATION", `"${id}" is not a read replica id (<projectRef>/<identifier>).`);
    return [m[1]!, id];
  }
  return [id.slice(0, i), id.slice(i + 1)];
}

/** Polls the project's databases until the replica is ACTIVE_HEALTHY; stops at a status it will not leave. */
function waitHealthy(ref: string, identifier: string, timeoutS: number): Promise<ProjectDatabaseEntry> {
  return pollUntil(
    async () => {
      const replicas = await projectReplicas(ref, true);
      if (!replicas)
        throw new SupabaseError("NOT_FOUND", `Project ${ref} is gone: its read replica ${identifier} too.`);
      const db = replicas.find((r) => r.identifier === identifier);
      if (!db) throw new SupabaseError("TERMINAL_STATUS", `Read replica ${identifier} of project ${ref} is gone.`);
      if (db.status === "ACTIVE_HEALTHY") return db;
      if (FAILED.has(db.status))
        throw new SupabaseError(
          "TERMINAL_STATUS",
          `Read replica ${identifier} of project ${ref} reached status ${db.status} and will not become healthy by itself.`,
        );
      return undefined;
    },
    {
      timeoutMs: timeoutS * 1000,
      minDelayMs: 500,
      maxDelayMs: 10_000,
      what: `read replica ${identifier} to become ACTIVE_HEALTHY`,
    },
  );
}

/**
 * Sets up a replica and answers the new one's database entry. The set-up's
 * answer has no body, so the new replica is the one in the region that the
 * list taken just before did not have; this process sets up one replica of a
 * project at a time, so two are never confused. A lost answer is settled the
 * same way (never set up twice).
 */
function setUp(ref: string, region: ReadReplicaRegion, timeoutS: number): Promise<ProjectDatabaseEntry> {
  return oneSetupAtATime(ref, async () => {
    const before = await projectReplicas(ref, true);
    if (!before) throw new SupabaseError("NOT_FOUND", `Project ${ref} not found.`);
    const known = new Set(before.map((r) => r.identifier));
    const fresh = async () =>
      ((await projectReplicas(ref, true)) ?? []).filter((r) => r.region === region && !known.has(r.identifier));
    await withUnknownOutcome(
      async () => {
        // Asked again while the project passes through a restart (a Postgres setting in the same `up`): that
        // refusal comes before the service does anything. A paused project, or any other answer, fails at once.
        await whenProjectReady(ref, "set up a read replica", () => managementClient().setupReadReplica(ref, region), {
          timeoutMs: timeoutS * 1000,
        });
        return true;
      },
      async () => ((await fresh()).length > 0 ? true : undefined),
    );
    invalidateDatabases(ref);
    return pollUntil(
      async () => {
        const found = await fresh();
        if (found.length > 1)
          throw new SupabaseError(
            "AMBIGUOUS",
            `Project ${ref} got ${found.length} new read replicas in ${region} at once (${found.map((f) => f.identifier).join(", ")}); another client set one up too. Import the one this stack owns by its identifier.`,
          );
        return found[0];
      },
      {
        timeoutMs: timeoutS * 1000,
        minDelayMs: 250,
        maxDelayMs: 5000,
        what: `the new read replica of project ${ref} to be listed`,
      },
    );
  });
}

async function adoptExisting(ref: string, identifier: string, region: string): Promise<ProjectDatabaseEntry> {
  const db = (await projectReplicas(ref, true))?.find((r) => r.identifier === identifier);
  if (!db) throw new SupabaseError("NOT_FOUND", `Project ${ref} has no read replica ${identifier} to take over.`);
  if (db.region !== region)
    throw new SupabaseError(
      "CONFLICT",
      `Read replica ${identifier} runs in ${db.region}, not in the declared ${region}.`,
    );
  return db;
}

export const readReplica: ResourceImpl = {
  async check(_olds, news) {
    const r = checkWith(readReplicaInputs, news);
    return { inputs: r.inputs, failures: r.failures };
  },

  async diff(_id, olds, news) {
    const d = diffFields(olds, news, rules);
    const n = news.identifier;
    if (
      n !== undefined &&
      (containsUnknown(n) || containsUnknown(news.projectRef) || fullIdentifier(news.projectRef, n) !== olds.identifier)
    ) {
      d.changes = true;
      d.replaces = [...(d.replaces ?? []), "identifier"];
    }
    // A replica recorded before it was healthy (a create that timed out): `update` waits for it.
    if (typeof olds.status === "string" && olds.status !== "ACTIVE_HEALTHY") d.changes = true;
    return d;
  },

  async create(inputs) {
    const ref = inputs.projectRef as string;
    const region = inputs.region as ReadReplicaRegion;
    const timeoutS = (inputs.createTimeoutSeconds as number | undefined) ?? DEFAULT_CREATE_TIMEOUT_S;
    const db =
      inputs.identifier !== undefined
        ? await adoptExisting(ref, fullIdentifier(ref, inputs.identifier), region)
        : await setUp(ref, region, timeoutS);
    const id = idOf(ref, db.identifier);
    try {
      const healthy = await waitHealthy(ref, db.identifier, timeoutS);
      const host = await replicaHost(ref, db.identifier);
      invalidateDatabases(ref);
      return { id, outs: outputs(inputs, healthy, host) };
    } catch (err) {
      // The replica exists: record it instead of orphaning it; the next `up` waits again (see diff).
      throw partialFailure(id, { ...outputs(inputs, db, null), [PROVIDER_KEY]: inputs[PROVIDER_KEY] }, err);
    }
  },

  async read(id, props) {
    const [ref, identifier] = parseId(id, props);
    const db = (await projectReplicas(ref))?.find((r) => r.identifier === identifier);
    // Removed out of band (or going down, or the project is gone): the replica no longer serves.
    if (!db || db.status === "GOING_DOWN") return { id: "", props: {} };
    const host = typeof props.host === "string" ? props.host : await replicaHost(ref, identifier);
    // A replica that no longer serves (failed, restarting) is drift: the next `up` waits for it to be healthy again.
    const changed = db.status !== "ACTIVE_HEALTHY" && props.status === "ACTIVE_HEALTHY" ? ["status"] : [];
    return { id, props: withDrift({ ...props, projectRef: ref, ...outputs({}, db, host) }, { changed }) };
  },

  async update(id, olds, news) {
    const [ref, identifier] = parseId(id, olds);
    const timeoutS = (news.createTimeoutSeconds as number | undefined) ?? DEFAULT_CREATE_TIMEOUT_S;
    const healthy = await waitHealthy(ref, identifier, timeoutS);
    const host = typeof olds.host === "string" ? olds.host : await replicaHost(ref, identifier);
    return { outs: outputs(news, healthy, host) };
  },

  async delete(id, props) {
    const [ref, identifier] = parseId(id, props);
    const timeoutS = (props.deleteTimeoutSeconds as number | undefined) ?? DEFAULT_DELETE_TIMEOUT_S;
    const listed = async () => (await projectReplicas(ref, true))?.find((r) => r.identifier === identifier);
    const db = await listed();
    if (!db) return;
    if (db.status !== "GOING_DOWN") {
      try {
        await managementClient().removeReadReplica(ref, identifier);
      } catch (err) {
        if (!isNotFound(err)) throw err;
      }
      invalidateDatabases(ref);
    }
    await pollUntil(async () => ((await listed()) ? undefined : true), {
      timeoutMs: timeoutS * 1000,
      minDelayMs: 250,
      maxDelayMs: 5000,
      what: `read replica ${identifier} to be gone`,
    });
    invalidateDatabases(ref);
  },
};

export const readReplicaDoc: ResourceDoc<typeof readReplicaInputs> = {
  name: "ReadReplica",
  page: "read-replica",
  usage: { name: "replica-eu", inputs: { projectRef: usageProjectRef(), region: "eu-west-2" } },
  manages: "a read replica of the project's database, in a region (Beta)",
  summary:
    "One read replica of a project's database: `POST /v1/projects/{ref}/read-replicas/setup` and `…/remove` [Beta in the API]. A project may have several, in one region or in several.",
  inputs: readReplicaInputs,
  outputs: z.object({
    projectRef: z.string(),
    region: z.string(),
    identifier: z.string().describe("The replica's database identifier (`<ref>-rr-<region>-<suffix>`)."),
    status: z.string().describe("The replica's status as the service lists it (`ACTIVE_HEALTHY` once create is done)."),
    host: z
      .string()
      .nullable()
      .describe("The host to connect to the replica through: its pooler's `db_host` (`GET …/config/database/pooler`)."),
    createTimeoutSeconds: z.number().optional(),
    deleteTimeoutSeconds: z.number().optional(),
    drift: driftOutput(
      "After a refresh that found the replica no longer `ACTIVE_HEALTHY` (failed, restarting): `status`. Cleared by `up`, which waits for it to be healthy again.",
    ),
  }),
  behaviour: {
    replace:
      "A change of `projectRef` or `region` (or of a declared `identifier`). The new replica is set up before the old one is removed.",
    adopt:
      "`identifier` takes over an existing replica of the project in that region instead of setting one up; `supabase-pulumi import` writes it, and `pulumi import` takes `<projectRef>/<identifier>`.",
    drift:
      "Refresh reads the replica from the project's databases: a replica no longer `ACTIVE_HEALTHY` reports `status` as drift, and `up` waits until it is healthy again (or fails naming a status it will not leave); a replica removed out of band (or going down) shows as deleted, so `up` sets up a new one.",
    destroy:
      "Removes the replica (`POST …/read-replicas/remove`) and waits until it is no longer listed; one already gone counts as removed.",
    notes: [
      "The set-up's answer has no body: create finds the new replica in the project's databases (`GET /v1/organizations/{slug}/projects`, `databases`), as the one in the region that the list taken just before it did not have. One provider process sets up one replica of a project at a time, so several replicas in one region never get each other's identifiers; a replica another client sets up in the same region at the same moment is refused as `AMBIGUOUS` rather than guessed at.",
      "Create waits until the replica is `ACTIVE_HEALTHY` (`createTimeoutSeconds`). When the wait fails or times out, the replica is still recorded in the state (with its identifier and status), and the next `up` waits for it again instead of setting up another.",
      "Set-up needs the project's database serving: while the project restarts (a Postgres setting applied in the same `up`) the refused set-up is asked again, within `createTimeoutSeconds`; a paused project is refused at once with the service's message.",
    ],
  },
  ...managementFootprint({
    create:
      "1 `POST …/read-replicas/setup` + 1 `GET /v1/projects` (the organization) + `GET /v1/organizations/{slug}/projects` before, then once per poll until listed and `ACTIVE_HEALTHY` + 1 `GET …/config/database/pooler` (the host)",
    "read (refresh)":
      "≤1 `GET /v1/organizations/{slug}/projects` per organization (100 projects a page), shared by every replica read, + the project list every kind shares",
    update:
      "polls `GET /v1/organizations/{slug}/projects` until healthy (only after a create that did not finish waiting)",
    delete:
      "1 `GET /v1/organizations/{slug}/projects` + 1 `POST …/read-replicas/remove`, then 1 `GET` per poll until gone (none when already gone)",
  }),
};

/**
 * An interrupted create may have set up a replica in the region that no
 * resource in the state holds. The inputs cannot tell it from one another
 * client set up there, so recover only lists the candidates, unless the
 * inputs name the identifier.
 */
export const readReplicaRecover: RecoverHook = {
  identity: (inputs) =>
    inputs.identifier !== undefined
      ? `read replica ${String(inputs.identifier)}`
      : `a read replica in ${String(inputs.region)} of project ${String(inputs.projectRef)}`,
  async findCreated(inputs, held) {
    const ref = inputs.projectRef as string;
    const replicas = (await projectReplicas(ref, true)) ?? [];
    return replicas
      .filter(
        (r) =>
          r.region === inputs.region &&
          r.status !== "GOING_DOWN" &&
          (inputs.identifier === undefined || r.identifier === fullIdentifier(ref, inputs.identifier)) &&
          !held.has(idOf(ref, r.identifier)),
      )
      .map((r) => ({ id: idOf(ref, r.identifier), label: `read replica ${r.identifier} (${r.status})` }));
  },
  uncertain: (inputs) => inputs.identifier === undefined,
};

export default defineKind(readReplica, readReplicaDoc, { recover: readReplicaRecover, importer: readReplicaImporter });
