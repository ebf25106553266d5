/**
 * Branch: a preview branch of a project, which is a project of its own (own
 * ref, database, keys, settings, functions, secrets): created from the
 * parent and awaited until its migrations ran, renamed and re-pointed in
 * place, replaced for what the API cannot change, deleted and awaited until
 * gone. Its documentation is `branchDoc` (written in ./doc.ts).
 */
import { z } from "zod";
import { defineKind } from "../../kind";
import { branchRecover } from "./recover";
import { isNotFound, partialFailure, SupabaseError } from "../../errors";
import { withUnknownOutcome, type Branch, type BranchDetail, type CreateBranchBody } from "../../client/management";
import { BRANCH_INSTANCE_SIZES, REGIONS } from "../../client/config-schemas";
import { branchesList, invalidateBranches, invalidateSecrets, managementClient, projectBaseUrl } from "../../context";
import { pollUntil } from "../../poll";
import { systemClock, type Clock } from "../../clock";
import { withDrift } from "../drift";
import { optionalFlag, projectRef, secretDigest, timeoutSeconds } from "../shared";
import { secretsInputs } from "../secrets";
import { TERMINAL_STATUSES } from "../project";
import { checkWith, diffFields, PROVIDER_KEY, type FieldRule, type Props, type ResourceImpl } from "../common";
import { makeBranchDoc } from "./doc";

/** The sizes `desired_instance_size` takes, as the document lists them. */
/** A branch's workflow statuses that end the wait: ready, or failed for good. */
export const READY_STATUSES = new Set(["MIGRATIONS_PASSED", "FUNCTIONS_DEPLOYED"]);
export const FAILED_STATUSES = new Set(["MIGRATIONS_FAILED", "FUNCTIONS_FAILED"]);

const branchName = z
  .string({ error: "name is required (the branch's name)" })
  .max(255, "name must be at most 255 characters")
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9._-]*$/,
    "name must be one or more letters, digits, '.', '_' and '-', starting with a letter or digit (put a git branch such as feature/x in gitBranch)",
  );

export const branchInputs = z
  .object({
    projectRef: projectRef
      .describe("The parent project's reference. A change replaces the branch.")
      .meta({ replaceOnChanges: true }),
    name: branchName.describe(
      "The branch's name, unique in its parent (for a pull request, e.g. `pr-42`). Renamed in place (`PATCH`).",
    ),
    gitBranch: z
      .string({ error: "gitBranch must be a string" })
      .min(1, "gitBranch must not be empty")
      .max(255, "gitBranch must be at most 255 characters")
      .optional()
      .describe("The git branch the branch follows. Changed in place (`PATCH`)."),
    persistent: optionalFlag("persistent").describe(
      "Whether the branch is persistent (kept, not a preview branch). Changed in place (`PATCH`).",
    ),
    withData: optionalFlag("withData")
      .describe("Whether the branch starts with a copy of the parent's data. A change replaces the branch.")
      .meta({ replaceOnChanges: true }),
    region: z
      .enum(REGIONS, {
        error: (iss) => `unknown region "${String(iss.input)}"; use one of: ${REGIONS.join(", ")}`,
      })
      .optional()
      .describe("The region of the branch's project (default: the parent's). A change replaces the branch.")
      .meta({ replaceOnChanges: true }),
    desiredInstanceSize: z
      .enum(BRANCH_INSTANCE_SIZES, {
        error: (iss) => `unknown instance size "${String(iss.input)}"; use one of: ${BRANCH_INSTANCE_SIZES.join(", ")}`,
      })
      .optional()
      .describe("The compute size of the branch's project. A change replaces the branch.")
      .meta({ typeName: "BranchInstanceSize", replaceOnChanges: true }),
    secrets: secretsInputs.shape.secrets
      .optional()
      .describe(
        "Edge-function secrets of the branch (name → value), set at creation; later changes are written to the branch's own secrets in place. Stored as a secret.",
      )
      .meta({ secret: true }),
    adopt: optionalFlag("adopt").describe(
      "Take over the parent's existing branch of this name instead of creating one.",
    ),
    createTimeoutSeconds: timeoutSeconds("createTimeoutSeconds", 7200)
      .optional()
      .describe("How long creation waits for the branch to be ready (default 900)."),
    deleteTimeoutSeconds: timeoutSeconds("deleteTimeoutSeconds", 7200)
      .optional()
      .describe("How long deletion waits until the branch is gone (default 300)."),
  })
  .strict();

