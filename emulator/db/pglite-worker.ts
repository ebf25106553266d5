/**
 * The code of a worker thread that hosts one PGlite instance.
 *
 * PGlite loads parts of itself with dynamic `import()`, which sandboxes such
 * as jest's module VM refuse; a worker thread is a plain Node context, so the
 * emulator runs the same in tests, in process and from the command line. It
 * also keeps WebAssembly work off the HTTP server's event loop.
 *
 * The code is a string evaluated by the worker (not a file) so it works the
 * same from TypeScript sources and from the compiled package.
 */

export interface WorkerInit {
  /** Absolute path of PGlite's CommonJS entry point. */
  pglitePath: string;
  /** On-disk data directory; omitted: in memory. */
  dataDir?: string;
  /** A gzipped data-directory tarball to start from (a fresh database). */
  template?: Uint8Array;
  /** Contrib extensions to offer (`create extension` loads them), as the platform's databases do. */
  extensions?: readonly string[];
}

export type WorkerRequest =
  | { id: number; op: "ready" }
  | { id: number; op: "query"; sql: string; params?: unknown[] }
  | { id: number; op: "exec"; sql: string }
  | { id: number; op: "batch"; statements: Array<{ sql: string; params?: unknown[] }> }
  | { id: number; op: "dump" }
  | { id: number; op: "close" };

export interface WorkerError {
  message: string;
  code?: string;
  severity?: string;
  detail?: string;
  hint?: string;
}

export type WorkerResponse = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: WorkerError };

export const WORKER_SOURCE = String.raw`
const { parentPort, workerData } = require("node:worker_threads");
const { PGlite } = require(workerData.pglitePath);

const shape = (r) => ({ rows: r.rows, fields: r.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })), command: r.command, rowCount: r.rowCount ?? r.affectedRows });

const opening = (async () => {
  const options = {};
  const path = require("node:path");
  const extensions = {};
  for (const name of workerData.extensions ?? []) {
    try { extensions[name] = require(path.join(path.dirname(workerData.pglitePath), "contrib", name + ".cjs"))[name]; } catch { /* not built */ }
  }
  options.extensions = extensions;
  if (workerData.dataDir) options.dataDir = workerData.dataDir;
  if (workerData.template) options.loadDataDir = new Blob([workerData.template], { type: "application/x-gzip" });
  return PGlite.create(options);
})();
opening.catch(() => undefined);

async function run(msg) {
  const pg = await opening;
  switch (msg.op) {
    case "ready": return null;
    case "query": return shape(await pg.query(msg.sql, msg.params));
    case "exec": return (await pg.exec(msg.sql)).map(shape);
    case "batch": {
      await pg.exec("BEGIN");
      try {
        const out = [];
        for (const s of msg.statements) out.push(shape(await pg.query(s.sql, s.params)));
        await pg.exec("COMMIT");
        return out;
      } catch (err) {
        await pg.exec("ROLLBACK").catch(() => undefined);
        throw err;
      }
    }
    case "dump": return new Uint8Array(await (await pg.dumpDataDir("gzip")).arrayBuffer());
    case "close": await pg.close(); return null;
    default: throw new Error("unknown operation " + msg.op);
  }
}

parentPort.on("message", (msg) => {
  run(msg).then(
    (result) => parentPort.postMessage({ id: msg.id, ok: true, result }),
    (err) => {
      const e = err || {};
      const text = (v) => (typeof v === "string" && v !== "" ? v : undefined);
      parentPort.postMessage({
        id: msg.id,
        ok: false,
        error: { message: String(e.message || e), code: text(e.code), severity: text(e.severity), detail: text(e.detail), hint: text(e.hint) },
      });
    },
  );
});
`;
