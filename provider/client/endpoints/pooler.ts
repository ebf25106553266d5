/** A project's pooler (Supavisor) connection details, read-only here (PoolerConfig writes its settings). */
import { z } from "zod";
import { enc, ManagementTransport } from "../transport";
import type { Open, WireSchemas } from "../types";

/** One pooler: the primary database's or a read replica's. `connection_string` has a password placeholder. */
export type PoolerConnection = Open<WireSchemas["SupavisorConfigResponse"]>;
const poolerSchema = z
  .looseObject({
    identifier: z.string(),
    database_type: z.string(),
    db_user: z.string(),
    db_host: z.string(),
    db_port: z.number(),
    db_name: z.string(),
    connection_string: z.string(),
    pool_mode: z.string(),
  })
  .transform((p) => p as unknown as PoolerConnection);

export abstract class PoolerEndpoints extends ManagementTransport {
  getPoolerConnections(ref: string): Promise<PoolerConnection[]> {
    return this.typed(z.array(poolerSchema), "GET", `/v1/projects/${enc(ref)}/config/database/pooler`);
  }
}
