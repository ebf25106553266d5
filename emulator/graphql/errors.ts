/** A GraphQL error in pg_graphql's shape: only a message, never locations or paths. */
export class GqlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "GqlError";
  }
}

export interface GqlErrorBody {
  message: string;
}
