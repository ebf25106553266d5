/**
 * Project: create and wait for health, rename in place, replace on a region or
 * organization change, delete and wait until gone. Its documentation (inputs,
 * outputs, behaviour, API footprint) is `projectDoc` below.
 */ import { z } from "zod";
import { defineKind, driftOutput, type RecoverHook } from "../../kind";
import { projectImporter } from "./import";
import { ApiError, isNotFound, partialFailure, SupabaseError } from "../../errors";
import { pausedMessage } from "../../paused";
import { withUnknownOutcome } from "../../client/management";
import { REGIONS } from "../../client/config-schemas";
import type { Project } from "../../client/management";
import { managementClient, projectsList, invalidateProjects, projectBaseUrl } from "../../context";
import { withDrift } from "../drift";
import { displayName, optionalFlag, timeoutSeconds } from "../shared";
import { output, secretConfig, managementFootprint, type ResourceDoc } from "../../resource-doc";
import { pollUntil } from "../../poll";
import {
  checkWith,
  containsUnknown,
  diffFields,
  PROVIDER_KEY,
  type FieldRule,
  type Props,
  type ResourceImpl,
} from "../common";
import { secretHash } from "../config/normalize";
import { checkPostgresVersion, liveMajor, postgresVersionInput, upgradeTo } from "./upgrade";

/** Statuses that never turn healthy by themselves: stop waiting and report. */
export const TERMINAL_STATUSES = new Set([
  "INIT_FAILED",
  "GOING_DOWN",
  "REMOVED",
  "INACTIVE",
  "PAUSE_FAILED",
  "RESTORE_FAILED",
]);
/** Statuses under which a project counts as gone for refresh. */
const GONE_STATUSES = new Set(["GOING_DOWN", "REMOVED"]);

export const MIN_DB_PASS_LENGTH = 8;

export const projectInputs = z
  .object({
    name: displayName.describe("The project's name (1..256 characters). Renamed in place."),
    organizationId: z
      .string({ error: "organizationId is required (the organization's slug)" })
      .regex(/^[\w-]+$/, "organizationId must be an organization slug: letters, digits, '_' and '-' only")
      .describe("The slug of the organization that owns the project. A change replaces the project.")
      .meta({ replaceOnChanges: true }),
    region: z
      .enum(REGIONS, {
        error: (iss) =>
          iss.input === undefined
            ? "region is required"
            : `unknown region "${String(iss.input)}"; use one of: ${REGIONS.join(", ")}`,
      })
      .describe("The region the project runs in. A change replaces the project.")
      .meta({ typeName: "Region", replaceOnChanges: true }),
    dbPass: z
      .string({ error: "dbPass is required (the database password, as a secret)" })
      .min(MIN_DB_PASS_LENGTH, `dbPass must be at least ${MIN_DB_PASS_LENGTH} characters`)
      .max(1024, "dbPass must be at most 1024 characters")
      .describe(
        "The database password (at least 8 characters), always stored as a secret. A change is applied in place (`PATCH …/database/password`).",
      )
      .meta({ secret: true }),
    adopt: optionalFlag("adopt").describe(
      "Take over an existing project with the same organization and name instead of creating one.",
    ),
    paused: z
      .boolean({ error: "paused must be a boolean" })
      .optional()
      .describe(
        "Pause the project (`true`: `POST …/pause`, then wait for `INACTIVE`) or restore a paused one (`false` or absent: `POST …/restore`, then wait for `ACTIVE_HEALTHY`). A paused project keeps its data; the resources it holds cannot be changed until it is restored.",
      ),
    postgresVersion: postgresVersionInput,
    createTimeoutSeconds: timeoutSeconds("createTimeoutSeconds", 7200)
      .optional()
      .describe("How long creation waits for the project to become `ACTIVE_HEALTHY` (default 600)."),
    deleteTimeoutSeconds: timeoutSeconds("deleteTimeoutSeconds", 7200)
      .optional()
      .describe("How long deletion waits until the project is gone (default 300)."),
    upgradeTimeoutSeconds: timeoutSeconds("upgradeTimeoutSeconds", 86_400)
      .optional()
      .describe(
        "How long `up` follows a Postgres upgrade (default 3600). When it stops waiting the upgrade goes on, the state keeps the old version, and the next `up` follows it.",
      ),
  })
  .strict();

export type ProjectInputs = z.infer<typeof projectInputs>;

