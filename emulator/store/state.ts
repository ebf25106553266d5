/**
 * The durable store: organizations, projects and their secrets, as one JSON
 * document. With a data directory it is rewritten after every mutation via a
 * temporary file and a rename, so a crash leaves either the old or the new
 * state on disk, never a torn one.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { OrganizationRecord, PersistedState, ProjectRecord } from "./records";

export type { ApiKeyRecord, GeneratedApiKey, OrganizationRecord, PersistedState, ProjectRecord } from "./records";

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
