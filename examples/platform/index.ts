// A project and the platform services around it, with the package as a
// program installs it (`import … from "supabase-pulumi"`). Each service has
// its own block below; tests/e2e/platform.e2e.test.ts runs `up`, a drift-free
// `preview --refresh --expect-no-changes`, the database's life through the
// stack's config (database.ts: a disk grow, an upgrade, a pause and a restore) and
// `destroy` of this program from the packed tarball.
import * as pulumi from "@pulumi/pulumi";
import * as supabase from "supabase-pulumi";
import { authServices } from "./auth";
import { databaseLife } from "./database";
import { projectServices } from "./project";

const config = new pulumi.Config();
const dbPass = config.requireSecret("dbPass");

const org = new supabase.Organization("org", { name: "Platform" });
const project = new supabase.Project("project", {
  name: "platform",
  organizationId: org.organizationId,
  region: "eu-central-1",
  dbPass,
  // `pulumi config set postgresVersion 17` upgrades Postgres in place to that major; no value leaves it as it is.
  postgresVersion: config.get("postgresVersion"),
  // `pulumi config set paused true` pauses the project (its data is kept); `false`, or no value, restores it.
  paused: config.getBoolean("paused"),
});

export const projectRef = project.ref;
export const postgres = { major: project.postgresVersion, version: project.databaseVersion };

// Storage buckets
// Public images up to 5 MB: the size may be written in bytes or as "5MB", the types in any order or case.
const avatars = new supabase.StorageBucket("avatars", {
  projectRef: project.ref,
  name: "avatars",
  public: true,
  fileSizeLimit: "5MB",
  allowedMimeTypes: ["image/png", "image/jpeg", "image/webp"],
});
// Private uploads, emptied before the bucket is deleted (a bucket holding objects cannot be deleted otherwise).
const uploads = new supabase.StorageBucket("uploads", {
  projectRef: project.ref,
  name: "uploads",
  public: false,
  fileSizeLimit: 50_000_000,
  emptyOnDestroy: true,
});
export const buckets = [avatars.name, uploads.name];
// End of storage buckets

// The project's own services: add-ons, vanity subdomain, backups, a restore point before a migration, the pooler.
export const services = projectServices(project, dbPass);

// Auth integrations and keys, Realtime and database webhooks.
export const auth = authServices(project);

// The database's life: its disk, a read replica and temporary access, changed through the stack's config.
export const database = databaseLife(project);
