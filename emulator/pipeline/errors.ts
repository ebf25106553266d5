/** An error that becomes an HTTP answer `{"message": ...}` with the given status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** Texts the real service uses, kept in one place so routes and tests agree. */
export const Messages = {
  unauthorized: "Unauthorized",
  projectNotFound: "Project not found",
  organizationNotFound: "Organization not found",
  tooManyRequests: "ThrottlerException: Too Many Requests",
  badRegion: "Need to use one of available regions",
  notReadyForDeletion: "Project not ready for deletion.",
  resourceRemoved: "Resource has been removed",
  cannot: (method: string, path: string) => `Cannot ${method} ${path}`,
  bodyTooLarge: (max: number) => `request entity too large: the body is larger than the limit of ${max} bytes`,
  requestTimeout: (ms: number) => `request timeout: the body did not arrive within ${ms} ms`,
  handlerTimeout: (ms: number) => `gateway timeout: no answer within ${ms} ms`,
} as const;
