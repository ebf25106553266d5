/** The Branch kind's documentation: inputs, outputs, behaviour and API footprint. */
import { z } from "zod";
import { driftOutput } from "../../kind";
import { REGIONS } from "../../client/config-schemas";
import { managementFootprint, usageProjectRef, type ResourceDoc } from "../../resource-doc";

/** The documentation around the kind's input schema (index.ts passes it, so this file needs nothing of index.ts). */
export function makeBranchDoc<I extends z.ZodObject>(inputs: I): ResourceDoc<I> {
  return {
    name: "Branch",
    page: "branch",
    usage: {
      name: "preview",
      inputs: { projectRef: usageProjectRef(), name: "pr-42", gitBranch: "feature/login" },
    },
    manages: "a preview branch of a project (a project of its own), created and awaited until its migrations ran",
    summary:
      "A branch of a project: a project of its own (own ref, database, API keys, settings, functions and secrets), created from the parent's migrations. Every project-scoped resource works on a branch by taking the branch's `ref` as its `projectRef`.",
    inputs,
    outputs: z.object({
      projectRef: z.string(),
      name: z.string(),
      region: z.enum(REGIONS).optional(),
      drift: driftOutput(
        "After a refresh that found drift: `name`, `gitBranch` or `persistent` when changed out of band, `status <status>` when the branch is no longer ready (e.g. `MIGRATIONS_FAILED`), `projectStatus <status>` when its project is no longer healthy. Cleared by `up`.",
      ),
      branchId: z.string().describe("The branch's id (a UUID)."),
      ref: z
        .string()
        .describe(
          "The branch's own project reference: what project-scoped resources take as `projectRef` to work on the branch.",
        ),
      status: z
        .string()
        .describe("The branch's workflow status (`MIGRATIONS_PASSED` or `FUNCTIONS_DEPLOYED` once ready)."),
      projectStatus: z
        .string()
        .nullable()
        .describe("The status of the branch's project (`ACTIVE_HEALTHY` once ready), when the service reports it."),
      databaseHost: z.string().nullable().describe("The branch database's host name."),
      apiUrl: z.string().describe("The branch's base URL."),
      graphqlUrl: z.string().describe("The branch's GraphQL endpoint (`apiUrl` + `/graphql/v1`)."),
      secretDigests: z
        .record(z.string(), z.string())
        .describe("Name → hex SHA-256 of each declared secret value (stored as a secret), never the values.")
        .meta({ secret: true }),
    }),
    behaviour: {
      replace:
        "A change of `projectRef`, `withData`, `region` or `desiredInstanceSize` (the API cannot change them); the old branch is deleted before the new one is made, since a name is unique in its parent. `name`, `gitBranch` and `persistent` are changed in place (`PATCH /v1/branches/{ref}`), and `secrets` on the branch's own secrets.",
      adopt: "`adopt: true` takes over the parent's branch with the same name.",
      drift:
        "Refresh reports a rename, a changed `gitBranch` or `persistent`, a branch that is no longer ready (failed migrations) or whose project is no longer healthy, and a branch that is gone.",
      destroy:
        "Deletes the branch (its project, database, keys, functions and secrets with it), then waits until it is gone. The parent is never touched.",
      notes: [
        "Create sends exactly one `POST`, then polls the branch by name until its status is `MIGRATIONS_PASSED` or `FUNCTIONS_DEPLOYED` and its project `ACTIVE_HEALTHY`. A failed migration (`MIGRATIONS_FAILED`) or function deploy fails the create with the branch's error (the log of its newest workflow run), and the branch is recorded in state as a partial failure, never orphaned: the next `up` looks again (and reports the failure again while it lasts: fix the parent's migrations, then replace the branch with `pulumi up --replace <urn>`), and `destroy` removes it.",
        "When the create `POST` fails without a definite answer (a reset, a timeout, a 5xx after it was sent), the provider never repeats it blindly: it looks the branch up by name (created since the request), adopts it if found, and sends the `POST` again only if it is not there.",
        "Secret values are sent with the create and never stored: the state keeps their digests (as a secret), and a changed value is written to the branch's own secrets (`POST`/`DELETE /v1/projects/{ref}/secrets`).",
        "Nothing declared on the branch is read back from the parent: a resource given the branch's `ref` (`AuthConfig`, `Secrets`, `Functions`, `DatabaseMigration`, `TableRows`, …) changes the branch only.",
      ],
    },
    ...managementFootprint({
      create:
        "exactly 1 `POST /v1/projects/{ref}/branches`, then `GET /v1/projects/{ref}/branches/{name}` polls with capped backoff until ready, then 1 `GET /v1/branches/{ref}` (+1 `GET /v1/projects/{ref}/branches/{name}` with `adopt: true`, or when the POST's outcome is unknown; +1 `GET /v1/projects/{ref}/actions` and 1 `GET …/actions/{run_id}/logs` of the branch when it failed)",
      "read (refresh)": "≤1 `GET /v1/projects/{ref}/branches` per parent, shared by every branch read of the process",
      update:
        "≤1 `PATCH /v1/branches/{ref}` (name, gitBranch, persistent), ≤1 `POST` + ≤1 `DELETE /v1/projects/{ref}/secrets` of the branch (changed secrets), then `GET /v1/projects/{ref}/branches/{name}` until ready",
      delete: "1 `DELETE /v1/branches/{ref}`, then `GET /v1/branches/{ref}` polls until 404",
    }),
  };
}
