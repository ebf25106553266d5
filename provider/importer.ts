/**
 * What a kind contributes to `supabase-pulumi import`: an importer reads the
 * live objects the kind manages (through the management client, with the
 * shared dispatcher's pacing and the provider's coalesced lists) and answers
 * them as declarations, in the same data the docs' usage examples are written
 * in (`ResourceUsage`: input values, other resources' outputs, secrets from
 * config). The CLI (`cli/import/`) renders them as a TypeScript or YAML
 * program; a kind added later brings its own importer in its folder
 * (`resources/<kind>/import.ts`), handed to `defineKind`.
 *
 * Every declaration must take the live object over without a write on the
 * first `up`: the kind's `adopt` input where it has one, and values equal to
 * the live ones. Secret values are never read: they become config secrets the
 * user sets. An importer need not catch the service's "feature not enabled /
 * not on this plan" answers: the CLI takes them as "none of these" for every
 * kind alike (unavailable.ts). A kind the service answers "unavailable" for
 * in words of its own throws `NotImported` with the reason, which the CLI
 * lists with the others.
 */
import type { Organization, Project } from "./client/management";
import type { ResourceUsage } from "./resource-doc";

/** One resource of the program an importer writes. */
export interface ImportedResource extends ResourceUsage {
  /** Files written next to the program, by path relative to it (e.g. a function's code). */
  files?: Readonly<Record<string, Buffer>>;
  /** A comment written above the declaration (one line each). */
  comment?: readonly string[];
  /** Kinds whose last declaration for the same project this one depends on (e.g. rows after the migrations). */
  after?: readonly string[];
}

/** A config secret the program requires, and what it is for (the generated README lists them). */
export interface RequiredSecret {
  key: string;
  about: string;
}

export interface ImportContext {
  organization: Organization;
  /** The project being imported (project-scoped importers only). */
  project?: Project;
  /** Its reference, as the API paths take it (project-scoped importers only). */
  ref?: string;
  /** The program's names of the organization and project resources, for `output(...)` references. */
  names: { organization: string; project?: string };
  /** A resource name for an object of this project: `<project>-<what>` (stable across runs). */
  name(what: string): string;
  /** A config key for a secret of this project (unique in the program), recorded for the README. */
  secret(base: string, about: string): string;
  /** Declare every field, not only those that differ from a new project's defaults. */
  allFields: boolean;
  /** Where this project's files go, relative to the program (`""`, or `<project>/` for an organization). */
  filesRoot: string;
  /** Tables whose rows are imported (`schema.table`). */
  rows: readonly string[];
}

export interface KindImporter {
  /** `organization` importers run once per organization, `project` importers once per project. */
  scope: "organization" | "project";
  /** The declarations for what exists (empty when the kind has nothing here). */
  read(ctx: ImportContext): Promise<ImportedResource[]>;
}

/** Thrown by an importer when the service cannot offer the kind to this project: none imported, for `reason`. */
export class NotImported extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = "NotImported";
  }
}

/** A resource or config name from a display name: lowercase letters, digits and '-'. */
export function slugOf(name: string, fallback = "x"): string {
  const s = name
    .normalize("NFKD")
    .replace(/[^\w\s-]/g, "")
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return /^[a-z]/.test(s) ? s : `${fallback}-${s}`.replace(/-+$/, "");
}
