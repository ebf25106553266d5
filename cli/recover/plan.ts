/**
 * The plan of `recover`: what to do with each pending operation of the
 * stack. Pure given the lookups (injected), so every outcome is tested
 * without an engine:
 *
 *   - a pending create of a kind that adopts: clear it; the next `up`
 *     creates again, which takes over what the interrupted create wrote;
 *   - a pending create of a kind that looks up what it may have made:
 *     exactly one match → import it (record it under the resource's URN
 *     with that id); none → clear it; several, or one that is only a
 *     candidate (the kind says so) → stop, list them, and print the
 *     command that imports the right one;
 *   - a pending create that is not this package's, or of a kind that
 *     declares no recovery, or whose lookup failed: stop and say so (never
 *     guess: clearing could leave an orphan that is paid for);
 *   - pending updates, deletes and reads: nothing to do; the plan says what
 *     the next `up` does with them.
 */
import type { CreatedObject, RecoverHook } from "../../provider/kind";
import type { ResourceKind } from "../../provider/registry";
import { commandLine, selectionFlags, type StackSelection } from "../pulumi";
import { heldIds, isSecretEnvelope, kindOf, nameOf, type Deployment, type PendingOperation } from "./state";

type Json = Record<string, unknown>;

interface Base {
  urn: string;
  name: string;
  /** The kind, when the resource is one of this package's. */
  kind?: ResourceKind;
}

export type Step =
  | (Base & { action: "import"; id: string; match: CreatedObject; identity: string })
  | (Base & { action: "clear"; why: string })
  | (Base & { action: "ambiguous"; identity: string; matches: CreatedObject[] })
  | (Base & { action: "stop"; why: string })
  | (Base & { action: "note"; operation: string; what: string });

export interface RecoverPlan {
  steps: Step[];
  /** True when every pending create can be settled (no ambiguous or stopped step). */
  settled: boolean;
  /** Pending operations found. */
  pending: number;
}

/** Finds the hook of a kind (the registry's, or a test's). */
export type HookOf = (kind: ResourceKind) => RecoverHook | undefined;

const NEXT_UP: Record<string, string> = {
  updating:
    "the resource keeps its last recorded state; the next `up` compares the program with it and writes the update again (updates write declared values, so repeating one is safe)",
  deleting:
    "the resource is still recorded; the next `up` deletes it again if the program no longer declares it (an object already gone counts as deleted)",
  reading: "nothing was written; the next `up` or refresh reads it again",
  importing: "the next `up` imports it again",
};

/** The secret envelopes among the values a lookup needs: identities must be plain to be looked up. */
function secretIdentity(inputs: Json): string[] {
  return Object.entries(inputs)
    .filter(([k, v]) => !k.startsWith("__") && isSecretEnvelope(v))
    .map(([k]) => k);
}

export async function planRecovery(deployment: Deployment, hookOf: HookOf): Promise<RecoverPlan> {
  const ops: PendingOperation[] = deployment.pending_operations ?? [];
  const held = heldIds(deployment);
  const steps: Step[] = [];
  for (const op of ops) {
    const urn = op.resource.urn;
    const inputs = (op.resource.inputs ?? {}) as Json;
    const kind = kindOf(op.resource.type, inputs);
    const base: Base = { urn, name: nameOf(urn), ...(kind ? { kind } : {}) };
    if (op.type !== "creating") {
      steps.push({ ...base, action: "note", operation: op.type, what: NEXT_UP[op.type] ?? "the next `up` settles it" });
      continue;
    }
    if (!kind) {
      steps.push({
        ...base,
        action: "stop",
        why: `a ${op.resource.type} is not a supabase-pulumi resource: check whether it exists, then run pulumi refresh (interactively it asks per pending create)`,
      });
      continue;
    }
    const hook = hookOf(kind);
    if (!hook) {
      steps.push({ ...base, action: "stop", why: `the ${kind} kind declares no recovery: check the service by hand` });
      continue;
    }
    if ("adopts" in hook) {
      steps.push({ ...base, action: "clear", why: `${hook.adopts}; the next up creates it again` });
      continue;
    }
    const identity = hook.identity(inputs);
    try {
      const matches = await hook.findCreated(inputs, held.get(kind) ?? new Set());
      if (matches.length === 0) steps.push({ ...base, action: "clear", why: `nothing was created: no ${identity}` });
      else if (matches.length === 1 && hook.uncertain?.(inputs) !== true)
        steps.push({ ...base, action: "import", id: matches[0].id, match: matches[0], identity });
      else steps.push({ ...base, action: "ambiguous", identity, matches });
    } catch (err) {
      const secret = secretIdentity(inputs);
      steps.push({
        ...base,
        action: "stop",
        why: `looking for ${identity} failed: ${(err as Error).message}${
          secret.length > 0 ? ` (${secret.join(", ")} ${secret.length === 1 ? "is" : "are"} secret in the state)` : ""
        }`,
      });
    }
  }
  return {
    steps,
    pending: ops.length,
    settled: steps.every((s) => s.action !== "ambiguous" && s.action !== "stop"),
  };
}

/** The command that imports one chosen object for a pending create. */
export function importCommand(urn: string, id: string, sel: StackSelection): string {
  return commandLine(["supabase-pulumi", "recover", "--import", urn, id, ...selectionFlags(sel, true)]);
}

/** The plan in words, one block per pending operation. */
export function formatPlan(plan: RecoverPlan, sel: StackSelection, dryRun: boolean): string {
  if (plan.pending === 0) return `No pending operations in stack ${sel.stack ?? "(current)"}: nothing to recover.\n`;
  const will = (s: string) => (dryRun ? `would ${s}` : s);
  const lines: string[] = [
    `${plan.pending} pending operation${plan.pending === 1 ? "" : "s"} left by an interrupted run:`,
  ];
  for (const s of plan.steps) {
    const head = `- ${s.name}${s.kind ? ` (${s.kind})` : ""}`;
    switch (s.action) {
      case "import":
        lines.push(
          `${head}: create interrupted; found ${s.match.label}${s.match.createdAt ? `, created ${s.match.createdAt}` : ""}: ${will("import")} it as ${s.id}`,
        );
        break;
      case "clear":
        lines.push(`${head}: create interrupted; ${will("clear")} the pending create (${s.why})`);
        break;
      case "ambiguous":
        lines.push(
          `${head}: create interrupted; ${s.matches.length === 1 ? "1 object may be the one it made" : `${s.matches.length} objects match`} (${s.identity}):`,
        );
        for (const m of s.matches) lines.push(`    ${m.id}  created ${m.createdAt ?? "(time unknown)"}  ${m.label}`);
        lines.push(
          s.matches.length === 1
            ? "  Import it if this run created it (if not, nothing was created: pulumi refresh asks per pending create, clear it):"
            : `  Import the one this run created, then delete the others in the service:`,
        );
        lines.push(`    ${importCommand(s.urn, s.matches[0].id, sel)}`);
        lines.push(`  (with its id in place of ${s.matches[0].id})`);
        break;
      case "stop":
        lines.push(`${head}: create interrupted; cannot settle it: ${s.why}`);
        break;
      case "note":
        lines.push(`${head}: ${s.operation} interrupted; ${s.what}`);
        break;
    }
  }
  if (!plan.settled) lines.push("Nothing was changed: settle the pending creates above, then run recover again.");
  return `${lines.join("\n")}\n`;
}