const rules: FieldRule[] = [
  { name: "name" },
  { name: "organizationId", replaces: true },
  { name: "region", replaces: true },
  // Compared by digest in diff (the state keeps no password).
  { name: "dbPass", ignore: true },
  { name: "adopt", ignore: true },
  // Compared with the live status in diff.
  { name: "paused", ignore: true },
  // Compared with the major the project runs in diff; an absent one leaves the version alone.
  { name: "postgresVersion", ignore: true },
  { name: "createTimeoutSeconds", ignore: true },
  { name: "deleteTimeoutSeconds", ignore: true },
  { name: "upgradeTimeoutSeconds", ignore: true },
];

const DEFAULT_CREATE_TIMEOUT_S = 600;
const DEFAULT_DELETE_TIMEOUT_S = 300;
const DEFAULT_UPGRADE_TIMEOUT_S = 3600;
const upgradeTimeout = (inputs: Props) =>
  (inputs.upgradeTimeoutSeconds as number | undefined) ?? DEFAULT_UPGRADE_TIMEOUT_S;

/**
 * The password's digest kept in state (as a secret) in place of the password:
 * HMAC-SHA256 keyed with the project's ref, so a change of `dbPass` is found
 * without the password ever being stored.
 */
export const dbPassDigest = (ref: string, dbPass: string): string => secretHash(ref, dbPass);

/** Outputs: the inputs minus the password (its digest instead), plus what the service reports. */
function outputs(inputs: Props, p: Project): Props {
  const { dbPass, ...rest } = inputs;
  const ref = p.ref ?? p.id;
  const base = projectBaseUrl(ref);
  return {
    ...rest,
    ...(typeof dbPass === "string" ? { dbPassDigest: dbPassDigest(ref, dbPass) } : {}),
    name: p.name,
    organizationId: p.organization_id ?? p.organization_slug ?? rest.organizationId,
    region: p.region,
    ref,
    status: statusOf(p),
    createdAt: p.created_at,
    databaseHost: p.database?.host ?? null,
    databaseVersion: p.database?.version ?? null,
    // The major it runs, declared or not: a refresh that finds another one reports drift.
    postgresVersion: liveMajor(p) ?? rest.postgresVersion ?? null,
    apiUrl: base,
    graphqlUrl: `${base}/graphql/v1`,
  };
}

/** The documented project shape has no status; a project answered without one counts as ready. */
function statusOf(p: Project): string {
  return p.status ?? "ACTIVE_HEALTHY";
}

export async function waitHealthy(ref: string, timeoutS: number): Promise<Project> {
  const client = managementClient();
  return pollUntil(
    async () => {
      const p = await client.getProject(ref);
      const s = statusOf(p);
      if (s === "ACTIVE_HEALTHY") return p;
      if (s === "INACTIVE" || s === "PAUSING") throw new SupabaseError("TERMINAL_STATUS", pausedMessage(ref, s));
      if (TERMINAL_STATUSES.has(s)) {
        throw new SupabaseError(
          "TERMINAL_STATUS",
          `Project ${ref} reached status ${s} and will not become healthy by itself.`,
        );
      }
      return undefined;
    },
    { timeoutMs: timeoutS * 1000, minDelayMs: 250, maxDelayMs: 5000, what: `project ${ref} to become ACTIVE_HEALTHY` },
  );
}

