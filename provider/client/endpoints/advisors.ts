/**
 * A project's advisors: the platform's security and performance lints
 * (`GET …/advisors/security`, `GET …/advisors/performance`), and the one
 * reading `getAdvisors`, the CLI's `advise` and the plugin share: both kinds
 * or one, filtered to a minimum level, most severe first.
 */
import { z } from "zod";
import { enc, ManagementTransport } from "../transport";
import type { Open, WireSchemas } from "../types";

export type AdvisorLint = Open<WireSchemas["V1ProjectAdvisorsResponse"]["lints"][number]>;
export type LintLevel = AdvisorLint["level"];
export type AdvisorType = "security" | "performance" | "all";

export const ADVISOR_TYPES: readonly AdvisorType[] = ["security", "performance", "all"];
/** Most severe first. */
export const LINT_LEVELS: readonly LintLevel[] = ["ERROR", "WARN", "INFO"];

const lintSchema = z.looseObject({
  name: z.string(),
  title: z.string(),
  level: z.enum(["ERROR", "WARN", "INFO"]),
  facing: z.string(),
  categories: z.array(z.string()),
  description: z.string(),
  detail: z.string(),
  remediation: z.string(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  cache_key: z.string(),
});
const advisorsSchema = z
  .looseObject({ lints: z.array(lintSchema) })
  .transform((r) => r.lints as unknown as AdvisorLint[]);

/** Whether a lint is at `min` or more severe. */
export const atLeast = (level: LintLevel, min: LintLevel): boolean =>
  LINT_LEVELS.indexOf(level) <= LINT_LEVELS.indexOf(min);

/**
 * `type` and `minLevel` as the callers give them (any case), checked: an
 * unknown value is an error naming the field and the allowed values.
 */
export function checkAdvisorArgs(args: { type?: unknown; minLevel?: unknown }): {
  type: AdvisorType;
  minLevel: LintLevel;
} {
  const type = args.type === undefined || args.type === "" ? "all" : String(args.type).toLowerCase();
  if (!ADVISOR_TYPES.includes(type as AdvisorType))
    throw new Error(`type: must be one of ${ADVISOR_TYPES.join(", ")} (got ${JSON.stringify(args.type)})`);
  const minLevel = args.minLevel === undefined || args.minLevel === "" ? "INFO" : String(args.minLevel).toUpperCase();
  if (!LINT_LEVELS.includes(minLevel as LintLevel))
    throw new Error(`minLevel: must be one of ${LINT_LEVELS.join(", ")} (got ${JSON.stringify(args.minLevel)})`);
  return { type: type as AdvisorType, minLevel: minLevel as LintLevel };
}

export abstract class AdvisorEndpoints extends ManagementTransport {
  getSecurityAdvisors(ref: string): Promise<AdvisorLint[]> {
    return this.typed(advisorsSchema, "GET", `/v1/projects/${enc(ref)}/advisors/security`);
  }

  getPerformanceAdvisors(ref: string): Promise<AdvisorLint[]> {
    return this.typed(advisorsSchema, "GET", `/v1/projects/${enc(ref)}/advisors/performance`);
  }

  /**
   * The lints of a project or branch (its own ref): one kind or both (one call
   * each), those at `minLevel` or above, most severe first, then by cache key.
   */
  async getAdvisors(ref: string, options: { type?: AdvisorType; minLevel?: LintLevel } = {}): Promise<AdvisorLint[]> {
    const type = options.type ?? "all";
    const [security, performance] = await Promise.all([
      type === "performance" ? [] : this.getSecurityAdvisors(ref),
      type === "security" ? [] : this.getPerformanceAdvisors(ref),
    ]);
    const min = options.minLevel ?? "INFO";
    return [...security, ...performance]
      .filter((l) => atLeast(l.level, min))
      .sort(
        (a, b) => LINT_LEVELS.indexOf(a.level) - LINT_LEVELS.indexOf(b.level) || a.cache_key.localeCompare(b.cache_key),
      );
  }
}
