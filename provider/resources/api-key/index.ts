/**
 * ApiKey: one publishable or secret API key of a project. The key's value is
 * read once, from the create answer (`reveal=true`), and kept only as a
 * secret output. Its documentation is `apiKeyDoc` below.
 */
import { z } from "zod";
import { defineKind, driftOutput, type RecoverHook } from "../../kind";
import { apiKeyImporter } from "./import";
import type { ApiKey, UpdateApiKeyInput } from "../../client/management";
import { withUnknownOutcome } from "../../client/management";
import { apiKeysList, invalidateApiKeys, managementClient } from "../../context";
import { isNotFound, partialFailure, SupabaseError } from "../../errors";
import { usageProjectRef, type ResourceDoc } from "../../resource-doc";
import {
  checkWith,
  containsUnknown,
  diffFields,
  stableJson,
  type FieldRule,
  type Props,
  type ResourceImpl,
  splitRefId,
} from "../common";
import { withDrift } from "../drift";
import { projectRef } from "../shared";

const ROLES = ["anon", "authenticated", "service_role"] as const;

export const apiKeyInputs = z
  .object({
    projectRef: projectRef
      .describe("The project's reference. A change replaces the key.")
      .meta({ replaceOnChanges: true }),
    type: z
      .enum(["publishable", "secret"], { error: 'type must be "publishable" or "secret"' })
      .describe(
        "`publishable` (safe to ship in a browser or app; acts as `anon`) or `secret` (server side only). A change replaces the key.",
      )
      .meta({ replaceOnChanges: true }),
    name: z
      .string({ error: "name is required and must be a string" })
      .min(4, "name must be at least 4 characters")
      .max(64, "name must be at most 64 characters")
      .regex(/^[a-z_][a-z0-9_]+$/, "name must be lowercase letters, digits and '_', not starting with a digit")
      .describe("The key's name (4..64 lowercase letters, digits and `_`). Renamed in place."),
    description: z
      .string({ error: "description must be a string" })
      .max(1024, "description must be at most 1024 characters")
      .optional()
      .describe("A description. Changed in place; not managed when not declared."),
    secretJwtTemplate: z
      .record(z.string(), z.unknown(), { error: "secretJwtTemplate must be an object of claims" })
      .meta({ tsType: `{ role: ${ROLES.map((r) => `"${r}"`).join(" | ")}; [claim: string]: unknown }` })
      .refine((t) => (ROLES as readonly unknown[]).includes(t.role), {
        message: `secretJwtTemplate needs a role claim, one of: ${ROLES.join(", ")}`,
      })
      .optional()
      .describe(
        'For a `secret` key: the claims of the JWT it stands for, e.g. `{ role: "service_role" }` (the service\'s default). Changed in place.',
      ),
    adopt: z
      .boolean({ error: "adopt must be a boolean" })
      .optional()
      .describe(
        "Take over the project's existing key of the same type and name instead of creating one. Refused when two keys share that type and name.",
      ),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.type === "publishable" && v.secretJwtTemplate !== undefined)
      ctx.addIssue({
        code: "custom",
        path: ["secretJwtTemplate"],
        message: "secretJwtTemplate applies to secret keys only",
      });
  });

const rules: FieldRule[] = [
  { name: "projectRef", replaces: true },
  { name: "type", replaces: true },
  { name: "name" },
  { name: "adopt", ignore: true },
];
/** Fields managed only when declared: an undeclared one is left as the service has it. */
const OPTIONAL = ["description", "secretJwtTemplate"] as const;
const API_NAME: Record<(typeof OPTIONAL)[number], "description" | "secret_jwt_template"> = {
  description: "description",
  secretJwtTemplate: "secret_jwt_template",
};

/** Outputs: the inputs plus the key's id, prefix and value (the value only ever as a secret). */
function outputs(inputs: Props, key: ApiKey, value: string | undefined): Props {
  return {
    ...inputs,
    keyId: key.id,
    prefix: key.prefix ?? null,
    apiKey: value ?? null,
  };
}

/** Whether an answered value is the key itself rather than a mask (`sb_secret_abcd········`). */
const isRevealed = (v: string | undefined): v is string => typeof v === "string" && !/[·*•]/.test(v);

async function findByName(ref: string, type: string, name: string, notBefore?: number): Promise<ApiKey[]> {
  const keys = await managementClient().getApiKeys(ref, { reveal: true });
  return keys.filter(
    (k) =>
      k.type === type &&
      k.name === name &&
      (notBefore === undefined || (k.inserted_at !== undefined && Date.parse(k.inserted_at) >= notBefore)),
  );
}

