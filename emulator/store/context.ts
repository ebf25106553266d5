/**
 * Everything a request handler can reach: the clock, the durable store, the
 * databases, and the runtime knobs of the control plane. Project lifecycle
 * transitions are derived from timestamps on the emulator clock when read,
 * so no timers run and advancing the clock advances every project at once.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { Clock } from "./clock";
import type { DatabaseManager } from "../db";
import { ApiError, Messages } from "../pipeline/errors";
import { FaultRegistry, RequestLog } from "../pipeline/faults";
import { RateLimiter, mergeRateLimits } from "../pipeline/ratelimit";
import type { ProjectRecord, Store } from "./state";
import { upgrading } from "../settings/postgres";
import type {
  EmulatorInfo,
  EmulatorLimits,
  EmulatorSettings,
  Exchange,
  LatencySettings,
  RateLimitSettings,
} from "../types";

/** The statuses the platform can impose through the control plane (paused, failed, restarting…). */
export const IMPOSED_STATUSES = [
  "INACTIVE",
  "ACTIVE_UNHEALTHY",
  "INIT_FAILED",
  "UNKNOWN",
  "RESTORING",
  "UPGRADING",
  "PAUSING",
  "RESTORE_FAILED",
  "RESTARTING",
  "PAUSE_FAILED",
  "RESIZING",
] as const;
export type ImposedStatus = (typeof IMPOSED_STATUSES)[number];

export type ProjectStatus = "COMING_UP" | "ACTIVE_HEALTHY" | "GOING_DOWN" | "REMOVED" | ImposedStatus;

export function projectStatus(p: ProjectRecord, nowMs: number): ProjectStatus {
  if (p.goneAtMs !== undefined && nowMs >= p.goneAtMs) return "REMOVED";
  if (p.deletedAtMs !== undefined) return "GOING_DOWN";
  if (p.imposedStatus) return p.imposedStatus as ImposedStatus;
  if (p.restartingUntilMs !== undefined && nowMs < p.restartingUntilMs) return "RESTARTING";
  if (p.resizingUntilMs !== undefined && nowMs < p.resizingUntilMs) return "RESIZING";
  if (p.pause) {
    const moving = nowMs < p.pause.sinceMs + p.pause.delayMs;
    if (p.pause.paused) return moving ? "PAUSING" : "INACTIVE";
    if (moving) return "RESTORING";
  }
  if (upgrading(p, nowMs)) return "UPGRADING";
  return nowMs >= p.readyAtMs ? "ACTIVE_HEALTHY" : "COMING_UP";
}

export const DEFAULT_SETTINGS: EmulatorSettings = Object.freeze({
  provisioningDelayMs: 1500,
  deletionDelayMs: 300,
  hostnameAutoVerifyMs: 3000,
  restrictionsApplyDelayMs: 1000,
  restartDelayMs: 1000,
});

export const DEFAULT_LIMITS: EmulatorLimits = {
  maxBodyBytes: 10 * 1024 * 1024,
  requestTimeoutMs: 30_000,
  handlerTimeoutMs: 60_000,
  graphqlMaxDocumentBytes: 1024 * 1024,
  graphqlMaxFields: 50_000,
};

export interface ContextOptions {
  clock: Clock;
  store: Store;
  db: DatabaseManager;
  accessToken: string;
  settings: EmulatorSettings;
  rateLimit: RateLimitSettings;
  verbose?: boolean;
  limits?: EmulatorLimits;
  /** Whether `/_emulator/…` asks for the access token. Default true. */
  controlNeedsToken?: boolean;
  /** Host names (no port) the Host header may carry; default `localhost` and 127.0.0.1. */
  allowedHosts?: ReadonlySet<string>;
  /** Whether the server listens on a wildcard address (then any IP literal is a valid Host). */
  wildcardBind?: boolean;
  onExchange?: (exchange: Exchange) => void;
}

export class EmulatorContext {
  readonly clock: Clock;
  readonly store: Store;
  readonly db: DatabaseManager;
  readonly limiter: RateLimiter;
  readonly faults = new FaultRegistry();
  readonly log = new RequestLog();
  readonly verbose: boolean;
  readonly limits: EmulatorLimits;
  readonly controlNeedsToken: boolean;
  readonly allowedHosts: ReadonlySet<string>;
  readonly wildcardBind: boolean;
  readonly onExchange?: (exchange: Exchange) => void;
  latency: LatencySettings = { ms: 0, jitterMs: 0 };
  settings: EmulatorSettings;
  /** Set once the server listens. */
  info!: EmulatorInfo;

