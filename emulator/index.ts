/**
 * The local emulator of the management API: `startEmulator()` runs it in
 * process; the `supabase-emulator` command runs the same server.
 */
import * as fs from "node:fs";
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import * as path from "node:path";
import { Clock } from "./clock";
import { DEFAULT_LIMITS, DEFAULT_SETTINGS, EmulatorContext } from "./context";
import { createDatabaseManager, type DatabaseManager } from "./db";
import { generateAccessToken } from "./ids";
import { DEFAULT_RATE_LIMITS, mergeRateLimits } from "./ratelimit";
import { buildRouter } from "./routes";
import { createRequestHandler } from "./server";
import { Store } from "./state";
import type { EmulatorOptions, RunningEmulator } from "./types";

export * from "./types";
export { DEFAULT_RATE_LIMITS } from "./ratelimit";
export { DEFAULT_LIMITS, DEFAULT_SETTINGS, EmulatorContext, projectStatus, type ProjectStatus } from "./context";
export {
  signJwt,
  verifyJwt,
  signProjectJwt,
  verifyProjectJwt,
  API_KEY_LIFETIME_SECONDS,
  type JwtClaims,
  type JwtVerification,
  type ProjectRole,
} from "./jwt";
export { apiKeyList, roleForApiKey } from "./keys";
export type { DatabaseManager, ProjectDatabase, SqlExecutor, QueryResult } from "./db";
export { SqlError } from "./db";
export type { ProjectRecord, OrganizationRecord } from "./state";

const LOCK_FILE = "emulator.lock";

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Two emulators on one data directory would corrupt the embedded databases. */
function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: "wx" });
      return () => fs.rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const holder = Number(fs.readFileSync(file, "utf8").trim());
      if (Number.isInteger(holder) && holder > 0 && isAlive(holder)) {
        throw new Error(`data directory ${dataDir} is in use by another emulator (pid ${holder})`, { cause: err });
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`could not lock data directory ${dataDir}`);
}

/** Whether `host` is reachable only from this machine. */
export function isLoopback(host: string): boolean {
  return host === "localhost" || host === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

function urlHost(host: string): string {
  // Wildcard binds are reached through loopback.
  if (host === "0.0.0.0" || host === "") return "127.0.0.1";
  if (host === "::") return "[::1]";
  return host.includes(":") ? `[${host}]` : host;
}

export async function startEmulator(opts: EmulatorOptions = {}): Promise<RunningEmulator> {
  const host = opts.host ?? "127.0.0.1";
  const dataDir = opts.dataDir ? path.resolve(opts.dataDir) : undefined;
  const accessToken = opts.accessToken ?? generateAccessToken();
  const limits = { ...DEFAULT_LIMITS, ...opts.limits };
  for (const [name, value] of Object.entries(limits))
    if (!Number.isSafeInteger(value) || value <= 0) throw new Error(`limits.${name} must be a positive integer`);
  const unlock = dataDir ? lockDataDir(dataDir) : () => undefined;
  let db: DatabaseManager | undefined;
  try {
    const store = Store.open(dataDir);
    const clock = new Clock(store.data.clockOffsetMs);
    db = await createDatabaseManager({ postgresUrl: opts.postgresUrl, dataDir });
    const app = new EmulatorContext({
      clock,
      store,
      db,
      accessToken,
      settings: {
        ...DEFAULT_SETTINGS,
        provisioningDelayMs: opts.provisioningDelayMs ?? DEFAULT_SETTINGS.provisioningDelayMs,
        deletionDelayMs: opts.deletionDelayMs ?? DEFAULT_SETTINGS.deletionDelayMs,
      },
      rateLimit: mergeRateLimits(DEFAULT_RATE_LIMITS, opts.rateLimit),
      verbose: opts.verbose,
      limits,
      controlNeedsToken: opts.controlToken === true || !isLoopback(host),
    });
    // node:http's own timeouts back the JSON ones up: a client that never
    // finishes its headers, or keeps a refused body coming, is cut off.
    const server = http.createServer(
      {
        requestTimeout: limits.requestTimeoutMs + 1000,
        headersTimeout: limits.requestTimeoutMs,
        connectionsCheckingInterval: Math.min(30_000, Math.max(100, Math.floor(limits.requestTimeoutMs / 4))),
      },
      createRequestHandler(app, buildRouter()),
    );
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(opts.port ?? 0, host, () => {
        server.off("error", reject);
        resolve();
      });
    });
    const port = (server.address() as AddressInfo).port;
    const base = `http://${urlHost(host)}:${port}`;
    app.info = {
      apiUrl: base,
      accessToken,
      projectUrlTemplate: `${base}/project/{ref}`,
      controlUrl: `${base}/_emulator`,
      database: db.kind,
      ...(dataDir ? { dataDir } : {}),
    };
    db.warmUp();

    const manager = db;
    let closing: Promise<void> | undefined;
    const close = () =>
      (closing ??= (async () => {
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeAllConnections();
        await stopped;
        await manager.close();
        unlock();
      })());
    return { ...app.info, port, close };
  } catch (err) {
    await db?.close().catch(() => undefined);
    unlock();
    throw err;
  }
}
