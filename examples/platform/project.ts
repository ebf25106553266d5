// The project's own services: compute size and add-ons, a vanity subdomain, the backup schedule, a restore point
// taken before a migration, and the pooler's connection string. index.ts calls `projectServices(project, dbPass)`.
import * as pulumi from "@pulumi/pulumi";
import * as supabase from "supabase-pulumi";

export function projectServices(project: supabase.Project, dbPass: pulumi.Input<string>) {
  // A small compute size with a week of point-in-time recovery; a downgrade later is an ordinary update.
  const addons = new supabase.ProjectAddons("addons", {
    projectRef: project.ref,
    computeSize: "ci_small",
    pitr: "pitr_7",
  });
  // platform-demo.supabase.co (Beta in the service); preview warns when the name is taken.
  const vanity = new supabase.VanitySubdomain("vanity", { projectRef: project.ref, subdomain: "platform-demo" });
  const backups = new supabase.BackupSchedule("backups", { projectRef: project.ref, scheduleFor: "03:30:00" });
  // The restore point is named in the migration's outputs: POST …/database/backups/undo {name} goes back to it.
  const notes = new supabase.DatabaseMigration(
    "notes",
    {
      projectRef: project.ref,
      name: "001_notes",
      sql: "create table notes (id bigint generated always as identity primary key, body text not null)",
      downSql: "drop table notes",
      restorePointBefore: true,
    },
    { dependsOn: [addons] },
  );
  // The pooler's connection string with the password filled in: a secret.
  const pooler = supabase.getPoolerConnectionStringOutput({ projectRef: project.ref, password: dbPass });
  return {
    computeSize: addons.computeSize,
    vanityDomain: vanity.customDomain,
    backupTime: backups.scheduleFor,
    undoTo: notes.restorePoint,
    poolerConnectionString: pooler.apply((p) => p.connectionString),
  };
}
