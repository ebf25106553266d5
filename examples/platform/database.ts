// The database's life as code: its disk, a read replica and who may reach it temporarily. The stack's config drives
// the steps a database goes through over the months, each one `pulumi config set …` and `pulumi up`:
//   pulumi config set diskSizeGb 32        grow the disk (disks only grow; at most 4 changes a day)
//   pulumi config set postgresVersion 17   upgrade Postgres in place to that major (never down)
//   pulumi config set paused true          pause the project (its data is kept), `false` restores it
// index.ts reads `postgresVersion` and `paused` for the Project and calls `databaseLife(project)`.
import * as pulumi from "@pulumi/pulumi";
import * as supabase from "supabase-pulumi";

export function databaseLife(project: supabase.Project) {
  const config = new pulumi.Config();
  const ref = project.ref;

  // A gp3 disk of 16 GB to start with, grown through config. Only what is declared here is managed; destroy
  // leaves the disk as it is (a disk cannot be removed or shrunk).
  const disk = new supabase.DiskConfig("disk", {
    projectRef: ref,
    type: "gp3",
    sizeGb: config.getNumber("diskSizeGb") ?? 16,
    iops: 3000,
  });

  // A read replica in London for reads near the users there; a change of region sets up a new one first.
  const replica = new supabase.ReadReplica("replica-london", { projectRef: ref, region: "eu-west-2" });

  // Members may ask for temporary (just-in-time) database access; destroy turns it back off.
  const jit = new supabase.JitAccessConfig("jit-access", { projectRef: ref, enabled: true });

  // How full the disk is, read on every run.
  const usage = supabase.getDiskUtilizationOutput({ projectRef: ref });

  return {
    diskSizeGb: disk.liveSizeGb,
    diskUsedBytes: usage.apply((u) => u.usedBytes),
    replicaHost: replica.host,
    jitAccess: jit.enabled,
  };
}
