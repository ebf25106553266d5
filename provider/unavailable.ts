/**
 * The service's "this feature is not enabled, or not on this plan" answers,
 * recognised in one place. They are not errors of the object addressed: an
 * SSO list on a project without SAML answers 404 although nothing is missing,
 * and a backup schedule on the free plan answers 402. An importer takes them
 * as "none of these"; an operation on a declared resource (create, refresh,
 * update, and so `drift` and `recover`) stops with a `FEATURE_UNAVAILABLE`
 * error that names the feature and what to do, instead of a raw 404 or a
 * silent "deleted".
 *
 * Known answers (status, text; the source in brackets):
 *
 * | Feature                | Status | Text                                                              |
 * |------------------------|--------|-------------------------------------------------------------------|
 * | SAML 2.0 (SSO)         | 404    | `SAML 2.0 support is not enabled for this project` [OpenAPI: the SSO list and create] |
 * | Preview branching      | 422    | `Preview branching is not enabled for this project.` [emulator; the service's status unrecorded] |
 * | Custom Domain add-on   | 400    | `Please enable the Custom Domain add-on for the project first.` [custom hostname initialize] |
 * | A higher plan          | 402    | `Feature requires a higher plan` [OpenAPI: backups/schedule]        |
 * | Any feature            | 400, 403, 404, 422 | `… is not enabled for this project` (the service's wording for a switched-off feature) |
 * | Any add-on             | 400, 402, 403, 404 | `… enable the … add-on …`, `… requires the … add-on …`       |
 * | Any plan               | 402, 403 | `… requires a higher / paid plan`, `… not available on … plan`  |
 *
 * A limit reached on a plan (`Maximum number of functions reached for Plan`,
 * a branch limit) is not a feature that is off: it is not recognised here.
 * The SSO provider's own 404 (`Either SAML 2.0 was not enabled for this
 * project, or the provider does not exist`) is ambiguous; SsoProvider asks
 * the list, which answers the unambiguous text above when SAML is off.
 */
import { ApiError, redact, SupabaseError } from "./errors";
import { pausedRefusal } from "./paused";

export interface FeatureRefusal {
  /** The feature in words, as a sentence's subject ("SAML 2.0"). */
  feature: string;
  /** The statuses this answer comes with. */
  statuses: readonly number[];
  /** The service's message. */
  pattern: RegExp;
  /** What turns the feature on, in words. */
  enable: string;
  /** "is not enabled for" (a switch) or "is not available to" (a plan or add-on). */
  verb: "enabled" | "available";
}

/** The known answers, most specific first (the first match wins). */
export const FEATURE_REFUSALS: readonly FeatureRefusal[] = [
  {
    feature: "SAML 2.0",
    statuses: [404],
    pattern: /SAML 2\.0 support is not enabled/i,
    enable: "turn it on in AuthConfig (samlEnabled: true)",
    verb: "enabled",
  },
  {
    feature: "Preview branching",
    statuses: [400, 404, 422],
    pattern: /branching is not enabled/i,
    enable: "enable branching (the first Branch of the project enables it)",
    verb: "enabled",
  },
  {
    feature: "The Custom Domain add-on",
    statuses: [400, 402, 403],
    pattern: /Custom Domain add-?on/i,
    enable: "add the Custom Domain add-on to the project (in the dashboard's billing settings)",
    verb: "enabled",
  },
  {
    feature: "This feature",
    statuses: [402, 403],
    pattern:
      /requires? (a |the )?(higher|paid|pro|team|enterprise) plan|not available (on|for|in) (the|your|this)\b.*plan/i,
    enable: "upgrade the organization's plan",
    verb: "available",
  },
  {
    feature: "This feature",
    statuses: [400, 403, 404, 422],
    pattern: /\bis not enabled for this project\b/i,
    enable: "turn the feature on for the project",
    verb: "enabled",
  },
  {
    feature: "This feature",
    statuses: [400, 402, 403, 404],
    pattern: /\b(enable|requires?|needs?)\b.*\badd-?on\b/i,
    enable: "add the add-on the service names to the project",
    verb: "available",
  },
];

/** The known refusal an error is, or undefined (any other error, and anything that is not an API answer). */
export function featureRefusal(err: unknown): FeatureRefusal | undefined {
  if (!ApiError.isApi(err) || err.code === "FEATURE_UNAVAILABLE") return undefined;
  return FEATURE_REFUSALS.find((r) => r.statuses.includes(err.status) && r.pattern.test(err.apiMessage));
}

/** The project a management path addresses, if any. */
const refOf = (path: string): string | undefined => /\/v1\/projects\/([^/?]+)/.exec(path)?.[1];

/**
 * A feature the project does not have, met by an operation on a declared
 * resource. Keeps the service's status, method, path and message; its code is
 * never NOT_FOUND, so nothing takes it for an object deleted out of band.
 */
export class FeatureUnavailableError extends SupabaseError {
  readonly status: number;
  readonly method: string;
  readonly path: string;
  readonly apiMessage: string;
  readonly feature: string;
  readonly ref?: string;

  constructor(refusal: FeatureRefusal, err: ApiError, kind: string) {
    const ref = refOf(err.path);
    const where = ref ? `project ${ref}` : "this project";
    const verb = refusal.verb === "enabled" ? "is not enabled for" : "is not available to";
    super(
      "FEATURE_UNAVAILABLE",
      redact(
        `${refusal.feature} ${verb} ${where}: ${refusal.enable}, or remove the ${kind} from the program ` +
          `(the service answered ${err.status} to ${err.method} ${err.path}: ${err.apiMessage})`,
      ),
      { cause: err },
    );
    this.name = "FeatureUnavailableError";
    this.status = err.status;
    this.method = err.method;
    this.path = err.path;
    this.apiMessage = err.apiMessage;
    this.feature = refusal.feature;
    this.ref = ref;
  }
}

/**
 * The error to report for an operation of `kind`: a known refusal explained (a feature the project does not
 * have, or a paused project: paused.ts), anything else as it came.
 */
export function explainRefusal(err: unknown, kind: string): unknown {
  const refusal = featureRefusal(err);
  return refusal ? new FeatureUnavailableError(refusal, err as ApiError, kind) : (pausedRefusal(err) ?? err);
}

/** Runs an operation of `kind`, explaining a known refusal (see `explainRefusal`). */
export async function explainingRefusals<T>(kind: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw explainRefusal(err, kind);
  }
}
