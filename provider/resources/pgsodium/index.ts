/**
 * Pgsodium: a project's encryption root key. Its documentation is
 * `pgsodiumDoc` below.
 */ import { z } from "zod";
import { defineKind, driftOutput } from "../../kind";
import { pgsodiumImporter } from "./import";
import { managementClient } from "../../context";
import { usageProjectRef, managementFootprint, type ResourceDoc } from "../../resource-doc";
import { checkWith, containsUnknown, diffFields, type FieldRule, type Props, type ResourceImpl } from "../common";
import { withDrift } from "../drift";
import { projectRef } from "../shared";

export const KEY_CHANGE_WARNING =
  "changing the root key can make all data encrypted with the previous key unreadable; " +
  "set acknowledgeDataLoss: true to confirm that you want to replace it";

export const pgsodiumInputs = z
  .object({
    projectRef: projectRef.describe("The project's reference.").meta({ replaceOnChanges: true }),
    rootKey: z
      .string({ error: "rootKey must be a string" })
      .regex(/^[0-9a-fA-F]{64}$/, "rootKey must be a 32-byte secret, hex-encoded (64 hexadecimal characters)")
      .transform((k) => k.toLowerCase())
      .optional()
      .describe("The root key: 64 hex characters, always stored as a secret. Omit it to adopt the current key.")
      .meta({ secret: true }),
    acknowledgeDataLoss: z
      .boolean({ error: "acknowledgeDataLoss must be a boolean" })
      .optional()
      .describe(
        "Required to change the key: data encrypted with the previous key may become unreadable. Without it, preview refuses the change.",
      ),
  })
  .strict();

const rules: FieldRule[] = [
  { name: "projectRef", replaces: true },
  { name: "acknowledgeDataLoss", ignore: true },
];

function outputs(inputs: Props, rootKey: string): Props {
  return { ...inputs, rootKey: inputs.rootKey ?? rootKey, currentRootKey: rootKey };
}

export const pgsodium: ResourceImpl = {
  async check(olds, news) {
    const r = checkWith(pgsodiumInputs, news);
    const inputs = r.inputs ?? {};
    const oldKey = typeof olds?.rootKey === "string" ? olds.rootKey.toLowerCase() : undefined;
    const changing =
      typeof inputs.rootKey === "string" &&
      !containsUnknown(inputs.rootKey) &&
      oldKey !== undefined &&
      oldKey !== inputs.rootKey;
    if (changing && inputs.acknowledgeDataLoss !== true) {
      r.failures = [...(r.failures ?? []), { property: "rootKey", reason: KEY_CHANGE_WARNING }];
    }
    return { inputs: r.inputs, failures: r.failures };
  },

  async diff(_id, olds, news) {
    const d = diffFields(olds, news, rules);
    // Only a declared key is enforced; without one the resource just observes.
    const want = news.rootKey;
    if (want !== undefined && (containsUnknown(want) || String(want).toLowerCase() !== olds.currentRootKey))
      d.changes = true;
    return d;
  },

  async create(inputs) {
    const client = managementClient();
    const current = (await client.getPgsodium(inputs.projectRef)).root_key;
    let key = current;
    if (inputs.rootKey && inputs.rootKey !== current.toLowerCase()) {
      if (inputs.acknowledgeDataLoss !== true)
        throw new Error(`The project's current root key differs from rootKey: ${KEY_CHANGE_WARNING}.`);
      key = (await client.updatePgsodium(inputs.projectRef, inputs.rootKey)).root_key;
    }
    return { id: inputs.projectRef, outs: outputs(inputs, key.toLowerCase()) };
  },

  async read(id, props) {
    const key = (await managementClient().getPgsodium(id)).root_key.toLowerCase();
    // Only that the key changed: the key itself stays in its secret outputs.
    const changed = typeof props.currentRootKey === "string" && props.currentRootKey !== key ? ["rootKey"] : [];
    return { id, props: withDrift({ ...props, currentRootKey: key, rootKey: props.rootKey ?? key }, { changed }) };
  },

  async update(id, olds, news) {
    let key = (await managementClient().getPgsodium(id)).root_key.toLowerCase();
    if (news.rootKey && news.rootKey !== key) {
      // check sees only old inputs; a key declared for the first time (after
      // adopting) or a key changed out of band is caught here, before the PUT.
      const restoring = typeof olds.rootKey === "string" && olds.rootKey.toLowerCase() === news.rootKey;
      if (!restoring && news.acknowledgeDataLoss !== true)
        throw new Error(`The project's current root key differs from rootKey: ${KEY_CHANGE_WARNING}.`);
      key = (await managementClient().updatePgsodium(id, news.rootKey)).root_key.toLowerCase();
    }
    return { outs: outputs(news, key) };
  },

  async delete() {
    // The root key cannot be deleted: it stays in the project. Destroy only
    // removes it from the stack (the doc's destroy behaviour says so).
  },
};

export const pgsodiumDoc: ResourceDoc<typeof pgsodiumInputs> = {
  name: "Pgsodium",
  page: "pgsodium",
  usage: { name: "root-key", inputs: { projectRef: usageProjectRef() } },
  manages: "the encryption root key",
  summary: "A project's encryption root key.",
  inputs: pgsodiumInputs,
  outputs: z.object({
    projectRef: z.string(),
    drift: driftOutput(
      "After a refresh that found drift: `rootKey` when the key changed out of band (never the key). Cleared by `up`.",
    ),
    rootKey: z
      .string()
      .describe("The declared key, or the current one when none is declared (secret).")
      .meta({ secret: true }),
    currentRootKey: z.string().describe("The key the service reports (secret).").meta({ secret: true }),
  }),
  behaviour: {
    replace: "Never: a new key is written in place (with `acknowledgeDataLoss: true`).",
    adopt: "The default. Without `rootKey`, the resource reads the current key and only observes it.",
    drift: "With a declared key, a key changed out of band shows as drift, and `up` puts the declared key back.",
    destroy: "Leaves the key in place (it cannot be deleted) and only removes it from the stack.",
    notes: [
      "Setting a different key can make data encrypted with the old key unreadable, so it needs `acknowledgeDataLoss: true`; without it, preview refuses with that warning.",
    ],
  },
  ...managementFootprint({
    create: "1 `GET /v1/projects/{ref}/pgsodium` (+1 `PUT` with a new key)",
    "read (refresh)": "1 `GET /v1/projects/{ref}/pgsodium`",
    update: "1 `GET` + 1 `PUT /v1/projects/{ref}/pgsodium`",
    delete: "0",
  }),
  example: "project-settings",
};

export default defineKind(pgsodium, pgsodiumDoc, {
  recover: { adopts: "create writes the root key over what the project has" },
  importer: pgsodiumImporter,
});
