/** A project's database: SQL queries and the TypeScript types of its schemas. */
import { enc, ManagementTransport } from "../transport";
import { typescriptTypesSchema } from "../settings";
import { queryRowsSchema, type QueryRow, type RunQueryBody } from "../types";

export abstract class DatabaseEndpoints extends ManagementTransport {
  /**
   * Runs SQL; answers the rows (201). Not retried, since SQL may write; pass
   * `readOnly: true` to run it read-only on the server, which also makes it
   * safe to retry.
   */
  runQuery<Row extends QueryRow = QueryRow>(
    ref: string,
    sql: string,
    parameters?: unknown[],
    options: { readOnly?: boolean } = {},
  ): Promise<Row[]> {
    const body: RunQueryBody = { query: sql };
    if (parameters !== undefined) body.parameters = parameters;
    if (options.readOnly) body.read_only = true;
    return this.typed(queryRowsSchema, "POST", `/v1/projects/${enc(ref)}/database/query`, {
      body,
      idempotent: options.readOnly === true,
    }) as Promise<Row[]>;
  }

  async getTypescriptTypes(ref: string, includedSchemas?: string[]): Promise<string> {
    const r = await this.typed(typescriptTypesSchema, "GET", `/v1/projects/${enc(ref)}/types/typescript`, {
      query: {
        included_schemas: includedSchemas && includedSchemas.length > 0 ? includedSchemas.join(",") : undefined,
      },
    });
    return r.types;
  }
}
