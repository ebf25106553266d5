/**
 * Several statements in one round trip on a PostgreSQL server: every
 * statement's Parse/Bind/Describe/Execute goes out in one write, followed by a
 * single Sync. Between Syncs the server runs the statements in one implicit
 * transaction, so `set_config(…, true)` in the first statement scopes to the
 * rest, an error in any statement skips the others and rolls everything back,
 * and the Sync commits. Statements are named prepared statements per
 * connection, so PostgreSQL parses each distinct text once per connection.
 *
 * node-postgres runs one "submittable" at a time on a client and routes the
 * backend's messages to it; this is such a submittable.
 */
import { createHash } from "node:crypto";
import type { PoolClient } from "pg";
// eslint-disable-next-line @typescript-eslint/no-require-imports
const Result = require("pg/lib/result") as new () => PgResult;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { prepareValue } = require("pg/lib/utils") as { prepareValue: (v: unknown) => unknown };

interface PgResult {
  rows: unknown[];
  fields: Array<{ name: string; dataTypeID: number }>;
  command: string | null;
  rowCount: number | null;
  addFields(fields: unknown[]): void;
  parseRow(fields: unknown[]): unknown;
  addRow(row: unknown): void;
  addCommandComplete(msg: unknown): void;
}

interface Connection {
  parsedStatements: Record<string, string>;
  stream: { cork?: () => void; uncork?: () => void };
  parse(m: { text: string; name: string; types?: unknown[] }): void;
  bind(m: { portal: string; statement: string; values: unknown[]; valueMapper: (v: unknown) => unknown }): void;
  describe(m: { type: "P" | "S"; name: string }): void;
  execute(m: { portal: string; rows: number }): void;
  close(m: { type: "P" | "S"; name: string }): void;
  sync(): void;
}

export interface PipelinedStatement {
  sql: string;
  params?: unknown[];
  /** Not described: its data rows, if any, come without a row description and are dropped, unread. */
  noRows?: boolean;
}

/** Distinct statements a connection keeps prepared before new texts go unnamed. */
const MAX_PREPARED = 500;

/** Names already computed: a request's statements are mostly texts seen before, and hashing each again costs more. */
const names = new Map<string, string>();
const NAMES_KEPT = 1000;

export function statementName(sql: string): string {
  let name = names.get(sql);
  if (name === undefined) {
    name = `e_${createHash("sha1").update(sql).digest("hex").slice(0, 20)}`;
    if (names.size >= NAMES_KEPT) names.delete(names.keys().next().value!);
    names.set(sql, name);
  }
  return name;
}

class Pipeline {
  readonly results: PgResult[] = [];
  private current?: PgResult;
  private error?: unknown;
  private prepared: Array<[string, string]> = [];
  private finished = false;

  constructor(
    private readonly statements: PipelinedStatement[],
    private readonly done: (err: unknown, results?: PgResult[]) => void,
  ) {}

  submit(connection: Connection): void {
    connection.stream.cork?.();
    try {
      const known = connection.parsedStatements;
      let count = Object.keys(known).length;
      for (const s of this.statements) {
        let name = statementName(s.sql);
        if (known[name] !== s.sql) {
          if (count < MAX_PREPARED) {
            // A name a failed batch left half-prepared is closed first (closing an unknown name is no error).
            connection.close({ type: "S", name });
            connection.parse({ text: s.sql, name });
            this.prepared.push([name, s.sql]);
            count++;
          } else {
            name = "";
            connection.parse({ text: s.sql, name });
          }
        }
        connection.bind({ portal: "", statement: name, values: s.params ?? [], valueMapper: prepareValue });
        if (!s.noRows) connection.describe({ type: "P", name: "" });
        connection.execute({ portal: "", rows: 0 });
      }
      connection.sync();
    } finally {
      connection.stream.uncork?.();
    }
  }

  handleRowDescription(msg: { fields: unknown[] }): void {
    this.current = new Result();
    this.current.addFields(msg.fields);
  }

  handleDataRow(msg: { fields: unknown[] }): void {
    if (this.error || !this.current) return;
    try {
      this.current.addRow(this.current.parseRow(msg.fields));
    } catch (err) {
      this.error = err;
    }
  }

  handleCommandComplete(msg: unknown): void {
    const r = this.current ?? new Result();
    r.addCommandComplete(msg);
    this.results.push(r);
    this.current = undefined;
  }

  handleEmptyQuery(): void {
    this.results.push(new Result());
  }

  /** The client forgets this submittable on an error (the ReadyForQuery that follows is not routed here). */
  handleError(err: unknown): void {
    this.finished = true;
    this.done(this.error ?? err);
  }

  handleReadyForQuery(connection: Connection): void {
    if (this.finished) return;
    this.finished = true;
    if (this.error) {
      this.done(this.error);
      return;
    }
    for (const [name, sql] of this.prepared) connection.parsedStatements[name] = sql;
    this.done(undefined, this.results);
  }

  handlePortalSuspended(): void {
    this.error ??= new Error("unexpected portal suspension");
  }

  handleCopyInResponse(): void {
    this.error ??= new Error("COPY is not supported in a pipeline");
  }

  handleCopyData(): void {}
}

/** Runs the statements in one round trip and one implicit transaction on the client. */
export function runPipeline(client: PoolClient, statements: PipelinedStatement[]): Promise<PgResult[]> {
  return new Promise((resolve, reject) => {
    const p = new Pipeline(statements, (err, results) => (err ? reject(err) : resolve(results!)));
    (client as unknown as { query(s: unknown): void }).query(p);
  });
}
