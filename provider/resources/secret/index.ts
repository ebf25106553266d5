/**
 * Secret: one edge-function secret of a project. The API only ever returns
 * digests, so drift is found by comparing the live digest with the digest of
 * the declared value. Its documentation is `secretDoc` below.
 */ import { z } from "zod";
import { defineKind, driftOutput } from "../../kind";
import { deleteSecretBatched, secretsList, upsertSecretBatched } from "../../context";
import { usageProjectRef, secretConfig, managementFootprint, type ResourceDoc } from "../../resource-doc";
import { checkWith, diffFields, type FieldRule, type Props, type ResourceImpl, splitRefId } from "../common";
import { withDrift } from "../drift";
import { projectRef, secretDigest, secretName, secretValue } from "../shared";

export const secretInputs = z
  .object({
    projectRef: projectRef
      .describe("The project's reference. A change replaces the secret.")
      .meta({ replaceOnChanges: true }),
    name: secretName
      .describe(
        "An environment-variable name (at most 256 characters); names starting with `SUPABASE_` are reserved. A change replaces the secret.",
      )
      .meta({ replaceOnChanges: true }),
    value: secretValue
      .describe("The value (at most 24576 characters). Always stored as a secret.")
      .meta({ secret: true }),
  })
  .strict();

const rules: FieldRule[] = [
  { name: "projectRef", replaces: true },
  { name: "name", replaces: true },
];

function outputs(inputs: Props, digest: string): Props {
  const { value: _v, ...rest } = inputs;
  return { ...rest, digest };
}

export const secret: ResourceImpl = {
  async check(_olds, news) {
    return checkWith(secretInputs, news);
  },

  async diff(_id, olds, news) {
    const d = diffFields(olds, news, rules);
    // olds carry the digest (of the declared value, or the live one after a
    // refresh); comparing digests finds both edits and out-of-band changes.
    if (typeof news.value !== "string" || olds.digest !== secretDigest(news.value)) d.changes = true;
    return d;
  },

  async create(inputs) {
    await upsertSecretBatched(inputs.projectRef, inputs.name, inputs.value);
    return { id: `${inputs.projectRef}/${inputs.name}`, outs: outputs(inputs, secretDigest(inputs.value)) };
  },

  async read(id, props) {
    const [ref, name] = splitRefId(id, props, "name");
    const live = (await secretsList(ref)).find((s) => s.name === name);
    if (!live) return { id: "", props: {} };
    const changed = props.digest !== undefined && props.digest !== live.value ? [name] : [];
    return { id, props: withDrift({ ...outputs(props, live.value), projectRef: ref, name }, { changed }) };
  },

  async update(_id, _olds, news) {
    await upsertSecretBatched(news.projectRef, news.name, news.value);
    return { outs: outputs(news, secretDigest(news.value)) };
  },

  async delete(id, props) {
    const [ref, name] = splitRefId(id, props, "name");
    await deleteSecretBatched(ref, name);
  },
};

export const secretDoc: ResourceDoc<typeof secretInputs> = {
  name: "Secret",
  page: "secret",
  usage: {
    name: "stripe-key",
    inputs: { projectRef: usageProjectRef(), name: "STRIPE_KEY", value: secretConfig("stripeKey") },
  },
  manages: "one edge-function secret (writes coalesced into bulk requests)",
  summary:
    "One edge-function secret of a project. Writes of many `Secret`s of one project are coalesced into bulk requests.",
  inputs: secretInputs,
  outputs: z.object({
    projectRef: z.string(),
    name: z.string(),
    digest: z
      .string()
      .describe("Hex SHA-256 of the value, as the service reports it (stored as a secret).")
      .meta({ secret: true }),
    drift: driftOutput(
      "After a refresh that found drift: the secret's name when its value changed out of band (never the value). Cleared by `up`.",
    ),
  }),
  behaviour: {
    replace: "A change of `projectRef` or `name`. A changed value is written in place.",
    adopt: "Declaring a name that already exists takes it over (the service upserts).",
    drift:
      "The service only ever returns digests, so refresh compares the live digest with the digest of the declared value. A value changed or deleted out of band shows as drift, and `up` writes it back.",
    destroy: "Deletes the secret.",
    notes: ["Values never appear in outputs: only the digest does, and it is stored as a secret."],
  },
  ...managementFootprint({
    "create, update":
      "1 `POST /v1/projects/{ref}/secrets` shared by every `Secret` of the project written in the same batch (≤ ceil(N / parallelism) for N secrets)",
    "read (refresh)": "≤1 `GET /v1/projects/{ref}/secrets` per project, shared by all reads",
    delete: "1 `DELETE /v1/projects/{ref}/secrets`, shared like create",
  }),
  footprintNotes: [
    "A batch closes at once when it holds as many writes as the most provider operations seen running at the same time (every engine worker then waits on it); otherwise when no write arrived for 100 ms (stretched to three times the recent gap between arrivals, at most 500 ms), 1,000 ms after its first write, or at 500 writes, whichever comes first. Writes arriving while a request is in flight form the next batch. The engine runs up to its parallelism of writes at once, so 100 `Secret`s take at most ceil(100 / parallelism) POSTs.",
  ],
  example: "secrets-from-config",
};

export default defineKind(secret, secretDoc, {
  recover: { adopts: "create sets the secret by name (an upsert): setting it again writes the same value" },
});
