/**
 * Runs every kind's importer (provider/importer.ts) over an organization or
 * one project and answers the program as data: the declarations in the
 * registry's order, the config secrets they need and the files to write.
 * Names are derived from the objects' names and made unique in a fixed
 * order, so a re-run over the same objects gives the same program. Each
 * declaration is checked against its kind's input schema (secrets stand in as
 * placeholders); a field the schema refuses is left out with a comment.
 * The service's "not enabled / not on this plan" answers (SSO without SAML, a
 * plan without scheduled backups, …; provider/unavailable.ts) mean the
 * project has none of that kind: the kind is left out and the program says
 * why, for every importer alike.
 */
import type { Organization, Project } from "../../provider/client/management";
import { organizationsList, projectsList } from "../../provider/context";
import {
  NotImported,
  slugOf,
  type ImportContext,
  type ImportedResource,
  type RequiredSecret,
} from "../../provider/importer";
import { registry, resourceKinds, type ResourceKind } from "../../provider/registry";
import { UsageOutput, UsageSecret, type UsageValue } from "../../provider/resource-doc";
import { checkWith } from "../../provider/resources/common";
import { featureRefusal } from "../../provider/unavailable";
import { ScratchDatabase } from "../../pgschema";
import { declaredSchema } from "./schema";

export interface ImportOptions {
  organization?: string;
  project?: string;
  allFields: boolean;
  rows: readonly string[];
}

/** One declaration with its kind's SDK class name. */
export interface Declaration extends ImportedResource {
  kind: ResourceKind;
  type: string;
}

export interface ImportedProgram {
  /** The program's name: the project's (or, for an organization, the organization's) slug. */
  name: string;
  declarations: Declaration[];
  secrets: RequiredSecret[];
  files: Record<string, Buffer>;
  /** Kinds left out because the project does not have the feature: one line each, for the README and the summary. */
  unavailable: string[];
}

class Names {
  private readonly used = new Set<string>();
  take(wanted: string): string {
    let name = wanted;
    for (let i = 2; this.used.has(name); i++) name = `${wanted}-${i}`;
    this.used.add(name);
    return name;
  }
}

const importers = () =>
  resourceKinds
    .map((kind) => ({ kind, def: registry[kind] as (typeof registry)[ResourceKind] }))
    .filter(({ def }) => def.importer !== undefined);

/**
 * Placeholders for the values the schema is checked with (secrets and other resources' outputs). A project's `ref`
 * is the live one of the project imported, so rules that relate a field to it (a replica's identifier starts with
 * it) hold as they will on `up`.
 */
function placeholder(v: UsageValue, ref = "abcdefghijklmnopqrst"): unknown {
  if (v instanceof UsageSecret) return "x".repeat(16);
  if (v instanceof UsageOutput) return v.output === "ref" ? ref : "placeholder";
  if (Array.isArray(v)) return v.map((e) => placeholder(e, ref));
  if (v && typeof v === "object")
    return Object.fromEntries(Object.entries(v).map(([k, e]) => [k, placeholder(e, ref)]));
  return v;
}

/** Leaves out fields the kind's schema refuses (with a comment), so the program passes check. */
function checked(kind: ResourceKind, r: ImportedResource, ref?: string): ImportedResource {
  const doc = registry[kind].doc;
  const inputs = { ...r.inputs };
  const notes: string[] = [];
  for (let round = 0; round < 5; round++) {
    const res = checkWith(doc.inputs, placeholder(inputs, ref) as Record<string, unknown>);
    const bad = (res.failures ?? []).map((f) => f.property.split(".")[0]).filter((p) => p in inputs);
    if (bad.length === 0) break;
    for (const p of new Set(bad)) {
      if (p === "projectRef" || p === "name" || p === "slug") continue;
      notes.push(
        `${p} is not declared: its live value ${JSON.stringify(placeholder(inputs[p], ref))} is refused by check.`,
      );
      delete inputs[p];
    }
  }
  return notes.length > 0 ? { ...r, inputs, comment: [...(r.comment ?? []), ...notes] } : r;
}

/** Resolves `after` within one project's declarations: a dependency on the last one of each named kind. */
function dependOnEarlierKinds(found: ReadonlyArray<{ kind: ResourceKind; list: ImportedResource[] }>): void {
  const last = new Map(found.map(({ kind, list }) => [kind as string, list[list.length - 1]?.name]));
  for (const { list } of found)
    for (const d of list) {
      const deps = (d.after ?? []).map((k) => last.get(k)).filter((n): n is string => n !== undefined);
      if (deps.length > 0) d.dependsOn = [...new Set([...(d.dependsOn ?? []), ...deps])];
    }
}