  private readonly tokenDigest: Buffer;
  /** The rate-limit identity of the token's owner; all of a user's tokens share one budget. */
  readonly tokenOwner: string;
  private readonly initialSettings: EmulatorSettings;
  private readonly initialRateLimit: RateLimitSettings;

  constructor(opts: ContextOptions) {
    this.clock = opts.clock;
    this.store = opts.store;
    this.db = opts.db;
    this.verbose = opts.verbose ?? false;
    this.limits = opts.limits ?? { ...DEFAULT_LIMITS };
    this.controlNeedsToken = opts.controlNeedsToken ?? true;
    this.allowedHosts = opts.allowedHosts ?? new Set(["localhost", "127.0.0.1"]);
    this.wildcardBind = opts.wildcardBind ?? false;
    this.onExchange = opts.onExchange;
    this.initialSettings = { ...opts.settings };
    this.settings = { ...opts.settings };
    this.initialRateLimit = mergeRateLimits(opts.rateLimit);
    this.limiter = new RateLimiter(this.clock, this.initialRateLimit);
    this.tokenDigest = createHash("sha256").update(opts.accessToken).digest();
    this.tokenOwner = `user:${this.tokenDigest.toString("hex").slice(0, 16)}`;
  }

  /** Constant-time check of a bearer token. */
  tokenMatches(token: string): boolean {
    return timingSafeEqual(createHash("sha256").update(token).digest(), this.tokenDigest);
  }

  status(p: ProjectRecord): ProjectStatus {
    return projectStatus(p, this.clock.now());
  }

  /** Projects that still exist (GOING_DOWN ones included), in creation order. */
  projects(): ProjectRecord[] {
    const now = this.clock.now();
    return this.store.data.projects.filter((p) => projectStatus(p, now) !== "REMOVED");
  }

  project(ref: string): ProjectRecord | undefined {
    const p = this.store.project(ref);
    return p && this.status(p) !== "REMOVED" ? p : undefined;
  }

  requireProject(ref: string): ProjectRecord {
    const p = this.project(ref);
    if (!p) throw new ApiError(404, Messages.projectNotFound);
    return p;
  }

  /** Removes projects whose deletion has completed and drops their databases. */
  async sweep(): Promise<void> {
    const now = this.clock.now();
    this.expireBranches(now);
    const removed = (p: ProjectRecord | undefined): boolean => !p || projectStatus(p, now) === "REMOVED";
    // A branch's own project goes with its parent.
    const gone = this.store.data.projects.filter(
      (p) => removed(p) || (p.branchOf !== undefined && removed(this.store.project(p.branchOf))),
    );
    if (gone.length === 0) return;
    for (const p of gone) this.store.removeProject(p.ref);
    this.store.commit();
    await Promise.all(gone.map((p) => this.dropDatabase(p.ref)));
  }

  /** Branches whose soft deletion (`DELETE …?force=false`) has come due: their projects are gone at that time. */
  private expireBranches(now: number): void {
    for (const parent of this.store.data.projects) {
      const due = (parent.branches ?? []).filter(
        (b) => b.deletionScheduledAtMs !== undefined && now >= b.deletionScheduledAtMs,
      );
      if (due.length === 0) continue;
      parent.branches = parent.branches!.filter((b) => !due.includes(b));
      for (const b of due) {
        const p = this.store.project(b.projectRef);
        if (p && p.deletedAtMs === undefined) p.deletedAtMs = p.goneAtMs = b.deletionScheduledAtMs;
      }
      this.store.commit();
    }
  }

  private async dropDatabase(ref: string): Promise<void> {
    try {
      await this.db.drop(ref);
    } catch (err) {
      process.stderr.write(`[emulator] could not drop the database of project ${ref}: ${(err as Error).message}\n`);
    }
  }

  advanceClock(ms: number): void {
    this.clock.advance(ms);
    this.store.data.clockOffsetMs = this.clock.offsetMs;
    this.store.commit();
  }

  latencyMs(): number {
    const { ms, jitterMs = 0 } = this.latency;
    return ms + (jitterMs > 0 ? Math.random() * jitterMs : 0);
  }

  /** Back to a fresh start: no data, no log, no faults, start-up settings. */
  async reset(): Promise<void> {
    const refs = this.store.data.projects.map((p) => p.ref);
    this.store.reset();
    await Promise.all(refs.map((ref) => this.dropDatabase(ref)));
    this.clock.reset(0);
    this.log.reset();
    this.faults.clear();
    this.latency = { ms: 0, jitterMs: 0 };
    this.settings = { ...this.initialSettings };
    this.limiter.configure(this.initialRateLimit);
  }
}