/** The declared optional fields that differ from the service's key, as a PATCH body. */
function changesOf(inputs: Props, live: ApiKey): UpdateApiKeyInput {
  const body: UpdateApiKeyInput = {};
  if (inputs.name !== live.name) body.name = inputs.name;
  if (inputs.description !== undefined && inputs.description !== (live.description ?? undefined))
    body.description = inputs.description;
  if (
    inputs.secretJwtTemplate !== undefined &&
    stableJson(inputs.secretJwtTemplate) !== stableJson(live.secret_jwt_template)
  )
    body.secret_jwt_template = inputs.secretJwtTemplate;
  return body;
}

export const apiKey: ResourceImpl = {
  async check(_olds, news) {
    const r = checkWith(apiKeyInputs, news);
    return { inputs: r.inputs, failures: r.failures };
  },

  async diff(_id, olds, news) {
    const d = diffFields(olds, news, rules);
    for (const f of OPTIONAL) {
      const n = news[f];
      if (n === undefined) continue;
      if (containsUnknown(n) || stableJson(n) !== stableJson(olds[f])) d.changes = true;
    }
    return d;
  },

  async create(inputs) {
    const client = managementClient();
    const ref = inputs.projectRef as string;
    let key: ApiKey | undefined;
    if (inputs.adopt) {
      const found = await findByName(ref, inputs.type, inputs.name);
      if (found.length > 1)
        throw new SupabaseError(
          "AMBIGUOUS",
          `Project ${ref} has ${found.length} ${inputs.type} keys named "${inputs.name}"; adopt needs exactly one. Rename or delete the others first.`,
        );
      key = found[0];
    }
    if (!key) {
      const notBefore = Date.now() - 120_000;
      key = await withUnknownOutcome(
        () =>
          client.createApiKey(
            ref,
            {
              type: inputs.type,
              name: inputs.name,
              ...(inputs.description !== undefined ? { description: inputs.description } : {}),
              ...(inputs.secretJwtTemplate !== undefined ? { secret_jwt_template: inputs.secretJwtTemplate } : {}),
            },
            { reveal: true },
          ),
        // A lost answer is settled by the name; only a single new key of that name counts as ours.
        async () => {
          const found = await findByName(ref, inputs.type, inputs.name, notBefore);
          return found.length === 1 ? found[0] : undefined;
        },
      );
    }
    invalidateApiKeys(ref);
    const keyId = key.id;
    if (!keyId) throw new SupabaseError("API", `The service answered an API key without an id for project ${ref}.`);
    const id = `${ref}/${keyId}`;
    try {
      let value = key.api_key;
      if (!isRevealed(value)) value = (await client.getApiKey(ref, keyId, { reveal: true })).api_key;
      if (!isRevealed(value)) throw new SupabaseError("API", `The service did not reveal API key ${keyId}.`);
      // Adoption applies the declared description and template.
      const body = changesOf(inputs, key);
      if (Object.keys(body).length > 0) key = await client.updateApiKey(ref, keyId, body);
      return { id, outs: outputs(inputs, key, value) };
    } catch (err) {
      // The key exists: record it rather than orphan it; the next `up` completes it.
      throw partialFailure(id, outputs(inputs, key, isRevealed(key.api_key) ? key.api_key : undefined), err);
    }
  },

  async read(id, props) {
    const [ref, keyId] = splitRefId(id, props, "keyId");
    const live = (await apiKeysList(ref)).find((k) => k.id === keyId);
    if (!live) return { id: "", props: {} };
    const next: Props = { ...props, projectRef: ref, keyId, name: live.name, prefix: live.prefix ?? null };
    const changed: string[] = [];
    if (props.name !== undefined && live.name !== props.name) changed.push("name");
    for (const f of OPTIONAL) {
      if (props[f] === undefined) continue;
      const v = live[API_NAME[f]] ?? null;
      if (stableJson(v) !== stableJson(props[f])) {
        next[f] = v;
        changed.push(f);
      }
    }
    return { id, props: withDrift(next, { changed }) };
  },

  async update(id, olds, news) {
    const [ref, keyId] = splitRefId(id, olds, "keyId");
    const live: ApiKey = {
      id: keyId,
      name: olds.name,
      description: olds.description,
      secret_jwt_template: olds.secretJwtTemplate,
    };
    const body = changesOf(news, live);
    let key: ApiKey = { ...live, prefix: olds.prefix ?? undefined };
    if (Object.keys(body).length > 0) {
      key = await managementClient().updateApiKey(ref, keyId, body);
      invalidateApiKeys(ref);
    }
    return { outs: outputs(news, key, olds.apiKey ?? undefined) };
  },

  async delete(id, props) {
    const [ref, keyId] = splitRefId(id, props, "keyId");
    try {
      await managementClient().deleteApiKey(ref, keyId);
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
    invalidateApiKeys(ref);
  },
};

export const apiKeyDoc: ResourceDoc<typeof apiKeyInputs> = {
  name: "ApiKey",
  page: "api-key",
  usage: {
    name: "web-key",
    inputs: { projectRef: usageProjectRef(), type: "publishable", name: "web_app", description: "for the browser app" },
  },
  manages: "a publishable or secret API key (its value a secret output)",
  summary: "One publishable or secret API key of a project. The key itself is a secret output.",
  inputs: apiKeyInputs,
  outputs: z.object({
    projectRef: z.string(),
    type: z.enum(["publishable", "secret"]),
    name: z.string(),
    keyId: z.string().describe("The key's id."),
    prefix: z.string().nullable().describe("The key's first characters, as the service shows them (not secret)."),
    apiKey: z
      .string()
      .describe("The key itself (stored as a secret), read once from the create answer.")
      .meta({ secret: true }),
    drift: driftOutput(
      "After a refresh that found drift: `name`, `description` or `secretJwtTemplate` when changed out of band. Cleared by `up`.",
    ),
  }),
  behaviour: {
    replace:
      "A change of `projectRef` or `type`. The new key is created before the old one is deleted, so a program can move its clients over. `name`, `description` and `secretJwtTemplate` are changed in place (`PATCH`).",
    adopt:
      "`adopt: true` takes over the project's key of the same type and name (its value is read once with `reveal=true`). Names are not unique in the service, so adoption is refused when two keys of that type share the name; without `adopt`, a key is always created.",
    drift:
      "Refresh reads the project's key list (secret keys masked) and reports a key renamed or redescribed out of band, which `up` writes back. A key deleted out of band shows as deleted, and `up` creates a new one (with a new value).",
    destroy: "Deletes the key (`DELETE …/api-keys/{id}`); one already gone counts as deleted.",
    notes: [
      "The value is asked for once, in the create answer (`reveal=true`), and kept only as the secret output `apiKey`, encrypted in the state. Refresh never asks for it again.",
      "When the create request's connection fails after it was sent, the provider never blindly repeats it: it looks for a key of that type and name created since, adopts it if there is exactly one, and creates the key again only if there is none.",
      "A publishable key acts as `anon` on the project's APIs; a secret key as the role of its `secretJwtTemplate` (`service_role` by default). Both go in the `apiKey` header of the GraphQL endpoint.",
    ],
  },
  footprintUnit: "management API calls",
  footprint: [
    { operation: "check, diff", calls: "0" },
    {
      operation: "create",
      calls:
        "exactly 1 `POST /v1/projects/{ref}/api-keys?reveal=true` (with `adopt: true`: 1 `GET …/api-keys?reveal=true` instead when the key exists, +1 `PATCH` when its description or template differ)",
    },
    { operation: "read (refresh)", calls: "≤1 `GET /v1/projects/{ref}/api-keys` per project, shared by all reads" },
    { operation: "update", calls: "1 `PATCH /v1/projects/{ref}/api-keys/{id}`" },
    { operation: "delete", calls: "1 `DELETE /v1/projects/{ref}/api-keys/{id}`" },
  ],
};

/**
 * An interrupted create may have made a key of this type and name that no
 * resource in the state holds. Its value is read (revealed) for the record,
 * as create would have recorded it; it is stored encrypted.
 */
export const apiKeyRecover: RecoverHook = {
  identity: (inputs) =>
    `a ${String(inputs.type)} API key named "${String(inputs.name)}" in project ${String(inputs.projectRef)}`,
  async findCreated(inputs, held) {
    const ref = inputs.projectRef as string;
    const found = await findByName(ref, inputs.type, inputs.name);
    return found
      .filter((k) => k.id !== undefined && !held.has(`${ref}/${k.id}`))
      .map((k) => ({
        id: `${ref}/${k.id}`,
        createdAt: k.inserted_at,
        label: `${k.type ?? inputs.type} key ${k.id} "${k.name}"`,
        outputs: outputs(inputs, k, isRevealed(k.api_key) ? k.api_key : undefined),
      }));
  },
};

export default defineKind(apiKey, apiKeyDoc, { recover: apiKeyRecover, importer: apiKeyImporter });
