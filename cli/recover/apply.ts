/**
 * Carrying out a recovery plan on the stack's state, exactly per URN.
 *
 * The engine's own `pulumi refresh --import-pending-creates <urn>
 * --import-pending-creates <id>` (a string array: one value per flag; with
 * both after one flag it fails with "accepts 0 arg(s)") does not do this in
 * the engine this package is tested with (v3.248): it turns the pending
 * create into a pending *import* (cmd/pulumi/operations/refresh.go), which
 * nothing processes, and every save keeps only pending *creates*
 * (backend/snapshot.go), so the operation is dropped and nothing is recorded.
 * Measured: exit 0, no pending operation and no project in the state, the
 * project live in the service; the next `up` creates a second one, the
 * orphan this command exists to prevent. `--clear-pending-creates` drops
 * every pending create of the stack, not one. So recover edits the exported
 * state itself:
 *
 *   1. each import: the pending create's resource state, with the id found
 *      and its outputs (the inputs, or what the kind's lookup read), is
 *      recorded at the end of the resources (its parent, provider and
 *      dependencies are earlier; nothing can depend on it yet); when it was
 *      a replacement, the resource it replaces is marked for deletion;
 *   2. each settled pending create leaves `pending_operations`; any other
 *      pending operation stays for the engine;
 *   3. `pulumi stack import` writes it back (secrets given in plaintext are
 *      encrypted by the stack's secrets provider on the way in);
 *   4. `pulumi refresh --target <urn>…` of the imported resources reads each
 *      from the service through its kind's `read`.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { registry, type ResourceKind } from "../../provider/registry";
import { secretNames } from "../../provider/kind";
import type { Step } from "./plan";
import { isSecretEnvelope, plaintextSecret, type Deployment, type ExportedStack, type StateResource } from "./state";

type Json = Record<string, unknown>;

/** The outputs to record for an import: the lookup's (secret outputs marked), else the inputs. */
function recordedOutputs(kind: ResourceKind | undefined, resource: StateResource, found?: Json): Json {
  const inputs = (resource.inputs ?? {}) as Json;
  if (!found) return { ...inputs };
  const secret = new Set(kind ? secretNames(registry[kind].doc).outputs : []);
  const out: Json = {};
  for (const [k, v] of Object.entries(found)) {
    if (v === undefined) continue;
    out[k] = secret.has(k) && !isSecretEnvelope(v) ? plaintextSecret(v) : v;
  }
  // Secret inputs echoed in outputs stay the envelopes the state already has.
  for (const [k, v] of Object.entries(inputs)) if (isSecretEnvelope(v) && k in out) out[k] = v;
  if (inputs.__provider !== undefined) out.__provider = inputs.__provider;
  return out;
}

/** The state with the plan's imports recorded and its settled pending creates removed. */
export function editedState(exported: ExportedStack, steps: Step[]): ExportedStack {
  const d: Deployment = exported.deployment;
  const byUrn = new Map(steps.map((s) => [s.urn, s] as const));
  const resources = [...(d.resources ?? [])];
  const pending = [];
  for (const op of d.pending_operations ?? []) {
    const step = op.type === "creating" ? byUrn.get(op.resource.urn) : undefined;
    if (step?.action === "import") {
      const { id, match } = step;
      // A replacement's create (create before delete): the old resource of the same URN is still live in the
      // state. Once its replacement exists, the engine marks the old one for deletion; so does recover, and
      // the next up deletes it.
      const i = resources.findIndex((r) => r.urn === op.resource.urn && r.delete !== true);
      if (i >= 0) resources[i] = { ...resources[i], delete: true };
      resources.push({
        ...op.resource,
        id,
        outputs: recordedOutputs(step.kind, op.resource, match.outputs as Json | undefined),
      });
    } else if (step?.action !== "clear") pending.push(op);
  }
  const deployment: Deployment = { ...d, resources };
  if (pending.length > 0) deployment.pending_operations = pending;
  else delete deployment.pending_operations;
  return { ...exported, deployment };
}

/** Writes the edited state to a private temporary file for `pulumi stack import`; answers its path and a cleanup. */
export function stateFile(state: ExportedStack): { file: string; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "supabase-pulumi-recover-"));
  const file = path.join(dir, "state.json");
  fs.writeFileSync(file, JSON.stringify(state), { mode: 0o600 });
  return { file, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
