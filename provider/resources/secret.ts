/**
 * Secret: one edge-function secret of a project.
 *
 * The API only ever returns digests (hex SHA-256), so drift is found by
 * comparing the live digest with the digest of the declared value; the value
 * itself is only in the (encrypted) inputs. Concurrent writes of many Secret
 * resources of one project are coalesced into bulk requests.
 *
 * API footprint (management API calls per operation):
 * | operation      | calls                                                                |
 * |----------------|----------------------------------------------------------------------|
 * | check, diff    | 0                                                                    |
 * | create, update | 1 POST /v1/projects/{ref}/secrets shared by every Secret of the      |
 * |                | project written in the same ~50 ms window (≤ ceil(N / parallelism))  |
 * | read (refresh) | ≤1 GET /v1/projects/{ref}/secrets per project, shared by all reads   |
 * | delete         | 1 DELETE /v1/projects/{ref}/secrets shared like create               |
 */
import { z } from "zod";
import { deleteSecretBatched, secretsList, upsertSecretBatched } from "../context";
import { checkWith, diffFields, type FieldRule, type Props, type ResourceImpl } from "./common";
import { projectRef, secretDigest, secretName, secretValue } from "./shared";

export const secretInputs = z.object({ projectRef, name: secretName, value: secretValue }).strict();

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
    const [ref, name] = splitId(id, props);
    const live = (await secretsList(ref)).find((s) => s.name === name);
    if (!live) return { id: "", props: {} };
    return { id, props: { ...outputs(props, live.value), projectRef: ref, name } };
  },

  async update(_id, _olds, news) {
    await upsertSecretBatched(news.projectRef, news.name, news.value);
    return { outs: outputs(news, secretDigest(news.value)) };
  },

  async delete(id, props) {
    const [ref, name] = splitId(id, props);
    await deleteSecretBatched(ref, name);
  },
};

function splitId(id: string, props: Props): [string, string] {
  if (props.projectRef && props.name) return [props.projectRef, props.name];
  const i = id.indexOf("/");
  return [id.slice(0, i), id.slice(i + 1)];
}

export default secret;
