/**
 * A paused project, in one message. Every kind that waits for its project
 * says so when it finds it paused (project/index.ts `waitHealthy`); and an
 * operation the service refuses because the project is paused (a refresh
 * reading the database: `400 Project is not ready to run queries: its status
 * is INACTIVE.`) fails with the same words instead of the raw refusal, keeping
 * the service's status, method, path and message.
 */
import { ApiError, redact, SupabaseError } from "./errors";

const PAUSED = /\bstatus is (INACTIVE|PAUSING)\b/;

/** What to say of a project found paused. */
export function pausedMessage(ref: string, status: string): string {
  return `Project ${ref} is paused (${status}): restore it first (\`paused: false\` on its Project, or \`POST /v1/projects/${ref}/restore\`); nothing it holds can be changed, nor its database read, while it is paused.`;
}

/** The service's refusal of an operation on a paused project, explained. */
export class ProjectPausedError extends SupabaseError {
  readonly status: number;
  readonly method: string;
  readonly path: string;
  readonly apiMessage: string;
  readonly ref: string;

  constructor(ref: string, projectStatus: string, err: ApiError) {
    super(
      "TERMINAL_STATUS",
      redact(
        `${pausedMessage(ref, projectStatus)} (the service answered ${err.status} to ${err.method} ${err.path}: ${err.apiMessage})`,
      ),
      { cause: err },
    );
    this.name = "ProjectPausedError";
    this.status = err.status;
    this.method = err.method;
    this.path = err.path;
    this.apiMessage = err.apiMessage;
    this.ref = ref;
  }
}

/** The error explained when it is the service's refusal for a paused project; undefined otherwise. */
export function pausedRefusal(err: unknown): ProjectPausedError | undefined {
  if (!ApiError.isApi(err) || err.status !== 400) return undefined;
  const status = PAUSED.exec(err.apiMessage)?.[1];
  const ref = /\/v1\/projects\/([^/?]+)/.exec(err.path)?.[1];
  return status && ref ? new ProjectPausedError(ref, status, err) : undefined;
}