export type BranchInputs = z.infer<typeof branchInputs>;

/** The inputs a `PATCH /v1/branches/{ref}` changes in place. */
const PATCHED = [
  ["name", "branch_name"],
  ["gitBranch", "git_branch"],
  ["persistent", "persistent"],
] as const;

/** The inputs whose change replaces the branch (the API cannot change them). */
export const REPLACING = ["projectRef", "withData", "region", "desiredInstanceSize"] as const;

const rules: FieldRule[] = [
  ...REPLACING.map((name) => ({ name, replaces: true })),
  ...PATCHED.map(([name]) => ({ name })),
  // Compared by digest in diff (the state keeps no value).
  { name: "secrets", ignore: true },
  { name: "adopt", ignore: true },
  { name: "createTimeoutSeconds", ignore: true },
  { name: "deleteTimeoutSeconds", ignore: true },
];

const DEFAULT_CREATE_TIMEOUT_S = 900;
const DEFAULT_DELETE_TIMEOUT_S = 300;

function digestsOf(map: Record<string, string> | undefined): Record<string, string> {
  if (!map) return {};
  return Object.fromEntries(
    Object.keys(map)
      .sort()
      .map((k) => [k, secretDigest(map[k])]),
  );
}

/** Outputs: the inputs minus the secret values (their digests instead), plus what the service reports. */
function outputs(inputs: Props, b: Branch, detail?: BranchDetail, previous?: Props): Props {
  const { secrets, ...rest } = inputs;
  const ref = b.project_ref;
  const base = projectBaseUrl(ref);
  return {
    ...rest,
    secretDigests: digestsOf(secrets as Record<string, string> | undefined),
    name: b.name,
    // Declared settings echo what the service has (so refresh finds a change
    // made out of band); undeclared ones stay out, so they never diff.
    ...(rest.gitBranch !== undefined ? { gitBranch: b.git_branch ?? null } : {}),
    ...(rest.persistent !== undefined ? { persistent: b.persistent } : {}),
    branchId: b.id,
    ref,
    status: b.status,
    projectStatus: b.preview_project_status ?? detail?.status ?? null,
    databaseHost: detail?.db_host ?? previous?.databaseHost ?? null,
    apiUrl: base,
    graphqlUrl: `${base}/graphql/v1`,
  };
}

/**
 * Why a branch failed: the log of its newest workflow run when the service
 * has one, else its status. The text is redacted by `partialFailure`.
 */
async function failureOf(b: Branch): Promise<string> {
  const client = managementClient();
  let detail = "";
  try {
    const runs = await client.listActionRuns(b.project_ref);
    const newest = runs.slice().sort((x, y) => String(y.created_at ?? "").localeCompare(String(x.created_at ?? "")))[0];
    if (newest) detail = (await client.getActionRunLogs(b.project_ref, newest.id)).trim();
  } catch {
    // No workflow runs to read: the status says enough.
  }
  const own = [b.error, b.message, b.status_message].find((v) => typeof v === "string" && v !== "");
  const why = detail || (own as string | undefined) || "";
  const tail = why.length > 2000 ? `…${why.slice(-2000)}` : why;
  return `Branch ${b.name} (${b.project_ref}) reached status ${b.status}${tail ? `: ${tail}` : "."}`;
}

/**
 * Polls the branch (by its parent and name) until its migrations ran and its
 * project is healthy. A failed migration or function deploy, and a project
 * status that never turns healthy by itself, stop the wait with the reason.
 */
