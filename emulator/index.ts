/**
 * The local emulator of the management API: `startEmulator()` runs it in
 * process; the `supabase-emulator` command runs the same server.
 */
import { randomBytes } from "node:crypto";
import * as fs from "node:fs";
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import * as path from "node:path";
import { Clock } from "./store/clock";
import { DEFAULT_LIMITS, DEFAULT_SETTINGS, EmulatorContext } from "./store/context";
import { createDatabaseManager, type DatabaseManager } from "./db";
import { generateAccessToken } from "./store/ids";
import { DEFAULT_RATE_LIMITS, mergeRateLimits } from "./pipeline/ratelimit";
import { buildRouter } from "./route-table";
import { answerClientError, createRequestHandler } from "./pipeline/server";
import { allowedHostNames, isWildcard } from "./pipeline/guard";
import { Store } from "./store/state";
import type { EmulatorOptions, RunningEmulator } from "./types";

export * from "./types";
export { DEFAULT_RATE_LIMITS } from "./pipeline/ratelimit";
export { DEFAULT_LIMITS, DEFAULT_SETTINGS, EmulatorContext, projectStatus, type ProjectStatus } from "./store/context";
export {
  signJwt,
  verifyJwt,
  signProjectJwt,
  verifyProjectJwt,
  API_KEY_LIFETIME_SECONDS,
  type JwtClaims,
  type JwtVerification,
  type ProjectRole,
} from "./auth/jwt";
export { apiKeyList, roleForApiKey } from "./auth/keys";
export type { DatabaseManager, ProjectDatabase, SqlExecutor, QueryResult } from "./db";
export { SqlError } from "./db";
export type { ProjectRecord, OrganizationRecord } from "./store/state";

const LOCK_FILE = "emulator.lock";

/** What the lock file holds: the owner's pid and, where the OS tells, when that process started. */
interface LockOwner {
  pid: number;
  /** The process start time (clock ticks since boot, from /proc), to tell a reused pid from the owner. */
  started?: string;
}

/**
 * The start time of a running process, from /proc on Linux; null when the
 * process is gone or a zombie (killed but not yet reaped by its parent: it
 * holds nothing any more), undefined when the OS does not tell.
 */
function processStart(pid: number): string | null | undefined {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ESRCH") return fs.existsSync("/proc/self/stat") ? null : undefined;
    return undefined;
  }
  // Fields after the parenthesised command name: state is the 3rd field, starttime the 22nd.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  if (fields[0] === "Z" || fields[0] === "X") return null;
  return fields[19];
}

function isAlive(owner: LockOwner): boolean {
  const started = processStart(owner.pid);
  if (started === null) return false;
  if (started !== undefined) return owner.started === undefined || owner.started === started;
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readOwner(text: string): LockOwner | undefined {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return { pid: Number(trimmed) }; // the older format: the pid alone
  try {
    const v = JSON.parse(trimmed) as Partial<LockOwner>;
    if (Number.isSafeInteger(v.pid) && v.pid! > 0)
      return { pid: v.pid!, ...(typeof v.started === "string" ? { started: v.started } : {}) };
  } catch {
    // A torn or foreign file: nobody owns it.
  }
  return undefined;
}

/**
 * Creates the lock file with its complete content in one step: the content
 * goes to a private temporary file first, which is then hard-linked to the
 * lock's name (a link never replaces an existing file). Another emulator
 * thus finds either no lock or a complete one, never an empty file it could
 * mistake for an abandoned lock. Where the file system has no hard links,
 * an exclusive create stands in.
 */
function createLock(file: string, content: string): boolean {
  const tmp = `${file}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  fs.writeFileSync(tmp, content, { flag: "wx", mode: 0o600 });
  try {
    fs.linkSync(tmp, file);
    return true;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "EEXIST") return false;
    if (code !== "EPERM" && code !== "ENOTSUP" && code !== "ENOSYS") throw err;
    try {
      fs.writeFileSync(file, content, { flag: "wx", mode: 0o600 });
      return true;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "EEXIST") return false;
      throw e;
    }
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}

/**
 * Moves an abandoned lock (whose text is `stale`) out of the way. The lock
 * is renamed to a private name first and checked there: when another
 * emulator replaced it meanwhile with its own live lock, that lock is put
 * back (by link, which never overwrites) instead of being removed.
 */
function removeStaleLock(file: string, stale: string): void {
  const aside = `${file}.${process.pid}.${randomBytes(6).toString("hex")}.stale`;
  try {
    fs.renameSync(file, aside);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return;
    throw err;
  }
  try {
    if (fs.readFileSync(aside, "utf8") !== stale) fs.linkSync(aside, file);
  } catch {
    // Restoring failed because a third emulator locked meanwhile: its lock stands.
  } finally {
    fs.rmSync(aside, { force: true });
  }
}

/**
 * Two emulators on one data directory would corrupt the embedded databases,
 * so the directory holds a lock file naming its owner, created atomically
 * (see createLock). An owner that no longer runs (gone, killed but not yet
 * reaped, or its pid reused by another process) holds nothing: its lock is
 * taken over at once, with a notice.
 */
function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const started = processStart(process.pid) ?? undefined;
  const me: LockOwner = { pid: process.pid, ...(started ? { started } : {}) };
  const mine = JSON.stringify(me);
  for (let attempt = 0; attempt < 5; attempt++) {
    if (createLock(file, mine)) {
      return () => {
        // Only our own lock: never one a later emulator took over.
        const owner = readOwner(fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "");
        if (owner?.pid === me.pid && owner.started === me.started) fs.rmSync(file, { force: true });
      };
    }
    let text: string;
    try {
      text = fs.readFileSync(file, "utf8");
    } catch {
      continue; // removed meanwhile: try again
    }
    const owner = readOwner(text);
    if (owner && isAlive(owner))
      throw new Error(`data directory ${dataDir} is in use by another emulator (pid ${owner.pid})`);
    process.stderr.write(
      `[emulator] ${dataDir}: taking over the lock of ${owner ? `pid ${owner.pid}, which no longer runs` : "an unreadable lock file"}\n`,
    );
    removeStaleLock(file, text);
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
  if (opts.controlToken === false && !isLoopback(host))
    throw new Error(`the control plane can only be opened without a token on loopback, not on ${host}`);
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
      controlNeedsToken: opts.controlToken !== false,
      allowedHosts: allowedHostNames(host, opts.allowedHosts),
      wildcardBind: isWildcard(host),
      onExchange: opts.onExchange,
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
    // Idle keep-alive sockets stay open well past a client's own idle limit
    // (undici drops its idle sockets after a few seconds), as on a service
    // behind a load balancer. With node's 5 s default, a client could reuse a
    // socket in the same instant the server closed it, and the request failed
    // with a reset although the server never saw it.
    server.keepAliveTimeout = 65_000;
    server.on("clientError", answerClientError);
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