export const project: ResourceImpl = {
  async check(olds, news) {
    const r = checkWith(projectInputs, news);
    const failures = r.failures ?? [];
    if (failures.length === 0) failures.push(...(await checkPostgresVersion(olds, r.inputs ?? news)));
    return { inputs: r.inputs, failures };
  },

  async diff(_id, olds, news) {
    const d = diffFields(olds, news, rules);
    // Refresh compares what `read` found with the declared inputs through this
    // diff, so a project that is no longer healthy (paused, failed, restarting)
    // must show as a change; `update` then waits for health or says why not.
    if (typeof olds.status === "string" && olds.status !== expectedStatus(news)) d.changes = true;
    if (passwordChanged(olds, news)) d.changes = true;
    if (versionChanged(olds, news)) d.changes = true;
    return d;
  },

  async create(inputs) {
    const client = managementClient();
    const timeoutS = (inputs.createTimeoutSeconds as number | undefined) ?? DEFAULT_CREATE_TIMEOUT_S;
    let created: Project | undefined;
    const naturalKey = { organizationId: inputs.organizationId as string, name: inputs.name as string };
    if (inputs.adopt) created = await client.findProject(naturalKey);
    if (!created) {
      // Allow for clock skew between this machine and the service when telling
      // a project created by this request from an older namesake.
      const notBefore = Date.now() - 120_000;
      created = await withUnknownOutcome(
        () =>
          client.createProject({
            name: inputs.name,
            db_pass: inputs.dbPass,
            organization_slug: inputs.organizationId,
            region_selection: { type: "specific", code: inputs.region },
          }),
        () => client.findProject({ ...naturalKey, notBefore }),
      );
      invalidateProjects();
    }
    const ref = created.ref ?? created.id;
    try {
      let healthy = await waitHealthy(ref, timeoutS);
      // A project made (or adopted) on a lower major than declared is upgraded; a higher one is refused.
      if (typeof inputs.postgresVersion === "string" && liveMajor(healthy) !== inputs.postgresVersion) {
        await upgradeTo(ref, inputs.postgresVersion, upgradeTimeout(inputs));
        healthy = await waitHealthy(ref, timeoutS);
      }
      if (inputs.paused === true) healthy = await pauseAndWait(ref, timeoutS);
      return { id: ref, outs: outputs(inputs, healthy) };
    } catch (err) {
      // The project exists: record it (with the provider, so later operations
      // can load it) instead of orphaning it. The next `up` retries the wait.
      throw partialFailure(ref, { ...outputs(inputs, created), [PROVIDER_KEY]: inputs[PROVIDER_KEY] }, err);
    }
  },

  async read(id, props) {
    const listed = (await projectsList()).find((p) => (p.ref ?? p.id) === id);
    let p: Project | undefined = listed;
    if (!p) {
      try {
        p = await managementClient().getProject(id);
      } catch (err) {
        if (isNotFound(err)) return { id: "", props: {} };
        throw err;
      }
    }
    if (GONE_STATUSES.has(p.status ?? "")) return { id: "", props: {} };
    const next = outputs(props, p);
    const changed: string[] = [];
    if (props.name !== undefined && next.name !== props.name) changed.push("name");
    if (next.status !== expectedStatus(props)) changed.push(`status ${next.status}`);
    if (typeof props.postgresVersion === "string" && next.postgresVersion !== props.postgresVersion)
      changed.push("postgresVersion");
    return { id, props: withDrift(next, { changed }) };
  },

  async update(id, olds, news) {
    const client = managementClient();
    const timeoutS = (news.createTimeoutSeconds as number | undefined) ?? DEFAULT_CREATE_TIMEOUT_S;
    // A project the state knows paused is restored before anything else is changed on it.
    if (news.paused !== true && (olds.paused === true || olds.status === "INACTIVE" || olds.status === "PAUSING"))
      await restoreIfPaused(id, timeoutS);
    if (olds.name !== news.name) {
      await client.updateProject(id, { name: news.name });
      invalidateProjects();
    }
    if (passwordChanged(olds, news)) await client.updateDatabasePassword(id, news.dbPass);
    // Last, so the other changes are applied whatever the upgrade's outcome; a failed upgrade fails the update
    // with the service's status text and the state keeps the version it had.
    if (versionChanged(olds, news)) await upgradeTo(id, news.postgresVersion, upgradeTimeout(news));
    const p = news.paused === true ? await pauseAndWait(id, timeoutS) : await waitHealthy(id, timeoutS);
    return { outs: outputs(news, p) };
  },

  async delete(id, props) {
    const client = managementClient();
    const timeoutS = (props.deleteTimeoutSeconds as number | undefined) ?? DEFAULT_DELETE_TIMEOUT_S;
    await pollUntil(
      async () => {
        try {
          await client.deleteProject(id);
          return true;
        } catch (err) {
          if (isNotFound(err)) return true;
          // A project still provisioning cannot be deleted yet: wait and ask again.
          if (ApiError.isApi(err) && err.status === 400 && /not ready for deletion/i.test(err.apiMessage))
            return undefined;
          throw err;
        }
      },
      { timeoutMs: timeoutS * 1000, minDelayMs: 500, maxDelayMs: 5000, what: `project ${id} to accept deletion` },
    );
    invalidateProjects();
    await pollUntil(
      async () => {
        try {
          const p = await client.getProject(id);
          return p.status === "REMOVED" ? true : undefined;
        } catch (err) {
          if (isNotFound(err)) return true;
          throw err;
        }
      },
      { timeoutMs: timeoutS * 1000, minDelayMs: 200, maxDelayMs: 5000, what: `project ${id} to be gone` },
    );
  },
};

/** The status a declared project should have: `INACTIVE` when declared paused. */
function expectedStatus(inputs: Props): string {
  return inputs.paused === true ? "INACTIVE" : "ACTIVE_HEALTHY";
}