export async function waitBranchReady(
  parentRef: string,
  name: string,
  timeoutS: number,
  clock: Clock = systemClock,
): Promise<Branch> {
  const client = managementClient();
  return pollUntil(
    async () => {
      const b = await client.findBranch(parentRef, name);
      if (!b) throw new SupabaseError("NOT_FOUND", `Branch ${name} of project ${parentRef} is gone.`);
      if (FAILED_STATUSES.has(b.status)) throw new SupabaseError("TERMINAL_STATUS", await failureOf(b));
      const project = b.preview_project_status;
      if (project !== undefined && TERMINAL_STATUSES.has(project))
        throw new SupabaseError(
          "TERMINAL_STATUS",
          `Branch ${name} (${b.project_ref}): its project reached status ${project} and will not become healthy by itself.`,
        );
      const healthy = project === undefined || project === "ACTIVE_HEALTHY";
      return READY_STATUSES.has(b.status) && healthy ? b : undefined;
    },
    {
      timeoutMs: timeoutS * 1000,
      minDelayMs: 250,
      maxDelayMs: 5000,
      what: `branch ${name} of project ${parentRef} to be ready`,
      clock,
    },
  );
}

/** The branch's configuration (database host), or undefined when the service has none to give yet. */
async function detailOf(ref: string): Promise<BranchDetail | undefined> {
  try {
    return await managementClient().getBranch(ref);
  } catch (err) {
    if (isNotFound(err)) return undefined;
    throw err;
  }
}

function createBody(inputs: Props): CreateBranchBody {
  const body: CreateBranchBody = { branch_name: inputs.name as string };
  if (inputs.gitBranch !== undefined) body.git_branch = inputs.gitBranch;
  if (inputs.persistent !== undefined) body.persistent = inputs.persistent;
  if (inputs.withData !== undefined) body.with_data = inputs.withData;
  if (inputs.region !== undefined) body.region = inputs.region;
  if (inputs.desiredInstanceSize !== undefined) body.desired_instance_size = inputs.desiredInstanceSize;
  if (inputs.secrets !== undefined && Object.keys(inputs.secrets as object).length > 0)
    body.secrets = inputs.secrets as Record<string, string>;
  return body;
}

function secretsChanged(olds: Props, news: Props): boolean {
  return JSON.stringify(digestsOf(news.secrets)) !== JSON.stringify(olds.secretDigests ?? {});
}

