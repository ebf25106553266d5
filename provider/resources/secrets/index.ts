/**
 * Secrets: a name→value map of one project's edge-function secrets, managed
 * as a whole. Its documentation is `secretsDoc` below.
 */ import { z } from "zod";
import { defineKind, driftOutput } from "../../kind";
import { invalidateSecrets, managementClient, secretsList } from "../../context";
import { usageProjectRef, managementFootprint, type ResourceDoc } from "../../resource-doc";
import { checkWith, diffFields, type FieldRule, type Props, type ResourceImpl } from "../common";
import { withDrift } from "../drift";
import { optionalFlag, projectRef, secretDigest, secretName, secretValue } from "../shared";
import { secretsImporter } from "./import";

export const secretsInputs = z
  .object({
    projectRef: projectRef
      .describe("The project's reference. A change replaces the resource.")
      .meta({ replaceOnChanges: true }),
    secrets: z
      .record(z.string(), secretValue, { error: "secrets must be a map of names to string values" })
      .superRefine((map, ctx) => {
        for (const name of Object.keys(map)) {
          const r = secretName.safeParse(name);
          if (!r.success)
            ctx.addIssue({
              code: "custom",
              path: [name],
              message: r.error.issues[0].message.replace(/^name/, `name "${name.slice(0, 40)}"`),
            });
        }
      })
      .describe(
        "A map of secret names to values (same rules as `Secret`). Names removed from the map are deleted; names never listed are left alone.",
      )
      .meta({ secret: true }),
    adopt: optionalFlag("adopt").describe(
      "Take over names that already exist without writing the ones whose live value equals the declared one (one list call). Without it, create writes every declared name.",
    ),
  })
  .strict();

const rules: FieldRule[] = [
  { name: "projectRef", replaces: true },
  { name: "adopt", ignore: true },
];

function digestsOf(map: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.keys(map)
      .sort()
      .map((k) => [k, secretDigest(map[k])]),
  );
}

function outputs(inputs: Props, digests: Record<string, string>): Props {
  const { secrets: _s, ...rest } = inputs;
  return { ...rest, names: Object.keys(digests).sort(), digests };
}

export const secrets: ResourceImpl = {
  async check(_olds, news) {
    return checkWith(secretsInputs, news);
  },

  async diff(_id, olds, news) {
    const d = diffFields(olds, news, rules);
    const want = news.secrets && typeof news.secrets === "object" ? digestsOf(news.secrets) : undefined;
    if (!want || JSON.stringify(want) !== JSON.stringify(olds.digests ?? {})) d.changes = true;
    return d;
  },

  async create(inputs) {
    const map = inputs.secrets as Record<string, string>;
    let entries = Object.entries(map).map(([name, value]) => ({ name, value }));
    if (inputs.adopt && entries.length > 0) {
      const live = new Map((await secretsList(inputs.projectRef)).map((s) => [s.name, s.value]));
      entries = entries.filter((e) => live.get(e.name) !== secretDigest(e.value));
    }
    if (entries.length > 0) await managementClient().upsertSecrets(inputs.projectRef, entries);
    invalidateSecrets(inputs.projectRef);
    return { id: inputs.projectRef, outs: outputs(inputs, digestsOf(map)) };
  },

  async read(id, props) {
    const managed: string[] = props.names ?? Object.keys(props.digests ?? {});
    const live = new Map((await secretsList(id)).map((s) => [s.name, s.value]));
    const stored: Record<string, string> = props.digests ?? {};
    const digests: Record<string, string> = {};
    const changed: string[] = [];
    const deleted: string[] = [];
    for (const name of managed.slice().sort()) {
      const v = live.get(name);
      if (v === undefined) deleted.push(name);
      else {
        digests[name] = v;
        if (stored[name] !== undefined && stored[name] !== v) changed.push(name);
      }
    }
    // Names only: the digests stay in their secret output.
    return { id, props: withDrift({ ...props, names: Object.keys(digests), digests }, { changed, deleted }) };
  },

  async update(_id, olds, news) {
    const ref = news.projectRef as string;
    const map = news.secrets as Record<string, string>;
    const want = digestsOf(map);
    const have: Record<string, string> = olds.digests ?? {};
    const changed = Object.keys(want).filter((n) => have[n] !== want[n]);
    const removed = Object.keys(have).filter((n) => !(n in want));
    const client = managementClient();
    if (changed.length > 0)
      await client.upsertSecrets(
        ref,
        changed.map((name) => ({ name, value: map[name] })),
      );
    if (removed.length > 0) await client.deleteSecrets(ref, removed);
    invalidateSecrets(ref);
    return { outs: outputs(news, want) };
  },

  async delete(id, props) {
    const names: string[] = props.names ?? Object.keys(props.digests ?? {});
    if (names.length > 0) await managementClient().deleteSecrets(id, names);
    invalidateSecrets(id);
  },
};

export const secretsDoc: ResourceDoc<typeof secretsInputs> = {
  name: "Secrets",
  page: "secrets",
  usage: {
    name: "settings",
    inputs: { projectRef: usageProjectRef(), secrets: { GREETING: "hello", LOG_LEVEL: "info" } },
  },
  manages: "a name→value map of a project's edge-function secrets",
  summary:
    "A name→value map of one project's edge-function secrets, managed as a whole. Names not in the map are left alone (they may belong to other resources or to the platform).",
  inputs: secretsInputs,
  outputs: z.object({
    projectRef: z.string(),
    drift: driftOutput(
      "After a refresh that found drift: the names whose value changed or that were deleted out of band (never a value). Cleared by `up`.",
    ),
    names: z.array(z.string()).describe("The declared secret names, sorted."),
    digests: z
      .record(z.string(), z.string())
      .describe("Name → hex SHA-256 of each value, as the service reports it (stored as a secret).")
      .meta({ secret: true }),
  }),
  behaviour: {
    replace: "A change of `projectRef`. Changes to the map are written in place.",
    adopt:
      "Declaring names that already exist takes them over (the service upserts). With `adopt: true`, names whose live value already equals the declared one are not written.",
    drift:
      "Refresh compares the live digests with the digests of the declared values. A value changed or deleted out of band shows as drift, and `up` writes it back.",
    destroy: "Deletes the declared names.",
  },
  ...managementFootprint({
    create:
      "1 `POST /v1/projects/{ref}/secrets` (with `adopt`: 1 `GET` first, and the `POST` only for names whose value differs)",
    "read (refresh)": "≤1 `GET /v1/projects/{ref}/secrets`, shared by all reads",
    update: "≤1 `POST` (added and changed names) + ≤1 `DELETE` (removed names)",
    delete: "1 `DELETE /v1/projects/{ref}/secrets`",
  }),
  example: "secrets-from-config",
};

export default defineKind(secrets, secretsDoc, {
  recover: {
    adopts: "create sets the secrets by name (an upsert): setting them again writes the same values",
  },
  importer: secretsImporter,
});