/** Waits out a change in progress, pauses a healthy project and waits until it is INACTIVE. */
async function pauseAndWait(ref: string, timeoutS: number): Promise<Project> {
  const client = managementClient();
  return pollUntil(
    async () => {
      const p = await client.getProject(ref);
      const s = statusOf(p);
      if (s === "INACTIVE") return p;
      if (s === "ACTIVE_HEALTHY") await client.pauseProject(ref);
      else if (s === "PAUSE_FAILED" || GONE_STATUSES.has(s) || s === "INIT_FAILED")
        throw new SupabaseError("TERMINAL_STATUS", `Project ${ref} reached status ${s} while pausing.`);
      return undefined;
    },
    { timeoutMs: timeoutS * 1000, minDelayMs: 250, maxDelayMs: 5000, what: `project ${ref} to be paused (INACTIVE)` },
  );
}

/** Restores a paused (or pausing) project and waits until it is healthy; a running one is left alone. */
async function restoreIfPaused(ref: string, timeoutS: number): Promise<void> {
  const client = managementClient();
  await pollUntil(
    async () => {
      const s = statusOf(await client.getProject(ref));
      if (s === "INACTIVE") {
        await client.restoreProject(ref);
        return true;
      }
      // Pausing: wait until it is paused, then restore it.
      return s === "PAUSING" ? undefined : true;
    },
    { timeoutMs: timeoutS * 1000, minDelayMs: 250, maxDelayMs: 5000, what: `project ${ref} to be restorable` },
  );
}

/** Whether a declared major differs from the one the project ran when last read (an absent one never does). */
function versionChanged(olds: Props, news: Props): boolean {
  if (news.postgresVersion === undefined) return false;
  return containsUnknown(news.postgresVersion) || news.postgresVersion !== olds.postgresVersion;
}

/**
 * Whether the declared password differs from the one recorded (by digest). A
 * state without a digest (written before digests were kept) counts as
 * unchanged: the next update records it.
 */
function passwordChanged(olds: Props, news: Props): boolean {
  if (typeof olds.dbPassDigest !== "string") return false;
  if (containsUnknown(news.dbPass)) return true;
  const ref = String(olds.ref ?? "");
  return typeof news.dbPass === "string" && olds.dbPassDigest !== dbPassDigest(ref, news.dbPass);
}

