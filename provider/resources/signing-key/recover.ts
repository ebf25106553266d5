/**
 * What `supabase-pulumi recover` does with a SigningKey create that a killed
 * run left pending.
 *
 * - `legacy: true`: the project's legacy secret taken over (one per
 *   project), found at `…/signing-keys/legacy`, as create would adopt it.
 * - `keyId`: create makes nothing, it adopts that key: found by its id.
 * - A new key: the service generates it and it has no name, so nothing the
 *   inputs declare identifies it. The candidates are the keys no resource of
 *   the state holds, of the declared algorithm, in the status create gives a
 *   new key (`in_use` when declared so, else `standby`): a key made since
 *   would be one of them. That can also be a key made out of band (or, for
 *   `in_use`, the key the project signed with before), so every candidate is
 *   answered with its creation time, and the hook says the match is
 *   `uncertain`: recover lists the candidates, even a single one, for the
 *   user to import the one this run made; it never imports one unasked.
 *
 * The live status is recorded, so the next `up` moves the key where it is
 * declared.
 */
import { managementClient } from "../../context";
import { isNotFound } from "../../errors";
import type { SigningKey } from "../../client/management";
import type { CreatedObject, RecoverHook } from "../../kind";
import type { Props } from "../common";

function found(inputs: Props, ref: string, k: SigningKey): CreatedObject {
  const { keyId: _k, ...rest } = inputs;
  return {
    id: `${ref}/${k.id}`,
    createdAt: k.created_at,
    label: `${k.algorithm} signing key ${k.id} (${k.status})`,
    outputs: {
      ...rest,
      ...(inputs.keyId !== undefined ? { keyId: inputs.keyId } : {}),
      signingKeyId: k.id,
      algorithm: inputs.algorithm ?? k.algorithm,
      status: k.status,
      publicJwk: k.public_jwk ?? null,
    },
  };
}

async function orUndefined(get: () => Promise<SigningKey>): Promise<SigningKey | undefined> {
  try {
    return await get();
  } catch (err) {
    if (isNotFound(err)) return undefined;
    throw err;
  }
}

export const signingKeyRecover: RecoverHook = {
  identity: (inputs) =>
    inputs.legacy === true
      ? `the legacy JWT secret of project ${String(inputs.projectRef)} taken over as a signing key`
      : inputs.keyId !== undefined
        ? `signing key ${String(inputs.keyId)} of project ${String(inputs.projectRef)}`
        : `an unheld ${String(inputs.algorithm)} signing key of project ${String(inputs.projectRef)} in status ${inputs.status === "in_use" ? "in_use" : "standby"} (new keys have no name: every such key is a candidate)`,
  uncertain: (inputs) => inputs.legacy !== true && inputs.keyId === undefined,
  async findCreated(inputs, held): Promise<CreatedObject[]> {
    const ref = inputs.projectRef as string;
    const client = managementClient();
    const free = (k: SigningKey | undefined) => (k && !held.has(`${ref}/${k.id}`) ? [found(inputs, ref, k)] : []);
    if (inputs.legacy === true) return free(await orUndefined(() => client.getLegacySigningKey(ref)));
    if (inputs.keyId !== undefined)
      return free(await orUndefined(() => client.getSigningKey(ref, String(inputs.keyId))));
    const status = inputs.status === "in_use" ? "in_use" : "standby";
    return (await client.listSigningKeys(ref))
      .filter((k) => k.algorithm === inputs.algorithm && k.status === status && !held.has(`${ref}/${k.id}`))
      .sort((a, b) => (a.created_at < b.created_at ? 1 : -1))
      .map((k) => found(inputs, ref, k));
  },
};
