/**
 * The durable store: organizations, projects and their secrets, as one JSON
 * document. With a data directory it is rewritten after every mutation via a
 * temporary file and a rename, so a crash leaves either the old or the new
 * state on disk, never a torn one.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { ProjectSettingsRecord } from "./settings/store";

export interface OrganizationRecord {
  slug: string;
  name: string;
  createdAtMs: number;
}

export interface GeneratedApiKey {
  id: string;
  key: string;
  createdAtMs: number;
}

export interface ProjectRecord {
  ref: string;
  /** The integer id the service returns from PATCH and DELETE. */
  numericId: number;
  name: string;
  organizationSlug: string;
  region: string;
  desiredInstanceSize?: string;
  createdAtMs: number;
  /** When COMING_UP turns into ACTIVE_HEALTHY (fixed at creation). */
  readyAtMs: number;
  /** A status imposed through the control plane (paused, failed…), until cleared. */
  imposedStatus?: string;
  /** Set by DELETE: the project is GOING_DOWN until goneAtMs, then removed. */
  deletedAtMs?: number;
  goneAtMs?: number;
  /** scrypt digest of db_pass; the password itself is never stored. */
  dbPassHash: string;
  /** Signs the legacy anon and service_role keys and user JWTs. */
  jwtSecret: string;
  publishableKey: GeneratedApiKey;
  secretKey: GeneratedApiKey;
  /** Secrets, functions, custom hostname, root key, bans and restrictions; created on first use. */
  settings?: ProjectSettingsRecord;
}

export interface PersistedState {
  format: 1;
  /** The emulator clock's offset, kept so timestamps stay monotonic across restarts. */
  clockOffsetMs: number;
  nextProjectId: number;
  organizations: OrganizationRecord[];
  projects: ProjectRecord[];
}

export const STATE_FILE = "state.json";

function emptyState(): PersistedState {
  return { format: 1, clockOffsetMs: 0, nextProjectId: 1, organizations: [], projects: [] };
}

export class Store {
  private state: PersistedState;

  private constructor(
    private readonly file: string | undefined,
    initial: PersistedState,
  ) {
    this.state = initial;
  }

  /** Opens the store in `dataDir` (creating it), or an in-memory store. */
  static open(dataDir?: string): Store {
    if (!dataDir) return new Store(undefined, emptyState());
    fs.mkdirSync(dataDir, { recursive: true });
    const file = path.join(dataDir, STATE_FILE);
    let initial = emptyState();
    if (fs.existsSync(file)) {
      const parsed = JSON.parse(fs.readFileSync(file, "utf8")) as Partial<PersistedState>;
      if (parsed.format !== 1) throw new Error(`${file}: unsupported state format ${String(parsed.format)}`);
      initial = { ...emptyState(), ...parsed } as PersistedState;
    }
    return new Store(file, initial);
  }

  get data(): PersistedState {
    return this.state;
  }

  get durable(): boolean {
    return this.file !== undefined;
  }

  /** Persists the current state; call after every mutation. */
  commit(): void {
    if (!this.file) return;
    const tmp = `${this.file}.${process.pid}.tmp`;
    const fd = fs.openSync(tmp, "w", 0o600);
    try {
      fs.writeSync(fd, JSON.stringify(this.state, null, 2));
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(tmp, this.file);
  }

  reset(): void {
    this.state = emptyState();
    this.commit();
  }

  organization(slug: string): OrganizationRecord | undefined {
    return this.state.organizations.find((o) => o.slug === slug);
  }

  project(ref: string): ProjectRecord | undefined {
    return this.state.projects.find((p) => p.ref === ref);
  }

  removeProject(ref: string): void {
    this.state.projects = this.state.projects.filter((p) => p.ref !== ref);
  }
}