async function findScope(opts: ImportOptions): Promise<{ organization: Organization; projects: Project[] }> {
  const [orgs, projects] = await Promise.all([organizationsList(), projectsList()]);
  const orgOf = (slug: string) => orgs.find((o) => o.slug === slug || o.id === slug);
  if (opts.project) {
    const p = projects.find((x) => (x.ref ?? x.id) === opts.project);
    if (!p) throw new Error(`no project with ref ${opts.project} is visible to this access token`);
    const organization = orgOf(p.organization_slug ?? p.organization_id);
    if (!organization)
      throw new Error(`the organization of project ${opts.project} is not visible to this access token`);
    return { organization, projects: [p] };
  }
  const organization = orgOf(opts.organization!);
  if (!organization) throw new Error(`no organization with slug ${opts.organization} is visible to this access token`);
  const mine = projects.filter((p) =>
    [p.organization_slug, p.organization_id].includes(organization.slug ?? organization.id),
  );
  return { organization, projects: mine.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)) };
}

/** An importer's declarations; none where the service answers that the feature is off or not on the plan. */
async function readOrNone(kind: ResourceKind, ctx: ImportContext, unavailable: string[]): Promise<ImportedResource[]> {
  try {
    return await registry[kind].importer!.read(ctx);
  } catch (err) {
    const where = ctx.project ? ` in project ${ctx.project.name}` : "";
    if (err instanceof NotImported) {
      unavailable.push(`${registry[kind].doc.name}: none${where} (${err.reason})`);
      return [];
    }
    const refusal = featureRefusal(err);
    if (!refusal) throw err;
    unavailable.push(
      `${registry[kind].doc.name}: none${where} (the service answered ${(err as { status: number }).status}: ` +
        `${(err as { apiMessage: string }).apiMessage})`,
    );
    return [];
  }
}

/** Reads the organization or project through every importer. */
export async function collect(opts: ImportOptions): Promise<ImportedProgram> {
  let scratch: Promise<ScratchDatabase> | undefined;
  try {
    return await collectWith(opts, (open) => (scratch ??= open()));
  } finally {
    await scratch?.then(
      (db) => db.close(),
      () => undefined,
    );
  }
}

async function collectWith(
  opts: ImportOptions,
  scratchOf: (open: () => Promise<ScratchDatabase>) => Promise<ScratchDatabase>,
): Promise<ImportedProgram> {
  const { organization, projects } = await findScope(opts);
  const names = new Names();
  const secretKeys = new Names();
  const secrets: RequiredSecret[] = [];
  const files: Record<string, Buffer> = {};
  const unavailable: string[] = [];
  const orgName = names.take(slugOf(organization.name, "org"));
  const perKind = new Map<ResourceKind, Declaration[]>();
  const add = (kind: ResourceKind, list: ImportedResource[], ref?: string) => {
    const done = list.map((r) => ({ ...checked(kind, r, ref), kind, type: registry[kind].doc.name }));
    perKind.set(kind, [...(perKind.get(kind) ?? []), ...done]);
    for (const r of list) Object.assign(files, r.files ?? {});
  };
  const base = (project?: Project, prefix = "", filesRoot = ""): ImportContext => {
    const projectName = project ? names.take(slugOf(project.name, "project")) : undefined;
    return {
      organization,
      project,
      ref: project ? (project.ref ?? project.id) : undefined,
      names: { organization: orgName, project: projectName },
      name: (what) => names.take(`${projectName}-${what}`),
      secret: (key, about) => {
        const k = secretKeys.take(`${prefix}${key}`).replace(/-(\d+)$/, "_$1");
        secrets.push({ key: k, about: projectName ? `${about} (project ${project!.name})` : about });
        return k;
      },
      allFields: opts.allFields,
      rows: opts.rows,
      filesRoot,
    };
  };
  for (const { kind, def } of importers())
    if (def.importer!.scope === "organization") add(kind, await readOrNone(kind, base(), unavailable));
  const many = !opts.project;
  for (const project of projects) {
    const slug = slugOf(project.name, "project");
    const ctx = base(project, many ? `${slug.replace(/-/g, "_")}_` : "", many ? `${slug}/` : "");
    // Kinds read one project at once: the dispatcher paces them within the rate limits.
    const found = await Promise.all(
      importers()
        .filter(({ def }) => def.importer!.scope === "project")
        .map(async ({ kind }) => ({ kind, list: await readOrNone(kind, ctx, unavailable) })),
    );
    dependOnEarlierKinds(found);
    for (const { kind, list } of found) add(kind, list, ctx.ref);
    const migrations = found.find((f) => f.kind === "databaseMigration")?.list ?? [];
    const schema = await declaredSchema(ctx, migrations, () => scratchOf(() => ScratchDatabase.open()));
    if (schema.resource) add("databaseSchema", [schema.resource], ctx.ref);
    if (schema.note) unavailable.push(schema.note);
  }
  const declarations = resourceKinds.flatMap((k) => perKind.get(k) ?? []);
  const programName = opts.project ? slugOf(projects[0].name, "project") : orgName;
  // The importers of a project run at once: their secrets arrive in any order, so they are sorted for a stable program.
  secrets.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return { name: programName, declarations, secrets, files, unavailable: unavailable.sort() };
}