export const branch: ResourceImpl = {
  async check(_olds, news) {
    const r = checkWith(branchInputs, news);
    return { inputs: r.inputs, failures: r.failures };
  },

  async diff(_id, olds, news) {
    const d = diffFields(olds, news, rules);
    // Refresh compares what `read` found through this diff: a branch that is
    // not ready (failed, its project paused) must show as a change, which
    // `update` then waits out or reports.
    if (typeof olds.status === "string" && !READY_STATUSES.has(olds.status)) d.changes = true;
    if (typeof olds.projectStatus === "string" && olds.projectStatus !== "ACTIVE_HEALTHY") d.changes = true;
    if (news.secrets !== undefined && typeof news.secrets !== "object") d.changes = true;
    else if (secretsChanged(olds, news)) d.changes = true;
    // A branch's name is unique in its parent: the old one goes before its replacement is made.
    d.deleteBeforeReplace = (d.replaces ?? []).length > 0;
    return d;
  },

  async create(inputs) {
    const client = managementClient();
    const parent = inputs.projectRef as string;
    const name = inputs.name as string;
    const timeoutS = (inputs.createTimeoutSeconds as number | undefined) ?? DEFAULT_CREATE_TIMEOUT_S;
    let created: Branch | undefined;
    if (inputs.adopt) created = await client.findBranch(parent, name);
    if (!created) {
      // A branch found after an unknown outcome must be this request's: one
      // created before it (allowing for clock skew) would have been refused.
      const notBefore = Date.now() - 120_000;
      created = await withUnknownOutcome(
        () => client.createBranch(parent, createBody(inputs)),
        async () => {
          const found = await client.findBranch(parent, name);
          return found && Date.parse(found.created_at) >= notBefore ? found : undefined;
        },
      );
    }
    invalidateBranches(parent);
    const ref = created.project_ref;
    try {
      const ready = await waitBranchReady(parent, name, timeoutS);
      return { id: ref, outs: outputs(inputs, ready, await detailOf(ref)) };
    } catch (err) {
      // The branch exists: record it (with the provider, so later operations
      // can load it) instead of orphaning it. The next `up` looks again.
      throw partialFailure(ref, { ...outputs(inputs, created), [PROVIDER_KEY]: inputs[PROVIDER_KEY] }, err);
    }
  },

  async read(id, props) {
    const parent = props.projectRef as string;
    const live = (await branchesList(parent)).find((b) => b.project_ref === id);
    if (!live) return { id: "", props: {} };
    const next = outputs(props, live, undefined, props);
    // The state keeps digests, not values: carry them over.
    next.secretDigests = props.secretDigests ?? {};
    const changed: string[] = [];
    if (props.name !== undefined && live.name !== props.name) changed.push("name");
    if (props.gitBranch !== undefined && live.git_branch !== props.gitBranch) changed.push("gitBranch");
    if (props.persistent !== undefined && live.persistent !== props.persistent) changed.push("persistent");
    if (!READY_STATUSES.has(live.status)) changed.push(`status ${live.status}`);
    const project = live.preview_project_status;
    if (project !== undefined && project !== "ACTIVE_HEALTHY") changed.push(`projectStatus ${project}`);
    return { id, props: withDrift(next, { changed }) };
  },

  async update(id, olds, news) {
    const client = managementClient();
    const parent = news.projectRef as string;
    const patch: Record<string, unknown> = {};
    for (const [input, wire] of PATCHED) {
      if (news[input] !== undefined && JSON.stringify(news[input]) !== JSON.stringify(olds[input]))
        patch[wire] = news[input];
    }
    if (Object.keys(patch).length > 0) {
      await client.updateBranch(id, patch);
      invalidateBranches(parent);
    }
    if (secretsChanged(olds, news)) {
      const map = (news.secrets ?? {}) as Record<string, string>;
      const want = digestsOf(map);
      const have: Record<string, string> = olds.secretDigests ?? {};
      const upserts = Object.keys(want).filter((n) => have[n] !== want[n]);
      const removed = Object.keys(have).filter((n) => !(n in want));
      if (upserts.length > 0)
        await client.upsertSecrets(
          id,
          upserts.map((name) => ({ name, value: map[name] })),
        );
      if (removed.length > 0) await client.deleteSecrets(id, removed);
      invalidateSecrets(id);
    }
    const timeoutS = (news.createTimeoutSeconds as number | undefined) ?? DEFAULT_CREATE_TIMEOUT_S;
    const ready = await waitBranchReady(parent, news.name as string, timeoutS);
    const detail = olds.databaseHost ? undefined : await detailOf(id);
    return { outs: outputs(news, ready, detail, olds) };
  },

  async delete(id, props) {
    const client = managementClient();
    const timeoutS = (props.deleteTimeoutSeconds as number | undefined) ?? DEFAULT_DELETE_TIMEOUT_S;
    try {
      await client.deleteBranch(id);
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
    if (typeof props.projectRef === "string") invalidateBranches(props.projectRef);
    await pollUntil(
      async () => {
        const d = await detailOf(id);
        return d === undefined || d.status === "REMOVED" ? true : undefined;
      },
      { timeoutMs: timeoutS * 1000, minDelayMs: 200, maxDelayMs: 5000, what: `branch ${id} to be gone` },
    );
  },
};

export const branchDoc = makeBranchDoc(branchInputs);

export default defineKind(branch, branchDoc, { recover: branchRecover });
