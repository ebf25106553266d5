/**
 * Pgsodium: a project's encryption root key.
 *
 * Without a `rootKey` input it adopts the current key and exposes it only as a
 * secret output. Setting a different key can make data encrypted with the old
 * key unreadable, so it needs `acknowledgeDataLoss: true`; without it, check
 * refuses with that warning. The key cannot be deleted: destroy leaves it in
 * place and only removes it from the stack.
 *
 * API footprint (management API calls per operation):
 * | operation      | calls                                                     |
 * |----------------|-----------------------------------------------------------|
 * | check, diff    | 0                                                         |
 * | create         | 1 GET /v1/projects/{ref}/pgsodium (+1 PUT with a new key) |
 * | read (refresh) | 1 GET /v1/projects/{ref}/pgsodium                         |
 * | update         | 1 PUT /v1/projects/{ref}/pgsodium                         |
 * | delete         | 0                                                         |
 */
import { z } from "zod";
import { managementClient } from "../context";
import { checkWith, containsUnknown, diffFields, type FieldRule, type Props, type ResourceImpl } from "./common";
import { projectRef } from "./shared";

export const KEY_CHANGE_WARNING =
  "changing the root key can make all data encrypted with the previous key unreadable; " +
  "set acknowledgeDataLoss: true to confirm that you want to replace it";

export const pgsodiumInputs = z
  .object({
    projectRef,
    rootKey: z
      .string({ error: "rootKey must be a string" })
      .regex(/^[0-9a-fA-F]{64}$/, "rootKey must be a 32-byte secret, hex-encoded (64 hexadecimal characters)")
      .transform((k) => k.toLowerCase())
      .optional(),
    acknowledgeDataLoss: z.boolean({ error: "acknowledgeDataLoss must be a boolean" }).optional(),
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
    return { id, props: { ...props, currentRootKey: key, rootKey: props.rootKey ?? key } };
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
    // removes it from the stack (the README says so).
  },
};

export default pgsodium;