export const projectDoc: ResourceDoc<typeof projectInputs> = {
  name: "Project",
  page: "project",
  usage: {
    name: "project",
    inputs: {
      name: "acme-app",
      organizationId: output("org", "organizationId"),
      region: "eu-central-1",
      dbPass: secretConfig("dbPass"),
    },
  },
  manages: "a project, created and awaited until healthy; a new `dbPass` is applied in place",
  summary: "A project: a database with its APIs, in one organization and region.",
  inputs: projectInputs,
  outputs: z.object({
    name: z.string(),
    organizationId: z.string(),
    region: z.enum(REGIONS).meta({ typeName: "Region" }),
    drift: driftOutput(
      "After a refresh that found drift: `name` when renamed out of band, `status <status>` when no longer healthy, `postgresVersion` when upgraded out of band. Cleared by `up`.",
    ),
    ref: z
      .string()
      .describe("The project's reference (20 lowercase letters), which project-scoped resources take as `projectRef`."),
    status: z.string().describe("The project's status as the service reports it (`ACTIVE_HEALTHY` once ready)."),
    createdAt: z.string().describe("When the project was created."),
    databaseHost: z.string().nullable().describe("The database's host name."),
    databaseVersion: z
      .string()
      .nullable()
      .describe("The exact version (image) of PostgreSQL the database runs, as the service reports it (`17.4.1.054`)."),
    postgresVersion: z
      .string()
      .nullable()
      .describe('The PostgreSQL major version the project runs (`"17"`): the declared one after `up`.'),
    apiUrl: z.string().describe("The project's base URL."),
    graphqlUrl: z.string().describe("The project's GraphQL endpoint (`apiUrl` + `/graphql/v1`)."),
    dbPassDigest: z
      .string()
      .describe(
        "HMAC-SHA256 of the database password keyed with the project's ref (stored as a secret), which tells a changed `dbPass` without storing it.",
      )
      .meta({ secret: true }),
  }),
  behaviour: {
    replace:
      "A change of `organizationId` or `region`. A rename and a new `dbPass` are applied in place (`PATCH`), never by replacing the project.",
    adopt: "`adopt: true` takes over the project with the same organization and name.",
    drift:
      "Refresh reports a rename, a project that is no longer healthy (paused, failed, upgrading), a Postgres major changed out of band, or a project that is gone.",
    destroy:
      'Deletes the project, retrying while the service answers "Project not ready for deletion.", then waits until it is gone.',
    notes: [
      "Create sends exactly one `POST`, then waits for `ACTIVE_HEALTHY` with capped backoff. It fails fast on statuses that never turn healthy by themselves (`INIT_FAILED`, `REMOVED`, `INACTIVE`, …). A project that was created but never became healthy is still recorded in state (as a partial failure), never orphaned; the next `up` picks it up.",
      "When the create `POST`'s connection fails after it was sent, the provider never blindly repeats it: it looks the project up by organization and name (created since the request), adopts it if found, and sends the `POST` again only if it is not there.",
      "`paused: true` pauses the project (`POST …/pause`, then polls until `INACTIVE`); `paused: false` or no `paused` restores a paused one (`POST …/restore`, then polls until `ACTIVE_HEALTHY`). A refresh reports a project whose status is not the declared one (`INACTIVE` when paused, else `ACTIVE_HEALTHY`). Every other kind that waits for its project fails at once with a message naming the paused project, instead of timing out; so does a refresh the service refuses because the project is paused (one that reads its database). `getRestoreVersions({ projectRef })` lists what a paused project can be restored to.",
      "`postgresVersion` is the major (`\"17\"`, as the service's upgrade takes it); the exact image is the `databaseVersion` output, which the platform's patch releases move without any change of yours. When the declared major changes, `check` reads `GET …/upgrade/eligibility` (found by organization and name, through the project list all reads share) and warns at preview that `up` will upgrade, naming the eligible targets; a target that is not eligible fails check with the eligible ones, and a major lower than the recorded or running one (a downgrade) is refused. An unchanged program makes no call. `up` then sends 1 `POST …/upgrade` and follows `GET …/upgrade/status` until done; the project reads `UPGRADING` meanwhile and the kinds it holds wait. A failed upgrade fails the update with the service's status text (`5_data_upgrade_completion_failed`, the last step) and the state keeps the old version; past `upgradeTimeoutSeconds` the upgrade goes on and the next `up` follows it instead of starting another. A new project starts on the service's default major and is upgraded when a higher one is declared; a lower one fails the create after the project is made, and the project is recorded.",
      "A changed `dbPass` is applied with `PATCH /v1/projects/{ref}/database/password`. The state keeps only a keyed digest of the password (as a secret), never the password, and diff compares digests. A stack whose state predates the digest records it at its next update without changing the password.",
    ],
  },
  ...managementFootprint({
    create:
      "exactly 1 `POST /v1/projects`, then `GET /v1/projects/{ref}` polls with capped backoff until `ACTIVE_HEALTHY` (+1 `GET /v1/projects` with `adopt: true`, or when the POST's outcome is unknown)",
    "check, diff":
      "diff 0; check 0, or, when the declared `postgresVersion` changed, ≤1 `GET /v1/projects` (shared) + 1 `GET …/upgrade/eligibility`",
    "read (refresh)":
      "≤1 `GET /v1/projects` shared by every project read of the process (+1 `GET /v1/projects/{ref}` only for a project missing from the list)",
    update:
      "(when the state knows the project paused and it is not declared so: 1 `GET /v1/projects/{ref}` + 1 `POST …/restore`) 1 `PATCH /v1/projects/{ref}` for a rename, 1 `PATCH /v1/projects/{ref}/database/password` for a new `dbPass`, then `GET /v1/projects/{ref}` until `ACTIVE_HEALTHY` (or, with `paused: true`, 1 `POST …/pause` and polls until `INACTIVE`); for a new `postgresVersion`: 1 `GET /v1/projects/{ref}` + 1 `GET …/upgrade/eligibility` + 1 `POST …/upgrade`, then `GET …/upgrade/status` polls until done",
    delete: '1 `DELETE /v1/projects/{ref}` (repeated while "not ready"), then `GET /v1/projects/{ref}` polls until 404',
  }),
  example: "project-settings",
};

/**
 * An interrupted create may have made a project of this name in this
 * organization (live: not being deleted) that no resource in the state holds.
 */
export const projectRecover: RecoverHook = {
  identity: (inputs) => `a project named "${String(inputs.name)}" in organization ${String(inputs.organizationId)}`,
  async findCreated(inputs, held) {
    const all = await managementClient().listProjects();
    return all
      .filter(
        (p) =>
          p.organization_id === inputs.organizationId &&
          p.name === inputs.name &&
          !GONE_STATUSES.has(p.status ?? "") &&
          p.status !== "GOING_DOWN" &&
          !held.has(p.ref ?? p.id),
      )
      .map((p) => ({
        id: p.ref ?? p.id,
        createdAt: p.created_at,
        label: `project ${p.ref ?? p.id} "${p.name}" (${p.status ?? "status unknown"})`,
      }));
  },
};

export default defineKind(project, projectDoc, { recover: projectRecover, importer: projectImporter });
