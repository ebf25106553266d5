/** A project's temporary database access (JIT) setting [Beta in the API]. */
import { z } from "zod";
import { SupabaseError } from "../../errors";
import { enc, ManagementTransport } from "../transport";
import type { WireSchemas } from "../types";

export type JitAccessState = WireSchemas["JitStateResponse"];
const stateSchema = z
  .looseObject({ state: z.string(), unavailableReason: z.string().optional() })
  .transform((s) => s as unknown as JitAccessState);

/** What each reason the service gives for `unavailable` asks of the user. */
const REASONS: Record<string, string> = {
  manual_migration_required: "the project needs a manual migration first",
  postgres_upgrade_required: "the project's Postgres version must be upgraded first",
  temporarily_unavailable: "the service cannot offer it right now; try again later",
};

/** The service's reason for `unavailable` and what it asks of the user ("postgres_upgrade_required (…)"). */
export function jitUnavailableReason(s: JitAccessState): string {
  const reason = "unavailableReason" in s && s.unavailableReason ? s.unavailableReason : "unknown";
  return `${reason} (${REASONS[reason] ?? "no further detail"})`;
}

/**
 * The state as `enabled`, or a CONFLICT error naming the project and the
 * service's reason when it answers `unavailable`.
 */
export function jitEnabled(ref: string, s: JitAccessState): boolean {
  if (s.state === "unavailable")
    throw new SupabaseError(
      "CONFLICT",
      `Temporary database access (JIT) is unavailable for project ${ref}: ${jitUnavailableReason(s)}.`,
    );
  return s.state === "enabled";
}

export abstract class JitAccessEndpoints extends ManagementTransport {
  getJitAccessConfig(ref: string): Promise<JitAccessState> {
    return this.typed(stateSchema, "GET", `/v1/projects/${enc(ref)}/jit-access`);
  }

  /** Turns temporary access on or off; the same state twice has the same effect: retryable. */
  updateJitAccessConfig(ref: string, enabled: boolean): Promise<JitAccessState> {
    return this.typed(stateSchema, "PUT", `/v1/projects/${enc(ref)}/jit-access`, {
      body: { state: enabled ? "enabled" : "disabled" } satisfies WireSchemas["JitAccessRequestRequest"],
      idempotent: true,
    });
  }
}
